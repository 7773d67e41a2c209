/**
 * The spec's fixed lists and labels, free of zod so the apps can import them without the schemas
 * (requests.ts and worker.ts build their schemas from these).
 */

// spec 02 §1
export const DOCUMENT_TYPES = [
  'pdf',
  'sec',
  'website',
  'csv',
  'excel',
  'credit_card',
  'lease',
  'earnings_search',
  'revenue_segmentation',
  'chart_data_extraction',
  'receipt_mapping',
  'pos_mapping',
  'custom_prompt',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const ADMIN_DOCUMENT_TYPES = [
  'pdf',
  'sec',
  'credit_card',
  'earnings_search',
  'revenue_segmentation',
  'chart_data_extraction',
  'lease',
  'custom_prompt',
] as const satisfies readonly DocumentType[];

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  pdf: 'PDF Document',
  sec: 'SEC Filing',
  website: 'Website',
  csv: 'CSV File',
  excel: 'Excel File',
  credit_card: 'Credit Card Statement',
  lease: 'Lease Agreement',
  earnings_search: 'Earnings Search',
  revenue_segmentation: 'Revenue Segmentation',
  chart_data_extraction: 'Chart Data Extraction',
  receipt_mapping: 'Receipt Mapping',
  pos_mapping: 'POS Mapping',
  custom_prompt: 'Custom Prompt',
};

export const FILING_TYPES = ['10-K', '10-Q', '8-K', '20-F', 'DEF 14A', 'S-1'] as const;
export const PRIORITIES = ['low', 'medium', 'high'] as const;
export const REQUEST_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_MESSAGES = {
  fileTooLarge: 'File size must be less than 10MB',
  tickerRequired: 'Ticker is required',
  periodOrDate: 'Choose either a fiscal period or an effective date, not both',
  directionRequired: 'An effective date needs a search direction (before or after)',
  customPromptRequired: 'Custom prompt text is required',
  sourceRequired: 'Provide a URL or upload a file',
  noCommas: 'Data points cannot contain commas',
  urlRequired: 'URL is required',
} as const;

export const TASK_SORTS = [
  'priority',
  'newest',
  'oldest',
  'type_asc',
  'type_desc',
  'id_asc',
  'id_desc',
] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

/** spec 01 §2 queue sort labels. */
export const TASK_SORT_LABELS: Record<Exclude<TaskSort, 'priority'>, string> = {
  newest: 'Newest First',
  oldest: 'Oldest First',
  type_asc: 'Type A-Z',
  type_desc: 'Type Z-A',
  id_asc: 'ID A-Z',
  id_desc: 'ID Z-A',
};

export const REJECTION_REASONS = [
  'instructed_to_reject',
  'not_qualified',
  'poor_quality',
  'technical_issue',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];
export const QUEUE_REJECTION_REASONS = ['instructed_to_reject', 'not_qualified'] as const;
