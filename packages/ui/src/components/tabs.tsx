import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import './tabs.css';

export interface TabItem<Id extends string> {
  id: Id;
  label: ReactNode;
}

export interface TabsProps<Id extends string> {
  /** The tab list's accessible name, e.g. "Document source". */
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/** WAI-ARIA tabs: arrow keys move between tabs (and select them), Tab moves into the panel. */
export function Tabs<Id extends string>({ label, tabs, selected, onSelect, children }: TabsProps<Id>) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (id: Id) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(tab.id))}`)?.focus();
  };

  return (
    <div className="sv-tabs">
      <div ref={listRef} role="tablist" aria-label={label} className="sv-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              aria-selected={isSelected}
              aria-controls={panelId}
              tabIndex={isSelected ? 0 : -1}
              className="sv-tabs__tab"
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected)} className="sv-tabs__panel">
        {children}
      </div>
    </div>
  );
}
