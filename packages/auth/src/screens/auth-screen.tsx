import type { UserType } from '@sieve/contracts';
import { CenteredLayout } from '@sieve/ui';
import { useLocation } from 'react-router-dom';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

const CREATE_ACCOUNT_PATHS = ['/signup', '/register'];

export interface AuthScreenProps {
  appName: string;
  /** The account type the create-account form starts with: the app's own role. */
  defaultUserType?: UserType;
}

/** spec 01 §2: /login opens in sign-in mode, /signup and /register in create-account mode. */
export function AuthScreen({ appName, defaultUserType }: AuthScreenProps) {
  const { pathname } = useLocation();
  const isCreateAccount = CREATE_ACCOUNT_PATHS.includes(pathname.replace(/\/+$/, ''));
  return (
    <CenteredLayout appName={appName}>
      {isCreateAccount ? <SignUpForm defaultUserType={defaultUserType} /> : <SignInForm />}
    </CenteredLayout>
  );
}
