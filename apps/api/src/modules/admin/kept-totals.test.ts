import { describe, expect, it } from 'vitest';
import { keptTotals } from './kept-totals';

/** A count that answers when told to, and says how often it was asked. */
function deferredCounts() {
  const waiting: { resolve: (n: number) => void; reject: (e: Error) => void }[] = [];
  return {
    count: () =>
      new Promise<number>((resolve, reject) => {
        waiting.push({ resolve, reject });
      }),
    get calls() {
      return waiting.length;
    },
    answer: (i: number, n: number) => waiting[i]?.resolve(n),
    fail: (i: number) => waiting[i]?.reject(new Error('database unavailable')),
  };
}

/** Kept totals on a clock the test moves, with the requests' total already counted once (7) at 0. */
async function countedOnce() {
  const clock = { now: 0 };
  const counts = deferredCounts();
  const total = keptTotals({ now: () => clock.now });
  const ask = () => total('requests|', 30_000, counts.count);
  const first = ask();
  counts.answer(0, 7);
  await first;
  return { clock, counts, total, ask };
}

describe('keptTotals', () => {
  it('counts once for every caller that asks while nothing is known yet', async () => {
    const counts = deferredCounts();
    const total = keptTotals({ now: () => 0 });
    const asked = Array.from({ length: 50 }, () => total('requests|', 30_000, counts.count));
    expect(counts.calls).toBe(1);
    counts.answer(0, 200_000);
    expect(await Promise.all(asked)).toEqual(Array(50).fill(200_000));
  });

  it('answers a total within its max age without counting', async () => {
    const { clock, counts, ask } = await countedOnce();
    clock.now = 30_000;
    expect(await ask()).toBe(7);
    expect(counts.calls).toBe(1);
  });

  it('answers an expired total at once while one recount runs, then the new total', async () => {
    const { clock, counts, ask } = await countedOnce();
    clock.now = 30_001;
    const during = await Promise.all(Array.from({ length: 20 }, ask));
    expect(during).toEqual(Array(20).fill(7));
    expect(counts.calls).toBe(2);
    counts.answer(1, 9);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await ask()).toBe(9);
    expect(counts.calls).toBe(2);
  });

  it('keeps each list and filter apart', async () => {
    const counts = deferredCounts();
    const total = keptTotals({ now: () => 0 });
    const all = total('requests|', 30_000, counts.count);
    const failed = total('requests|failed', 30_000, counts.count);
    counts.answer(0, 100);
    counts.answer(1, 3);
    expect([await all, await failed]).toEqual([100, 3]);
  });

  it('counts on every call with a max age of 0', async () => {
    const total = keptTotals({ now: () => 0 });
    let n = 0;
    const count = async () => ++n;
    expect([await total('k', 0, count), await total('k', 0, count)]).toEqual([1, 2]);
  });

  it('after a failed recount, serves nothing stale: the next caller counts and sees the outcome', async () => {
    const { clock, counts, ask } = await countedOnce();
    clock.now = 40_000;
    expect(await ask()).toBe(7);
    counts.fail(1);
    await new Promise((resolve) => setImmediate(resolve));
    const next = ask();
    expect(counts.calls).toBe(3);
    counts.fail(2);
    await expect(next).rejects.toThrow('database unavailable');
  });
});
