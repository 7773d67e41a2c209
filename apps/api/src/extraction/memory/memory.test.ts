import { describe, expect, it } from 'vitest';
import {
  type ExtractionOptions,
  type ExtractionProvider,
  extractFromSource,
  HeuristicProvider,
  loadBytes,
  loadDocument,
} from '..';
import { makeInvoicePdf, TEST_INVOICE } from '../testing/invoice-pdf';
import { layoutFingerprint } from './fingerprint';
import { placeKey } from './places';
import { hintExamples, recallAnswers, storedReadings, teachingPlace } from './recall';

// DESIGN §14: fingerprints, teaching and answers from memory, on documents made in the test.

interface Statement {
  issuer: string;
  number: string;
  opening: string;
  payable: string;
  last: string;
  customer?: string;
}

function statementHtml(s: Statement) {
  return `<html><body><h1>${s.issuer}</h1><p>Statement no: ${s.number}</p><p>Customer: ${s.customer ?? 'Acme'}</p>
  <h2>Account summary</h2><table><tr><th>Item</th><th>This period</th><th>Last period</th></tr>
  <tr><td>Opening balance</td><td>${s.opening}</td><td>${s.last}</td></tr>
  <tr><td>Balance payable</td><td>${s.payable}</td><td>${s.opening}</td></tr></table></body></html>`;
}

const load = (html: string) => loadBytes(new TextEncoder().encode(html), { contentType: 'text/html' });
const HARBOUR: Statement = {
  issuer: 'Harbour Freight Co',
  number: '4411',
  opening: '1,200.00',
  payable: '2,345.10',
  last: '900.00',
};
const provider = new HeuristicProvider();

describe('layout fingerprint (DESIGN §14)', () => {
  it('is the same for two statements of one issuer with other values, and names the issuer', async () => {
    const a = layoutFingerprint(await load(statementHtml(HARBOUR)));
    const b = layoutFingerprint(
      await load(
        statementHtml({
          ...HARBOUR,
          number: '5120',
          opening: '88.00',
          payable: '17,004.55',
          customer: 'Initech',
        }),
      ),
    );
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.source).toBe('Harbour Freight Co');
  });

  it('differs for another issuer, another table and another kind of document', async () => {
    const base = layoutFingerprint(await load(statementHtml(HARBOUR))).fingerprint;
    const otherIssuer = layoutFingerprint(
      await load(statementHtml({ ...HARBOUR, issuer: 'Bluewater Bank' })),
    );
    const otherTable = layoutFingerprint(
      await load(statementHtml(HARBOUR).replace('Account summary', 'Balance overview')),
    );
    const invoice = layoutFingerprint(await loadBytes(await makeInvoicePdf()));
    expect(new Set([base, otherIssuer.fingerprint, otherTable.fingerprint, invoice.fingerprint]).size).toBe(
      4,
    );
  });

  it('holds for invoices of one supplier with other numbers, dates and items', async () => {
    const a = layoutFingerprint(await loadBytes(await makeInvoicePdf()));
    const b = layoutFingerprint(
      await loadBytes(
        await makeInvoicePdf({
          ...TEST_INVOICE,
          number: '005102',
          date: 'June 1, 2024',
          due: 'July 1, 2024',
          items: [
            { description: 'Walnut desk', quantity: 1, unit: 310, amount: 310 },
            { description: 'Desk lamp', quantity: 2, unit: 20, amount: 40 },
          ],
          subtotal: 350,
          tax: 28,
          total: 378,
        }),
      ),
    );
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.source).toBe('Northwind Supplies Ltd');
  });
});

