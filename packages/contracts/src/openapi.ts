import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { APP_VERSION } from './constants';
import type { Endpoint } from './endpoint';
import { fullPath } from './endpoint';
import { ERROR_CATALOGUE, ErrorResponse } from './errors';
import { INTEGRATION_GUIDE } from './integration-guide';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
  WebhookEventPayload,
} from './integrations';
import { z } from './zod';

const errorContent = { 'application/json': { schema: ErrorResponse } };

/** The OpenAPI 3.1 document of the given endpoints, generated from their zod schemas. */
export function buildOpenApiDocument(endpoints: readonly Endpoint[], serverUrl = '/') {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The session token from `POST /auth/login` (or the session cookie).',
  });
  registry.registerComponent('securitySchemes', 'apiKeyAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'sk_live_…',
    description:
      'An API key from `POST /keys` or the Settings view: `Authorization: Bearer sk_live_…`. Accepted only by operations that name a scope (`x-api-key-scope`), and only with that scope.',
  });

  for (const endpoint of endpoints) {
    const isPublic = endpoint.access === 'public';
    const responses: Record<string, { description: string; content?: Record<string, unknown> }> = {
      [endpoint.response.status]: {
        description: endpoint.response.description,
        ...(endpoint.response.schema
          ? {
              content: {
                [endpoint.response.contentType ?? 'application/json']: { schema: endpoint.response.schema },
              },
            }
          : {}),
      },
      400: { description: ERROR_CATALOGUE.INVALID_INPUT.message, content: errorContent },
    };
    if (!isPublic) {
      responses[401] = { description: ERROR_CATALOGUE.UNAUTHORIZED.message, content: errorContent };
      responses[403] = { description: ERROR_CATALOGUE.FORBIDDEN.message, content: errorContent };
    }
    const request: Record<string, unknown> = {};
    if (endpoint.params) request.params = endpoint.params;
    if (endpoint.query) request.query = endpoint.query;
    if (endpoint.body) request.body = { content: { 'application/json': { schema: endpoint.body } } };
    if (endpoint.rawBody) {
      request.body = {
        description: endpoint.rawBody.description,
        content: { [endpoint.rawBody.contentType]: { schema: { type: 'string', format: 'binary' } } },
      };
    }
    registry.registerPath({
      operationId: endpoint.id,
      method: endpoint.method,
      path: fullPath(endpoint),
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(isPublic
        ? {}
        : {
            security: endpoint.scope
              ? [{ bearerAuth: [] }, { apiKeyAuth: [endpoint.scope] }]
              : [{ bearerAuth: [] }],
          }),
      'x-roles': isPublic ? 'public' : [...endpoint.access],
      ...(endpoint.scope ? { 'x-api-key-scope': endpoint.scope } : {}),
      request,
      // biome-ignore lint/suspicious/noExplicitAny: the generator's response type is wider than we build
      responses: responses as any,
    });
  }

  registerWebhooks(registry);

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Sieve API',
      version: APP_VERSION,
      description:
        'Document data extraction with human review. Errors are `{code, detail}`. Programs authenticate with API keys (`Authorization: Bearer sk_live_…`) and learn of results through signed webhooks (see `webhooks`).\n' +
        INTEGRATION_GUIDE,
    },
    servers: [{ url: serverUrl }],
  });
}

/** OpenAPI 3.1 `webhooks`: what Sieve POSTs to a registered endpoint, one entry per event type. */
function registerWebhooks(registry: OpenAPIRegistry) {
  const headers = z.object({
    [WEBHOOK_HEADERS.signature]: z.string().meta({
      description:
        '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint secret>` (Stripe-style). Reject when the timestamp is more than 5 minutes off.',
      example: 't=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
    }),
    [WEBHOOK_HEADERS.eventId]: z.string().meta({
      description: 'The event id: the same on every retry and redelivery, for de-duplication.',
    }),
    [WEBHOOK_HEADERS.eventType]: z.string().meta({ description: 'The event type, as in the body.' }),
  });
  for (const type of WEBHOOK_EVENT_TYPES) {
    registry.registerWebhook({
      method: 'post',
      path: type,
      operationId: `webhook_${type.replace('.', '_')}`,
      summary: WEBHOOK_EVENT_LABELS[type],
      description:
        'Delivered at least once, signed, retried with exponential backoff for 24 h until your endpoint answers 2xx. The body carries the request as `GET /requests/{id}` returns it.',
      tags: ['webhooks'],
      request: {
        headers,
        body: { content: { 'application/json': { schema: WebhookEventPayload } } },
      },
      responses: { 200: { description: 'Any 2xx acknowledges the event; anything else is retried.' } },
    });
  }
}
