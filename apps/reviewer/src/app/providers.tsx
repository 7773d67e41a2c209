import { AuthProvider, swrFetcher } from '@sieve/auth';
import { ThemeProvider } from '@sieve/ui';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

const swrOptions = { fetcher: swrFetcher };

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <AuthProvider>
        <SWRConfig value={swrOptions}>{children}</SWRConfig>
      </AuthProvider>
    </ThemeProvider>
  );
}