describe('teaching and recall (DESIGN §14)', () => {
  it('finds where a reviewed value sat and answers the next statement from there', async () => {
    const first = await load(statementHtml(HARBOUR));
    const missed = await provider.extract(first, ['Amount due', 'Statement number'], { documentType: 'pdf' });
    expect(missed.result['Amount due']?.value).toBeNull();

    const readings = storedReadings(first);
    const due = teachingPlace(readings, 'Amount due', 2345.1);
    expect(due?.place).toEqual({
      kind: 'cell',
      table_title: 'Account summary',
      row_label: 'Balance payable',
      column_header: 'This period',
      column_rank: 0,
    });
    const number = teachingPlace(readings, 'Statement number', '4411');
    expect(number?.place).toEqual({ kind: 'label', label: 'Statement no', offset: { line: 0, segment: 0 } });

    const next = await load(
      statementHtml({ ...HARBOUR, number: '5120', opening: '88.00', payable: '17,004.55' }),
    );
    const result = await provider.extract(next, ['Amount due', 'Statement number'], { documentType: 'pdf' });
    const hints = [
      {
        id: 'h1',
        field: 'Amount due',
        place: due?.place ?? HARBOUR_PLACE,
        type: 'money' as const,
        reviews: 2,
        corrections: 0,
      },
      {
        id: 'h2',
        field: 'Statement number',
        place: number?.place ?? HARBOUR_PLACE,
        reviews: 1,
        corrections: 0,
      },
    ];
    expect(recallAnswers(result, next, hints)).toBe(2);
    expect(result.result['Amount due']).toMatchObject({
      value: 17004.55,
      type: 'money',
      learned: { hint_id: 'h1', reviews: 2 },
      anchor: { row_label: 'Balance payable', column_label: 'This period' },
    });
    expect(result.result['Amount due']?.confidence).toBeGreaterThan(0.95);
    expect(result.result['Statement number']).toMatchObject({ value: '5120', learned: { reviews: 1 } });
    expect(result.result['Statement number']?.confidence).toBeLessThanOrEqual(0.95);
  });

  it('leaves a field to the extractor when the remembered place is missing or holds no value of its type', async () => {
    const doc = await load(statementHtml(HARBOUR).replace('Balance payable', 'Closing total'));
    const result = await provider.extract(doc, ['Amount due'], { documentType: 'pdf' });
    const place = {
      kind: 'cell',
      table_title: 'Account summary',
      row_label: 'Balance payable',
      column_header: 'This period',
      column_rank: 0,
    } as const;
    expect(
      recallAnswers(result, doc, [{ id: 'h', field: 'Amount due', place, reviews: 3, corrections: 0 }]),
    ).toBe(0);
    const customer = { kind: 'label', label: 'Customer', offset: { line: 0, segment: 0 } } as const;
    const asMoney = await provider.extract(doc, ['Amount due'], { documentType: 'pdf' });
    const hint = {
      id: 'h',
      field: 'Amount due',
      place: customer,
      type: 'money' as const,
      reviews: 3,
      corrections: 0,
    };
    expect(recallAnswers(asMoney, doc, [hint])).toBe(0);
  });

  it('teaches nothing when the value sits in several places and no label names the field', async () => {
    const doc = await load(statementHtml({ ...HARBOUR, last: '2,345.10' }));
    expect(teachingPlace(storedReadings(doc), 'Amount due', 2345.1)).toBeUndefined();
  });

  it('keys a place by its shape: a year in a header or title does not make it another place', () => {
    const a = {
      kind: 'cell',
      table_title: 'Year ended 2024',
      row_label: 'Revenue',
      column_header: '2024',
      column_rank: 0,
    } as const;
    const b = { ...a, table_title: 'Year ended 2025', column_header: '2025' };
    expect(placeKey(a)).toBe(placeKey(b));
    expect(placeKey(a)).not.toBe(placeKey({ ...b, column_rank: 1 }));
  });
});

describe('hints as examples for LLM providers (DESIGN §14)', () => {
  const place = {
    kind: 'cell',
    table_title: 'Account summary',
    row_label: 'Balance payable',
    column_header: 'This period',
    column_rank: 0,
  } as const;
  const hint = { id: 'h', field: 'Amount due', place, reviews: 2, corrections: 0, fingerprint: 'fp' };

  it("words the hints of the document's layout, leaving out weakened ones and other layouts", () => {
    const label = {
      ...hint,
      id: 'l',
      field: 'Statement number',
      place: { kind: 'label', label: 'Statement no', offset: { line: 0, segment: 0 } } as const,
      reviews: 1,
    };
    expect(
      hintExamples(
        [hint, label, { ...hint, id: 'w', corrections: 1 }, { ...hint, id: 'o', fingerprint: 'other' }],
        'fp',
      ),
    ).toEqual([
      'Amount due: table "Account summary", row "Balance payable", column "This period" (2 reviews)',
      'Statement number: the value labelled "Statement no", after it (1 review)',
    ]);
  });

  it('gives the provider the examples of the layout it reads', async () => {
    const seen: ExtractionOptions[] = [];
    const capture: ExtractionProvider = {
      name: 'capture',
      extract: async (_doc, _points, options) => {
        seen.push(options);
        return { result: {}, confidence_score: -10, provider: 'capture' };
      },
    };
    const deps = { allowPrivateFetch: false, secBaseUrl: 'http://127.0.0.1:1', secUserAgent: 'Sieve tests' };
    const source = {
      kind: 'text',
      text: 'Harbour Freight Co\nStatement no: 4411\nCustomer: Acme\n',
    } as const;
    const { fingerprint } = layoutFingerprint(await loadDocument(source, deps));
    await extractFromSource(
      source,
      {
        dataPoints: ['Amount due'],
        documentType: 'pdf',
        hints: [
          { ...hint, fingerprint },
          { ...hint, id: 'o', fingerprint: 'other' },
        ],
      },
      { ...deps, provider: capture },
    );
    expect(seen[0]?.examples).toEqual([
      'Amount due: table "Account summary", row "Balance payable", column "This period" (2 reviews)',
    ]);
  });
});

const HARBOUR_PLACE = { kind: 'label', label: 'none', offset: { line: 0, segment: 0 } } as const;
