import type { ReactNode } from 'react';
import { Logo } from './logo';

export interface AppHeaderProps {
  appName: string;
  /** Controls on the right: theme toggle, logout, … */
  children?: ReactNode;
}

export function AppHeader({ appName, children }: AppHeaderProps) {
  return (
    <header className="sv-app-header">
      <Logo label={appName} />
      <div className="sv-app-header__actions">{children}</div>
    </header>
  );
}
