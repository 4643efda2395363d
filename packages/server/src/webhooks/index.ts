/**
 * The webhooks domain (issue 37 item 1): owners' endpoints, the events other domains record in their own
 * transactions (recordWebhookEvent), the delivery queue and its job, the delivery log (tables webhook_endpoints,
 * webhook_events, webhook_deliveries, webhook_delivery_attempts). It imports none of the domains that cause events.
 */
export { recordWebhookEvent, newWebhookEventId } from './events';
export { registerWebhookRoutes } from './routes';
export { WebhookDeliveryJob, webhookBackoffMs, RETRY_WINDOW_MS, DEFAULT_BACKOFF_BASE_MS, type WebhookDeliveryOptions, type SwitchedOffNotice } from './delivery-job';
export { outgoingPolicyOf, webhookOptionsFromEnv, WEBHOOKS_ALLOW_PRIVATE, type WebhookOptions } from './settings';
export { ROTATION_GRACE_MS, type WebhookServiceParts } from './service';
export { signatureOf, signedHeaders, webhookSealKeyFrom, SECRET_PREFIX } from './signing';
export { DEFAULT_OUTGOING, fetchThroughGuard, type GuardedFetch, type OutgoingPolicy } from './outgoing';
