import { USAGE_BAR } from '@sieve/contracts';
import { useId } from 'react';
import './usage-bar.css';

export type UsageTone = 'normal' | 'warning' | 'full';

/** Share of the limit used, in percent (0 when nothing is allowed and nothing used). */
export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return (used / limit) * 100;
}

/** spec 02 §9: usage bars turn yellow above 80 % and red at 100 %. */
export function usageTone(used: number, limit: number): UsageTone {
  const percent = usagePercent(used, limit);
  if (percent >= USAGE_BAR.fullAtPercent) return 'full';
  if (percent > USAGE_BAR.warnAbovePercent) return 'warning';
  return 'normal';
}

const TONE_NOTE: Record<UsageTone, string | null> = {
  normal: null,
  warning: 'Approaching limit',
  full: 'Limit reached',
};

export interface UsageBarProps {
  /** "Daily", "Weekly", "Monthly". */
  label: string;
  used: number;
  limit: number;
  /** The unit counted, plural: "requests". */
  unit?: string;
}

/** A labelled usage meter; the colour is repeated in words, so it never carries meaning alone. */
export function UsageBar({ label, used, limit, unit = 'requests' }: UsageBarProps) {
  const labelId = useId();
  const percent = usagePercent(used, limit);
  const tone = usageTone(used, limit);
  const shown = Math.round(percent);
  const note = TONE_NOTE[tone];
  return (
    <div className={`sv-usage sv-usage--${tone}`} data-tone={tone}>
      <div className="sv-usage__top">
        <span id={labelId} className="sv-usage__label">
          {label}
        </span>
        <span className="sv-usage__figures">
          {used.toLocaleString('en-US')} / {limit.toLocaleString('en-US')} {unit}
        </span>
      </div>
      <div
        className="sv-usage__track"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, shown)}
        aria-valuetext={`${used} of ${limit} ${unit} used (${shown}%)${note ? `, ${note.toLowerCase()}` : ''}`}
      >
        <span className="sv-usage__fill" style={{ width: `${Math.min(100, percent)}%` }} />
      </div>
      <div className="sv-usage__bottom">
        <span>{shown}% used</span>
        {note ? <span className="sv-usage__note">{note}</span> : null}
      </div>
    </div>
  );
}
