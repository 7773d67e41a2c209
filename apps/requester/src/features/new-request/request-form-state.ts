import {
  CreateRequestBody,
  type CreateRequestInput,
  DOCUMENT_TYPES,
  type DocumentType,
  ERROR_CATALOGUE,
  FILE_TYPE_ACCEPT,
  type FILING_TYPES,
  type PRIORITIES,
  REQUEST_MESSAGES,
  UPLOAD_MAX_BYTES,
  WEBSITE_MAX_PAGES,
} from '@sieve/contracts';

export type FilingType = (typeof FILING_TYPES)[number];
export type Priority = (typeof PRIORITIES)[number];
export type SourceMode = 'url' | 'file';
export type SearchDirection = '' | 'before' | 'after';

/** Everything the creation form holds (spec 02 §3 request metadata, as the user types it). */
export interface RequestFormState {
  documentType: DocumentType | '';
  sourceMode: SourceMode;
  url: string;
  file: File | null;
  /** Document text, or the search query of an earnings search. */
  text: string;
  dataPoints: string[];
  columns: string[];
  hasHeaders: boolean;
  ticker: string;
  filingType: FilingType;
  fiscalPeriod: string;
  effectiveDate: string;
  searchDirection: SearchDirection;
  maxPages: string;
  includeSubdomains: boolean;
  customPrompt: string;
  priority: Priority;
  aiOnly: boolean;
  /** DESIGN §13: a saved or built-in template (its fields and checks); '' for none. */
  templateId: string;
}

export const INITIAL_FORM: RequestFormState = {
  documentType: '',
  sourceMode: 'url',
  url: '',
  file: null,
  text: '',
  dataPoints: [],
  columns: [],
  hasHeaders: true,
  ticker: '',
  filingType: '10-K',
  fiscalPeriod: '',
  effectiveDate: '',
  searchDirection: '',
  maxPages: String(WEBSITE_MAX_PAGES.default),
  includeSubdomains: false,
  customPrompt: '',
  priority: 'medium',
  aiOnly: false,
  templateId: '',
};

/** The form's fields, by the names the messages are keyed with. */
export type FormField =
  | 'documentType'
  | 'url'
  | 'file'
  | 'text'
  | 'dataPoints'
  | 'columns'
  | 'ticker'
  | 'filingType'
  | 'fiscalPeriod'
  | 'effectiveDate'
  | 'searchDirection'
  | 'maxPages'
  | 'customPrompt'
  | 'priority'
  | 'templateId'
  | 'form';

export type FieldErrors = Partial<Record<FormField, string>>;

export interface TypeFields {
  /** spec 02 §5: URL/file tabs for the types with accepted upload extensions. */
  accept: readonly string[] | null;
  showsUrl: boolean;
  /** A text box, with its label, for the types that take text instead of a document. */
  textLabel: string | null;
  isSec: boolean;
  isWebsite: boolean;
  isCsv: boolean;
  isCustomPrompt: boolean;
}

const TEXT_LABELS: Partial<Record<DocumentType, string>> = {
  earnings_search: 'Search Query',
  revenue_segmentation: 'Document Text',
  chart_data_extraction: 'Document Text',
  custom_prompt: 'Document Text',
};

/** Which fields a document type reveals (spec 02 §2, §5). */
export function fieldsFor(type: DocumentType | ''): TypeFields {
  const accept = type ? (FILE_TYPE_ACCEPT[type] ?? null) : null;
  return {
    accept,
    showsUrl: type !== '' && type !== 'sec',
    textLabel: type ? (TEXT_LABELS[type] ?? null) : null,
    isSec: type === 'sec',
    isWebsite: type === 'website',
    isCsv: type === 'csv',
    isCustomPrompt: type === 'custom_prompt',
  };
}

export function isDocumentType(value: string): value is DocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(value);
}

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot).toLowerCase();
}

