import { foldLabel, invoiceLabelOf, invoiceLabelsIn } from '../lexicon/invoice-labels';
import { meanConfidence } from './company-address';
import {
  ADDRESS_LIKE,
  below,
  CONTACT,
  type Found,
  isLabelOnly,
  isLegalFormOnly,
  type LabelAt,
  LEGAL_FORM,
  nameText,
  partyName,
  rightOf,
  STREET_NUMBER_LAST,
  WEAK,
} from './invoice-label-values';
import type { Seg } from './invoice-text';
import type { Reading } from './invoice-values';

/**
 * An invoice's parties: the customer under its "Bill to" heading, the vendor (the issuer, never
 * the addressee) by its label or else the name the page is headed or signed with.
 */

interface Parties {
  vendor?: Found;
  customer?: Found;
}

/** The segments that belong to a labelled party block (bill-to, ship-to): never the vendor. */
function blockUnder(r: Reading, at: LabelAt): Seg[] {
  const segs: Seg[] = [];
  if (at.after) segs.push({ ...at.seg, text: at.after });
  else {
    const right = rightOf(r.lines, at.seg);
    if (right && at.seg.box && right.box && right.box[0] - at.seg.box[2] < 0.15 && !isLabelOnly(right.text))
      segs.push(right);
  }
  segs.push(...below(r.lines, at.seg, 6).filter((s) => !isLabelOnly(s.text)));
  return segs;
}

export function findParties(r: Reading): Parties {
  const taken = new Set<Seg>();
  const takenText = new Set<string>();
  let customer: Found | undefined;
  let vendor: Found | undefined;
  for (const at of r.labels) {
    if (at.hit.label !== 'customer' && at.hit.label !== 'ship_to' && at.hit.label !== 'vendor') continue;
    // "Customer No." is a number's label (the vocabulary says so); a bare "Customer" may open a block.
    const block = blockUnder(r, at);
    const blockEnd = block.findIndex(
      (s, i) => i > 0 && invoiceLabelsIn(s.text).some((h) => h.start === 0 && !WEAK.has(h.phrase)),
    );
    const own = blockEnd > 0 ? block.slice(0, blockEnd) : block;
    const name = partyName(own);
    if (at.hit.label !== 'vendor') for (const s of own.slice(0, 5)) taken.add(s);
    if (!name) continue;
    if (at.hit.label === 'customer' && !customer)
      customer = { value: name.name, seg: name.seg, base: WEAK.has(at.hit.phrase) ? 0.9 : 0.93 };
    else if (at.hit.label === 'vendor' && !vendor) vendor = { value: name.name, seg: name.seg, base: 0.93 };
    if (at.hit.label !== 'vendor') takenText.add(foldLabel(name.name));
  }
  // The page's addressee when no label names it: the block under a sender line ("Acme GmbH · Street · City").
  if (!customer) {
    for (const line of r.lines) {
      const seg = line.segs[0];
      if (
        !seg ||
        !/\s[·|•]\s|\s[-–]\s.*\d/.test(line.text) ||
        !LEGAL_FORM.test(seg.text.split(/\s[·|•–-](?:\s|$)/)[0] ?? '')
      )
        continue;
      if (line.box && line.box[1] > 0.45) continue;
      const block = below(r.lines, seg, 5);
      const name = partyName(block);
      if (name && !invoiceLabelsIn(name.name).length) {
        customer = { value: name.name, seg: name.seg, base: 0.85 };
        for (const s of block) taken.add(s);
        takenText.add(foldLabel(name.name));
        break;
      }
    }
  }
  if (!vendor) vendor = guessVendor(r, taken, takenText);
  return { ...(vendor ? { vendor } : {}), ...(customer ? { customer } : {}) };
}

/**
 * The issuer no label names: the name with a legal form, in large type, at the top of the page,
 * or the first part of a sender or footer line ("Acme GmbH · Hauptstr. 1 · …"), outside the
 * addressee's blocks. A name printed twice (letterhead and footer) is surer.
 */
function guessVendor(r: Reading, taken: Set<Seg>, takenText: Set<string>): Found | undefined {
  const heights = r.lines
    .map((l) => l.height)
    .filter((h) => h > 0)
    .sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)] ?? 0;
  const counts = new Map<string, number>();
  const candidates: { name: string; seg: Seg; score: number }[] = [];
  for (const line of r.lines) {
    for (const seg of line.segs) {
      const parts = seg.text.split(/\s+[·|•]\s+|\s+[–-]\s+(?=.*\d)/);
      const first = parts[0] ?? '';
      for (const part of parts.length > 1 ? [first] : [seg.text]) {
        let name = nameText(part);
        if (!name || isLegalFormOnly(name)) continue;
        // A name wrapped before its legal form ("Harbourside Conseil" / "SAS").
        const wrapped = below(r.lines, seg, 2)[0];
        if (parts.length === 1 && wrapped && isLegalFormOnly(wrapped.text) && !LEGAL_FORM.test(name))
          name = `${name} ${wrapped.text.trim()}`;
        counts.set(foldLabel(name), (counts.get(foldLabel(name)) ?? 0) + 1);
        if (taken.has(seg) || takenText.has(foldLabel(name))) continue;
        if (invoiceLabelsIn(name).some((h) => h.label !== 'customer' && !WEAK.has(h.phrase))) continue;
        if (invoiceLabelOf(name)) continue;
        let score = 0;
        if (LEGAL_FORM.test(name)) score += 3;
        const top = line.box ? line.box[1] : 0;
        if (line.page === 1 && top < 0.2) score += 1.5;
        if (line.page === 1 && r.lines.findIndex((l) => l.page === 1) === seg.line) score += 1;
        if (median && line.height > median * 1.3 && parts.length === 1) score += 1.5;
        if (parts.length > 1) score += 0.5;
        // A sender or footer line: the name, then its address or its numbers ("Acme · 22 Orchard St · …").
        if (
          parts.length > 2 &&
          parts.slice(1).some((p) => ADDRESS_LIKE.test(p) || STREET_NUMBER_LAST.test(p) || CONTACT.test(p))
        )
          score += 1.5;
        if (line.box && line.box[1] > 0.8) score += 0.5;
        const next = below(r.lines, seg, 2).map((s) => s.text);
        if (next.some((t) => ADDRESS_LIKE.test(t))) score += 0.5;
        if (line.segs.length > 2 && parts.length === 1) score -= 1.5;
        // A logo OCR read as letters ("fd OL", "Dr £2 Ne" over a scanned slip's name): read unsure.
        if (meanConfidence(seg.words) < 0.7) score -= 2;
        if (score >= 2.5) candidates.push({ name, seg, score });
      }
    }
  }
  for (const c of candidates) if ((counts.get(foldLabel(c.name)) ?? 0) > 1) c.score += 1;
  candidates.sort((a, b) => b.score - a.score || a.seg.line - b.seg.line);
  const best = candidates[0];
  if (!best) return undefined;
  const rival = candidates[1];
  const clear = !rival || best.score - rival.score >= 1 || foldLabel(rival.name) === foldLabel(best.name);
  return { value: best.name, seg: best.seg, base: (best.score >= 5 ? 0.92 : 0.86) * (clear ? 1 : 0.9) };
}
