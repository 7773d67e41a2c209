import { describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES } from './catalog';
import { CreateRequestBody } from './requests';
import { checkUrl, URL_MESSAGES } from './validation/url';

function issues(input: unknown) {
  const parsed = CreateRequestBody.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the URL check (spec 02 §5)', () => {
  it.each([
    ['https://www.sec.gov/filing.htm', true, URL_MESSAGES.valid],
    ['http://example.com', true, URL_MESSAGES.valid],
    ['ftp://example.com/file', false, URL_MESSAGES.scheme],
    ['www.example.com', false, URL_MESSAGES.scheme],
    ['https://', false, URL_MESSAGES.invalid],
    ['https://exa mple.com', false, URL_MESSAGES.invalid],
  ])('%s', (url, valid, message) => {
    expect(checkUrl(url)).toEqual({ valid, message });
  });
});

describe('request creation rules (spec 02 §5)', () => {
  it('needs a document type', () => {
    expect(issues({ metadata: {} })).toHaveProperty('document_type');
    expect(issues({ document_type: 'fax', metadata: {} })).toHaveProperty('document_type');
  });

  it('needs a URL or a file for file types', () => {
    expect(issues({ document_type: 'pdf', metadata: {} })).toEqual({
      'metadata.url': REQUEST_MESSAGES.sourceRequired,
    });
    expect(issues({ document_type: 'pdf', metadata: { url: 'https://acme.com/a.pdf' } })).toEqual({});
    expect(
      issues({ document_type: 'pdf', metadata: { file_id: '6f1c1c9e-3b1a-4c55-9d1e-5d7f8b9a0c11' } }),
    ).toEqual({});
  });

  it('checks URLs with the messages of the form', () => {
    expect(issues({ document_type: 'pdf', metadata: { url: 'acme.com/a.pdf' } })['metadata.url']).toBe(
      URL_MESSAGES.scheme,
    );
    expect(issues({ document_type: 'website', metadata: { url: 'https://' } })['metadata.url']).toBe(
      URL_MESSAGES.invalid,
    );
  });

  it('forces the SEC ticker to upper case and defaults the filing type to 10-K', () => {
    const parsed = CreateRequestBody.parse({
      document_type: 'sec',
      metadata: { ticker: 'aapl', fiscal_period: '2023' },
    });
    expect(parsed.metadata).toMatchObject({ ticker: 'AAPL', filing_type: '10-K' });
    expect(issues({ document_type: 'sec', metadata: {} })['metadata.ticker']).toBe(
      REQUEST_MESSAGES.tickerRequired,
    );
    expect(
      issues({ document_type: 'sec', metadata: { ticker: 'AAPL', filing_type: '10-X' } }),
    ).toHaveProperty('metadata.filing_type');
  });

  it('takes a fiscal period or an effective date, not both; a date needs a direction', () => {
    expect(
      issues({
        document_type: 'sec',
        metadata: {
          ticker: 'MSFT',
          fiscal_period: '2023',
          effective_date: '2023-06-30',
          search_direction: 'before',
        },
      }),
    ).toEqual({ 'metadata.effective_date': REQUEST_MESSAGES.periodOrDate });
    expect(
      issues({ document_type: 'sec', metadata: { ticker: 'MSFT', effective_date: '2023-06-30' } }),
    ).toEqual({
      'metadata.search_direction': REQUEST_MESSAGES.directionRequired,
    });
    expect(
      issues({
        document_type: 'sec',
        metadata: { ticker: 'MSFT', effective_date: '2023-06-30', search_direction: 'after' },
      }),
    ).toEqual({});
  });

  it('needs a URL for a website, with max pages 1–100, 10 when not numeric', () => {
    expect(issues({ document_type: 'website', metadata: {} })).toHaveProperty('metadata.url');
    const parse = (max_pages: unknown) =>
      CreateRequestBody.safeParse({
        document_type: 'website',
        metadata: { url: 'https://acme.com', max_pages },
      });
    expect(parse(undefined).data?.metadata).toMatchObject({ max_pages: 10, include_subdomains: false });
    const absent = CreateRequestBody.safeParse({
      document_type: 'website',
      metadata: { url: 'https://acme.com' },
    });
    expect(absent.data?.metadata).toMatchObject({ max_pages: 10 });
    expect(parse('lots').data?.metadata).toMatchObject({ max_pages: 10 });
    expect(parse(100).success).toBe(true);
    expect(parse(0).success).toBe(false);
    expect(parse(101).success).toBe(false);
  });

  it('needs the custom prompt text', () => {
    expect(issues({ document_type: 'custom_prompt', metadata: { custom_prompt: '   ' } })).toEqual({
      'metadata.custom_prompt': REQUEST_MESSAGES.customPromptRequired,
    });
    expect(
      issues({ document_type: 'custom_prompt', metadata: { custom_prompt: 'List the parties' } }),
    ).toEqual({});
  });

  it('trims data points and columns, drops blanks, refuses commas', () => {
    const parsed = CreateRequestBody.parse({
      document_type: 'csv',
      metadata: {
        url: 'https://acme.com/a.csv',
        data_points: [' revenue ', '', 'net income'],
        columns: ['a ', ' '],
      },
    });
    expect(parsed.metadata).toMatchObject({
      data_points: ['revenue', 'net income'],
      columns: ['a'],
      has_headers: true,
    });
    expect(
      issues({ document_type: 'pdf', metadata: { url: 'https://acme.com/a.pdf', data_points: ['a,b'] } }),
    ).toEqual({
      'metadata.data_points.0': REQUEST_MESSAGES.noCommas,
    });
  });

  it('defaults priority to medium and accepts low and high only', () => {
    expect(
      CreateRequestBody.parse({ document_type: 'pdf', metadata: { url: 'https://acme.com/a.pdf' } }).priority,
    ).toBe('medium');
    expect(
      issues({ document_type: 'pdf', priority: 'urgent', metadata: { url: 'https://acme.com/a.pdf' } }),
    ).toHaveProperty('priority');
  });

  it('refuses inline bytes over 10 MB', () => {
    const huge = 'A'.repeat(14_000_000);
    expect(issues({ document_type: 'pdf', metadata: { file_bytes: huge } })['metadata.file_bytes']).toBe(
      REQUEST_MESSAGES.fileTooLarge,
    );
  });
});
