import { requestEndpoints } from '@sieve/contracts';
import { Router } from 'express';
import { mount } from '../../http/mount';
import type { RequestsService } from './requests.service';

export function requestsRoutes(service: RequestsService) {
  const router = Router();
  mount(router, requestEndpoints.create, ({ body, user }) => service.submit(user, body));
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
