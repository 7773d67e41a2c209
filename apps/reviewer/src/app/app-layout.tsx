import { HeaderActions } from '@sieve/auth';
import { AppShell } from '@sieve/ui';
import type { ReactNode } from 'react';
import { APP } from './app-config';

/** The frame of the signed-in pages: the header with the theme cycle, the customizer and Logout. */
export default function AppLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell appName={APP.name} actions={<HeaderActions />}>
      {children}
    </AppShell>
  );
}
