import { describe, expect, it } from 'vitest';
import {
  buildPayload,
  EMPTY_FORM,
  fieldOfServerError,
  fieldsFor,
  fileProblem,
  localToday,
  parseDataPoints,
  SUBMIT_MESSAGES,
  type SubmitFormValues,
  validateSubmit,
} from './submit-rules';

const TODAY = '2025-06-15';
const form = (values: Partial<SubmitFormValues>): SubmitFormValues => ({ ...EMPTY_FORM, ...values });
const check = (values: Partial<SubmitFormValues>, file: { name: string; size: number } | null = null) =>
  validateSubmit(form(values), { today: TODAY, file });

describe('field visibility per document type (spec 02 §5)', () => {
  it('shows nothing type-specific before a type is chosen', () => {
    expect(fieldsFor('')).toMatchObject({ url: false, file: false, dataPoints: false, text: null });
  });

  it('pdf: URL, file upload and data points', () => {
    expect(fieldsFor('pdf')).toMatchObject({
      url: true,
      file: true,
      dataPoints: true,
      sec: false,
      text: null,
    });
  });

  it('sec: URL, file upload and the SEC fields with the note; no data points', () => {
    expect(fieldsFor('sec')).toMatchObject({ url: true, file: true, dataPoints: false, sec: true });
  });

  it('custom_prompt: document text and the prompt; earnings_search: a search query', () => {
    expect(fieldsFor('custom_prompt')).toMatchObject({
      url: false,
      file: false,
      text: 'Document text',
      customPrompt: true,
    });
    expect(fieldsFor('earnings_search')).toMatchObject({
      url: false,
      file: false,
      text: 'Search query',
      customPrompt: false,
    });
  });
});

describe('validateSubmit', () => {
  it("requires a document type: 'Document type is required'", () => {
    expect(check({})).toEqual({ documentType: 'Document type is required' });
  });

  it("accepts an empty URL and refuses a bad one with 'Invalid URL'", () => {
    expect(check({ documentType: 'sec', ticker: 'AAPL' }).url).toBeUndefined();
    expect(check({ documentType: 'sec', ticker: 'AAPL', url: 'not a url' }).url).toBe('Invalid URL');
    expect(check({ documentType: 'sec', ticker: 'AAPL', url: 'ftp://example.com/a.pdf' }).url).toBe(
      'Invalid URL',
    );
    expect(check({ documentType: 'pdf', url: 'https://example.com/report.pdf' })).toEqual({});
  });

  it('refuses an expiration date before today and accepts today', () => {
    const base = { documentType: 'custom_prompt' as const, customPrompt: 'List the parties' };
    expect(check({ ...base, dataExpiration: '2025-06-14' }).dataExpiration).toBe(
      SUBMIT_MESSAGES.expirationInPast,
    );
    expect(check({ ...base, dataExpiration: TODAY })).toEqual({});
    expect(check({ ...base, dataExpiration: '2026-01-01' })).toEqual({});
  });

  it('checks the requester email only when one is given', () => {
    const base = { documentType: 'custom_prompt' as const, customPrompt: 'p' };
    expect(check({ ...base, onBehalfOf: 'rita@example.org' })).toEqual({});
    expect(check({ ...base, onBehalfOf: 'rita' }).onBehalfOf).toBe(SUBMIT_MESSAGES.invalidEmail);
  });

  it('asks for what the contract requires: a ticker, a prompt, a search query, a document', () => {
    expect(check({ documentType: 'sec' }).ticker).toBe('Ticker is required');
    expect(check({ documentType: 'custom_prompt' }).customPrompt).toBe('Custom prompt text is required');
    expect(check({ documentType: 'earnings_search' }).text).toBe(SUBMIT_MESSAGES.searchQueryRequired);
    expect(check({ documentType: 'lease' }).url).toBe('Provide a URL or upload a file');
    expect(check({ documentType: 'lease' }, { name: 'lease.pdf', size: 1000 })).toEqual({});
  });

  it('accepts .pdf, .txt, .doc and .docx files up to 10 MB', () => {
    expect(fileProblem({ name: 'a.PDF', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'a.docx', size: 10_485_760 })).toBeNull();
    expect(fileProblem({ name: 'a.png', size: 10 })).toBe(SUBMIT_MESSAGES.fileType);
    expect(fileProblem({ name: 'a.txt', size: 10_485_761 })).toBe('File size must be less than 10MB');
    expect(check({ documentType: 'pdf' }, { name: 'photo.jpg', size: 10 }).file).toBe(
      SUBMIT_MESSAGES.fileType,
    );
  });
});

describe('parseDataPoints', () => {
  it('splits on commas, trims, drops empty entries', () => {
    expect(parseDataPoints(' Total revenue, Net income ,, ,EPS ')).toEqual([
      'Total revenue',
      'Net income',
      'EPS',
    ]);
    expect(parseDataPoints('')).toEqual([]);
  });
});

describe('buildPayload', () => {
  it('sends the metadata without empty values, with ai_only_mode and the requester', () => {
    expect(
      buildPayload(
        form({
          onBehalfOf: ' rita@example.org ',
          documentType: 'custom_prompt',
          text: 'Total revenue: $5 million',
          customPrompt: ' List the parties ',
          aiOnly: true,
          url: 'https://ignored.example.com',
          dataPoints: 'ignored',
        }),
        null,
      ),
    ).toEqual({
      on_behalf_of: 'rita@example.org',
      document_type: 'custom_prompt',
      metadata: { ai_only_mode: true, text: 'Total revenue: $5 million', custom_prompt: 'List the parties' },
    });
  });

  it('uses the uploaded file_url and the data points for a pdf, and leaves the requester out when empty', () => {
    expect(
      buildPayload(
        form({ documentType: 'pdf', dataPoints: 'Revenue, EPS', dataExpiration: '2025-07-01' }),
        '/api/v1/files/f1',
      ),
    ).toEqual({
      document_type: 'pdf',
      metadata: {
        ai_only_mode: false,
        file_url: '/api/v1/files/f1',
        data_expiration: '2025-07-01',
        data_points: ['Revenue', 'EPS'],
      },
    });
  });

  it('sends the ticker upper-cased and the filing type for SEC', () => {
    expect(
      buildPayload(form({ documentType: 'sec', ticker: ' aapl ', filingType: '10-Q' }), null).metadata,
    ).toEqual({
      ai_only_mode: false,
      ticker: 'AAPL',
      filing_type: '10-Q',
    });
  });

  it('sends the chosen template as metadata.template_id, and none when none is chosen (DESIGN §13)', () => {
    const withTemplate = buildPayload(
      form({ documentType: 'pdf', url: 'https://acme.io/inv.pdf', templateId: 'invoice' }),
      null,
    );
    expect(withTemplate.metadata.template_id).toBe('invoice');
    expect(
      buildPayload(form({ documentType: 'pdf', url: 'https://acme.io/inv.pdf' }), null).metadata,
    ).not.toHaveProperty('template_id');
  });
});

describe('server field errors', () => {
  it('land on the form field they belong to', () => {
    expect(fieldOfServerError('metadata.url')).toBe('url');
    expect(fieldOfServerError('metadata.data_points.2')).toBe('dataPoints');
    expect(fieldOfServerError('on_behalf_of')).toBe('onBehalfOf');
    expect(fieldOfServerError('metadata.template_id')).toBe('templateId');
    expect(fieldOfServerError('metadata.checks.0.equals')).toBe('templateId');
    expect(fieldOfServerError('metadata.mystery')).toBeNull();
  });
});

describe('localToday', () => {
  it('writes the local date as YYYY-MM-DD', () => {
    expect(localToday(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});
