import type { ItemAnchor } from '@sieve/contracts';
import type { PreviewTarget } from './document-preview';

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function anchorOf(value: unknown): ItemAnchor | null {
  if (!value || typeof value !== 'object') return null;
  const anchor = value as { page?: unknown; box?: unknown };
  const isBox =
    Array.isArray(anchor.box) &&
    anchor.box.length === 4 &&
    anchor.box.every((n) => typeof n === 'number' && Number.isFinite(n));
  return typeof anchor.page === 'number' && anchor.page >= 1 && isBox ? (value as ItemAnchor) : null;
}

/**
 * The preview target of one item of a result map (`{value, source_text, location, anchor}`, or a
 * bare value): what the requester's details and the admin's request detail point at.
 */
export function previewTargetOf(item: unknown, key: string): PreviewTarget {
  const cell =
    item && typeof item === 'object' && !Array.isArray(item)
      ? (item as Record<string, unknown>)
      : { value: item };
  const value = cell.value;
  return {
    key,
    anchor: anchorOf(cell.anchor),
    value,
    valueText:
      value === null || value === undefined
        ? ''
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value),
    sourceText: textOf(cell.source_text),
    location: textOf(cell.location),
  };
}
