import { describe, expect, it } from 'vitest';
import { aiPercent, confidenceBand, lowestFieldText, probabilityOf } from './confidence';

describe('confidence bands (spec 01 §4)', () => {
  it('is exp(confidence_score), -10 when absent', () => {
    expect(probabilityOf(0)).toBe(1);
    expect(probabilityOf(Math.log(0.9))).toBeCloseTo(0.9);
    expect(probabilityOf(undefined)).toBeCloseTo(Math.exp(-10));
    expect(probabilityOf(null)).toBeCloseTo(Math.exp(-10));
  });

  it('bands: above 0.95 High, 0.85 to 0.95 Medium, below 0.85 Low', () => {
    expect(confidenceBand(0.96)).toBe('high');
    expect(confidenceBand(0.95)).toBe('medium');
    expect(confidenceBand(0.9)).toBe('medium');
    expect(confidenceBand(0.85)).toBe('medium');
    expect(confidenceBand(0.849)).toBe('low');
    expect(confidenceBand(probabilityOf(undefined))).toBe('low');
  });

  it('shows the AI badge as a whole percentage', () => {
    expect(aiPercent(Math.log(0.923))).toBe(92);
    expect(aiPercent(0)).toBe(100);
  });

  it('says the figure is the least certain field’s, not the whole task’s (issue 15)', () => {
    expect(lowestFieldText(Math.log(0.2))).toEqual({
      short: 'Lowest field 20%',
      description:
        "Low confidence: the AI's least certain field is 20% sure; the other fields are at least that sure",
    });
    expect(lowestFieldText(Math.log(0.97)).description).toMatch(/^High confidence: .* 97% sure/);
  });
});
