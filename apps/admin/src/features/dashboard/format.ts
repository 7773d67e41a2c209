/** How the dashboard writes its figures: one place, so every view reads the same. */

const EM_DASH = '—';

/** "3d 4h", "2h 15m", "12m", "45s": the two largest units of a duration in seconds. */
export function formatDuration(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) return EM_DASH;
  const seconds = Math.floor(totalSeconds);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m`;
  return `${seconds}s`;
}

/** Hours as "Xh Ym" (spec 02 §9 turnaround), or "—". */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return EM_DASH;
  const minutesTotal = Math.round(hours * 60);
  const h = Math.floor(minutesTotal / 60);
  const m = minutesTotal % 60;
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}

export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EM_DASH;
  return Math.round(value).toLocaleString('en-US');
}

/** A number with at most `digits` decimals (trailing zeros dropped). */
export function formatDecimal(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EM_DASH;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}

/** A 0–1 share as a percentage: 0.934 → "93.4%". */
export function formatShare(share: number | null | undefined, digits = 1): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return EM_DASH;
  return `${(share * 100).toLocaleString('en-US', { maximumFractionDigits: digits })}%`;
}

/** A value already in percent: 87.25 → "87.3%". */
export function formatPercent(percent: number | null | undefined, digits = 1): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return EM_DASH;
  return `${percent.toLocaleString('en-US', { maximumFractionDigits: digits })}%`;
}

export function formatMoney(dollars: number | null | undefined): string {
  if (dollars === null || dollars === undefined || !Number.isFinite(dollars)) return EM_DASH;
  return dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
// This year's dates leave the year out: dense tables read faster.
const DATE_TIME_THIS_YEAR = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function formatDateTime(iso: string | null | undefined, now = new Date()): string {
  if (!iso) return EM_DASH;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return EM_DASH;
  return (date.getFullYear() === now.getFullYear() ? DATE_TIME_THIS_YEAR : DATE_TIME).format(date);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return EM_DASH;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? EM_DASH : DATE.format(date);
}

/** "May 3" for a YYYY-MM-DD day (read as a calendar day, not shifted by the time zone). */
export function formatDay(day: string, style: 'short' | 'long' = 'short'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    ...(style === 'long' ? { weekday: 'short', year: 'numeric' } : {}),
  });
}

/** "14:00" in local time for an hour bucket. */
export function formatHour(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hour12: false });
}

/** "5 min ago", "3 h ago", "2 d ago"; the exact time goes in a title. */
export function formatRelative(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return 'Never';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return EM_DASH;
  const seconds = Math.max(0, Math.round((now - time) / 1000));
  if (seconds < 60) return 'Just now';
  if (seconds < 3_600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3_600)} h ago`;
  if (seconds < 30 * 86_400) return `${Math.floor(seconds / 86_400)} d ago`;
  return formatDate(iso);
}

/** The first 8 characters of an id, for dense tables (the full id goes in a title). */
export function shortId(id: string): string {
  return id.length > 8 ? id.slice(0, 8) : id;
}
