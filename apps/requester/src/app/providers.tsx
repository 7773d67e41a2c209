import { AuthProvider, swrFetcher } from '@sieve/auth';
import { ThemeProvider } from '@sieve/ui';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { APP } from './app-config';

const swrOptions = { fetcher: swrFetcher };

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      {/* Users of another role who sign in here are handed to their own app (DESIGN §5). */}
      <AuthProvider area={APP.area}>
        <SWRConfig value={swrOptions}>{children}</SWRConfig>
      </AuthProvider>
    </ThemeProvider>
  );
}
