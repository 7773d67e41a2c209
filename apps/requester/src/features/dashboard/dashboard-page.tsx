import type { RequestSummary } from '@sieve/contracts';
import { SEARCH_DEBOUNCE_MS, SUCCESS_BANNER_MS } from '@sieve/contracts';
import { Banner, Button, Card, Dialog, Glyph, SearchField, SidebarNav, Spinner } from '@sieve/ui';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { BILLING_KEYS } from '../billing/api';
import { isRequestKey } from '../requests/api';
import { useActiveRequests } from '../requests/use-requests';
import { ActiveView } from './active-view';
import './dashboard.css';
import {
  DASHBOARD_VIEWS,
  type DashboardView,
  isDashboardView,
  VIEW_INFO,
  VIEW_PARAM,
} from './dashboard-views';
import { HistoryView } from './history-view';
import { OverviewView } from './overview-view';
import { useDashboardShortcuts } from './use-dashboard-shortcuts';
import { useDebouncedValue } from './use-debounced-value';

// The heavier parts load when first used: the form (with the request schema), billing, details.
const NewRequestForm = lazy(() => import('../new-request/new-request-form'));
const BillingView = lazy(() => import('../billing/billing-view'));
const SettingsView = lazy(() => import('../settings/settings-view'));
const TemplatesView = lazy(() => import('../templates/templates-view'));
const LearnedView = lazy(() => import('../learning/learned-view'));
const RequestDetailsDialog = lazy(() => import('../requests/request-details-dialog'));

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = isMac ? '⌘' : 'Ctrl';

function Loading() {
  return (
    <div className="rq-loading">
      <Spinner label="Loading" />
    </div>
  );
}

