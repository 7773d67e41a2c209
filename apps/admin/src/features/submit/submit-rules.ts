import {
  type ADMIN_DOCUMENT_TYPES,
  checkUrl,
  FILE_TYPE_ACCEPT,
  REQUEST_MESSAGES,
  UPLOAD_MAX_BYTES,
} from '@sieve/contracts';

export type AdminDocumentType = (typeof ADMIN_DOCUMENT_TYPES)[number];

/** spec 02 §5 admin form: the SEC note names these filings. */
export const SEC_FILING_TYPES = ['10-K', '10-Q', '8-K'] as const;
export type SecFilingType = (typeof SEC_FILING_TYPES)[number];

export interface SubmitFormValues {
  /** The requester the request is for; empty submits it for the admin's own account. */
  onBehalfOf: string;
  documentType: '' | AdminDocumentType;
  url: string;
  /** Document text (custom_prompt) or the search query (earnings_search). */
  text: string;
  /** Comma-separated (spec 02 §3). */
  dataPoints: string;
  customPrompt: string;
  /** YYYY-MM-DD or empty. */
  dataExpiration: string;
  aiOnly: boolean;
  ticker: string;
  filingType: SecFilingType;
  /** DESIGN §13: a built-in or the requester's own template (`metadata.template_id`); '' for none. */
  templateId: string;
}

export type SubmitField = keyof SubmitFormValues | 'file';
export type SubmitErrors = Partial<Record<SubmitField, string>>;

export const EMPTY_FORM: SubmitFormValues = {
  onBehalfOf: '',
  documentType: '',
  url: '',
  text: '',
  dataPoints: '',
  customPrompt: '',
  dataExpiration: '',
  aiOnly: false,
  ticker: '',
  filingType: '10-K',
  templateId: '',
};

/** spec 02 §4/§5/§8 texts of the admin form. */
export const SUBMIT_MESSAGES = {
  documentTypeRequired: 'Document type is required',
  invalidUrl: 'Invalid URL',
  expirationInPast: 'The expiration date cannot be earlier than today',
  invalidEmail: 'Enter the requester’s email address, or leave it empty',
  fileType: 'Choose a .pdf, .txt, .doc or .docx file',
  fileTooLarge: REQUEST_MESSAGES.fileTooLarge,
  tickerRequired: REQUEST_MESSAGES.tickerRequired,
  customPromptRequired: REQUEST_MESSAGES.customPromptRequired,
  sourceRequired: REQUEST_MESSAGES.sourceRequired,
  searchQueryRequired: 'A search query is required',
  submitting: 'Submitting...',
  success: 'Request submitted successfully!',
  failed: 'Failed to submit request',
  uploadFailed: 'Failed to upload file',
} as const;

/** What the form shows for a document type (spec 02 §5), and what the server will require. */
export interface FieldVisibility {
  url: boolean;
  file: boolean;
  dataPoints: boolean;
  /** SEC filings: ticker and filing type (the contract requires a ticker), and the note. */
  sec: boolean;
  /** The text area's label, when there is one. */
  text: 'Document text' | 'Search query' | null;
  customPrompt: boolean;
  /** A URL or a file must be given. */
  needsSource: boolean;
}

const NONE: FieldVisibility = {
  url: false,
  file: false,
  dataPoints: false,
  sec: false,
  text: null,
  customPrompt: false,
  needsSource: false,
};

/**
 * spec 02 §5: pdf and sec show URL and file upload; pdf also data points; sec a note on the
 * filings; custom_prompt the document text and the prompt; earnings_search a search query (sent
 * as text). The other types need a document to read too (the contract asks for a URL or a file),
 * so they show URL, file and data points like pdf.
 */
export function fieldsFor(type: SubmitFormValues['documentType']): FieldVisibility {
  switch (type) {
    case '':
      return NONE;
    case 'sec':
      return { ...NONE, url: true, file: true, sec: true };
    case 'custom_prompt':
      return { ...NONE, text: 'Document text', customPrompt: true };
    case 'earnings_search':
      return { ...NONE, text: 'Search query' };
    default:
      return { ...NONE, url: true, file: true, dataPoints: true, needsSource: true };
  }
}

/** spec 02 §5: split on commas, trimmed, empty entries dropped. */
export function parseDataPoints(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Today as YYYY-MM-DD in the admin's time zone (the date input's value format). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ACCEPTED = FILE_TYPE_ACCEPT.admin_submit ?? ['.pdf', '.txt', '.doc', '.docx'];
export const FILE_ACCEPT = ACCEPTED.join(',');

