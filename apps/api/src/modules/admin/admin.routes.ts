import { adminEndpoints } from '@sieve/contracts';
import { Router } from 'express';
import { mount } from '../../http/mount';
import type { AdminService } from './admin.service';

export function adminRoutes(service: AdminService) {
  const router = Router();
  mount(router, adminEndpoints.stats, () => service.stats());
  mount(router, adminEndpoints.liveFigures, () => service.liveFigures());
  mount(router, adminEndpoints.workers, ({ query }) => service.workers(query));
  mount(router, adminEndpoints.requesters, ({ query }) => service.requesters(query));
  mount(router, adminEndpoints.requests, ({ query }) => service.requests(query));
  mount(router, adminEndpoints.requestDetail, ({ params }) => service.requestDetail(params.id));
  mount(router, adminEndpoints.retryRequest, ({ params, user }) => service.retryRequest(user, params.id));
  mount(router, adminEndpoints.cancelRequest, ({ params, user }) => service.cancelRequest(user, params.id));
  mount(router, adminEndpoints.alertSettings, () => service.alertSettings());
  mount(router, adminEndpoints.updateAlertSettings, ({ body, user }) =>
    service.updateAlertSettings(user, body),
  );
  mount(router, adminEndpoints.workerStatus, ({ params, body, user }) =>
    service.setWorkerStatus(user, params.id, body.active),
  );
  mount(router, adminEndpoints.deleteWorker, ({ params, user }) =>
    service.deleteUser(user, params.id, 'worker'),
  );
  mount(router, adminEndpoints.deleteRequester, ({ params, user }) =>
    service.deleteUser(user, params.id, 'requester'),
  );
  mount(router, adminEndpoints.deleteRequest, ({ params, user }) => service.deleteRequest(user, params.id));
  mount(router, adminEndpoints.exportCsv, async ({ params, user, res }) => {
    const rows = service.exportCsv(user, params.kind);
    const first = await rows.next(); // the audit entry and the header, before any byte is sent
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="sieve-${params.kind}-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    if (!first.done) res.write(first.value);
    for await (const chunk of rows) {
      if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  });
  mount(router, adminEndpoints.submit, ({ body, user }) => service.submitOnBehalf(user, body));
  mount(router, adminEndpoints.pause, ({ user }) => service.setPaused(user, true));
  mount(router, adminEndpoints.resume, ({ user }) => service.setPaused(user, false));
  mount(router, adminEndpoints.retryFailed, ({ user }) => service.retryFailed(user));
  mount(router, adminEndpoints.releaseExpired, ({ user }) => service.releaseExpired(user));
  mount(router, adminEndpoints.invites, ({ query }) => service.invites(query));
  mount(router, adminEndpoints.audit, ({ query }) => service.audit(query));
  return router;
}
