import { createContext, type ReactNode, useContext } from 'react';
import { AppHeader } from './app-header';

export interface AppShellProps {
  appName: string;
  /** Header controls on the right. */
  actions?: ReactNode;
  children: ReactNode;
}

const InsideAppShell = createContext(false);

/**
 * The signed-in page frame: the app header above the main content. The apps' layout route draws
 * it once (with the theme controls and Logout); an AppShell rendered inside another — a page that
 * still brings its own — adds only its content, so the header never appears twice.
 */
export function AppShell({ appName, actions, children }: AppShellProps) {
  if (useContext(InsideAppShell)) return children;
  return (
    <InsideAppShell.Provider value={true}>
      <div className="sv-app-shell">
        <AppHeader appName={appName}>{actions}</AppHeader>
        <main className="sv-app-shell__main">{children}</main>
      </div>
    </InsideAppShell.Provider>
  );
}
