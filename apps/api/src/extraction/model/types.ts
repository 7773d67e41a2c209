import type { CheckResult, FieldType, ItemAnchor } from '@sieve/contracts';
import type { Box, LayoutPage } from './layout';

/** Where a piece of text sits in its document: enough to point a reviewer at it. */
export interface SourceLocation {
  page?: number;
  line?: number;
  sheet?: string;
  row?: number;
  column?: string;
  url?: string;
}

/** One table cell of a line: its text and its column (a letter, "B", for spreadsheets and CSV). */
export interface TextCell {
  text: string;
  column: string;
  /** Where the cell sits on its page (layout model boxes, 0–1), when the reader knows. */
  box?: Box;
}

export interface TextLine {
  text: string;
  location: SourceLocation;
  /** Set when the line is a table row (HTML, CSV, XLSX, wide gaps in a PDF): its non-empty cells. */
  cells?: TextCell[];
  /** A table's header row (CSV / XLSX with headers): values for these labels sit in the rows below. */
  isHeader?: boolean;
  box?: Box;
}

/** One page of a website crawl: read by the HTML reader like any HTML document. */
export interface CrawledPage {
  url: string;
  title: string;
  lines: TextLine[];
  /** The page's layout model (its tables), page 1 of its own. */
  layout?: LayoutPage[];
  notes?: string[];
}

export interface ExtractedDocument {
  kind: 'pdf' | 'html' | 'website' | 'csv' | 'xlsx' | 'text' | 'image' | 'sec';
  /** The text with positions, in reading order. */
  lines: TextLine[];
  /** Where it came from, if a URL. */
  sourceUrl?: string;
  /** Website crawl: one entry per page (tasks are per page), each with its own layout model. */
  pages?: CrawledPage[];
  /** Website crawl: linked pages that could not be loaded, and why ("HTTP 500", "timed out"). */
  failedPages?: { url: string; reason: string }[];
  /** Images: stored for AI providers only. */
  image?: { mediaType: string; base64: string };
  title?: string;
  /** The layout model (DESIGN §11): pages of words with boxes, lines and tables. */
  layout?: LayoutPage[];
  /** PDFs: the engine that read the text layer (PDFium, or pdf.js for what PDFium refuses). */
  textEngine?: 'pdfium' | 'pdfjs';
  /** What the reader could not do, in words a requester understands ("Page 2 is an image and no text could be read"). */
  notes?: string[];
}

export type { ItemAnchor } from '@sieve/contracts';

export interface ExtractedItem {
  /**
   * What a provider read. After the fields step (extraction/fields) a typed field may hold a
   * boolean or a list of line-item rows too (DESIGN §13): see `TypedItemValue`.
   */
  value: string | number | null;
  /** Human readable, e.g. "page 2, line 14" or "Sheet1!B7". */
  location: string;
  source_text: string;
  source_url: string | null;
  /** 0..1 */
  confidence: number;
  anchor?: ItemAnchor;
  /** DESIGN §13: the field's type (given, or inferred from the data point's name). */
  type?: FieldType;
  /** money: the ISO 4217 code. */
  currency?: string;
  /** DESIGN §14: answered from where reviews put this field on earlier documents of the layout. */
  learned?: { hint_id: string; reviews: number };
}

/** A value after the fields step: a scalar of its type, or line-item rows. */
export type TypedItemValue = string | number | boolean | null | Record<string, unknown>[];

export interface ExtractionResult {
  result: Record<string, ExtractedItem>;
  /** ln of the lowest item confidence; -10 when nothing found (spec 01 §4). */
  confidence_score: number;
  provider: string;
  model?: string;
  /** Notes on what could not be read, carried to the request and its tasks. */
  notes?: string[];
  /** DESIGN §13: the checks across fields run on this result. */
  checks?: CheckResult[];
}

export interface ExtractionOptions {
  documentType: string;
  customPrompt?: string;
  /**
   * DESIGN §14: where reviews found fields on earlier documents of this source ("Amount due:
   * Account summary · Balance payable · This period"), for LLM providers as examples.
   */
  examples?: string[];
  signal?: AbortSignal;
}

export interface ExtractionProvider {
  readonly name: string;
  extract(
    doc: ExtractedDocument,
    dataPoints: string[],
    options: ExtractionOptions,
  ): Promise<ExtractionResult>;
}
