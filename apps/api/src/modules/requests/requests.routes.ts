import { integrationEndpoints, requestEndpoints } from '@sieve/contracts';
import { Router } from 'express';
import type { Db } from '../../db/client';
import { mount } from '../../http/mount';
import { hashJson, idempotent } from '../integrations/idempotency';
import type { RequestsService } from './requests.service';

export function requestsRoutes(service: RequestsService, db: Db) {
  const router = Router();
  mount(router, requestEndpoints.create, ({ body, user, req, res }) =>
    idempotent({
      db,
      req,
      res,
      userId: user.id,
      endpoint: requestEndpoints.create.id,
      bodyHash: hashJson(req.body),
      status: requestEndpoints.create.response.status,
      run: () => service.submit(user, body),
    }),
  );
  mount(router, integrationEndpoints.batch, ({ body, user, req, res }) =>
    idempotent({
      db,
      req,
      res,
      userId: user.id,
      endpoint: integrationEndpoints.batch.id,
      bodyHash: hashJson(req.body),
      status: integrationEndpoints.batch.response.status,
      run: () => service.submitBatch(user, body.requests),
    }),
  );
  mount(router, requestEndpoints.list, ({ query, user }) => service.list(user.id, query));
  mount(router, requestEndpoints.get, ({ params, user }) => service.get(user.id, params.id));
  mount(router, requestEndpoints.result, async ({ params, query, user, res }) => {
    const file = await service.resultFile(user.id, params.id, query.format);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    res.status(200).send(file.body);
  });
  return router;
}
