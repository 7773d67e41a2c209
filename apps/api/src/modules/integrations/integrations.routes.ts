import { integrationEndpoints } from '@sieve/contracts';
import { Router } from 'express';
import { mount } from '../../http/mount';
import type { ApiKeysService } from './api-keys';
import type { WebhooksService } from './webhooks.service';

/** API keys and webhook endpoints (DESIGN §12); the batch submit sits with the requests routes. */
export function integrationsRoutes(services: { apiKeys: ApiKeysService; webhooks: WebhooksService }) {
  const { apiKeys, webhooks } = services;
  const router = Router();
  mount(router, integrationEndpoints.createKey, ({ body, user }) => apiKeys.create(user, body));
  mount(router, integrationEndpoints.listKeys, ({ query, user }) => apiKeys.list(user, query.requester_id));
  mount(router, integrationEndpoints.revokeKey, ({ params, user }) => apiKeys.revoke(user, params.id));
  mount(router, integrationEndpoints.createWebhook, ({ body, user }) => webhooks.create(user.id, body));
  mount(router, integrationEndpoints.listWebhooks, ({ user }) => webhooks.list(user.id));
  mount(router, integrationEndpoints.deleteWebhook, ({ params, user }) =>
    webhooks.remove(user.id, params.id),
  );
  mount(router, integrationEndpoints.testWebhook, ({ params, user }) =>
    webhooks.sendTest(user.id, params.id),
  );
  mount(router, integrationEndpoints.listDeliveries, ({ params, user }) =>
    webhooks.deliveries(user.id, params.id),
  );
  mount(router, integrationEndpoints.createListener, ({ body, user }) =>
    webhooks.listen(user.id, body.events),
  );
  mount(router, integrationEndpoints.listenEvents, ({ params, query, user, res }) => {
    // The long poll ends early when the caller goes away.
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    return webhooks.pollListener(user.id, params.id, query.wait, gone.signal);
  });
  mount(router, integrationEndpoints.redeliver, ({ params, user }) =>
    webhooks.redeliver(user.id, params.id, params.delivery_id),
  );
  return router;
}
