import { API_KEY_SCOPES, type ApiKeyScope, defineEndpoint } from './endpoint';
import { IdParams, RequestDetail } from './requests';
import { z } from './zod';

// DESIGN §12: API keys, signed webhooks, idempotent submits and batches.

export { API_KEY_SCOPES, type ApiKeyScope };
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'requests:read': 'Read requests and results',
  'requests:write': 'Submit requests',
  'files:write': 'Upload files',
  'webhooks:manage': 'Manage webhooks',
  'templates:manage': 'Manage templates',
};
/** Every key secret starts with this, so it is recognisable in logs and secret scanners. */
export const API_KEY_PREFIX = 'sk_live_';
/** How many characters of a secret are kept in the clear to tell keys apart (`sk_live_` + 6). */
export const API_KEY_DISPLAY_LENGTH = API_KEY_PREFIX.length + 6;

export const WEBHOOK_EVENT_TYPES = [
  'request.completed',
  'request.failed',
  'request.needs_review',
  'task.reviewed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'request.completed': 'A request has its final result',
  'request.failed': 'A request could not be processed',
  'request.needs_review': 'A request waits for human review',
  'task.reviewed': 'A review task reached its verdict',
};
/** The test event ("Send test event"): sent to one endpoint only, whatever its subscriptions. */
export const WEBHOOK_TEST_EVENT = 'webhook.test' as const;

/** Headers of every webhook delivery (DESIGN §12, Stripe-style signature). */
export const WEBHOOK_HEADERS = {
  signature: 'Sieve-Signature',
  eventId: 'Sieve-Event-Id',
  eventType: 'Sieve-Event-Type',
} as const;
/** How long a delivery is retried with exponential backoff before it is given up. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How far a signature's timestamp may be from the receiver's clock (the verifier's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const BATCH_MAX_REQUESTS = 100;

export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES);

export const CreateApiKeyBody = z
  .strictObject({
    name: z.string().trim().min(1, 'Name the key').max(100),
    scopes: z.array(ApiKeyScopeSchema).min(1, 'Choose at least one scope').max(API_KEY_SCOPES.length),
    /** Admins only: the requester the key belongs to. */
    requester_id: z.uuid().optional(),
  })
  .meta({ id: 'CreateApiKeyBody' });
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

export const ApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(ApiKeyScopeSchema),
    /** The first characters of the secret, to recognise it (`sk_live_a1b2c3`). */
    prefix: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKey>;

export const CreatedApiKey = ApiKey.extend({
  /** The full secret: shown here once, never again. */
  secret: z.string(),
}).meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ApiKeyListQuery = z.strictObject({ requester_id: z.uuid().optional() });
export const ApiKeyListResponse = z.object({ keys: z.array(ApiKey) }).meta({ id: 'ApiKeyListResponse' });

export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

export const CreateWebhookBody = z
  .strictObject({
    url: z.url({ protocol: /^https?$/, error: 'Enter an http(s) URL' }).max(2000),
    events: z.array(WebhookEventTypeSchema).min(1, 'Choose at least one event'),
  })
  .meta({ id: 'CreateWebhookBody' });
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

export const WebhookEndpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(WebhookEventTypeSchema),
    created_at: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
export const CreatedWebhookEndpoint = WebhookEndpoint.extend({
  /** The signing secret (`whsec_…`): shown here once. */
  secret: z.string(),
}).meta({ id: 'CreatedWebhookEndpoint' });
export const WebhookListResponse = z
  .object({ webhooks: z.array(WebhookEndpoint) })
  .meta({ id: 'WebhookListResponse' });

export const WebhookAttempt = z.object({
  attempt: z.number().int(),
  at: z.string(),
  /** The receiver's HTTP status, or null when it could not be reached (see `error`). */
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  /** When the next try is due after this one failed; null after a success or the last try. */
  next_attempt_at: z.string().nullable(),
});

