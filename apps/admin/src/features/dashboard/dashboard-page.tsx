import { LogoutButton, useAuth } from '@sieve/auth';
import { AppShell, Card, ThemeToggle } from '@sieve/ui';
import { APP } from '../../app/app-config';
import { ServiceStatusCard } from './service-status-card';

/** The Admin dashboard at /admin/dashboard (spec 02); operations and management come next. */
export default function DashboardPage() {
  const { user } = useAuth();
  return (
    <AppShell
      appName={APP.name}
      actions={
        <>
          <span className="sv-muted sv-hide-narrow">{user?.email}</span>
          <ThemeToggle />
          <LogoutButton />
        </>
      }
    >
      <header className="sv-page-header">
        <h1>System overview</h1>
        <p className="sv-muted">Reviewers, requests, invite codes and the health of the system.</p>
      </header>
      <div className="sv-grid">
        <Card as="section" aria-labelledby="operations-title">
          <h2 id="operations-title" className="sv-card__title">
            Operations
          </h2>
          <p className="sv-muted">Queue, team and alert figures will appear here.</p>
        </Card>
        <ServiceStatusCard />
      </div>
    </AppShell>
  );
}
