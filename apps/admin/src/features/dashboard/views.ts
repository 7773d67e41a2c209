import type { AdminStats } from '@sieve/contracts';

/** spec 02 §2: the Admin dashboard's views; they switch client-side under /admin/dashboard. */
export const VIEW_IDS = [
  'overview',
  'requests',
  'workers',
  'requesters',
  'submit',
  'invite-codes',
  'operations',
  'team',
  'analytics',
  // Top performers: reachable from Team Pulse, not in the sidebar.
  'users',
] as const;
export type ViewId = (typeof VIEW_IDS)[number];

export const DEFAULT_VIEW: ViewId = 'overview';

/** The URL query parameter that names the view (the path stays /admin/dashboard). */
export const VIEW_PARAM = 'view';

export const VIEW_TITLES: Record<ViewId, string> = {
  overview: 'Overview',
  requests: 'Requests',
  workers: 'Reviewers',
  requesters: 'Requesters',
  submit: 'Submit Request',
  'invite-codes': 'Invites',
  operations: 'Operations',
  team: 'Team Pulse',
  analytics: 'Analytics',
  users: 'Top Performers',
};

/** The sidebar, in order (spec 02 §2); 'users' is left out. */
export const SIDEBAR_VIEWS = [
  'overview',
  'requests',
  'workers',
  'requesters',
  'submit',
  'invite-codes',
  'operations',
  'team',
  'analytics',
] as const satisfies readonly ViewId[];

/** The views that are tables searched from the header's search box. */
export const TABLE_VIEWS = ['requests', 'workers', 'requesters'] as const satisfies readonly ViewId[];
export type TableViewId = (typeof TABLE_VIEWS)[number];

export function isViewId(value: string): value is ViewId {
  return (VIEW_IDS as readonly string[]).includes(value);
}

export function isTableView(view: ViewId): view is TableViewId {
  return (TABLE_VIEWS as readonly string[]).includes(view);
}

/**
 * The view a `?view=` value asks for. No value is the overview; a value we do not know is the
 * overview too, flagged so the page shows the 'Invalid View' notice (spec 02 §2).
 */
export function resolveView(param: string | null): { view: ViewId; isInvalid: boolean } {
  if (param === null || param === '') return { view: DEFAULT_VIEW, isInvalid: false };
  return isViewId(param) ? { view: param, isInvalid: false } : { view: DEFAULT_VIEW, isInvalid: true };
}

export interface SidebarBadge {
  count: number;
  /** What the number means, read with it by screen readers. */
  label: string;
}

/**
 * spec 02 §2 sidebar badges: requests = pending plus processing queue counts, Reviewers = active
 * reviewers. None before the first stats arrive.
 */
export function sidebarBadges(stats: AdminStats | undefined): Partial<Record<ViewId, SidebarBadge>> {
  if (!stats) return {};
  const inQueue = stats.operationsData.queues.pending + stats.operationsData.queues.processing;
  const active = stats.teamMetrics.activeWorkers;
  return {
    requests: { count: inQueue, label: `${inQueue} pending or processing` },
    workers: { count: active, label: `${active} active reviewer${active === 1 ? '' : 's'}` },
  };
}

/** The header's alert badges: how many alerts are critical, and how many there are in all. */
export function alertCounts(stats: AdminStats | undefined): { critical: number; total: number } {
  const alerts = stats?.alerts ?? [];
  return { critical: alerts.filter((alert) => alert.severity === 'critical').length, total: alerts.length };
}
