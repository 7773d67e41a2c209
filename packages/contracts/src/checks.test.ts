import { describe, expect, it, vi } from 'vitest';

// issue 42: the reviewer's form runs these checks in the browser; loading zod (fields.ts's
// schemas) with them put 90 KB and the schemas' construction on the queue's first render.
vi.mock('./zod', () => {
  throw new Error('the checks loaded zod');
});

describe('checks across fields, as a browser form runs them', () => {
  it('run without loading zod', async () => {
    const { runChecks } = await import('./checks');
    const [sum, equal] = runChecks({ subtotal: 41.2, tax: 3, total: 44.2 }, [
      { kind: 'sum', of: ['subtotal', 'tax'], equals: 'total' },
      { kind: 'equal', left: ['subtotal'], right: ['total'] },
    ]);
    expect(sum).toMatchObject({ name: 'subtotal + tax = total', passed: true });
    expect(equal).toMatchObject({ name: 'subtotal = total', passed: false });
  });
});
