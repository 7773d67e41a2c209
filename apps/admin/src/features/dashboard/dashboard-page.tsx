import './dashboard.css';
import { HeaderActions } from '@sieve/auth';
import { SEARCH_DEBOUNCE_MS, SUCCESS_BANNER_MS } from '@sieve/contracts';
import { AppShell, Banner, Button, Icon, type IconName, SidebarNav, Spinner } from '@sieve/ui';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { APP } from '../../app/app-config';
import { DashboardContext, type DashboardContextValue, type NoticeTone } from './dashboard-context';
import { DashboardHeader } from './dashboard-header';
import { type DashboardSettings, readSettings, writeSettings } from './dashboard-settings';
import { formatDateTime } from './format';
import { SettingsDialog } from './settings-dialog';
import { useShortcuts } from './shortcuts';
import { StatusStrip } from './status-strip';
import { useAdminStats } from './use-admin-stats';
import { useDebouncedValue } from './use-debounced-value';
import { InvalidViewNotice, ViewErrorBoundary, ViewNotAvailable } from './view-notices';
import { VIEW_COMPONENTS } from './view-registry';
import {
  DEFAULT_VIEW,
  isTableView,
  resolveView,
  SIDEBAR_VIEWS,
  sidebarBadges,
  VIEW_PARAM,
  VIEW_TITLES,
  type ViewId,
} from './views';

const SIDEBAR_ICONS: Record<(typeof SIDEBAR_VIEWS)[number], IconName> = {
  overview: 'home',
  requests: 'list',
  workers: 'users',
  requesters: 'building',
  submit: 'send',
  'invite-codes': 'ticket',
  operations: 'flow',
  team: 'activity',
  analytics: 'bar-chart',
};

interface Notice {
  id: number;
  message: string;
  tone: NoticeTone;
}

