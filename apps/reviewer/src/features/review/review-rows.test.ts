import { describe, expect, it } from 'vitest';
import {
  displayText,
  learnedText,
  needsJsonEditor,
  parseEditedJson,
  parseInlineText,
  reviewColumns,
  rowsFromResult,
  sourceOf,
} from './review-rows';

describe('review table columns (spec 01 §5: 30 % rule and order)', () => {
  it('shows a sub-field when at least 30 % of items have it', () => {
    const result = {
      a: { value: 1, unit: 'USD' },
      b: { value: 2 },
      c: { value: 3 },
      // 1 of 3 = 33 % → unit shown
    };
    expect(reviewColumns(result)).toEqual(['value', 'unit']);
    const fewer = { ...result, d: { value: 4 } }; // 1 of 4 = 25 % → hidden
    expect(reviewColumns(fewer)).toEqual(['value']);
  });

  it('orders value, unit, year, amount, percentage, description, then others alphabetically', () => {
    const item = {
      zeta: 1,
      description: 'd',
      alpha: 2,
      percentage: 0.5,
      amount: 3,
      year: 2024,
      unit: 'USD',
      value: 9,
      source_text: 'not a column',
      location: 'page 1',
    };
    expect(reviewColumns({ a: item, b: item })).toEqual([
      'value',
      'unit',
      'year',
      'amount',
      'percentage',
      'description',
      'alpha',
      'zeta',
    ]);
  });

  it('never offers the field type as a column or an other field (DESIGN §13)', () => {
    const result = {
      total: { value: 38.5, type: 'money', currency: 'USD' },
      invoice_date: { value: '20240105', type: 'date' },
      line_items: { value: [{ description: 'Widget', amount: 10 }], type: 'line_items' },
    };
    const columns = reviewColumns(result);
    expect(columns).not.toContain('type');
    expect(columns).toEqual(['value', 'currency']);
    const rows = rowsFromResult(result, columns);
    for (const row of rows) {
      expect(row.cells).not.toHaveProperty('type');
      expect(row.otherFields).not.toContain('type');
    }
    expect(rows[0]?.cells).toEqual({ value: 38.5, currency: 'USD' });
  });

  it('counts bare values as values and always keeps the value column', () => {
    expect(reviewColumns({ a: 1, b: 'x' })).toEqual(['value']);
    expect(reviewColumns({})).toEqual(['value']);
    expect(reviewColumns({ a: { amount: 1 }, b: { amount: 2 } })).toEqual(['value', 'amount']);
  });

  it('puts the sub-fields without a column into other_fields and keeps the source aside', () => {
    const result = {
      a: { value: 1, rare: 'x', location: 'page 2, line 1', source_text: 'A: 1' },
      b: { value: 2 },
      c: 3,
      d: 4,
    };
    const columns = reviewColumns(result);
    const [first] = rowsFromResult(result, columns);
    expect(first?.cells).toEqual({ value: 1 });
    expect(JSON.parse(first?.otherFields ?? '')).toEqual({ rare: 'x' });
    expect(first?.source).toEqual({
      location: 'page 2, line 1',
      sourceText: 'A: 1',
      sourceUrl: null,
      confidence: null,
      anchor: null,
      learnedReviews: null,
    });
  });

  it('reads how many reviews taught a remembered answer (DESIGN §14), and keeps it out of the columns', () => {
    const result = { Total: { value: 5, learned: { hint_id: 'h', reviews: 3 } } };
    expect(reviewColumns(result)).toEqual(['value']);
    expect(sourceOf(result.Total)?.learnedReviews).toBe(3);
    expect(learnedText(3)).toBe('learned from 3 reviews');
    expect(learnedText(1)).toBe('learned from 1 review');
  });

  it('reads source_text also as sourceText', () => {
    expect(sourceOf({ value: 1, sourceText: 'here' })?.sourceText).toBe('here');
    expect(sourceOf(5)).toBeNull();
  });
});

describe('cell editing', () => {
  it('opens the JSON editor for structured values and text over 50 characters', () => {
    expect(needsJsonEditor({ a: 1 })).toBe(true);
    expect(needsJsonEditor([1])).toBe(true);
    expect(needsJsonEditor('x'.repeat(50))).toBe(false);
    expect(needsJsonEditor('x'.repeat(51))).toBe(true);
    expect(needsJsonEditor(1234500000)).toBe(false);
  });

  it('keeps the old value when the text is unchanged, makes exact numbers numbers', () => {
    expect(parseInlineText('1234500000', 1234500000)).toBe(1234500000);
    expect(parseInlineText('1234.5', 'old')).toBe(1234.5);
    expect(parseInlineText('007', 'old')).toBe('007');
    expect(parseInlineText('1,234', 'old')).toBe('1,234');
    expect(parseInlineText('', 'old')).toBe('');
    // issue 40: a typed value keeps the field's type.
    expect(parseInlineText('4421', null, { name: 'card_last_four' })).toBe('4421');
    expect(parseInlineText('4421', 'x', { name: 'lookup', aiValue: '1234' })).toBe('4421');
    expect(parseInlineText('4421', null, { name: 'total', aiValue: 12 })).toBe(4421);
  });

  it('stores edited JSON that fails to parse as text', () => {
    expect(parseEditedJson('{"a": 1}')).toEqual({ a: 1 });
    expect(parseEditedJson('plain words')).toBe('plain words');
    expect(parseEditedJson('"quoted"')).toBe('quoted');
  });

  it('shows nothing for empty values and JSON for structured ones', () => {
    expect(displayText(null)).toBe('');
    expect(displayText(0)).toBe('0');
    expect(displayText({ a: 1 })).toBe('{"a":1}');
  });
});
