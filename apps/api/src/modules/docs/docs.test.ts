import SwaggerParser from '@apidevtools/swagger-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';

describe('the API documentation', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('serves a valid OpenAPI 3.1 document generated from the contracts', async () => {
    const res = await request(ctx.app).get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const validated = await SwaggerParser.validate(structuredClone(res.body));
    expect(Object.keys(validated.paths ?? {})).toContain('/api/v1/health');
    expect(res.body.components.schemas.ErrorResponse.required).toEqual(['code', 'detail']);
  });

  it('documents API-key auth, the webhooks with their payload schema, and copy-paste examples', async () => {
    const res = await request(ctx.app).get('/api/v1/openapi.json');
    const doc = res.body;
    expect(doc.components.securitySchemes.apiKeyAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const create = doc.paths['/api/v1/requests'].post;
    expect(create.security).toEqual([{ bearerAuth: [] }, { apiKeyAuth: ['requests:write'] }]);
    expect(create['x-api-key-scope']).toBe('requests:write');
    // Session-only operations do not offer key auth.
    expect(doc.paths['/api/v1/keys'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/v1/admin/stats'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(doc.webhooks).sort()).toEqual([
      'request.completed',
      'request.failed',
      'request.needs_review',
      'task.reviewed',
    ]);
    const hook = doc.webhooks['request.completed'].post;
    expect(hook.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/WebhookEventPayload',
    });
    expect(hook.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'Sieve-Event-Id',
      'Sieve-Event-Type',
      'Sieve-Signature',
    ]);
    expect(doc.components.schemas.WebhookEventPayload.required).toEqual(['id', 'type', 'created_at', 'data']);
    for (const example of [
      'curl -X POST',
      'Idempotency-Key',
      'new SieveClient',
      'sieve extract report.pdf',
      'verifyWebhookSignature',
    ]) {
      expect(doc.info.description).toContain(example);
    }
  });

  it('serves a docs page with its assets on the same origin', async () => {
    const page = await request(ctx.app).get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('/api/docs/assets/swagger-ui-bundle.js');
    const asset = await request(ctx.app).get('/api/docs/assets/swagger-ui-bundle.js');
    expect(asset.status).toBe(200);
  });
});
