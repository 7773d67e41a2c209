import './pagination.css';
import { Button } from './button';

export interface PaginationProps {
  page: number;
  pages: number;
  total: number;
  /** What is counted, e.g. "reviewers". */
  noun: string;
  onPageChange: (page: number) => void;
  isDisabled?: boolean;
}

/** "Page 2 of 5 · 93 reviewers" with Previous and Next. */
export function Pagination({ page, pages, total, noun, onPageChange, isDisabled = false }: PaginationProps) {
  const lastPage = Math.max(1, pages);
  return (
    <nav className="sv-pagination" aria-label={`Pages of ${noun}`}>
      <p className="sv-pagination__status" aria-live="polite">
        Page {Math.min(page, lastPage)} of {lastPage} · {total.toLocaleString()} {noun}
      </p>
      <div className="sv-pagination__buttons">
        <Button size="sm" disabled={isDisabled || page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <Button size="sm" disabled={isDisabled || page >= lastPage} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
