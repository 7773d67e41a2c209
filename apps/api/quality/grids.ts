import {
  caseOf,
  formOf,
  mapPool,
  QUALITY_CONCURRENCY,
  type QualityAnswers,
  type QualityDocument,
  type QualityReader,
  qualityReader,
} from './api-harness';
import { type GridCase, type GridDocument, gridCsv, gridDocuments, gridXlsx } from './corpus/grids';
import type { QualityCase, QualitySuiteReport } from './types';

/**
 * `pnpm quality` suite 'grids' (issue 37): generated spreadsheets (corpus/grids.ts) uploaded as a
 * requester sends them, each workbook as an `excel` request and each of its data sheets as a
 * `csv` request; every data point scored on its value (units applied, percentages as decimals)
 * and on whether the answer's anchor names its cell (`anchor.row`, `anchor.column` and, for a
 * workbook, `anchor.sheet`).
 */

export interface GridSuiteOptions {
  documents?: number;
  seed?: number;
  /** How documents are sent (default: the run's reader, QUALITY_MODE). */
  reader?: QualityReader;
}

/** Whether the answer points at the case's cell (a CSV has one sheet, so its name is not asked). */
export function anchoredAt(answers: QualityAnswers, c: GridCase, workbook: boolean): boolean {
  const anchor = answers.items[c.dataPoint]?.anchor;
  if (!anchor) return false;
  return (
    anchor.row === c.row &&
    String(anchor.column ?? '').toUpperCase() === c.column &&
    (!workbook || anchor.sheet === c.sheet)
  );
}

interface Sent {
  doc: GridDocument;
  document: QualityDocument;
  cases: GridCase[];
  workbook: boolean;
}

export async function runGridSuite(options: GridSuiteOptions = {}): Promise<QualitySuiteReport> {
  const reader = options.reader ?? (await qualityReader());
  const docs = gridDocuments(options.documents ?? 40, options.seed);
  const sends: Sent[] = [];
  for (const doc of docs) {
    sends.push({
      doc,
      document: {
        form: 'upload',
        documentType: 'excel',
        bytes: await gridXlsx(doc),
        filename: `${doc.id}.xlsx`,
      },
      cases: doc.cases,
      workbook: true,
    });
    for (const sheet of doc.sheets.filter((s) => s.hasData)) {
      const name = doc.sheets.filter((s) => s.hasData).length > 1 ? `${doc.id}-${sheet.name}` : doc.id;
      sends.push({
        doc,
        document: {
          form: 'upload',
          documentType: 'csv',
          bytes: Buffer.from(gridCsv(sheet)),
          filename: `${name.replace(/\s+/g, '-').toLowerCase()}.csv`,
        },
        cases: doc.cases.filter((c) => c.sheet === sheet.name),
        workbook: false,
      });
    }
  }
  const documentSeconds: number[] = [];
  const perSend = await mapPool(sends, QUALITY_CONCURRENCY, async (send) => {
    const answers = await reader.ask(
      send.document,
      send.cases.map((c) => c.dataPoint),
    );
    if (answers.status === 'completed') documentSeconds.push(answers.seconds);
    return send.cases.map(
      (c): QualityCase => ({
        ...caseOf(answers, {
          suite: send.workbook ? 'grids-xlsx' : 'grids-csv',
          form: formOf(send.document),
          document: send.document.form === 'upload' ? send.document.filename : send.doc.id,
          kind: send.doc.kind,
          caseType: c.caseType,
          dataPoint: c.dataPoint,
          expected: c.expected,
        }),
        anchored: anchoredAt(answers, c, send.workbook),
      }),
    );
  });
  return { suite: 'grids', cases: perSend.flat(), documentSeconds };
}
