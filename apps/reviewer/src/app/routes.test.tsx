import { describeAppRoutes } from '@sieve/auth/testkit';
import { APP } from './app-config';
import { Providers } from './providers';
import { routes } from './routes';

describeAppRoutes({ app: APP, routes, Providers });
