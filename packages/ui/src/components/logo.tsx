export interface LogoProps {
  /** Text next to the mark, e.g. the app name. */
  label?: string;
}

/**
 * The Sieve mark: the frame is drawn in the text colour, so it follows the light and dark themes
 * (spec 01 §2), and the sieve lines in the customizer's primary colour.
 */
export function Logo({ label = 'Sieve' }: LogoProps) {
  return (
    <span className="sv-logo">
      <svg
        className="sv-logo__mark"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        aria-hidden="true"
        focusable="false"
      >
        <rect x="2.5" y="2.5" width="19" height="19" rx="5" />
        <path className="sv-logo__mark-lines" d="M7 8.5h10M8.5 12h7M10.5 15.5h3" />
      </svg>
      <span className="sv-logo__text">{label}</span>
    </span>
  );
}