export type FormAction =
  | { type: 'documentType'; value: DocumentType | '' }
  | { type: 'sourceMode'; value: SourceMode }
  | { type: 'file'; value: File | null }
  | { type: 'ticker'; value: string }
  | { type: 'fiscalPeriod'; value: string }
  | { type: 'effectiveDate'; value: string }
  | {
      type: 'set';
      field:
        | 'url'
        | 'text'
        | 'filingType'
        | 'searchDirection'
        | 'maxPages'
        | 'customPrompt'
        | 'priority'
        | 'templateId';
      value: string;
    }
  | { type: 'toggle'; field: 'hasHeaders' | 'includeSubdomains' | 'aiOnly'; value: boolean }
  | { type: 'items'; field: 'dataPoints' | 'columns'; value: string[] }
  | { type: 'reset' };

export function formReducer(state: RequestFormState, action: FormAction): RequestFormState {
  switch (action.type) {
    case 'documentType': {
      const { accept } = fieldsFor(action.value);
      // A chosen file stays only if the new type accepts it.
      const keepsFile = Boolean(accept && state.file && accept.includes(extensionOf(state.file.name)));
      return {
        ...state,
        documentType: action.value,
        sourceMode: accept ? state.sourceMode : 'url',
        file: keepsFile ? state.file : null,
      };
    }
    case 'sourceMode':
      return { ...state, sourceMode: action.value };
    case 'file':
      return { ...state, file: action.value };
    case 'ticker':
      // spec 02 §5: the ticker is forced to uppercase.
      return { ...state, ticker: action.value.toUpperCase() };
    case 'fiscalPeriod':
      // spec 02 §4: choosing a fiscal period clears the effective date (and its direction).
      return action.value
        ? { ...state, fiscalPeriod: action.value, effectiveDate: '', searchDirection: '' }
        : { ...state, fiscalPeriod: '' };
    case 'effectiveDate':
      return action.value
        ? { ...state, effectiveDate: action.value, fiscalPeriod: '' }
        : { ...state, effectiveDate: '', searchDirection: '' };
    case 'set':
      return { ...state, [action.field]: action.value };
    case 'toggle':
      return { ...state, [action.field]: action.value };
    case 'items':
      return { ...state, [action.field]: action.value };
    case 'reset':
      return INITIAL_FORM;
  }
}

/**
 * spec 02 §5: data points and columns are added one at a time — trimmed, a blank ignored, no
 * commas (one name per entry). A name already in the list is not added twice.
 */
export function addItem(list: readonly string[], raw: string): { list: string[]; error: string | null } {
  const item = raw.trim();
  if (item === '') return { list: [...list], error: null };
  if (item.includes(',')) return { list: [...list], error: REQUEST_MESSAGES.noCommas };
  if (list.some((existing) => existing.toLowerCase() === item.toLowerCase())) {
    return { list: [...list], error: null };
  }
  return { list: [...list, item], error: null };
}

/** The stored file a request points at, once uploaded (POST /files). */
export interface FileReference {
  file_id?: string;
  file_url: string;
  filename: string;
  content_type?: string;
}

function optional<T>(value: T | '' | null | undefined): T | undefined {
  return value === '' || value === null || value === undefined ? undefined : value;
}

/**
 * The POST /requests body for the form: only the fields the chosen type shows. `fileRef` stands
 * for the uploaded file (before the upload, a placeholder lets the schema check everything else).
 */
export function buildPayload(state: RequestFormState, fileRef?: FileReference): Record<string, unknown> {
  const type = state.documentType;
  const fields = fieldsFor(type);
  const usesFile = Boolean(fields.accept) && state.sourceMode === 'file';
  const metadata: Record<string, unknown> = {
    data_points: state.dataPoints,
    ai_only_mode: state.aiOnly,
  };
  if (usesFile) {
    if (fileRef) Object.assign(metadata, fileRef);
  } else if (fields.showsUrl) {
    const url = state.url.trim();
    if (url) metadata.url = url;
    else if (fields.isWebsite) metadata.url = '';
  }
  if (fields.textLabel && state.text.trim()) metadata.text = state.text;
  if (fields.isSec) {
    Object.assign(metadata, {
      ticker: state.ticker,
      filing_type: state.filingType,
      fiscal_period: optional(state.fiscalPeriod.trim()),
      effective_date: optional(state.effectiveDate),
      search_direction: optional(state.searchDirection),
    });
  }
  if (fields.isWebsite) {
    Object.assign(metadata, { max_pages: state.maxPages, include_subdomains: state.includeSubdomains });
  }
  if (fields.isCsv) Object.assign(metadata, { columns: state.columns, has_headers: state.hasHeaders });
  if (fields.isCustomPrompt) metadata.custom_prompt = state.customPrompt;
  if (state.templateId) metadata.template_id = state.templateId;
  for (const key of Object.keys(metadata)) if (metadata[key] === undefined) delete metadata[key];
  return { document_type: type, metadata, priority: state.priority };
}

