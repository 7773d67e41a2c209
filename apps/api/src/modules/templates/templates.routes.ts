import { templateEndpoints } from '@sieve/contracts';
import { Router } from 'express';
import { mount } from '../../http/mount';
import type { TemplatesService } from './templates.service';

/** Templates (DESIGN §13): the requester's own, admins any requester's via `requester_id`. */
export function templatesRoutes(service: TemplatesService) {
  const router = Router();
  mount(router, templateEndpoints.create, ({ body, user }) => service.create(user, body));
  mount(router, templateEndpoints.list, ({ query, user }) => service.list(user, query.requester_id));
  mount(router, templateEndpoints.get, ({ params, query, user }) =>
    service.get(user, params.id, query.requester_id),
  );
  mount(router, templateEndpoints.update, ({ params, query, body, user }) =>
    service.update(user, params.id, body, query.requester_id),
  );
  mount(router, templateEndpoints.remove, ({ params, query, user }) =>
    service.remove(user, params.id, query.requester_id),
  );
  return router;
}
