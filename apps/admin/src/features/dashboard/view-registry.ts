import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ViewId } from './views';

/**
 * Each view's code loads when it is first opened, so the first page holds only the frame and the
 * overview. A view left out here shows 'View Not Available' (spec 02 §2).
 */
export const VIEW_COMPONENTS: Partial<Record<ViewId, LazyExoticComponent<ComponentType>>> = {
  overview: lazy(() => import('../overview/overview-view')),
  requests: lazy(() => import('../tables/requests-view')),
  workers: lazy(() => import('../tables/reviewers-view')),
  requesters: lazy(() => import('../tables/requesters-view')),
  submit: lazy(() => import('../submit/submit-view')),
  'invite-codes': lazy(() => import('../invites/invites-view')),
  operations: lazy(() => import('../operations/operations-view')),
  team: lazy(() => import('../team/team-view')),
  analytics: lazy(() => import('../analytics/analytics-view')),
  users: lazy(() => import('../team/top-performers-view')),
};
