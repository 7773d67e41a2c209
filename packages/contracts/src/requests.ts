import {
  DOCUMENT_TYPES,
  type DocumentType,
  FILING_TYPES,
  PRIORITIES,
  REQUEST_MESSAGES,
  REQUEST_STATUSES,
} from './catalog';
import { FILE_TYPE_ACCEPT, UPLOAD_MAX_BYTES, WEBSITE_MAX_PAGES } from './constants';
import { defineEndpoint } from './endpoint';
import { CheckList, CheckResult, checkReferenceProblems, FIELD_TYPES, FieldList } from './fields';
import { checkUrl } from './validation/url';
import { z } from './zod';

export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES);

const HttpUrl = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const check = checkUrl(value);
    if (!check.valid) ctx.addIssue({ code: 'custom', message: check.message });
  });

/** A data point or column name: trimmed, not blank, no commas (spec 02 §5). */
const ItemName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((v) => !v.includes(','), REQUEST_MESSAGES.noCommas);

const ItemList = z
  .array(z.string())
  .max(200)
  .default([])
  .transform((items) => items.map((i) => i.trim()).filter((i) => i !== ''))
  .pipe(z.array(ItemName));

/** Stored file reference from POST /files, or the bytes inline (base64). */
const FileFields = {
  file_id: z.uuid().optional(),
  file_url: z.string().trim().max(2000).optional(),
  file_bytes: z
    .string()
    .max(Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 4, REQUEST_MESSAGES.fileTooLarge)
    .optional(),
  filename: z.string().trim().max(255).optional(),
  content_type: z.string().trim().max(100).optional(),
};

/** A template's id: a saved template's uuid or a built-in's name (`invoice`). */
export const TemplateId = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a template id');

const CommonFields = {
  data_points: ItemList,
  ai_only_mode: z.boolean().default(false),
  data_expiration: z.iso.date().optional(),
  text: z.string().max(200_000).optional(),
  // DESIGN §13: typed fields and checks, inline or from a template (inline ones override it).
  fields: FieldList.optional(),
  checks: CheckList.optional(),
  template_id: TemplateId.optional(),
  /** DESIGN §14: false keeps this request from using learned hints and from teaching. */
  learning: z.boolean().optional(),
};

/**
 * Checks must name fields they can see: the inline fields and data points. With a template the
 * server checks them against the template's fields too, once it has read it.
 */
function refineTyped(
  meta: {
    fields?: z.infer<typeof FieldList> | undefined;
    checks?: z.infer<typeof CheckList> | undefined;
    template_id?: string | undefined;
    data_points: string[];
  },
  ctx: z.RefinementCtx,
) {
  if (!meta.checks?.length || (meta.template_id && !meta.fields)) return;
  for (const problem of checkReferenceProblems(meta.fields ?? [], meta.data_points, meta.checks))
    ctx.addIssue({ code: 'custom', path: ['checks', ...problem.path], message: problem.message });
}

const SourceFields = { url: HttpUrl.optional(), ...FileFields };

function requireSource(
  meta: {
    url?: string | undefined;
    file_id?: string | undefined;
    file_url?: string | undefined;
    file_bytes?: string | undefined;
    text?: string | undefined;
  },
  ctx: z.RefinementCtx,
  allowText = false,
) {
  if (meta.url || meta.file_id || meta.file_url || meta.file_bytes || (allowText && meta.text?.trim()))
    return;
  ctx.addIssue({ code: 'custom', path: ['url'], message: REQUEST_MESSAGES.sourceRequired });
}

// Request inputs are strict: an unknown key is a 400 naming it, never silently dropped.
const fileOrUrl = (extra: z.ZodRawShape = {}, allowText = false) =>
  z.strictObject({ ...CommonFields, ...SourceFields, ...extra }).superRefine((m, ctx) => {
    requireSource(m, ctx, allowText);
    refineTyped(m as Parameters<typeof refineTyped>[0], ctx);
  });

