import { normaliseValue } from '@sieve/contracts';
import { LABELLED_CONFIDENCE, labelledConfidence } from '../confidence/probability';
import { isValueText } from '../lexicon/value-tokens';
import type { ExtractedDocument, ExtractedItem, SourceLocation, TextLine } from '../model/types';
import { DocumentIndex } from './document-index';
import { type Candidate, itemFrom, valueAtStart } from './line-answers';
import { expectationOf } from './line-labels';

/**
 * Everything labelled, for a request that names no data points: each "Label: value" line and
 * label/value row keyed by its snake-cased label, up to MAX_ALL_ITEMS.
 */
export const MAX_ALL_ITEMS = 300;

export function snakeCase(label: string): string {
  return label
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64)
    .replace(/_+$/, '');
}

function isLabelText(text: string): boolean {
  const t = text.trim();
  if (t.length < 2 || t.length > 80 || !/^[\p{L}(]/u.test(t)) return false;
  if (/https?:|www\./i.test(t) || isValueText(t)) return false;
  return t.split(/\s+/).length <= 8;
}

/** Every "Label: value" line and label/value table row, keyed by the snake-cased label. */
export function extractAll(
  doc: ExtractedDocument,
  index = new DocumentIndex(doc),
): Record<string, ExtractedItem> {
  const result: Record<string, ExtractedItem> = {};
  const put = (
    label: string,
    raw: string,
    lineIndex: number,
    location: SourceLocation,
    sourceText: string,
    confidence: number,
  ) => {
    const key = snakeCase(label);
    if (!key || key in result || Object.keys(result).length >= MAX_ALL_ITEMS) return;
    const line = index.lines[lineIndex] as TextLine;
    const scale = /per share|per unit|\beps\b/i.test(line.text) ? undefined : index.scaleFor(lineIndex);
    const value = normaliseValue(raw, { dataPoint: key, ...(scale ? { scale } : {}) });
    if (value === null) return;
    const candidate: Candidate = { score: 1, raw, value, lineIndex, location, sourceText };
    result[key] = itemFrom(
      doc,
      candidate,
      labelledConfidence(confidence, typeof value === 'string' && !/^\d{8}$/.test(value)),
    );
  };

  index.lines.forEach((line, i) => {
    if (line.isHeader) return;
    const cells = index.cells(i);
    if (cells && cells.length >= 2) {
      const [labelCell, valueCell, ...others] = cells;
      if (!labelCell || !valueCell || !isLabelText(labelCell.text)) return;
      const inLabel = /^(.{2,60}?):\s*(\S.*)$/.exec(labelCell.text);
      if (inLabel?.[1] && inLabel[2] && cells.length === 2 && !isValueText(valueCell.text)) {
        put(
          inLabel[1],
          inLabel[2],
          i,
          { ...line.location, column: labelCell.column },
          line.text,
          LABELLED_CONFIDENCE.pair,
        );
        return;
      }
      const label = labelCell.text.replace(/[:\s]+$/, '');
      const allValues = others.every((o) => isValueText(o.text));
      if (others.length === 0)
        put(
          label,
          valueCell.text,
          i,
          { ...line.location, column: valueCell.column },
          line.text,
          LABELLED_CONFIDENCE.pair,
        );
      else if (isValueText(valueCell.text) && allValues) {
        // A row of figures (several periods): the first column is usually the latest.
        put(
          label,
          valueCell.text,
          i,
          { ...line.location, column: valueCell.column },
          line.text,
          LABELLED_CONFIDENCE.firstOfRow,
        );
      }
      return;
    }
    const m = /^\s*(?:[-•*]\s*)?([\p{L}(][^:]{1,79}?)\s*:(?!\/\/)\s*(\S.{0,199})$/u.exec(line.text);
    if (!m?.[1] || !m[2] || !isLabelText(m[1])) return;
    const value = valueAtStart(m[2], expectationOf(m[1]));
    if (value)
      put(
        m[1],
        value.raw,
        i,
        line.location,
        line.text,
        value.clean ? LABELLED_CONFIDENCE.pair : LABELLED_CONFIDENCE.unclean,
      );
  });
  return result;
}
