import {
  CreateRequestBody,
  FILING_TYPES,
  PRIORITIES,
  REQUEST_MESSAGES,
  UPLOAD_MAX_BYTES,
  URL_MESSAGES,
} from '@sieve/contracts';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  buildPayload,
  type FormAction,
  fieldOfPath,
  fieldsFor,
  formReducer,
  INITIAL_FORM,
  type RequestFormState,
  validateForm,
} from './request-form-state';

function form(...actions: FormAction[]): RequestFormState {
  return actions.reduce(formReducer, INITIAL_FORM);
}

function fileOf(name: string, size: number): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const pdfByUrl = (url: string) =>
  form({ type: 'documentType', value: 'pdf' }, { type: 'set', field: 'url', value: url });

describe('document type (spec 02 §5: submit is disabled until a type is chosen)', () => {
  it('asks for a type before anything else', () => {
    expect(validateForm(INITIAL_FORM)).toEqual({ documentType: 'Document type is required' });
  });
});

describe('URL (spec 02 §5: must parse and use http or https)', () => {
  it('refuses another scheme, and an unparseable URL', () => {
    expect(validateForm(pdfByUrl('ftp://example.com/a.pdf')).url).toBe(URL_MESSAGES.scheme);
    expect(validateForm(pdfByUrl('example.com/a.pdf')).url).toBe(URL_MESSAGES.scheme);
    expect(validateForm(pdfByUrl('https://exa mple')).url).toBe(URL_MESSAGES.invalid);
  });

  it('accepts http and https', () => {
    expect(validateForm(pdfByUrl('https://example.com/a.pdf'))).toEqual({});
    expect(validateForm(pdfByUrl('http://example.com/a.pdf'))).toEqual({});
  });

  it('needs a URL or a file for a document type', () => {
    expect(validateForm(pdfByUrl('')).url).toBe(REQUEST_MESSAGES.sourceRequired);
  });
});

describe('URL/file tabs and accepted files (spec 02 §5)', () => {
  it('offers the tabs with the accepted extensions for the upload types only', () => {
    expect(fieldsFor('pdf').accept).toEqual(['.pdf']);
    expect(fieldsFor('csv').accept).toEqual(['.csv']);
    expect(fieldsFor('excel').accept).toEqual(['.xlsx', '.xls']);
    for (const type of ['credit_card', 'lease', 'receipt_mapping', 'pos_mapping'] as const) {
      expect(fieldsFor(type).accept).toEqual([
        '.pdf',
        '.jpg',
        '.jpeg',
        '.png',
        '.webp',
        '.tif',
        '.tiff',
        '.bmp',
        '.heic',
      ]);
    }
    for (const type of ['sec', 'website', 'earnings_search', 'custom_prompt'] as const) {
      expect(fieldsFor(type).accept).toBeNull();
    }
  });

  const withFile = (type: 'pdf' | 'excel' | 'lease', file: File | null) =>
    form(
      { type: 'documentType', value: type },
      { type: 'sourceMode', value: 'file' },
      { type: 'file', value: file },
    );

  it('takes a file of 10 MB and refuses a larger one', () => {
    expect(validateForm(withFile('pdf', fileOf('a.pdf', UPLOAD_MAX_BYTES)))).toEqual({});
    expect(validateForm(withFile('pdf', fileOf('a.pdf', UPLOAD_MAX_BYTES + 1))).file).toBe(
      'File size must be less than 10MB',
    );
  });

  it('refuses an extension the type does not accept', () => {
    expect(validateForm(withFile('pdf', fileOf('a.png', 10))).file).toMatch(/Accepted: \.pdf$/);
    expect(validateForm(withFile('excel', fileOf('book.XLS', 10)))).toEqual({});
    expect(validateForm(withFile('lease', fileOf('scan.jpeg', 10)))).toEqual({});
  });

  it('asks for a file on the Upload tab', () => {
    expect(validateForm(withFile('pdf', null)).file).toBe('Choose a file to upload');
  });

  it('drops a file the new type does not accept, and the tabs for types without uploads', () => {
    const chosen = withFile('lease', fileOf('scan.png', 10));
    expect(formReducer(chosen, { type: 'documentType', value: 'credit_card' }).file?.name).toBe('scan.png');
    expect(formReducer(chosen, { type: 'documentType', value: 'pdf' }).file).toBeNull();
    expect(formReducer(chosen, { type: 'documentType', value: 'website' }).sourceMode).toBe('url');
  });

  it('sends the uploaded file, not the URL, from the Upload tab', () => {
    const state = form(
      { type: 'documentType', value: 'pdf' },
      { type: 'set', field: 'url', value: 'https://example.com/ignored.pdf' },
      { type: 'sourceMode', value: 'file' },
      { type: 'file', value: fileOf('a.pdf', 10) },
    );
    const payload = buildPayload(state, { file_id: 'f1', file_url: '/api/v1/files/f1', filename: 'a.pdf' });
    expect(payload.metadata).toEqual({
      data_points: [],
      ai_only_mode: false,
      file_id: 'f1',
      file_url: '/api/v1/files/f1',
      filename: 'a.pdf',
    });
  });
});

