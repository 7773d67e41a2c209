import type { ComponentPropsWithRef } from 'react';
import './search-field.css';
import { Glyph } from './icon';

export interface SearchFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  /** The accessible name, e.g. "Search requests". */
  label: string;
  /** A keyboard shortcut shown at the end of the box, e.g. "Ctrl K". */
  shortcut?: string;
}

/** A search box with its glyph; `ref` reaches the <input> (for a focus shortcut). */
export function SearchField({ label, shortcut, className, ...props }: SearchFieldProps) {
  return (
    <div className={className ? `sv-search ${className}` : 'sv-search'}>
      <Glyph name="search" className="sv-search__glyph" />
      <input type="search" className="sv-input sv-search__input" aria-label={label} {...props} />
      {shortcut ? (
        <span className="sv-search__kbd" aria-hidden="true">
          {shortcut}
        </span>
      ) : null}
    </div>
  );
}
