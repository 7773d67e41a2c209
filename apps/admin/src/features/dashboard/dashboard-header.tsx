import type { AdminStats } from '@sieve/contracts';
import { Icon } from '@sieve/ui';
import { type Ref, useId } from 'react';
import { shortcutHint } from './shortcuts';
import { alertCounts } from './views';

export interface DashboardHeaderProps {
  stats: AdminStats | undefined;
  searchText: string;
  onSearchChange: (text: string) => void;
  searchRef: Ref<HTMLInputElement>;
  onRefresh: () => void;
  isRefreshing: boolean;
  onOpenSettings: () => void;
  onOpenAlerts: () => void;
}

/**
 * spec 02 §2 header: the title, the critical-alert and total-alert badges, the search box
 * (Ctrl/Cmd+K), refresh (Ctrl/Cmd+R) and settings. Theme, customizer and Logout are in the app
 * header above it.
 */
export function DashboardHeader({
  stats,
  searchText,
  onSearchChange,
  searchRef,
  onRefresh,
  isRefreshing,
  onOpenSettings,
  onOpenAlerts,
}: DashboardHeaderProps) {
  const { critical, total } = alertCounts(stats);
  const searchId = useId();
  return (
    <div className="adm-header">
      <div className="adm-header__title">
        <h1>Admin Dashboard</h1>
        <div className="adm-header__badges">
          <button
            type="button"
            className={`adm-alert-badge ${critical > 0 ? 'adm-alert-badge--critical' : ''}`}
            onClick={onOpenAlerts}
            aria-label={`${critical} critical alert${critical === 1 ? '' : 's'}. Open Operations`}
            disabled={!stats}
          >
            <Icon name="alert" size={13} />
            {stats ? critical : '—'} critical
          </button>
          <button
            type="button"
            className={`adm-alert-badge ${total > 0 ? 'adm-alert-badge--active' : ''}`}
            onClick={onOpenAlerts}
            aria-label={`${total} alert${total === 1 ? '' : 's'} in all. Open Operations`}
            disabled={!stats}
          >
            <Icon name="alert-triangle" size={13} />
            {stats ? total : '—'} alert{total === 1 ? '' : 's'}
          </button>
        </div>
      </div>
      <div className="adm-header__tools">
        <div className="adm-search">
          <Icon name="search" className="adm-search__icon" />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            className="sv-input adm-search__input"
            aria-label="Search requests, reviewers and requesters"
            aria-keyshortcuts="Control+K Meta+K"
            placeholder="Search requests, reviewers, requesters"
            autoComplete="off"
            value={searchText}
            onChange={(event) => onSearchChange(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && searchText) {
                event.preventDefault();
                onSearchChange('');
              }
            }}
          />
          <span className="adm-search__kbd" aria-hidden="true">
            {shortcutHint('K')}
          </span>
        </div>
        <button
          type="button"
          className="sv-button sv-button--secondary sv-button--sm"
          onClick={onRefresh}
          aria-keyshortcuts="Control+R Meta+R"
          title={`Refresh data (${shortcutHint('R')})`}
        >
          <Icon name="refresh" className={isRefreshing ? 'adm-spin' : undefined} />
          <span className="sv-hide-narrow">Refresh</span>
          <span className="sv-visually-hidden"> data</span>
        </button>
        <button
          type="button"
          className="sv-icon-button"
          onClick={onOpenSettings}
          aria-label="Dashboard settings"
          title="Dashboard settings"
        >
          <Icon name="settings" />
        </button>
      </div>
    </div>
  );
}