export function fileProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED.some((extension) => name.endsWith(extension))) return SUBMIT_MESSAGES.fileType;
  if (file.size > UPLOAD_MAX_BYTES) return SUBMIT_MESSAGES.fileTooLarge;
  return null;
}

/**
 * spec 02 §5: document type required; a URL, if given, must be valid; the expiration date not
 * before today. Plus what the server's contract requires for the chosen type, so the admin hears
 * it before sending.
 */
export function validateSubmit(
  values: SubmitFormValues,
  { today, file }: { today: string; file: { name: string; size: number } | null },
): SubmitErrors {
  const errors: SubmitErrors = {};
  if (!values.documentType) {
    errors.documentType = SUBMIT_MESSAGES.documentTypeRequired;
    return errors;
  }
  const visible = fieldsFor(values.documentType);
  const email = values.onBehalfOf.trim();
  if (email && !EMAIL.test(email)) errors.onBehalfOf = SUBMIT_MESSAGES.invalidEmail;
  const url = values.url.trim();
  if (visible.url && url && !checkUrl(url).valid) errors.url = SUBMIT_MESSAGES.invalidUrl;
  if (values.dataExpiration && values.dataExpiration < today) {
    errors.dataExpiration = SUBMIT_MESSAGES.expirationInPast;
  }
  if (visible.file && file) {
    const problem = fileProblem(file);
    if (problem) errors.file = problem;
  }
  if (visible.sec && !values.ticker.trim()) errors.ticker = SUBMIT_MESSAGES.tickerRequired;
  if (visible.customPrompt && !values.customPrompt.trim()) {
    errors.customPrompt = SUBMIT_MESSAGES.customPromptRequired;
  }
  if (visible.text === 'Search query' && !values.text.trim())
    errors.text = SUBMIT_MESSAGES.searchQueryRequired;
  if (visible.needsSource && !url && !file && !errors.url) errors.url = SUBMIT_MESSAGES.sourceRequired;
  return errors;
}

export interface AdminSubmitPayload {
  on_behalf_of?: string;
  document_type: AdminDocumentType;
  metadata: {
    url?: string;
    file_url?: string;
    text?: string;
    custom_prompt?: string;
    data_expiration?: string;
    data_points?: string[];
    ai_only_mode: boolean;
    ticker?: string;
    filing_type?: SecFilingType;
    template_id?: string;
  };
}

/**
 * The POST /admin/requests body: document_type plus metadata {url, file_url, text, custom_prompt,
 * data_expiration, data_points, template_id} with empty values left out (spec 02 §5), and
 * ai_only_mode — the 'Process with AI only' box is sent (DESIGN §7).
 */
export function buildPayload(values: SubmitFormValues, fileUrl: string | null): AdminSubmitPayload {
  if (!values.documentType) throw new Error(SUBMIT_MESSAGES.documentTypeRequired);
  const visible = fieldsFor(values.documentType);
  const metadata: AdminSubmitPayload['metadata'] = { ai_only_mode: values.aiOnly };
  const url = values.url.trim();
  if (visible.url && url) metadata.url = url;
  if (visible.file && fileUrl) metadata.file_url = fileUrl;
  if (visible.text && values.text.trim()) metadata.text = values.text;
  if (visible.customPrompt && values.customPrompt.trim()) metadata.custom_prompt = values.customPrompt.trim();
  if (values.dataExpiration) metadata.data_expiration = values.dataExpiration;
  const points = visible.dataPoints ? parseDataPoints(values.dataPoints) : [];
  if (points.length > 0) metadata.data_points = points;
  if (visible.sec) {
    metadata.ticker = values.ticker.trim().toUpperCase();
    metadata.filing_type = values.filingType;
  }
  if (values.templateId) metadata.template_id = values.templateId;
  const email = values.onBehalfOf.trim();
  return {
    ...(email ? { on_behalf_of: email } : {}),
    document_type: values.documentType,
    metadata,
  };
}

/** Where a server field error belongs in the form ("metadata.url" → url). */
export function fieldOfServerError(path: string): SubmitField | null {
  const key = path.replace(/^metadata\./, '');
  const map: Record<string, SubmitField> = {
    on_behalf_of: 'onBehalfOf',
    document_type: 'documentType',
    url: 'url',
    file_url: 'file',
    file_id: 'file',
    text: 'text',
    custom_prompt: 'customPrompt',
    data_expiration: 'dataExpiration',
    data_points: 'dataPoints',
    ticker: 'ticker',
    filing_type: 'filingType',
    // DESIGN §13: the template's fields and checks are checked with it.
    template_id: 'templateId',
    fields: 'templateId',
    checks: 'templateId',
  };
  return map[key.split('.')[0] ?? ''] ?? null;
}
