import type { ReactNode } from 'react';
import { AppHeader } from './app-header';

export interface AppShellProps {
  appName: string;
  /** Header controls on the right. */
  actions?: ReactNode;
  children: ReactNode;
}

/** The signed-in page frame: the app header above the main content. */
export function AppShell({ appName, actions, children }: AppShellProps) {
  return (
    <div className="sv-app-shell">
      <AppHeader appName={appName}>{actions}</AppHeader>
      <main className="sv-app-shell__main">{children}</main>
    </div>
  );
}