/** The Requester dashboard at /requester/dashboard (spec 02 §2): one screen, five views. */
export default function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get(VIEW_PARAM);
  const view: DashboardView = requested && isDashboardView(requested) ? requested : 'overview';
  const [invalidView, setInvalidView] = useState<string | null>(null);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<RequestSummary | null>(null);
  const [isNewOpen, setIsNewOpen] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [isRefreshing, setIsRefreshing] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { mutate } = useSWRConfig();
  const active = useActiveRequests();

  const showView = useCallback(
    (next: DashboardView) => {
      setInvalidView(null);
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === 'overview') updated.delete(VIEW_PARAM);
          else updated.set(VIEW_PARAM, next);
          return updated;
        },
        { replace: false },
      );
    },
    [setParams],
  );

  // spec 02 §2: an unknown view falls back to the overview with an Invalid View message.
  useEffect(() => {
    if (requested === null || isDashboardView(requested)) return;
    setInvalidView(requested);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete(VIEW_PARAM);
        return updated;
      },
      { replace: true },
    );
  }, [requested, setParams]);

  // spec 02 §4: the success banner shows for 5 seconds.
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(null), SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const refresh = useCallback(async () => {
    setIsRefreshing(true);
    try {
      await Promise.all([
        mutate(isRequestKey),
        mutate(BILLING_KEYS.subscription),
        mutate(BILLING_KEYS.plans),
      ]);
    } finally {
      setIsRefreshing(false);
    }
  }, [mutate]);

  const onSubmitted = useCallback(
    (requestId: string) => {
      setIsNewOpen(false);
      // spec 02 §2: after a successful submit the view switches to Active, with a banner for 5 s.
      showView('active');
      setSuccess(`Request ${requestId.slice(0, 8)} submitted. It is listed below while it is processed.`);
      void mutate(isRequestKey);
      void mutate(BILLING_KEYS.subscription);
    },
    [mutate, showView],
  );

  const openNewRequest = useCallback(() => setIsNewOpen(true), []);

  useDashboardShortcuts({
    onNewRequest: openNewRequest,
    onRefresh: () => void refresh(),
    onSearch: () => {
      searchRef.current?.focus();
      searchRef.current?.select();
    },
  });

  // Moving between views moves the reading position to the new view's heading.
  const shownView = useRef(view);
  useEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    if (document.activeElement !== searchRef.current) headingRef.current?.focus();
  }, [view]);

  const info = VIEW_INFO[view];
  const navItems = DASHBOARD_VIEWS.map((id) => ({
    id,
    label: VIEW_INFO[id].label,
    icon: <Glyph name={VIEW_INFO[id].glyph} />,
    ...(id === 'active' && active.count
      ? {
          badge: active.count,
          badgeLabel: `${active.count} active ${active.count === 1 ? 'request' : 'requests'}`,
        }
      : {}),
  }));

  return (
    <div className="rq-dashboard">
      <aside className="rq-dashboard__nav">
        <SidebarNav label="Dashboard" items={navItems} currentId={view} onSelect={showView} />
      </aside>

      <div className="rq-dashboard__main">
        <div className="rq-toolbar">
          <div className="rq-toolbar__title">
            <h1 ref={headingRef} tabIndex={-1} className="rq-toolbar__heading">
              {info.label}
            </h1>
            <p className="sv-muted rq-toolbar__description">{info.description}</p>
          </div>
          <div className="rq-toolbar__actions">
            <search className="rq-toolbar__search">
              <SearchField
                ref={searchRef}
                label="Search requests"
                placeholder="Search requests"
                shortcut={`${MOD} K`}
                aria-keyshortcuts="Control+K Meta+K"
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
                onKeyDown={(event) => {
                  // Enter looks through every request, not only the ones on screen.
                  if (event.key === 'Enter' && view !== 'history' && searchText.trim()) showView('history');
                  if (event.key === 'Escape' && searchText) {
                    event.preventDefault();
                    setSearchText('');
                  }
                }}
              />
            </search>
            <button
              type="button"
              className="sv-icon-button rq-toolbar__refresh"
              aria-label="Refresh"
              aria-keyshortcuts="Control+R Meta+R"
              title={`Refresh (${MOD}+R)`}
              onClick={() => void refresh()}
              disabled={isRefreshing}
            >
              <Glyph name="refresh" className={isRefreshing ? 'rq-spin' : undefined} />
            </button>
            <Button
              variant="primary"
              onClick={openNewRequest}
              aria-keyshortcuts="Control+N Meta+N"
              title={`New Request (${MOD}+N)`}
            >
              <Glyph name="plus" /> New Request
            </Button>
          </div>
        </div>

        {invalidView !== null ? (
          <Banner tone="error">
            <strong>Invalid View.</strong> The view “{invalidView}” is not recognized. Showing the overview.
          </Banner>
        ) : null}
        {success ? <Banner tone="success">{success}</Banner> : null}

        <Suspense fallback={<Loading />}>
          {view === 'overview' ? (
            <OverviewView
              search={search}
              onView={setSelected}
              onShowHistory={() => showView('history')}
              onShowBilling={() => showView('billing')}
              onNewRequest={openNewRequest}
            />
          ) : view === 'new-request' ? (
            <Card as="section" className="rq-panel" aria-label="New request form">
              <NewRequestForm onSubmitted={onSubmitted} />
            </Card>
          ) : view === 'active' ? (
            <ActiveView search={search} onView={setSelected} onNewRequest={openNewRequest} />
          ) : view === 'history' ? (
            <HistoryView search={search} onView={setSelected} onClearSearch={() => setSearchText('')} />
          ) : view === 'templates' ? (
            <TemplatesView />
          ) : view === 'learned' ? (
            <LearnedView />
          ) : view === 'billing' ? (
            <BillingView />
          ) : (
            <SettingsView />
          )}
        </Suspense>
      </div>

      <Dialog
        isOpen={isNewOpen}
        size="md"
        className="rq-new-dialog"
        title="New Request"
        description="Choose a document type, point at the document and name the data points to extract."
        onDismiss={() => setIsNewOpen(false)}
      >
        <Suspense fallback={<Loading />}>
          <NewRequestForm onSubmitted={onSubmitted} autoFocus />
        </Suspense>
      </Dialog>

      {selected ? (
        <Suspense fallback={null}>
          <RequestDetailsDialog request={selected} onClose={() => setSelected(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
