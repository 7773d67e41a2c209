import { createHash } from 'node:crypto';
import type { LayoutPage } from '../model/layout';
import type { ExtractedDocument } from '../model/types';
import { columnHeaderPath } from '../tables/table-builder';
import { documentPlaces, shapeOf, titleShape } from './places';

/**
 * A document's layout fingerprint (DESIGN §14): a hash of who issued it (the first words of its
 * first page that are not a figure: the vendor, bank or company name as printed) and of its layout
 * (the table titles, their header rows, the labels of its form-like lines, its kind and page size),
 * each reduced to its shape (figures dropped), so the next invoice of the same supplier hashes
 * the same with other amounts and dates, and another supplier's does not.
 */
export interface LayoutFingerprint {
  fingerprint: string;
  /** The issuer as read, for people to recognise the source ("Harbour Freight Co"); null if none. */
  source: string | null;
}

/** The issuer: the first run of words on the first page with letters and no figure. */
function issuerOf(page: LayoutPage | undefined): string | null {
  for (const line of page?.lines ?? []) {
    for (const segment of line.segments) {
      const text = segment.text.replace(/\s+/g, ' ').trim();
      if (/\p{L}{2}/u.test(text) && !/\d/.test(text) && !text.includes(':')) return text.slice(0, 120);
    }
  }
  return null;
}

function headerRows(page: LayoutPage): string[] {
  return page.tables.map((table) => {
    const columns: string[] = [];
    for (let c = 0; c < table.columnCount; c++) columns.push(shapeOf(columnHeaderPath(table, c).join(' ')));
    return columns.join('|');
  });
}

const sortedSet = (items: string[]) => [...new Set(items.filter((i) => i !== ''))].sort();

export function layoutFingerprint(doc: ExtractedDocument): LayoutFingerprint {
  const pages = doc.layout ?? [];
  const first = pages[0];
  const source = issuerOf(first);
  // The labels of form-like lines ("Invoice number: …", "Total   $44.20"): a label over a value
  // on the line below depends too much on how the lines fell to say what the layout is.
  const labels = documentPlaces(doc).flatMap((r) =>
    r.place.kind === 'label' && r.place.offset.line === 0 && /\d/.test(r.text)
      ? [shapeOf(r.place.label)]
      : [],
  );
  const signature = {
    kind: doc.kind,
    source: shapeOf(source ?? ''),
    titles: sortedSet(pages.flatMap((p) => p.tables.map((t) => titleShape(t.title)))),
    headers: sortedSet(pages.flatMap(headerRows)),
    labels: sortedSet(labels),
    size: first ? `${Math.round(first.width)}x${Math.round(first.height)}` : '',
  };
  const fingerprint = createHash('sha256').update(JSON.stringify(signature)).digest('hex').slice(0, 24);
  return { fingerprint, source };
}