const SecMetadata = z
  .strictObject({
    ...CommonFields,
    ...SourceFields,
    ticker: z
      .string({ error: REQUEST_MESSAGES.tickerRequired })
      .trim()
      .min(1, REQUEST_MESSAGES.tickerRequired)
      .max(10)
      .regex(/^[A-Za-z.-]+$/, 'Ticker must be letters')
      .transform((t) => t.toUpperCase()),
    filing_type: z.enum(FILING_TYPES).default('10-K'),
    fiscal_period: z.string().trim().max(20).optional(),
    effective_date: z.iso.date().optional(),
    search_direction: z.enum(['before', 'after']).optional(),
  })
  .superRefine((m, ctx) => {
    refineTyped(m, ctx);
    if (m.fiscal_period && m.effective_date) {
      ctx.addIssue({ code: 'custom', path: ['effective_date'], message: REQUEST_MESSAGES.periodOrDate });
    }
    if (m.effective_date && !m.search_direction) {
      ctx.addIssue({
        code: 'custom',
        path: ['search_direction'],
        message: REQUEST_MESSAGES.directionRequired,
      });
    }
  });

const WebsiteMetadata = z
  .strictObject({
    ...CommonFields,
    url: HttpUrl.pipe(z.string().min(1, REQUEST_MESSAGES.urlRequired)),
    // Falls back to 10 when not numeric (spec 02 §5).
    max_pages: z
      .unknown()
      .optional()
      .transform((v) => {
        const n = typeof v === 'number' ? v : Number.parseInt(String(v ?? ''), 10);
        return Number.isFinite(n) ? Math.trunc(n) : WEBSITE_MAX_PAGES.default;
      })
      .pipe(z.number().int().min(WEBSITE_MAX_PAGES.min).max(WEBSITE_MAX_PAGES.max)),
    include_subdomains: z.boolean().default(false),
  })
  .superRefine(refineTyped);

const CsvMetadata = fileOrUrl({ columns: ItemList, has_headers: z.boolean().default(true) });

const CustomPromptMetadata = z
  .strictObject({
    ...CommonFields,
    ...SourceFields,
    custom_prompt: z
      .string({ error: REQUEST_MESSAGES.customPromptRequired })
      .trim()
      .min(1, REQUEST_MESSAGES.customPromptRequired)
      .max(20_000),
  })
  .superRefine(refineTyped);

const Priority = z.enum(PRIORITIES).default('medium');

/**
 * The body of a submit, one variant per document type; `extra` adds top-level fields (the admin
 * form's `on_behalf_of` and `ai_only`). Built per caller because strict objects cannot be intersected.
 */
export function requestBodyVariants<X extends z.ZodRawShape>(extra: X) {
  const variant = <T extends DocumentType, M extends z.ZodType>(type: T, metadata: M) =>
    z.strictObject({ document_type: z.literal(type), metadata, priority: Priority, ...extra });
  return z.discriminatedUnion(
    'document_type',
    [
      variant('pdf', fileOrUrl()),
      variant('sec', SecMetadata),
      variant('website', WebsiteMetadata),
      variant('csv', CsvMetadata),
      variant('excel', fileOrUrl()),
      variant('credit_card', fileOrUrl()),
      variant('lease', fileOrUrl()),
      variant('receipt_mapping', fileOrUrl()),
      variant('pos_mapping', fileOrUrl()),
      variant('earnings_search', fileOrUrl({}, true)),
      variant('revenue_segmentation', fileOrUrl({}, true)),
      variant('chart_data_extraction', fileOrUrl({}, true)),
      variant('custom_prompt', CustomPromptMetadata),
    ],
    { error: 'Document type is required' },
  );
}

export const CreateRequestBody = requestBodyVariants({}).meta({ id: 'CreateRequestBody' });
export type CreateRequestBody = z.infer<typeof CreateRequestBody>;
export type CreateRequestInput = z.input<typeof CreateRequestBody>;

export const CreateRequestResponse = z
  .object({ request_id: z.string(), job_id: z.string(), status: z.enum(REQUEST_STATUSES) })
  .meta({ id: 'CreateRequestResponse' });

/** Where an item's value sits (DESIGN §11): page and 0–1 box (top-left origin), plus its table coordinates. */
export const ItemAnchor = z
  .object({
    page: z.number().int().min(1),
    box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    row_label: z.string().optional(),
    column_label: z.string().optional(),
    sheet: z.string().optional(),
    row: z.number().int().optional(),
    column: z.string().optional(),
    url: z.string().optional(),
  })
  .meta({ id: 'ItemAnchor' });
export type ItemAnchor = z.infer<typeof ItemAnchor>;

