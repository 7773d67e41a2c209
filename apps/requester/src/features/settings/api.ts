import { apiRequest } from '@sieve/auth';
import type {
  ApiKey,
  ApiKeyScope,
  CreatedApiKey,
  CreatedWebhookEndpoint,
  integrationEndpoints,
  WebhookDelivery,
  WebhookDeliveryListResponse,
  WebhookEndpoint,
  WebhookEventType,
  WebhookListResponse,
  z,
} from '@sieve/contracts';
import useSWR from 'swr';

type Paths = (typeof integrationEndpoints)[keyof typeof integrationEndpoints]['path'];

/** DESIGN §12 paths, checked against the contract by type (a value import would bundle its schemas). */
const PATHS = { keys: '/keys', webhooks: '/webhooks' } as const satisfies Record<string, Paths>;

export const SETTINGS_KEYS = {
  keys: PATHS.keys,
  webhooks: PATHS.webhooks,
  deliveries: (webhookId: string) => `${PATHS.webhooks}/${webhookId}/deliveries`,
} as const;

export type Webhook = z.infer<typeof WebhookEndpoint>;
export type CreatedWebhook = z.infer<typeof CreatedWebhookEndpoint>;
export type { ApiKey, CreatedApiKey, WebhookDelivery };

export function useApiKeys() {
  return useSWR<{ keys: ApiKey[] }>(SETTINGS_KEYS.keys);
}

export function useWebhooks() {
  return useSWR<z.infer<typeof WebhookListResponse>>(SETTINGS_KEYS.webhooks);
}

/** The delivery log, refreshed every 2 s while a delivery is still pending. */
export function useDeliveries(webhookId: string | null) {
  return useSWR<z.infer<typeof WebhookDeliveryListResponse>>(
    webhookId ? SETTINGS_KEYS.deliveries(webhookId) : null,
    {
      refreshInterval: (latest) => (latest?.deliveries.some((d) => d.status === 'pending') ? 2_000 : 0),
    },
  );
}

export function createApiKey(name: string, scopes: ApiKeyScope[]) {
  return apiRequest<CreatedApiKey>(PATHS.keys, { method: 'POST', body: { name, scopes } });
}

export function revokeApiKey(id: string) {
  return apiRequest<void>(`${PATHS.keys}/${id}`, { method: 'DELETE' });
}

export function createWebhook(url: string, events: WebhookEventType[]) {
  return apiRequest<CreatedWebhook>(PATHS.webhooks, { method: 'POST', body: { url, events } });
}

export function deleteWebhook(id: string) {
  return apiRequest<void>(`${PATHS.webhooks}/${id}`, { method: 'DELETE' });
}

export function sendTestEvent(id: string) {
  return apiRequest<WebhookDelivery>(`${PATHS.webhooks}/${id}/test`, { method: 'POST' });
}

export function redeliver(webhookId: string, deliveryId: string) {
  return apiRequest<WebhookDelivery>(`${PATHS.webhooks}/${webhookId}/deliveries/${deliveryId}/redeliver`, {
    method: 'POST',
  });
}
