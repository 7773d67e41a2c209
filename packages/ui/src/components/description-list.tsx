import type { ReactNode } from 'react';
import './description-list.css';

export interface DescriptionItem {
  term: string;
  details: ReactNode;
}

export interface DescriptionListProps {
  items: readonly DescriptionItem[];
  /** Two columns of term–details pairs on wide screens. */
  columns?: 1 | 2;
}

/** Term–details pairs ("Status: Completed"); items without details are left out. */
export function DescriptionList({ items, columns = 2 }: DescriptionListProps) {
  const shown = items.filter(
    (item) => item.details !== null && item.details !== undefined && item.details !== '',
  );
  return (
    <dl className={`sv-dl sv-dl--${columns}`}>
      {shown.map((item) => (
        <div key={item.term} className="sv-dl__item">
          <dt>{item.term}</dt>
          <dd>{item.details}</dd>
        </div>
      ))}
    </dl>
  );
}
