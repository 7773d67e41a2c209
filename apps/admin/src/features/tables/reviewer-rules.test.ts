import { describe, expect, it } from 'vitest';
import { hasManyRejections, isStandoutScore, ratingTone, rowActionFor } from './reviewer-rules';

describe('reviewer colour rules (spec 02 §9)', () => {
  it('colours a rating green from 4.5, yellow from 3.5, else red, and leaves none uncoloured', () => {
    expect(ratingTone(5)).toBe('success');
    expect(ratingTone(4.5)).toBe('success');
    expect(ratingTone(4.49)).toBe('warning');
    expect(ratingTone(3.5)).toBe('warning');
    expect(ratingTone(3.49)).toBe('danger');
    expect(ratingTone(0)).toBe('danger');
    expect(ratingTone(null)).toBeNull();
    expect(ratingTone(Number.NaN)).toBeNull();
  });

  it('highlights more than 5 rejections', () => {
    expect(hasManyRejections(5)).toBe(false);
    expect(hasManyRejections(6)).toBe(true);
  });

  it('highlights a top-performer score above 0.9', () => {
    expect(isStandoutScore(0.9)).toBe(false);
    expect(isStandoutScore(0.901)).toBe(true);
  });

  it('offers Approve for a pending reviewer, Deactivate for an active one, Activate for an inactive one', () => {
    expect(rowActionFor('pending')).toEqual({ label: 'Approve', active: true });
    expect(rowActionFor('active')).toEqual({ label: 'Deactivate', active: false });
    expect(rowActionFor('inactive')).toEqual({ label: 'Activate', active: true });
  });
});
