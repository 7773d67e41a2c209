import type { RequestSummary } from '@sieve/contracts';
import { describe, expect, it } from 'vitest';
import {
  averageTurnaroundMs,
  formatDollars,
  formatRate,
  formatTurnaround,
  successRate,
  topDocumentTypes,
} from './dashboard-stats';

const T0 = Date.parse('2024-03-05T10:00:00Z');

function request(overrides: Partial<RequestSummary> & { minutes?: number }): RequestSummary {
  const { minutes = 0, ...rest } = overrides;
  return {
    request_id: crypto.randomUUID(),
    document_type: 'pdf',
    status: 'pending',
    priority: 'medium',
    created_at: new Date(T0).toISOString(),
    updated_at: new Date(T0 + minutes * 60_000).toISOString(),
    completed_at: null,
    metadata: {},
    error: null,
    notes: [],
    ...rest,
  };
}

const completed = (minutes: number) => request({ status: 'completed', minutes });
const failed = (minutes: number) => request({ status: 'failed', minutes });

describe('average turnaround (spec 02 §9: mean of updated − created, as Xh Ym)', () => {
  it('averages the completed requests only', () => {
    const ms = averageTurnaroundMs([completed(60), completed(150), request({ minutes: 999 }), failed(5)]);
    expect(ms).toBe(105 * 60_000);
    expect(formatTurnaround(ms ?? 0)).toBe('1h 45m');
  });

  it('is null with no completed request', () => {
    expect(averageTurnaroundMs([request({}), failed(3)])).toBeNull();
    expect(averageTurnaroundMs([])).toBeNull();
  });

  it('formats hours and minutes', () => {
    expect(formatTurnaround(0)).toBe('0h 0m');
    expect(formatTurnaround(42_000)).toBe('0h 1m');
    expect(formatTurnaround(2 * 3_600_000 + 15 * 60_000)).toBe('2h 15m');
    expect(formatTurnaround(59.5 * 60_000)).toBe('1h 0m');
    expect(formatTurnaround(26 * 3_600_000)).toBe('26h 0m');
  });
});

describe('success rate (spec 02 §9: share of finished requests whose result succeeded)', () => {
  it('counts successes among finished requests, ignoring the unfinished', () => {
    const rate = successRate([completed(1), completed(2), completed(3), failed(1), request({})]);
    expect(rate).toBe(0.75);
    expect(formatRate(rate ?? 0)).toBe('75%');
  });

  it('rounds to one decimal', () => {
    expect(formatRate(2 / 3)).toBe('66.7%');
    expect(formatRate(1)).toBe('100%');
  });

  it('is null before anything finished', () => {
    expect(successRate([request({}), request({ status: 'processing' })])).toBeNull();
  });
});

describe('dollars', () => {
  it('shows cents', () => {
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(123.4)).toBe('$123.40');
  });
});

describe('top document types', () => {
  it('tallies the five most requested, most first', () => {
    const types = ['pdf', 'pdf', 'sec', 'csv', 'csv', 'csv', 'excel', 'lease', 'website', 'website'] as const;
    const tally = topDocumentTypes(types.map((document_type) => request({ document_type })));
    expect(tally).toEqual([
      { type: 'csv', count: 3 },
      { type: 'pdf', count: 2 },
      { type: 'website', count: 2 },
      { type: 'excel', count: 1 },
      { type: 'lease', count: 1 },
    ]);
  });
});
