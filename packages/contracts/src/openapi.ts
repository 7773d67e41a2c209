import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { APP_VERSION } from './constants';
import type { Endpoint } from './endpoint';
import { fullPath } from './endpoint';
import { ERROR_CATALOGUE, ErrorResponse } from './errors';

const errorContent = { 'application/json': { schema: ErrorResponse } };

/** The OpenAPI 3.1 document of the given endpoints, generated from their zod schemas. */
export function buildOpenApiDocument(endpoints: readonly Endpoint[], serverUrl = '/') {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
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
      ...(isPublic ? {} : { security: [{ bearerAuth: [] }] }),
      'x-roles': isPublic ? 'public' : [...endpoint.access],
      request,
      // biome-ignore lint/suspicious/noExplicitAny: the generator's response type is wider than we build
      responses: responses as any,
    });
  }

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Sieve API',
      version: APP_VERSION,
      description: 'Document data extraction with human review. Errors are `{code, detail}`.',
    },
    servers: [{ url: serverUrl }],
  });
}
