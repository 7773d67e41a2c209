import { describe, expect, it } from 'vitest';
import { reviewLabel } from './request-format';

describe('reviewLabel', () => {
  it('says "Human verified" only for a completed, human-reviewed request', () => {
    const human = { metadata: {} };
    expect(reviewLabel({ ...human, status: 'completed' })).toBe('Human verified');
    expect(reviewLabel({ ...human, status: 'failed' })).toBe('Not verified');
    expect(reviewLabel({ ...human, status: 'processing' })).toBe('Awaiting review');
    expect(reviewLabel({ ...human, status: 'pending' })).toBe('Awaiting review');
    expect(reviewLabel({ metadata: { ai_only_mode: true }, status: 'completed' })).toBe('AI only');
  });
});
