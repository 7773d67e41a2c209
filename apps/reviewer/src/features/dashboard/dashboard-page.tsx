import { LogoutButton, useAuth } from '@sieve/auth';
import { AppShell, Card, ThemeToggle } from '@sieve/ui';
import { APP } from '../../app/app-config';
import { ServiceStatusCard } from './service-status-card';

/** The Reviewer workspace at /worker/dashboard (spec 01 §2); the queue and task review come next. */
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
        <h1>Reviewer workspace</h1>
        <p className="sv-muted">Verify and correct AI-extracted data from your task queue.</p>
      </header>
      <div className="sv-grid">
        <Card as="section" aria-labelledby="queue-title">
          <h2 id="queue-title" className="sv-card__title">
            Priority Queue
          </h2>
          <p className="sv-muted">Your task queue will appear here.</p>
        </Card>
        <ServiceStatusCard />
      </div>
    </AppShell>
  );
}