/** The Admin dashboard at /admin/dashboard (spec 02 §2); its views switch client-side (?view=). */
export default function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const { view, isInvalid } = resolveView(params.get(VIEW_PARAM));
  const [settings, setSettings] = useState<DashboardSettings>(readSettings);
  const {
    stats,
    error: statsError,
    isLoading: isStatsLoading,
    refresh,
  } = useAdminStats(settings.isAutoRefresh);
  const { mutate } = useSWRConfig();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const searchRef = useRef<HTMLInputElement>(null);
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const [isInvalidShown, setIsInvalidShown] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [isRefreshing, setIsRefreshing] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);

  const navigate = useCallback(
    (next: ViewId) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.delete('request'); // an open request detail belongs to the view being left
          if (next === DEFAULT_VIEW) updated.delete(VIEW_PARAM);
          else updated.set(VIEW_PARAM, next);
          return updated;
        },
        { replace: false },
      );
      setIsInvalidShown(false);
    },
    [setParams],
  );

  // spec 02 §2: an unknown view resets to the overview with the 'Invalid View' notice.
  useEffect(() => {
    if (!isInvalid) return;
    setIsInvalidShown(true);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete(VIEW_PARAM);
        return updated;
      },
      { replace: true },
    );
  }, [isInvalid, setParams]);

  useEffect(() => {
    if (!isInvalidShown) return;
    const timer = setTimeout(() => setIsInvalidShown(false), SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [isInvalidShown]);

  const notify = useCallback((message: string, tone: NoticeTone = 'success') => {
    setNotice({ id: Date.now(), message, tone });
  }, []);

  useEffect(() => {
    if (!notice || notice.tone === 'error') return;
    const timer = setTimeout(() => setNotice(null), SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  /** Everything the dashboard shows, again: stats, the health card and the open table. */
  const refreshAll = useCallback(async () => {
    setIsRefreshing(true);
    try {
      await mutate((key) => typeof key === 'string' && (key.startsWith('/admin/') || key === '/health'));
    } finally {
      setIsRefreshing(false);
    }
  }, [mutate]);

  useShortcuts({
    search: () => {
      searchRef.current?.focus();
      searchRef.current?.select();
    },
    refresh: () => void refreshAll(),
  });

  const onSearchChange = (text: string) => {
    setSearchText(text);
    // The search box filters the tables; typing elsewhere opens the Requests table.
    if (text.trim() && !isTableView(view)) navigate('requests');
  };

  const changeSettings = (next: DashboardSettings) => {
    setSettings(next);
    writeSettings(next);
  };

  const context = useMemo<DashboardContextValue>(
    () => ({
      stats,
      statsError,
      isStatsLoading,
      refreshStats: () => refresh(),
      search,
      clearSearch: () => setSearchText(''),
      navigate,
      notify,
      settings,
    }),
    [stats, statsError, isStatsLoading, refresh, search, navigate, notify, settings],
  );

  const badges = sidebarBadges(stats);
  const View = VIEW_COMPONENTS[view];
  const goToOverview = () => navigate(DEFAULT_VIEW);

  // Moving to another view puts focus at its top, so keyboard and screen-reader users follow.
  const previousView = useRef(view);
  useEffect(() => {
    if (previousView.current === view) return;
    previousView.current = view;
    contentRef.current?.focus({ preventScroll: true });
  }, [view]);

  return (
    <AppShell appName={APP.name} actions={<HeaderActions />}>
      <DashboardContext.Provider value={context}>
        <div className="adm-dashboard">
          <DashboardHeader
            stats={stats}
            searchText={searchText}
            onSearchChange={onSearchChange}
            searchRef={searchRef}
            onRefresh={() => void refreshAll()}
            isRefreshing={isRefreshing}
            onOpenSettings={() => setIsSettingsOpen(true)}
            onOpenAlerts={() => navigate('operations')}
          />
          <StatusStrip stats={stats} />
          <div className="adm-body">
            <aside className="adm-sidebar">
              <SidebarNav
                label="Dashboard views"
                currentId={view}
                onSelect={navigate}
                items={SIDEBAR_VIEWS.map((id) => ({
                  id,
                  label: VIEW_TITLES[id],
                  icon: <Icon name={SIDEBAR_ICONS[id]} />,
                  badge: badges[id]?.count,
                  badgeLabel: badges[id]?.label,
                }))}
              />
              <div className="adm-sidebar__footer">
                {stats ? (
                  <>
                    <p>
                      Queue{' '}
                      <strong className={stats.operationsData.paused ? 'adm-text-warning' : undefined}>
                        {stats.operationsData.paused ? 'Paused' : 'Running'}
                      </strong>
                    </p>
                    <p className="sv-muted">Updated {formatDateTime(stats.generatedAt)}</p>
                  </>
                ) : isStatsLoading ? (
                  <Spinner size="sm" label="Loading dashboard figures" />
                ) : null}
              </div>
            </aside>
            <div className="adm-content" ref={contentRef} tabIndex={-1}>
              {isInvalidShown ? <InvalidViewNotice onDismiss={() => setIsInvalidShown(false)} /> : null}
              {statsError ? (
                <div className="adm-critical-card" role="alert">
                  <Icon name="alert" />
                  <p>{statsError}</p>
                  <Button size="sm" onClick={() => void refresh()}>
                    Try again
                  </Button>
                </div>
              ) : null}
              {notice ? (
                <div className="adm-flash" key={notice.id}>
                  <Banner tone={notice.tone}>{notice.message}</Banner>
                  <button
                    type="button"
                    className="sv-icon-button sv-icon-button--inline"
                    aria-label="Dismiss message"
                    onClick={() => setNotice(null)}
                  >
                    <Icon name="x" />
                  </button>
                </div>
              ) : null}
              <ViewErrorBoundary resetKey={view} onGoToOverview={goToOverview}>
                {View ? (
                  <Suspense fallback={<Spinner label={`Loading ${VIEW_TITLES[view]}`} />}>
                    <View />
                  </Suspense>
                ) : (
                  <ViewNotAvailable onGoToOverview={goToOverview} />
                )}
              </ViewErrorBoundary>
            </div>
          </div>
        </div>
        <SettingsDialog
          isOpen={isSettingsOpen}
          settings={settings}
          onChange={changeSettings}
          onClose={() => setIsSettingsOpen(false)}
        />
      </DashboardContext.Provider>
    </AppShell>
  );
}
