import { ThemeCustomizer, ThemeToggle } from '@sieve/ui';
import { useAuth } from '../use-auth';
import { LogoutButton } from './logout-button';

/** The signed-in header's controls in every app: who is signed in, the theme cycle, the customizer, Logout. */
export function HeaderActions() {
  const { user } = useAuth();
  return (
    <>
      {user?.email ? <span className="sv-muted sv-hide-narrow">{user.email}</span> : null}
      <ThemeToggle />
      <ThemeCustomizer />
      <LogoutButton />
    </>
  );
}
