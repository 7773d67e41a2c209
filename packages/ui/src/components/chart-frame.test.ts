import { describe, expect, it } from 'vitest';
import { axisTicks, labelIndices, niceCeiling } from './chart-frame';

describe('niceCeiling', () => {
  it('rounds an axis maximum up to 1, 2, 2.5, 5 or 10 times a power of ten', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(0.7)).toBe(1);
    expect(niceCeiling(3)).toBe(5);
    expect(niceCeiling(12)).toBe(20);
    expect(niceCeiling(21)).toBe(25);
    expect(niceCeiling(100)).toBe(100);
    expect(niceCeiling(101)).toBe(200);
  });
});

describe('labelIndices', () => {
  it('keeps every label when they fit, else thins them evenly and always keeps the last', () => {
    expect([...labelIndices(5, 8)].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4]);
    const thinned = [...labelIndices(24, 8)].sort((a, b) => a - b);
    expect(thinned.length).toBeLessThanOrEqual(8);
    expect(thinned).toContain(23);
    expect(labelIndices(0, 8).size).toBe(0);
  });
});

describe('axisTicks', () => {
  it('steps in readable amounts up to the first tick at or above the maximum', () => {
    expect(axisTicks(20)).toEqual([0, 5, 10, 15, 20]);
    expect(axisTicks(13)).toEqual([0, 5, 10, 15]);
    expect(axisTicks(0.9)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(axisTicks(0)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('keeps whole numbers for counts', () => {
    expect(axisTicks(5, { isInteger: true })).toEqual([0, 2, 4, 6]);
    expect(axisTicks(2, { isInteger: true })).toEqual([0, 1, 2]);
    expect(axisTicks(0, { isInteger: true })).toEqual([0, 1]);
  });
});
