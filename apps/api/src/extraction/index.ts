/**
 * The extraction pipeline's one public face (docs/extraction/README.md): code outside
 * `extraction/` imports from here only (tests may also use `extraction/testing/`).
 */

export {
  DocumentError,
  ExtractionError,
  FetchFailedError,
  FetchRefusedError,
  isExtractionFailure,
  ProviderError,
} from './errors';
export { fitsType, runChecks, typedValue } from './fields';
export { tableCandidates } from './match/table-match';
// DESIGN §14: fingerprints, teaching and answers from memory.
export {
  type LayoutFingerprint,
  layoutFingerprint,
  type Place,
  placeKey,
  type RememberedHint,
  recallAnswers,
  type SourceHint,
  type StoredReading,
  storedReadings,
  teachingPlace,
} from './memory';
export type { Box, LayoutPage, LayoutTable } from './model/layout';
export type {
  ExtractedDocument,
  ExtractedItem,
  ExtractionOptions,
  ExtractionProvider,
  ExtractionResult,
} from './model/types';
export { rasterisePdf } from './ocr/pdf-ocr';
// Engines that live for the process: sized at start, closed at shutdown.
export { closeOcrWorkers, setOcrPoolSize } from './ocr/worker-pool';
export type { DocumentSource, FetchedSource, LoadDocumentDeps, TaskExtraction } from './pipeline';
export { extractFromSource, loadBytes, loadDocument, sourceFromRequest, taskDocuments } from './pipeline';
export type { LlmProviderOptions, ProviderConfig } from './providers';
export { AnthropicProvider, createProvider, HeuristicProvider, OpenAiProvider } from './providers';
export { detectDelimiter } from './readers/csv';
// Readers the file upload path uses to sniff and preview files.
export { type SniffedKind, sniffFileType } from './readers/detect';
export { loadImage } from './readers/image';
export { closePdfWorkers, loadPdf, setPdfTextEngine } from './readers/pdf';
export { SNAPSHOT_CSP, sanitiseHtmlSnapshot } from './readers/snapshot';
export { decodeText } from './readers/text';
export { cellText } from './readers/xlsx';
export { checkZipBomb } from './readers/zip-guard';
// What the quality benchmark inspects.
export { extractReceiptFields } from './receipts/receipt-fields';
export { columnHeaderPath } from './tables/table-builder';
