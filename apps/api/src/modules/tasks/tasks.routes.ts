import { workerEndpoints } from '@sieve/contracts';
import { Router } from 'express';
import { mount } from '../../http/mount';
import type { TasksService } from './tasks.service';

export function tasksRoutes(service: TasksService) {
  const router = Router();
  mount(router, workerEndpoints.tasks, ({ query, user }) => service.list(user.id, query));
  mount(router, workerEndpoints.task, ({ params, user }) => service.open(user.id, params.id));
  mount(router, workerEndpoints.next, ({ body, user }) => service.claimNext(user.id, body));
  mount(router, workerEndpoints.accept, ({ params, user }) => service.accept(user.id, params.id));
  mount(router, workerEndpoints.review, ({ params, body, user }) => service.review(user.id, params.id, body));
  mount(router, workerEndpoints.skip, ({ params, user }) => service.skip(user.id, params.id));
  mount(router, workerEndpoints.reject, ({ params, body, user }) =>
    service.reject(user.id, params.id, body.rejection_reason),
  );
  mount(router, workerEndpoints.history, ({ query, user }) => service.history(user.id, query));
  mount(router, workerEndpoints.stats, ({ user }) => service.stats(user.id));
  return router;
}
