import type { CheckSpec } from '@sieve/contracts';
import { describe, expect, it } from 'vitest';
import { checkReasons, checksOf, failedChecks } from './check-panel';

const checks: CheckSpec[] = [{ kind: 'sum', name: 'items add up', of: ['Items.amount'], equals: 'Subtotal' }];
const items = { value: [{ amount: 21 }, { amount: 10.2 }, { amount: 10 }] };

describe('checks in the review form (DESIGN §13)', () => {
  it('fails as the reviewer types a wrong value and passes once it is fixed', () => {
    expect(failedChecks(checks, { Items: items, Subtotal: { value: 44.2 } })).toEqual([
      expect.objectContaining({
        name: 'items add up',
        detail: 'Items.amount add up to 41.20, Subtotal says 44.20',
      }),
    ]);
    expect(failedChecks(checks, { Items: items, Subtotal: 41.2 })).toEqual([]);
  });

  it('sends a reason only for failed checks the reviewer explained', () => {
    const failed = failedChecks(checks, { Items: items, Subtotal: 50 });
    expect(checkReasons(failed, { 'items add up': '  discount printed overleaf ' })).toEqual([
      { name: 'items add up', reason: 'discount printed overleaf' },
    ]);
    expect(checkReasons(failed, { 'items add up': ' ' })).toEqual([]);
    expect(checksOf({ checks })).toEqual(checks);
    expect(checksOf({})).toEqual([]);
  });
});
