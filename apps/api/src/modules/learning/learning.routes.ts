import { learningEndpoints } from '@sieve/contracts';
import { Router } from 'express';
import { mount } from '../../http/mount';
import type { LearningService } from './learning.service';

/** Learned hints (DESIGN §14): the requester's own, admins any requester's via `requester_id`. */
export function learningRoutes(service: LearningService) {
  const router = Router();
  mount(router, learningEndpoints.list, ({ query, user }) => service.list(user, query));
  mount(router, learningEndpoints.removeAll, ({ query, user }) => service.removeAll(user, query));
  mount(router, learningEndpoints.remove, ({ params, query, user }) =>
    service.remove(user, params.id, query.requester_id),
  );
  return router;
}