export const ResultItem = z
  .object({
    value: z.unknown(),
    location: z.string().optional(),
    source_text: z.string().optional(),
    source_url: z.string().nullable().optional(),
    confidence: z.number().optional(),
    disputed: z.boolean().optional(),
    anchor: ItemAnchor.optional(),
    /** DESIGN §13: the field's type (given, or inferred from a plain data point's name). */
    type: z.enum(FIELD_TYPES).optional(),
    /** money: the ISO 4217 code of the amount. */
    currency: z.string().optional(),
    /** DESIGN §14: answered from a learned hint ("learned from 3 reviews"). */
    learned: z.object({ hint_id: z.string(), reviews: z.number().int() }).optional(),
  })
  .meta({ id: 'ResultItem' });

/** One row of a line-items answer: its cells keyed by column name, its box, each cell's confidence. */
export const LineItemRow = z
  .object({
    anchor: ItemAnchor.optional(),
    confidence: z.record(z.string(), z.number()).optional(),
  })
  .catchall(z.unknown())
  .meta({ id: 'LineItemRow' });
export type LineItemRow = z.infer<typeof LineItemRow>;

export const AiResult = z
  .object({
    result: z.record(z.string(), z.unknown()),
    confidence_score: z.number(),
    provider: z.string().optional(),
    model: z.string().nullable().optional(),
    /** What the reader could not do ("Page 2 is an image and no text could be read"). */
    notes: z.array(z.string()).optional(),
    /** DESIGN §13: the checks across fields, run on this result. */
    checks: z.array(CheckResult).optional(),
  })
  .meta({ id: 'AiResult' });

export const RequestTaskSummary = z.object({
  task_id: z.string(),
  status: z.string(),
  name: z.string().nullable(),
  ai_result: AiResult.nullable(),
  consensus_result: z.record(z.string(), z.unknown()).nullable(),
  required_reviews: z.number().int(),
  reviews_received: z.number().int(),
  /** The stored copy of the document this task's values were read from (DESIGN §11), if any. */
  source_file_url: z.string().nullable(),
});

export const RequestRecord = z
  .object({
    request_id: z.string(),
    document_type: DocumentTypeSchema,
    status: z.enum(REQUEST_STATUSES),
    priority: z.enum(PRIORITIES),
    created_at: z.string(),
    updated_at: z.string(),
    completed_at: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    result: z.object({ success: z.boolean() }).catchall(z.unknown()).nullable(),
    ai_result: AiResult.nullable(),
    consensus_result: z.record(z.string(), z.unknown()).nullable(),
    final_result: z.record(z.string(), z.unknown()).nullable(),
    /** DESIGN §13: the checks run again on the final result (reviewers' reasons kept). */
    final_checks: z.array(CheckResult).nullable().optional(),
    error: z.string().nullable(),
  })
  .meta({ id: 'RequestRecord' });
export type RequestRecord = z.infer<typeof RequestRecord>;

export const RequestDetail = RequestRecord.extend({ tasks: z.array(RequestTaskSummary) }).meta({
  id: 'RequestDetail',
});

/**
 * The metadata a requester's list shows (its source label, AI-only badge): a listed request
 * carries only these keys, a prompt or pasted text cut to `REQUEST_SUMMARY_TEXT_MAX` characters;
 * the full request (results, all metadata) comes on open, from GET /requests/{id}.
 */
export const REQUEST_SUMMARY_METADATA_KEYS = [
  'filename',
  'url',
  'ticker',
  'filing_type',
  'fiscal_period',
  'effective_date',
  'ai_only_mode',
  'custom_prompt',
  'text',
] as const;
export const REQUEST_SUMMARY_TEXT_MAX = 120;

/** A request as the list shows it: no results, and only the list's metadata. */
export const RequestSummary = z
  .object({
    request_id: z.string(),
    document_type: DocumentTypeSchema,
    status: z.enum(REQUEST_STATUSES),
    priority: z.enum(PRIORITIES),
    created_at: z.string(),
    updated_at: z.string(),
    completed_at: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    error: z.string().nullable(),
    /** What the extraction noted about the document (`ai_result.notes`): shown in the list. */
    notes: z.array(z.string()),
  })
  .meta({ id: 'RequestSummary' });
export type RequestSummary = z.infer<typeof RequestSummary>;

export const ListRequestsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  status: z.enum(REQUEST_STATUSES).optional(),
  search: z.string().trim().max(200).optional(),
});
export const RequestListResponse = z
  .object({
    requests: z.array(RequestSummary),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'RequestListResponse' });