export const WebhookDelivery = z
  .object({
    id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.array(WebhookAttempt),
    created_at: z.string(),
    delivered_at: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const WebhookDeliveryListResponse = z
  .object({ deliveries: z.array(WebhookDelivery) })
  .meta({ id: 'WebhookDeliveryListResponse' });

export const DeliveryParams = z.object({
  id: z.uuid({ error: 'Not a valid id' }),
  delivery_id: z.uuid({ error: 'Not a valid id' }),
});

/** The body of every webhook delivery: the request as `GET /requests/{id}` returns it. */
export const WebhookEventPayload = z
  .object({
    id: z.string(),
    type: z.union([WebhookEventTypeSchema, z.literal(WEBHOOK_TEST_EVENT)]),
    created_at: z.string(),
    data: z.object({ request: RequestDetail.nullable() }),
  })
  .meta({ id: 'WebhookEventPayload' });
export type WebhookEventPayload = z.infer<typeof WebhookEventPayload>;

/**
 * `sieve listen` (the Stripe CLI's model): a listener is a webhook endpoint of the account whose
 * events are not posted anywhere by the server but fetched by the CLI with a long poll and
 * forwarded, signed with its secret, to a local URL. It never appears among the account's endpoints.
 */
export const WEBHOOK_LISTENER_URL = 'sieve-cli://listen';
/** The longest a long poll for a listener's events waits before answering with none. */
export const WEBHOOK_LISTEN_MAX_WAIT_SECONDS = 25;

export const CreateListenerBody = z
  .strictObject({
    events: z
      .array(WebhookEventTypeSchema)
      .min(1, 'Choose at least one event')
      .default([...WEBHOOK_EVENT_TYPES]),
  })
  .meta({ id: 'CreateListenerBody' });
export const WebhookListener = z
  .object({
    id: z.string(),
    events: z.array(WebhookEventTypeSchema),
    /** The signing secret the CLI signs forwarded events with (`whsec_…`): verify with it locally. */
    secret: z.string(),
  })
  .meta({ id: 'WebhookListener' });
export const ListenQuery = z.strictObject({
  /** Seconds to wait for an event before answering with none (a long poll). */
  wait: z.coerce.number().int().min(0).max(WEBHOOK_LISTEN_MAX_WAIT_SECONDS).default(20),
});
export const ListenEventsResponse = z
  .object({
    /** The events since the last poll, oldest first, each as the body a webhook delivery carries. */
    events: z.array(z.object({ delivery_id: z.string(), event: WebhookEventPayload })),
  })
  .meta({ id: 'ListenEventsResponse' });
export type ListenEventsResponse = z.infer<typeof ListenEventsResponse>;

export const BatchRequestBody = z
  .strictObject({
    // Each item is validated on its own by the server (errors name its index), so the list takes anything.
    requests: z
      .array(z.unknown())
      .min(1, 'Send at least one request')
      .max(BATCH_MAX_REQUESTS, `At most ${BATCH_MAX_REQUESTS} requests per batch`),
  })
  .meta({
    id: 'BatchRequestBody',
    description: `Up to ${BATCH_MAX_REQUESTS} bodies of \`POST /requests\`.`,
  });

export const BatchItemResult = z.union([
  z.object({
    index: z.number().int(),
    request_id: z.string(),
    job_id: z.string(),
    status: z.string(),
  }),
  z.object({
    index: z.number().int(),
    error: z.object({
      code: z.string(),
      detail: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  }),
]);
export const BatchResponse = z
  .object({
    /** One entry per item of the batch, in its order: the stored request, or why it was refused. */
    results: z.array(BatchItemResult),
    created: z.number().int(),
    failed: z.number().int(),
  })
  .meta({ id: 'BatchResponse' });
export type BatchResponse = z.infer<typeof BatchResponse>;

export const integrationEndpoints = {
  createKey: defineEndpoint({
    id: 'createApiKey',
    method: 'post',
    path: '/keys',
    summary: 'Create an API key (the secret is returned once). Admins pass `requester_id`.',
    tag: 'keys',
    access: ['requester', 'admin'],
    body: CreateApiKeyBody,
    response: { status: 201, schema: CreatedApiKey, description: 'The key with its secret' },
  }),
  listKeys: defineEndpoint({
    id: 'listApiKeys',
    method: 'get',
    path: '/keys',
    summary: 'The API keys of the requester (no secrets). Admins pass `requester_id`.',
    tag: 'keys',
    access: ['requester', 'admin'],
    query: ApiKeyListQuery,
    response: { status: 200, schema: ApiKeyListResponse, description: 'The keys' },
  }),
  revokeKey: defineEndpoint({
    id: 'revokeApiKey',
    method: 'delete',
    path: '/keys/{id}',
    summary: 'Revoke an API key: it stops working at once',
    tag: 'keys',
    access: ['requester', 'admin'],
    params: IdParams,
    response: { status: 204, description: 'Revoked' },
  }),
  batch: defineEndpoint({
    id: 'createRequestBatch',
    method: 'post',
    path: '/requests/batch',
    summary: `Submit up to ${BATCH_MAX_REQUESTS} documents at once. Partial success: each item is validated on its own; valid items are stored, invalid ones come back with an error naming their index. The plan's limits are checked for the valid items together in one transaction: if they do not all fit, none is stored (429). Send an \`Idempotency-Key\` header to make retries safe: the same key and body within 24 h replay the first response instead of storing the batch again.`,
    tag: 'requests',
    access: ['requester'],
    scope: 'requests:write',
    body: BatchRequestBody,
    response: { status: 207, schema: BatchResponse, description: 'One result per item' },
  }),
  createWebhook: defineEndpoint({
    id: 'createWebhook',
    method: 'post',
    path: '/webhooks',
    summary: 'Add a webhook endpoint (the signing secret is returned once)',
    tag: 'webhooks',
    access: ['requester'],
    scope: 'webhooks:manage',
    body: CreateWebhookBody,
    response: { status: 201, schema: CreatedWebhookEndpoint, description: 'The endpoint with its secret' },
  }),
  listWebhooks: defineEndpoint({
    id: 'listWebhooks',
    method: 'get',
    path: '/webhooks',
    summary: 'The webhook endpoints of the requester',
    tag: 'webhooks',
    access: ['requester'],
    scope: 'webhooks:manage',
    response: { status: 200, schema: WebhookListResponse, description: 'The endpoints' },
  }),
  deleteWebhook: defineEndpoint({
    id: 'deleteWebhook',
    method: 'delete',
    path: '/webhooks/{id}',
    summary: 'Remove a webhook endpoint (pending deliveries to it stop)',
    tag: 'webhooks',
    access: ['requester'],
    scope: 'webhooks:manage',
    params: IdParams,
    response: { status: 204, description: 'Removed' },
  }),
  testWebhook: defineEndpoint({
    id: 'sendWebhookTestEvent',
    method: 'post',
    path: '/webhooks/{id}/test',
    summary: 'Send a `webhook.test` event to this endpoint',
    tag: 'webhooks',
    access: ['requester'],
    scope: 'webhooks:manage',
    params: IdParams,
    response: { status: 202, schema: WebhookDelivery, description: 'The queued delivery' },
  }),
  listDeliveries: defineEndpoint({
    id: 'listWebhookDeliveries',
    method: 'get',
    path: '/webhooks/{id}/deliveries',
    summary: 'The delivery log of an endpoint, newest first, with every attempt and response code',
    tag: 'webhooks',
    access: ['requester'],
    scope: 'webhooks:manage',
    params: IdParams,
    response: { status: 200, schema: WebhookDeliveryListResponse, description: 'The deliveries' },
  }),
  createListener: defineEndpoint({
    id: 'createWebhookListener',
    method: 'post',
    path: '/webhooks/listen',
    summary:
      "Start listening for the account's webhook events from a machine that cannot receive them (`sieve listen`): returns the listener and its signing secret. Events recorded before are dropped; the same listener is reused until it is removed with `DELETE /webhooks/{id}`.",
    tag: 'webhooks',
    access: ['requester'],
    scope: 'webhooks:manage',
    body: CreateListenerBody,
    response: { status: 201, schema: WebhookListener, description: 'The listener with its secret' },
  }),
  listenEvents: defineEndpoint({
    id: 'pollWebhookListenerEvents',
    method: 'get',
    path: '/webhooks/{id}/events',
    summary: `A listener's new events (long poll: waits up to \`wait\` seconds, at most ${WEBHOOK_LISTEN_MAX_WAIT_SECONDS}, for the first). Each event is returned once.`,
    tag: 'webhooks',
    access: ['requester'],
    scope: 'webhooks:manage',
    params: IdParams,
    query: ListenQuery,
    response: { status: 200, schema: ListenEventsResponse, description: 'The new events' },
  }),
  redeliver: defineEndpoint({
    id: 'redeliverWebhook',
    method: 'post',
    path: '/webhooks/{id}/deliveries/{delivery_id}/redeliver',
    summary: 'Send a delivery again (same event id and body, new signature)',
    tag: 'webhooks',
    access: ['requester'],
    scope: 'webhooks:manage',
    params: DeliveryParams,
    response: { status: 202, schema: WebhookDelivery, description: 'The queued delivery' },
  }),
} as const;
