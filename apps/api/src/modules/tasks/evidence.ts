import { valuesAgree } from '@sieve/contracts';
import { isRowList, rowListsAgree } from './line-items-consensus';

/**
 * Issue 13 "the result keeps its evidence": the consensus of a task, item by item, with where the
 * value was read — location, source text, source URL and anchor from the AI's item, unless the
 * reviewers' item names its own — and whether reviewers corrected the AI's value (`corrected`,
 * with the AI's value beside it). A corrected value keeps only the reviewers' own source.
 */

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const EVIDENCE = ['location', 'source_text', 'source_url', 'anchor'] as const;

export function withEvidence(
  consensus: Record<string, unknown>,
  aiResult: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  const aiItems = isObject(aiResult?.result) ? aiResult.result : {};
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(consensus)) {
    const reviewed = isObject(item) ? item : { value: item };
    const ai = aiItems[key];
    const aiItem = isObject(ai) ? ai : ai === undefined ? null : { value: ai };
    const value = reviewed.value ?? null;
    const aiValue = aiItem ? (aiItem.value ?? null) : null;
    // Line items agree row by row, cell by cell (not by their boxes and confidences).
    const agrees =
      isRowList(aiValue) && isRowList(value)
        ? rowListsAgree(aiValue, value)
        : valuesAgree(aiValue, value, key);
    const corrected = aiItem === null || !agrees;
    // A corrected value carries only the reviewer's own source (their click-to-fill), never the
    // AI's: the AI's text and location point at the figure that was wrong (issue 40). A source
    // equal to the AI's is the AI's, carried along by the form.
    const evidence: Record<string, unknown> = {};
    for (const name of EVIDENCE) {
      const own = reviewed[name];
      const fromAi = aiItem?.[name];
      const isOwn = own !== undefined && own !== '' && own !== null;
      const chosen = corrected
        ? isOwn && JSON.stringify(own) !== JSON.stringify(fromAi)
          ? own
          : undefined
        : isOwn
          ? own
          : fromAi;
      if (chosen !== undefined) evidence[name] = chosen;
    }
    const { location: _l, source_text: _s, source_url: _u, anchor: _a, ...fields } = reviewed;
    out[key] = {
      ...fields,
      value,
      ...evidence,
      corrected,
      ...(corrected && aiItem ? { ai_value: aiValue } : {}),
    };
  }
  return out;
}
