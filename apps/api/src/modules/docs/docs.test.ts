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

  it('serves a docs page with its assets on the same origin', async () => {
    const page = await request(ctx.app).get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('/api/docs/assets/swagger-ui-bundle.js');
    const asset = await request(ctx.app).get('/api/docs/assets/swagger-ui-bundle.js');
    expect(asset.status).toBe(200);
  });
});
