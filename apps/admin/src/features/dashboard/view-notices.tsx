import { Button, Icon } from '@sieve/ui';
import { Component, type ReactNode } from 'react';

/** spec 02 §2: an unknown view resets to the overview with this notice. */
export const INVALID_VIEW = {
  title: 'Invalid View',
  message: 'The view is not recognized. Redirecting to overview...',
} as const;

/** spec 02 §2: a view with no handler. */
export const VIEW_NOT_AVAILABLE = {
  title: 'View Not Available',
  action: 'Go to Overview',
} as const;

export function InvalidViewNotice({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div className="adm-notice adm-notice--warning" role="alert">
      <Icon name="alert-triangle" />
      <div className="adm-notice__body">
        <p className="adm-notice__title">{INVALID_VIEW.title}</p>
        <p>{INVALID_VIEW.message}</p>
      </div>
      <button
        type="button"
        className="sv-icon-button sv-icon-button--inline"
        aria-label="Dismiss"
        onClick={onDismiss}
      >
        <Icon name="x" />
      </button>
    </div>
  );
}

export function ViewNotAvailable({
  detail,
  onGoToOverview,
}: {
  detail?: string;
  onGoToOverview: () => void;
}) {
  return (
    <section className="adm-unavailable" aria-labelledby="view-not-available">
      <Icon name="alert" size={24} />
      <h2 id="view-not-available">{VIEW_NOT_AVAILABLE.title}</h2>
      <p className="sv-muted">{detail ?? 'This part of the dashboard cannot be shown right now.'}</p>
      <Button variant="primary" onClick={onGoToOverview}>
        {VIEW_NOT_AVAILABLE.action}
      </Button>
    </section>
  );
}

interface BoundaryProps {
  /** A new key (the view's id) clears a previous failure. */
  resetKey: string;
  onGoToOverview: () => void;
  children: ReactNode;
}

/**
 * A view that cannot be drawn — its code failed to load (a new release replaced the files) or it
 * threw — shows 'View Not Available' instead of taking the dashboard down.
 */
export class ViewErrorBoundary extends Component<BoundaryProps, { failedKey: string | null }> {
  override state = { failedKey: null as string | null };

  static getDerivedStateFromError(): { failedKey: string } {
    return { failedKey: '__pending__' };
  }

  override componentDidCatch(error: unknown) {
    console.error('Admin view failed', error);
    this.setState({ failedKey: this.props.resetKey });
  }

  override render() {
    const { failedKey } = this.state;
    if (failedKey !== null && (failedKey === '__pending__' || failedKey === this.props.resetKey)) {
      return (
        <ViewNotAvailable
          detail="This view could not be loaded. Reload the page if it keeps happening."
          onGoToOverview={this.props.onGoToOverview}
        />
      );
    }
    return this.props.children;
  }
}