export const IdParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
export const ResultQuery = z.strictObject({ format: z.enum(['json', 'csv']).default('json') });

export const UploadResponse = z
  .object({
    file_id: z.string(),
    file_url: z.string(),
    filename: z.string(),
    content_type: z.string(),
    size: z.number().int(),
  })
  .meta({ id: 'UploadResponse' });

/** A stored CSV or spreadsheet as the review screen's grid (DESIGN §11): cell texts per sheet. */
export const FileGridResponse = z
  .strictObject({
    sheets: z.array(
      z.strictObject({
        name: z.string(),
        /** Rows of cell texts, top to bottom; row 1 of the sheet is rows[0]. */
        rows: z.array(z.array(z.string())),
        /** More rows than the grid carries (FILE_GRID_MAX_ROWS). */
        truncated: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'FileGridResponse' });
export type FileGridResponse = z.infer<typeof FileGridResponse>;

export const FILE_GRID_MAX_ROWS = 100_000;

export const requestEndpoints = {
  upload: defineEndpoint({
    id: 'uploadFile',
    method: 'post',
    path: '/files',
    summary:
      'Upload a document (multipart field `file`, 10 MB, type checked by its bytes). Send an `Idempotency-Key` header to make retries safe: the same key and body within 24 h replay the first response; the same key with another body is 409 IDEMPOTENCY_KEY_REUSED.',
    scope: 'files:write',
    tag: 'files',
    access: ['requester', 'admin'],
    rawBody: {
      contentType: 'multipart/form-data',
      description: 'field `file`; optional field `document_type`',
    },
    response: { status: 201, schema: UploadResponse, description: 'The stored file' },
  }),
  download: defineEndpoint({
    id: 'downloadFile',
    method: 'get',
    path: '/files/{id}',
    summary: 'Download a stored document (owner, admins, and reviewers of its tasks)',
    scope: 'requests:read',
    tag: 'files',
    access: ['requester', 'worker', 'admin'],
    params: IdParams,
    response: { status: 200, contentType: 'application/octet-stream', description: 'The file bytes' },
  }),
  grid: defineEndpoint({
    id: 'fileGrid',
    method: 'get',
    path: '/files/{id}/grid',
    summary: 'A stored CSV or Excel document as sheets of cell texts (for the preview grid)',
    scope: 'requests:read',
    tag: 'files',
    access: ['requester', 'worker', 'admin'],
    params: IdParams,
    response: { status: 200, schema: FileGridResponse, description: 'The sheets' },
  }),
  create: defineEndpoint({
    id: 'createRequest',
    method: 'post',
    path: '/requests',
    summary:
      'Submit a document for extraction (usage limits of the plan apply: over one, 429 USAGE_LIMIT_EXCEEDED with `Retry-After` and `resets_at`, the time the quota starts again — do not retry before). Send an `Idempotency-Key` header to make retries safe: the same key and body within 24 h replay the first response; the same key with another body is 409 IDEMPOTENCY_KEY_REUSED.',
    scope: 'requests:write',
    tag: 'requests',
    access: ['requester'],
    body: CreateRequestBody,
    response: { status: 201, schema: CreateRequestResponse, description: 'Stored and queued' },
  }),
  list: defineEndpoint({
    id: 'listRequests',
    method: 'get',
    path: '/requests',
    summary: "The requester's own requests, newest first",
    scope: 'requests:read',
    tag: 'requests',
    access: ['requester'],
    query: ListRequestsQuery,
    response: { status: 200, schema: RequestListResponse, description: 'A page of requests' },
  }),
  get: defineEndpoint({
    id: 'getRequest',
    method: 'get',
    path: '/requests/{id}',
    summary: 'One of the requester’s requests with its tasks',
    scope: 'requests:read',
    tag: 'requests',
    access: ['requester'],
    params: IdParams,
    response: { status: 200, schema: RequestDetail, description: 'The request' },
  }),
  result: defineEndpoint({
    id: 'downloadRequestResult',
    method: 'get',
    path: '/requests/{id}/result',
    summary: 'The final result as JSON or CSV',
    scope: 'requests:read',
    tag: 'requests',
    access: ['requester'],
    params: IdParams,
    query: ResultQuery,
    response: { status: 200, contentType: 'text/csv', description: 'The result file' },
  }),
} as const;

export { FILE_TYPE_ACCEPT };
