import {
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  type DocumentType,
  SEARCH_DEBOUNCE_MS,
  TASK_SORT_LABELS,
  type TaskSort,
} from '@sieve/contracts';
import { useEffect, useId, useState } from 'react';
import type { TaskQuery } from '../workspace/worker-api';

const SORT_OPTIONS: { value: TaskSort; label: string }[] = [
  { value: 'priority', label: 'Priority' },
  ...(Object.entries(TASK_SORT_LABELS) as [Exclude<TaskSort, 'priority'>, string][]).map(
    ([value, label]) => ({
      value,
      label,
    }),
  ),
];

export interface QueueFiltersProps {
  id: string;
  query: TaskQuery;
  onChange: (query: TaskQuery) => void;
  /** Down from the search: the list takes the focus (once this search's results are in). */
  onMoveToList: () => void;
}

/** spec 01 §2 "Search, Filter & Sort": by ID, type or name; by document type; six sorts. Server-side. */
export function QueueFilters({ id, query, onChange, onMoveToList }: QueueFiltersProps) {
  const [search, setSearch] = useState(query.search ?? '');
  const searchId = useId();
  const typeId = useId();
  const sortId = useId();

  // The server searches; wait for a pause in typing before asking it.
  useEffect(() => {
    if ((query.search ?? '') === search) return;
    const timer = setTimeout(() => onChange({ ...query, search }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, query, onChange]);

  return (
    <div id={id} className="sv-queue-filters">
      <div className="sv-queue-filters__field">
        <label htmlFor={searchId} className="sv-visually-hidden">
          Search tasks
        </label>
        <input
          id={searchId}
          type="search"
          className="sv-input sv-input--sm"
          placeholder="Search by ID, type or name"
          value={search}
          data-queue-search=""
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onChange({ ...query, search });
            // Down from the search goes into the list.
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              onChange({ ...query, search });
              onMoveToList();
            }
            if (event.key === 'Escape' && search) {
              event.stopPropagation();
              setSearch('');
              onChange({ ...query, search: '' });
            }
          }}
        />
      </div>
      <div className="sv-queue-filters__row">
        <div className="sv-queue-filters__field">
          <label htmlFor={typeId} className="sv-queue-filters__label">
            Type
          </label>
          <select
            id={typeId}
            className="sv-input sv-input--sm sv-select"
            value={query.documentType ?? ''}
            onChange={(event) =>
              onChange({ ...query, documentType: event.target.value as DocumentType | '' })
            }
          >
            <option value="">All types</option>
            {DOCUMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {DOCUMENT_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="sv-queue-filters__field">
          <label htmlFor={sortId} className="sv-queue-filters__label">
            Sort
          </label>
          <select
            id={sortId}
            className="sv-input sv-input--sm sv-select"
            value={query.sort ?? 'priority'}
            onChange={(event) => onChange({ ...query, sort: event.target.value as TaskSort })}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