describe('SEC filings (spec 02 §5)', () => {
  const sec = (...actions: FormAction[]) => form({ type: 'documentType', value: 'sec' }, ...actions);

  it('requires a ticker and forces it to uppercase', () => {
    expect(validateForm(sec()).ticker).toBe(REQUEST_MESSAGES.tickerRequired);
    const state = sec({ type: 'ticker', value: 'aapl' });
    expect(state.ticker).toBe('AAPL');
    expect(validateForm(state)).toEqual({});
  });

  it('defaults the filing type to 10-K, from the six options', () => {
    expect(INITIAL_FORM.filingType).toBe('10-K');
    expect(FILING_TYPES).toEqual(['10-K', '10-Q', '8-K', '20-F', 'DEF 14A', 'S-1']);
    const payload = buildPayload(sec({ type: 'ticker', value: 'MSFT' }));
    expect(payload.metadata).toMatchObject({ ticker: 'MSFT', filing_type: '10-K' });
  });

  it('keeps either a fiscal period or an effective date: choosing one clears the other', () => {
    const dated = sec(
      { type: 'effectiveDate', value: '2024-03-05' },
      { type: 'set', field: 'searchDirection', value: 'before' },
    );
    const period = formReducer(dated, { type: 'fiscalPeriod', value: 'FY2023' });
    expect(period).toMatchObject({ fiscalPeriod: 'FY2023', effectiveDate: '', searchDirection: '' });
    const back = formReducer(period, { type: 'effectiveDate', value: '2024-01-31' });
    expect(back).toMatchObject({ fiscalPeriod: '', effectiveDate: '2024-01-31' });
  });

  it('needs a search direction with an effective date', () => {
    const dated = sec({ type: 'ticker', value: 'AAPL' }, { type: 'effectiveDate', value: '2024-03-05' });
    expect(validateForm(dated).searchDirection).toBe(REQUEST_MESSAGES.directionRequired);
    expect(
      validateForm(formReducer(dated, { type: 'set', field: 'searchDirection', value: 'after' })),
    ).toEqual({});
  });

  it('the schema refuses both at once (what a crafted request would get)', () => {
    const both = CreateRequestBody.safeParse({
      document_type: 'sec',
      metadata: {
        ticker: 'AAPL',
        fiscal_period: 'FY2023',
        effective_date: '2024-03-05',
        search_direction: 'before',
      },
    });
    expect(both.success).toBe(false);
    expect(both.error?.issues[0]?.message).toBe(REQUEST_MESSAGES.periodOrDate);
  });
});

describe('websites (spec 02 §5)', () => {
  const site = (...actions: FormAction[]) =>
    form(
      { type: 'documentType', value: 'website' },
      { type: 'set', field: 'url', value: 'https://example.com' },
      ...actions,
    );

  it('needs a URL', () => {
    expect(validateForm(form({ type: 'documentType', value: 'website' })).url).toBe(
      REQUEST_MESSAGES.urlRequired,
    );
  });

  it('takes 1 to 100 pages, default 10', () => {
    expect(INITIAL_FORM.maxPages).toBe('10');
    expect(validateForm(site({ type: 'set', field: 'maxPages', value: '1' }))).toEqual({});
    expect(validateForm(site({ type: 'set', field: 'maxPages', value: '100' }))).toEqual({});
    expect(validateForm(site({ type: 'set', field: 'maxPages', value: '0' })).maxPages).toBe(
      'Max pages must be between 1 and 100',
    );
    expect(validateForm(site({ type: 'set', field: 'maxPages', value: '101' })).maxPages).toBe(
      'Max pages must be between 1 and 100',
    );
  });

  it('falls back to 10 pages when the value is not numeric', () => {
    const parsed = CreateRequestBody.parse(buildPayload(site({ type: 'set', field: 'maxPages', value: '' })));
    expect(parsed.metadata).toMatchObject({ max_pages: 10, include_subdomains: false });
  });

  it('sends the include-subdomains toggle', () => {
    const state = site({ type: 'toggle', field: 'includeSubdomains', value: true });
    expect(buildPayload(state).metadata).toMatchObject({ include_subdomains: true, max_pages: '10' });
  });
});

