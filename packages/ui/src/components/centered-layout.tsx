import type { ReactNode } from 'react';
import { ThemeCustomizer } from '../theme/theme-customizer';
import { ThemeToggle } from '../theme/theme-toggle';
import { Logo } from './logo';

export interface CenteredLayoutProps {
  appName: string;
  children: ReactNode;
}

/** A page with the logo and the theme controls on top and its content centred: sign-in and similar. */
export function CenteredLayout({ appName, children }: CenteredLayoutProps) {
  return (
    <div className="sv-centered-layout">
      <header className="sv-centered-layout__top">
        <Logo label={appName} />
        <div className="sv-centered-layout__actions">
          <ThemeToggle />
          <ThemeCustomizer />
        </div>
      </header>
      <main className="sv-centered-layout__main">{children}</main>
    </div>
  );
}
