import type { AdminStats } from '@sieve/contracts';
import { describe, expect, it } from 'vitest';
import { statsFixture } from './stats-fixture';
import { alertCounts, isTableView, resolveView, SIDEBAR_VIEWS, sidebarBadges, VIEW_TITLES } from './views';

describe('resolveView', () => {
  it('opens the overview without a view and the named view when it is known', () => {
    expect(resolveView(null)).toEqual({ view: 'overview', isInvalid: false });
    expect(resolveView('')).toEqual({ view: 'overview', isInvalid: false });
    expect(resolveView('workers')).toEqual({ view: 'workers', isInvalid: false });
    expect(resolveView('users')).toEqual({ view: 'users', isInvalid: false });
  });

  it('falls back to the overview, flagged invalid, for a view it does not know', () => {
    expect(resolveView('reports')).toEqual({ view: 'overview', isInvalid: true });
    expect(resolveView('Workers')).toEqual({ view: 'overview', isInvalid: true });
  });
});

describe('the sidebar', () => {
  it('lists the spec 02 §2 views with their labels, and leaves out the users view', () => {
    expect(SIDEBAR_VIEWS.map((id) => VIEW_TITLES[id])).toEqual([
      'Overview',
      'Requests',
      'Reviewers',
      'Requesters',
      'Submit Request',
      'Invites',
      'Operations',
      'Team Pulse',
      'Analytics',
    ]);
    expect(SIDEBAR_VIEWS).not.toContain('users');
  });

  it('badges requests with pending plus processing and Reviewers with the active reviewers', () => {
    const stats = statsFixture({ pending: 7, processing: 3, activeWorkers: 4 });
    expect(sidebarBadges(stats)).toEqual({
      requests: { count: 10, label: '10 pending or processing' },
      workers: { count: 4, label: '4 active reviewers' },
    });
    expect(sidebarBadges(statsFixture({ activeWorkers: 1 })).workers?.label).toBe('1 active reviewer');
    expect(sidebarBadges(undefined)).toEqual({});
  });

  it('knows which views are the searchable tables', () => {
    expect(['requests', 'workers', 'requesters'].every((v) => isTableView(v as 'requests'))).toBe(true);
    expect(isTableView('overview')).toBe(false);
  });
});

describe('alertCounts', () => {
  it('counts the critical alerts and all alerts for the header badges', () => {
    const stats: AdminStats = {
      ...statsFixture(),
      alerts: [
        { id: 'a', severity: 'critical', title: 'Error rate', message: '…' },
        { id: 'b', severity: 'warning', title: 'Throughput', message: '…' },
        { id: 'c', severity: 'critical', title: 'Database', message: '…' },
        { id: 'd', severity: 'info', title: 'Efficiency', message: '…' },
      ],
    };
    expect(alertCounts(stats)).toEqual({ critical: 2, total: 4 });
    expect(alertCounts(undefined)).toEqual({ critical: 0, total: 0 });
  });
});
