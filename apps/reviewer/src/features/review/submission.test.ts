import { describe, expect, it, vi } from 'vitest';
import { type ReviewRow, reviewColumns, rowsFromResult } from './review-rows';
import {
  buildResult,
  buildSubmission,
  itemFromRow,
  parseOtherFields,
  provenanceOf,
  valueProblem,
} from './submission';

const source = {
  location: 'page 1, line 3',
  sourceText: 'Total revenue: $1,234.5 million',
  sourceUrl: null,
  confidence: 0.97,
  anchor: null,
  learnedReviews: null,
};

function row(partial: Partial<ReviewRow>): ReviewRow {
  return { id: 'r', key: 'total_revenue', cells: {}, otherFields: '', source: null, ...partial };
}

describe('review submission shaping (spec 01 §5, §7)', () => {
  it('sends an item with only a value as the bare value', () => {
    expect(itemFromRow(row({ cells: { value: 1234500000 }, source }), ['value'])).toBe(1234500000);
  });

  it('drops empty and null fields, and an item left with nothing', () => {
    expect(itemFromRow(row({ cells: { value: '  ', unit: null } }), ['value', 'unit'])).toBeUndefined();
    expect(itemFromRow(row({ cells: { value: 5, unit: '' } }), ['value', 'unit'])).toBe(5);
    const result = buildResult(
      [row({ key: 'a', cells: { value: 1 } }), row({ id: 'b', key: 'b', cells: { value: '' } })],
      ['value'],
    );
    expect(result).toEqual({ a: 1 });
  });

  it('normalises object entries to carry location, source_text, value and source_url', () => {
    const item = itemFromRow(row({ cells: { value: 12, unit: 'USD' }, source, aiValue: 12 }), [
      'value',
      'unit',
    ]);
    expect(item).toEqual({
      location: 'page 1, line 3',
      source_text: 'Total revenue: $1,234.5 million',
      value: 12,
      source_url: null,
      unit: 'USD',
    });
    expect(Object.keys(item as object).slice(0, 4)).toEqual([
      'location',
      'source_text',
      'value',
      'source_url',
    ]);
  });

  it("drops the AI's source of a corrected value, keeping the reviewer's click-to-fill text (issue 40)", () => {
    const columns = ['value', 'unit'];
    expect(itemFromRow(row({ cells: { value: 13, unit: 'USD' }, source, aiValue: 12 }), columns)).toEqual({
      location: '',
      source_text: '',
      value: 13,
      source_url: null,
      unit: 'USD',
    });
    expect(
      itemFromRow(
        row({ cells: { value: 13, unit: 'USD' }, source, aiValue: 12, pickedText: '$13' }),
        columns,
      ),
    ).toMatchObject({ source_text: '$13', location: '', value: 13 });
  });

  it('shows beside a value the provenance it is submitted with: corrected, its pick or nothing (issue 40)', () => {
    expect(provenanceOf(row({ cells: { value: '1,234,500,000' }, source, aiValue: 1234500000 }))).toEqual({
      source,
      isCorrected: false,
      isPicked: false,
    });
    expect(provenanceOf(row({ cells: { value: 13 }, source, aiValue: 12 }))).toEqual({
      source: null,
      isCorrected: true,
      isPicked: false,
    });
    const picked = provenanceOf(row({ cells: { value: 13 }, source, aiValue: 12, pickedText: '$13' }));
    expect(picked).toMatchObject({
      isCorrected: true,
      isPicked: true,
      source: { sourceText: '$13', location: null },
    });
    // An added row is no correction.
    expect(provenanceOf(row({ cells: { value: 5 } }))).toMatchObject({ isCorrected: false, source: null });
  });

  it('keeps a typed identifier as the text typed: "0042" stays "0042" (issue 40)', () => {
    const card = (value: unknown, aiValue: unknown, key = 'card_last_four') =>
      itemFromRow(row({ key, cells: { value }, aiValue }), ['value']);
    expect(card('0042', 4421)).toBe('0042');
    expect(card('0042', null)).toBe('0042');
    expect(card('004818', '004817', 'Receipt ref')).toBe('004818');
    expect(card('0042', '4421', 'lookup')).toBe('0042');
    expect(card('$1,200', 1000, 'total')).toBe(1200);
    expect(valueProblem('0042', 4421, 'card_last_four')).toBeNull();
  });

  it('gives an object entry without a source empty provenance and a null value when it has none', () => {
    expect(itemFromRow(row({ cells: { unit: 'USD' } }), ['value', 'unit'])).toEqual({
      location: '',
      source_text: '',
      value: null,
      source_url: null,
      unit: 'USD',
    });
  });

  it('merges valid other_fields JSON and ignores invalid text', () => {
    expect(parseOtherFields('{"year": 2024}')).toEqual({ year: 2024 });
    expect(parseOtherFields('{oops')).toBeNull();
    expect(parseOtherFields('[1,2]')).toBeNull();
    expect(
      itemFromRow(row({ cells: { value: 1 }, otherFields: '{"year": 2024, "note": ""}' }), ['value']),
    ).toEqual({
      location: '',
      source_text: '',
      value: 1,
      source_url: null,
      year: 2024,
    });
    expect(itemFromRow(row({ cells: { value: 1 }, otherFields: 'not json' }), ['value'])).toBe(1);
  });

  it('skips rows without a name', () => {
    expect(buildResult([row({ key: '  ', cells: { value: 3 } })], ['value'])).toEqual({});
  });

  it('uses -0.1 / 0.8 unedited and -0.5 / 0.9 edited, with ai_processed true', () => {
    const rows = [row({ cells: { value: 1 } })];
    expect(buildSubmission({ rows, columns: ['value'], isEdited: false })).toEqual({
      response: { ai_processed: true, confidence_score: -0.1, result: { total_revenue: 1 } },
      confidence: 0.8,
    });
    const edited = buildSubmission({ rows, columns: ['value'], isEdited: true, timeSpentSeconds: 12.4 });
    expect(edited.response.confidence_score).toBe(-0.5);
    expect(edited.confidence).toBe(0.9);
    expect(edited.time_spent_seconds).toBe(12);
  });

  it('only warns when every value is empty', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const body = buildSubmission({
      rows: [row({ cells: { value: '' } })],
      columns: ['value'],
      isEdited: true,
    });
    expect(body.response.result).toEqual({});
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('round-trips an unedited AI result: bare values, structured items normalised', () => {
    const ai = {
      total_revenue: {
        value: 1234500000,
        location: 'page 1, line 3',
        source_text: 'Total revenue: $1,234.5 million',
        source_url: null,
        confidence: 0.97,
      },
      gross_margin: { value: 0.42, unit: 'ratio', sourceText: 'Gross margin: 42%' },
      fiscal_year: '20241231',
    };
    const columns = reviewColumns(ai);
    expect(columns).toEqual(['value', 'unit']);
    const result = buildResult(rowsFromResult(ai, columns), columns);
    expect(result).toEqual({
      total_revenue: 1234500000,
      gross_margin: {
        location: '',
        source_text: 'Gross margin: 42%',
        value: 0.42,
        source_url: null,
        unit: 'ratio',
      },
      fiscal_year: '20241231',
    });
  });
});

describe('the formatting guidelines at submit (issue 13)', () => {
  it('submits a typed date as YYYYMMDD, an amount as a plain number, a percentage as a decimal', () => {
    const result = buildResult(
      [
        row({ key: 'report_date', cells: { value: '2024-03-14' } }),
        row({ id: 'b', key: 'Total revenue', cells: { value: '260.20' } }),
        row({ id: 'c', key: 'Gross margin', cells: { value: '45%' } }),
        row({ id: 'd', key: 'Fiscal year end', cells: { value: '20241231' } }),
      ],
      ['value'],
    );
    expect(result).toEqual({
      report_date: '20240314',
      'Total revenue': 260.2,
      'Gross margin': 0.45,
      'Fiscal year end': '20241231',
    });
  });

  it('flags a value that cannot be normalised for its field', () => {
    expect(valueProblem('about twelve', 1234, 'Total revenue')).toBe('Not a number');
    expect(valueProblem('1,234.5', 1234, 'Total revenue')).toBeNull();
    expect(valueProblem('sometime in March', '20240305', 'Report date')).toBe('Not a date');
    expect(valueProblem('March 5, 2024', '20240305', 'Report date')).toBeNull();
    expect(valueProblem('', 1234, 'Total revenue')).toBeNull();
  });
});
