export interface SpinnerProps {
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Centre the spinner in the whole viewport (route loading). */
  isFullPage?: boolean;
}

export function Spinner({ label = 'Loading', size = 'md', isFullPage = false }: SpinnerProps) {
  const spinner = (
    <span role="status" aria-label={label} className={`sv-spinner sv-spinner--${size}`}>
      <span className="sv-spinner__ring" aria-hidden="true" />
    </span>
  );
  return isFullPage ? <div className="sv-page-center">{spinner}</div> : spinner;
}
