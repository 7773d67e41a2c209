export {
  type CallInput,
  type CallOptions,
  type CallOutput,
  type CreateRequestInput,
  type RequestDetail,
  type RequestStatus,
  retryAfterMs,
  SieveClient,
  type SieveClientOptions,
} from './client';
export { SieveApiError } from './errors';
export {
  parseWebhookEvent,
  signWebhookPayload,
  type VerifyOptions,
  verifyWebhookSignature,
} from './webhooks';
