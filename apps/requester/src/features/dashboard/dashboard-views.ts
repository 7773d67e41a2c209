import type { GlyphName } from '@sieve/ui';

/** spec 02 §2: the five views of the requester dashboard, switched by the sidebar; Settings is DESIGN §12, Templates §13. */
export const DASHBOARD_VIEWS = [
  'overview',
  'new-request',
  'active',
  'history',
  'templates',
  'learned',
  'billing',
  'settings',
] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];

export const VIEW_INFO: Record<DashboardView, { label: string; glyph: GlyphName; description: string }> = {
  overview: { label: 'Overview', glyph: 'home', description: 'Your requests at a glance.' },
  'new-request': {
    label: 'New Request',
    glyph: 'file-plus',
    description: 'Submit a document and name the data points to extract.',
  },
  active: { label: 'Active', glyph: 'activity', description: 'Requests being processed or reviewed.' },
  history: { label: 'History', glyph: 'history', description: 'Every request you have submitted.' },
  templates: {
    label: 'Templates',
    glyph: 'columns',
    description: 'Fields, line items and checks you define once for a kind of document.',
  },
  learned: {
    label: 'Learned',
    glyph: 'sparkles',
    description: 'What reviews taught the extractor about your sources.',
  },
  billing: { label: 'Billing', glyph: 'credit-card', description: 'Your plan, usage and upgrades.' },
  settings: {
    label: 'Settings',
    glyph: 'settings',
    description: 'API keys and webhooks for connecting your systems.',
  },
};

/** The query parameter that holds the view, so a reload or a shared link keeps it. */
export const VIEW_PARAM = 'view';

export function isDashboardView(value: string): value is DashboardView {
  return (DASHBOARD_VIEWS as readonly string[]).includes(value);
}
