import { defineEndpoint } from './endpoint';
import { FIELD_TYPES } from './fields';
import { z } from './zod';

// DESIGN §14: what reviews taught, per requester, source layout (fingerprint) and field.

/** Where a value sat, in terms that carry over to the next document of the same layout. */
export const HintPlace = z
  .union([
    z.object({
      kind: z.literal('cell'),
      table_title: z.string().optional(),
      row_label: z.string(),
      column_header: z.string().optional(),
      /** The column's position among the table's value columns (0: the first, often the latest period). */
      column_rank: z.number().int(),
    }),
    z.object({
      kind: z.literal('label'),
      label: z.string(),
      /** line 0: on the label's line (segment 0: after its colon; n: the n-th run to its right); 1: the line below. */
      offset: z.object({ line: z.union([z.literal(0), z.literal(1)]), segment: z.number().int() }),
    }),
  ])
  .meta({ id: 'HintPlace' });
export type HintPlace = z.infer<typeof HintPlace>;

/** A review that taught or confirmed a hint. */
export const HintReview = z.object({
  task_id: z.string(),
  request_id: z.string().nullable(),
  document_name: z.string().nullable(),
  completed_at: z.string().nullable(),
});

export const Hint = z
  .object({
    hint_id: z.string(),
    requester_id: z.string(),
    fingerprint: z.string(),
    /** The issuer as read on the document that taught it ("Harbour Freight Co"). */
    source: z.string().nullable(),
    field: z.string(),
    place: HintPlace,
    scale: z.string().nullable(),
    type: z.enum(FIELD_TYPES).nullable(),
    /** How many reviews taught or confirmed it ("learned from 3 reviews"). */
    reviews: z.number().int(),
    taught_by: z.array(HintReview),
    /** Answers it gave that reviews confirmed. */
    uses: z.number().int(),
    /** Its answers corrected in a row since last confirmed (two drop it). */
    corrections: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Hint' });
export type Hint = z.infer<typeof Hint>;

const Fingerprint = z.string().trim().min(1).max(64);

export const HintListQuery = z.strictObject({
  fingerprint: Fingerprint.optional(),
  field: z.string().trim().min(1).max(200).optional(),
  /** Admins: one requester's hints (all requesters' without it). */
  requester_id: z.uuid().optional(),
});
export const HintListResponse = z.object({ hints: z.array(Hint) }).meta({ id: 'HintListResponse' });

export const HintParams = z.object({ id: z.uuid() });
export const HintOwnerQuery = z.strictObject({ requester_id: z.uuid().optional() });

export const DeleteHintsQuery = z.strictObject({
  /** Only the hints of this source layout; without it, every hint of the requester. */
  fingerprint: Fingerprint.optional(),
  /** Admins: whose hints (required for admins). */
  requester_id: z.uuid().optional(),
});
export const DeleteHintsResponse = z
  .object({ deleted: z.number().int() })
  .meta({ id: 'DeleteHintsResponse' });

const owners = ['requester', 'admin'] as const;

export const learningEndpoints = {
  list: defineEndpoint({
    id: 'listHints',
    method: 'get',
    path: '/hints',
    summary:
      'What reviews taught the extractor: per source layout and field, where the value sits and the reviews that taught it. Admins may pass `requester_id`.',
    tag: 'learning',
    access: owners,
    scope: 'requests:read',
    query: HintListQuery,
    response: { status: 200, schema: HintListResponse, description: 'The learned hints' },
  }),
  remove: defineEndpoint({
    id: 'deleteHint',
    method: 'delete',
    path: '/hints/{id}',
    summary: 'Forget one learned hint: the next document of its layout is read without it',
    tag: 'learning',
    access: owners,
    scope: 'templates:manage',
    params: HintParams,
    query: HintOwnerQuery,
    response: { status: 204, description: 'Deleted' },
  }),
  removeAll: defineEndpoint({
    id: 'deleteHints',
    method: 'delete',
    path: '/hints',
    summary:
      'Forget every learned hint of a requester, or of one source layout (`fingerprint`). Admins pass `requester_id`.',
    tag: 'learning',
    access: owners,
    scope: 'templates:manage',
    query: DeleteHintsQuery,
    response: { status: 200, schema: DeleteHintsResponse, description: 'How many hints were deleted' },
  }),
} as const;
