import { describe, expect, it } from 'vitest';
import { withEvidence } from './evidence';

describe('the result keeps its evidence (issue 13)', () => {
  const ai = {
    result: {
      total_revenue: {
        value: 1234500000,
        location: 'page 2 · Income statement · Total revenue · FY2024',
        source_text: '1,234.5',
        source_url: null,
        confidence: 0.97,
        anchor: { page: 2, box: [0.6, 0.3, 0.7, 0.32], row_label: 'Total revenue', column_label: 'FY2024' },
      },
      gross_margin: { value: 0.45, location: 'page 2', source_text: '45%' },
    },
    confidence_score: -0.03,
  };

  it('keeps location, source text and anchor of a confirmed value, marked not corrected', () => {
    const out = withEvidence({ total_revenue: '$1,234.5 million' }, ai);
    expect(out.total_revenue).toEqual({
      value: '$1,234.5 million',
      location: 'page 2 · Income statement · Total revenue · FY2024',
      source_text: '1,234.5',
      source_url: null,
      anchor: ai.result.total_revenue.anchor,
      corrected: false,
    });
  });

  it('marks a corrected value with the AI value, and keeps a reviewer-given source over the AI one', () => {
    const out = withEvidence({ gross_margin: { value: 0.41, source_text: '41%', location: 'page 3' } }, ai);
    expect(out.gross_margin).toEqual({
      value: 0.41,
      source_text: '41%',
      location: 'page 3',
      corrected: true,
      ai_value: 0.45,
    });
  });

  it("keeps none of the AI's source text or location on a corrected value (issue 40)", () => {
    const out = withEvidence(
      {
        total_revenue: {
          value: 1334500000,
          location: ai.result.total_revenue.location,
          source_text: '1,234.5',
          source_url: null,
        },
        gross_margin: 0.5,
      },
      ai,
    );
    expect(out.total_revenue).toEqual({ value: 1334500000, corrected: true, ai_value: 1234500000 });
    expect(out.gross_margin).toEqual({ value: 0.5, corrected: true, ai_value: 0.45 });
  });

  it('compares an identifier as text: leading zeros are a correction, digits read as a number are not', () => {
    const receipt = { result: { receipt_number: { value: '004817', source_text: 'Receipt #: 004817' } } };
    expect(withEvidence({ receipt_number: '004817' }, receipt).receipt_number).toMatchObject({
      value: '004817',
      source_text: 'Receipt #: 004817',
      corrected: false,
    });
    expect(withEvidence({ receipt_number: '4817' }, receipt).receipt_number).toEqual({
      value: '4817',
      corrected: true,
      ai_value: '004817',
    });
  });

  it('marks an item the AI did not find as corrected', () => {
    expect(withEvidence({ net_income: 5 }, ai).net_income).toEqual({ value: 5, corrected: true });
  });

  it('compares line items by their cells: rows sent without boxes and confidences are not a correction', () => {
    const rows = [
      {
        description: 'Widget',
        amount: 10,
        anchor: { page: 1, box: [0.1, 0.2, 0.9, 0.25] },
        confidence: { amount: 0.9 },
      },
      {
        description: 'Gadget',
        amount: 25.5,
        anchor: { page: 1, box: [0.1, 0.3, 0.9, 0.35] },
        confidence: { amount: 0.6 },
      },
    ];
    const aiItems = { result: { items: { value: rows, type: 'line_items' } }, confidence_score: -0.1 };
    const same = withEvidence(
      {
        items: {
          value: [
            { description: 'widget', amount: '10.00' },
            { description: 'Gadget', amount: 25.5 },
          ],
        },
      },
      aiItems,
    );
    expect(same.items).toMatchObject({ corrected: false });
    const fixed = withEvidence(
      {
        items: {
          value: [
            { description: 'Widget', amount: 10 },
            { description: 'Gadget', amount: 52.5 },
          ],
        },
      },
      aiItems,
    );
    expect(fixed.items).toMatchObject({ corrected: true, ai_value: rows });
  });
});
