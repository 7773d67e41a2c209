import type { ReactNode } from 'react';
import { ThemeToggle } from '../theme/theme-toggle';
import { Logo } from './logo';

export interface CenteredLayoutProps {
  appName: string;
  children: ReactNode;
}

/** A page with the logo and theme control on top and its content centred: sign-in and similar. */
export function CenteredLayout({ appName, children }: CenteredLayoutProps) {
  return (
    <div className="sv-centered-layout">
      <header className="sv-centered-layout__top">
        <Logo label={appName} />
        <ThemeToggle />
      </header>
      <main className="sv-centered-layout__main">{children}</main>
    </div>
  );
}