const FIELD_OF_KEY: Record<string, FormField> = {
  document_type: 'documentType',
  priority: 'priority',
  url: 'url',
  file_id: 'file',
  file_url: 'file',
  file_bytes: 'file',
  filename: 'file',
  content_type: 'file',
  text: 'text',
  data_points: 'dataPoints',
  columns: 'columns',
  ticker: 'ticker',
  filing_type: 'filingType',
  fiscal_period: 'fiscalPeriod',
  effective_date: 'effectiveDate',
  search_direction: 'searchDirection',
  max_pages: 'maxPages',
  custom_prompt: 'customPrompt',
  template_id: 'templateId',
  fields: 'templateId',
  checks: 'templateId',
};

/** The form field of a schema path or a server `fields` key (`metadata.ticker`, `document_type`). */
export function fieldOfPath(path: readonly PropertyKey[] | string): FormField {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  const key = parts[0] === 'metadata' ? parts[1] : parts[0];
  return (key && FIELD_OF_KEY[key]) || 'form';
}

// Messages for what zod says in its own words.
const FRIENDLY: Partial<Record<FormField, string>> = {
  maxPages: `Max pages must be between ${WEBSITE_MAX_PAGES.min} and ${WEBSITE_MAX_PAGES.max}`,
  effectiveDate: 'Enter the effective date as a date (YYYY-MM-DD)',
  filingType: 'Choose a filing type',
  searchDirection: REQUEST_MESSAGES.directionRequired,
};

const OWN_MESSAGES = new Set<string>([
  ...Object.values(REQUEST_MESSAGES),
  'URL must start with http:// or https://',
  'Invalid URL format',
  'Ticker must be letters',
  'Document type is required',
]);

function messageFor(field: FormField, message: string): string {
  if (OWN_MESSAGES.has(message)) return message;
  return FRIENDLY[field] ?? message;
}

/**
 * Live validation with the API's own schema (`CreateRequestBody`), plus the two checks that
 * need the File itself: its size and its extension (spec 02 §5). The first message per field wins.
 */
export function validateForm(state: RequestFormState): FieldErrors {
  const errors: FieldErrors = {};
  if (!state.documentType) {
    errors.documentType = 'Document type is required';
    return errors;
  }
  const fields = fieldsFor(state.documentType);
  const usesFile = Boolean(fields.accept) && state.sourceMode === 'file';
  let placeholder: FileReference | undefined;
  if (usesFile) {
    if (!state.file) errors.file = 'Choose a file to upload';
    else if (state.file.size > UPLOAD_MAX_BYTES) errors.file = REQUEST_MESSAGES.fileTooLarge;
    else if (fields.accept && !fields.accept.includes(extensionOf(state.file.name))) {
      errors.file = `${ERROR_CATALOGUE.INVALID_FILE_TYPE.message} Accepted: ${fields.accept.join(', ')}`;
    } else placeholder = { file_url: `pending-upload:${state.file.name}`, filename: state.file.name };
  }
  if (fields.isWebsite && !state.url.trim()) errors.url = REQUEST_MESSAGES.urlRequired;
  const parsed = CreateRequestBody.safeParse(buildPayload(state, placeholder));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      let field = fieldOfPath(issue.path);
      // "Provide a URL or upload a file" belongs to the tab in use.
      if (field === 'url' && usesFile) field = 'file';
      if (!errors[field]) errors[field] = messageFor(field, issue.message);
    }
  }
  return errors;
}

export type { CreateRequestInput };
