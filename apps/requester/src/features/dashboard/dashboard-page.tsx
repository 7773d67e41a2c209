import { LogoutButton, useAuth } from '@sieve/auth';
import { AppShell, Card, ThemeToggle } from '@sieve/ui';
import { APP } from '../../app/app-config';
import { ServiceStatusCard } from './service-status-card';

/** The Requester dashboard at /requester/dashboard (spec 02); requests and history come next. */
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
        <h1>Requests</h1>
        <p className="sv-muted">Submit documents for data extraction and follow their results.</p>
      </header>
      <div className="sv-grid">
        <Card as="section" aria-labelledby="requests-title">
          <h2 id="requests-title" className="sv-card__title">
            Recent requests
          </h2>
          <p className="sv-muted">Your document requests will appear here.</p>
        </Card>
        <ServiceStatusCard />
      </div>
    </AppShell>
  );
}