describe('CSV, custom prompt, text types', () => {
  it('sends the columns and the has-headers flag for CSV', () => {
    const state = form(
      { type: 'documentType', value: 'csv' },
      { type: 'set', field: 'url', value: 'https://example.com/a.csv' },
      { type: 'items', field: 'columns', value: ['Revenue', 'Year'] },
      { type: 'toggle', field: 'hasHeaders', value: false },
    );
    expect(validateForm(state)).toEqual({});
    expect(buildPayload(state).metadata).toMatchObject({ columns: ['Revenue', 'Year'], has_headers: false });
  });

  it('requires the custom prompt text', () => {
    const prompt = form({ type: 'documentType', value: 'custom_prompt' });
    expect(validateForm(prompt).customPrompt).toBe(REQUEST_MESSAGES.customPromptRequired);
    expect(
      validateForm(formReducer(prompt, { type: 'set', field: 'customPrompt', value: '   ' })).customPrompt,
    ).toBe(REQUEST_MESSAGES.customPromptRequired);
    expect(
      validateForm(formReducer(prompt, { type: 'set', field: 'customPrompt', value: 'List the fees' })),
    ).toEqual({});
  });

  it('lets an earnings search run on a query instead of a URL', () => {
    const search = form({ type: 'documentType', value: 'earnings_search' });
    expect(validateForm(search).url).toBe(REQUEST_MESSAGES.sourceRequired);
    expect(
      validateForm(formReducer(search, { type: 'set', field: 'text', value: 'ACME Q3 2024 EPS' })),
    ).toEqual({});
  });
});

describe('data points and columns (spec 02 §5: one at a time, trimmed, blank ignored, no commas)', () => {
  it('adds a trimmed name', () => {
    expect(addItem([], '  Total revenue ')).toEqual({ list: ['Total revenue'], error: null });
  });

  it('ignores a blank entry', () => {
    expect(addItem(['A'], '   ')).toEqual({ list: ['A'], error: null });
  });

  it('refuses a comma: one name per entry', () => {
    expect(addItem(['A'], 'Revenue, margin')).toEqual({ list: ['A'], error: REQUEST_MESSAGES.noCommas });
  });

  it('does not add the same name twice', () => {
    expect(addItem(['Revenue'], 'revenue')).toEqual({ list: ['Revenue'], error: null });
  });

  it('sends them in the order added', () => {
    const state = form(
      { type: 'documentType', value: 'pdf' },
      { type: 'set', field: 'url', value: 'https://example.com/a.pdf' },
      { type: 'items', field: 'dataPoints', value: ['Total revenue', 'Gross margin', 'Report date'] },
    );
    expect(buildPayload(state).metadata).toMatchObject({
      data_points: ['Total revenue', 'Gross margin', 'Report date'],
    });
  });
});

describe('priority and AI-only (spec 02 §5)', () => {
  it('is low, medium (default) or high', () => {
    expect(PRIORITIES).toEqual(['low', 'medium', 'high']);
    expect(buildPayload(pdfByUrl('https://example.com/a.pdf')).priority).toBe('medium');
    const high = formReducer(pdfByUrl('https://example.com/a.pdf'), {
      type: 'set',
      field: 'priority',
      value: 'high',
    });
    expect(buildPayload(high).priority).toBe('high');
  });

  it('sends the AI-only choice', () => {
    const state = formReducer(pdfByUrl('https://example.com/a.pdf'), {
      type: 'toggle',
      field: 'aiOnly',
      value: true,
    });
    expect(buildPayload(state).metadata).toMatchObject({ ai_only_mode: true });
  });
});

describe('server field keys', () => {
  it('map to the form fields', () => {
    expect(fieldOfPath('metadata.ticker')).toBe('ticker');
    expect(fieldOfPath('metadata.file_id')).toBe('file');
    expect(fieldOfPath(['metadata', 'data_points', 2])).toBe('dataPoints');
    expect(fieldOfPath('document_type')).toBe('documentType');
    expect(fieldOfPath('metadata.unknown')).toBe('form');
  });
});

describe('templates (DESIGN §13)', () => {
  it('sends the chosen template beside the data points, and nothing without one', () => {
    const state = formReducer(pdfByUrl('https://example.com/a.pdf'), {
      type: 'set',
      field: 'templateId',
      value: 'invoice',
    });
    expect(buildPayload(state).metadata).toMatchObject({ template_id: 'invoice', data_points: [] });
    expect(CreateRequestBody.safeParse(buildPayload(state)).success).toBe(true);
    expect(buildPayload(pdfByUrl('https://example.com/a.pdf')).metadata).not.toHaveProperty('template_id');
    expect(fieldOfPath('metadata.template_id')).toBe('templateId');
    expect(formReducer(state, { type: 'reset' }).templateId).toBe('');
  });
});
