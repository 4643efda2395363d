import { useQuery } from '@tanstack/react-query';
import type {
  CreatedWebhookEndpointReply, createWebhookEndpointContract, deleteWebhookEndpointContract, listWebhookDeliveriesContract, listWebhookEndpointsContract,
  resendWebhookDeliveryContract, rotateWebhookSecretContract, updateWebhookEndpointContract, WebhookDeliveryJson, WebhookEndpointBody, WebhookEndpointJson,
} from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';

/** Settings → Webhooks' calls (type-only imports of the contracts). */
export const WEBHOOK_ROUTES = {
  listEndpoints: callRoute<typeof listWebhookEndpointsContract>('GET', '/api/owner/webhooks'),
  createEndpoint: callRoute<typeof createWebhookEndpointContract>('POST', '/api/owner/webhooks'),
  updateEndpoint: callRoute<typeof updateWebhookEndpointContract>('PUT', '/api/owner/webhooks/:endpointId'),
  deleteEndpoint: callRoute<typeof deleteWebhookEndpointContract>('DELETE', '/api/owner/webhooks/:endpointId'),
  rotateSecret: callRoute<typeof rotateWebhookSecretContract>('POST', '/api/owner/webhooks/:endpointId/secret'),
  listDeliveries: callRoute<typeof listWebhookDeliveriesContract>('GET', '/api/owner/webhooks/:endpointId/deliveries'),
  resendDelivery: callRoute<typeof resendWebhookDeliveryContract>('POST', '/api/owner/webhooks/:endpointId/deliveries/:deliveryId/resend'),
} as const;

export interface EndpointList {
  endpoints: WebhookEndpointJson[];
  events: { type: string; description: string }[];
}

export interface EndpointInput {
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
}

export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (endpointId: string) => ['webhooks', 'deliveries', endpointId] as const,
};

export function useWebhookEndpoints() {
  const client = useOwnerClient();
  return useQuery<EndpointList>({ queryKey: webhookKeys.all, queryFn: () => client.call(WEBHOOK_ROUTES.listEndpoints) as Promise<EndpointList> });
}

export function useWebhookDeliveries(endpointId: string) {
  const client = useOwnerClient();
  return useQuery<{ deliveries: WebhookDeliveryJson[] }>({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: () => client.call(WEBHOOK_ROUTES.listDeliveries, { params: { endpointId } }) as Promise<{ deliveries: WebhookDeliveryJson[] }>,
  });
}

export function useCreateEndpoint() {
  const client = useOwnerClient();
  return useOwnerMutation<EndpointInput, CreatedWebhookEndpointReply>({
    mutationFn: (body) => client.call(WEBHOOK_ROUTES.createEndpoint, { body: body as WebhookEndpointBody }) as Promise<CreatedWebhookEndpointReply>,
    invalidates: [webhookKeys.all],
  });
}

export function useUpdateEndpoint() {
  const client = useOwnerClient();
  return useOwnerMutation<{ endpointId: string; body: EndpointInput }, { endpoint: WebhookEndpointJson }>({
    mutationFn: ({ endpointId, body }) => client.call(WEBHOOK_ROUTES.updateEndpoint, { params: { endpointId }, body: body as WebhookEndpointBody }) as Promise<{ endpoint: WebhookEndpointJson }>,
    invalidates: [webhookKeys.all],
  });
}

export function useDeleteEndpoint() {
  const client = useOwnerClient();
  return useOwnerMutation<string, { deleted: true }>({
    mutationFn: (endpointId) => client.call(WEBHOOK_ROUTES.deleteEndpoint, { params: { endpointId } }) as Promise<{ deleted: true }>,
    invalidates: [webhookKeys.all],
  });
}

export function useRotateSecret() {
  const client = useOwnerClient();
  return useOwnerMutation<string, CreatedWebhookEndpointReply>({
    mutationFn: (endpointId) => client.call(WEBHOOK_ROUTES.rotateSecret, { params: { endpointId } }) as Promise<CreatedWebhookEndpointReply>,
    invalidates: [webhookKeys.all],
  });
}

export function useResendDelivery(endpointId: string) {
  const client = useOwnerClient();
  return useOwnerMutation<string, { delivery: WebhookDeliveryJson }>({
    mutationFn: (deliveryId) => client.call(WEBHOOK_ROUTES.resendDelivery, { params: { endpointId, deliveryId } }) as Promise<{ delivery: WebhookDeliveryJson }>,
    invalidates: [webhookKeys.deliveries(endpointId)],
  });
}

/** Where "How to verify deliveries" points: the OpenAPI document, whose webhooks section describes every event. */
export const WEBHOOK_DOCS_URL = '/api/openapi.json';

export const WEBHOOK_TEXTS = {
  intro: 'A webhook tells another system (accounting, shipping, an automation tool) when something happens in your shop: we POST the event as JSON to the address you give, signed so the receiver can check it came from us.',
  learnMore: 'Event formats',
  learnMoreHidden: ' (the API description’s webhooks section, opens in a new tab)',
  signing: 'Each request carries webhook-id, webhook-timestamp and webhook-signature headers (the Standard Webhooks scheme). Check the signature with the endpoint’s secret and skip an id you have seen: a delivery is retried until it is answered with a 2xx, for up to three days.',
  listCaption: 'Endpoints',
  add: 'Add endpoint',
  none: 'No endpoints yet. Add one for each system that should hear about your shop’s events.',
  on: 'On',
  off: 'Off',
  switchedOff: 'Switched off',
  deliveries: 'Deliveries',
  deliveriesLabel: (url: string) => `Deliveries to ${url}`,
  edit: 'Edit',
  editLabel: (url: string) => `Edit endpoint ${url}`,
  rotate: 'Rotate secret',
  rotateLabel: (url: string) => `Rotate the secret of ${url}`,
  rotateTitle: 'Rotate this endpoint’s secret?',
  rotateMessage: 'A new secret is made. For 24 hours deliveries are signed with both the old and the new one, so you can update the receiver without missing an event.',
  rotateConfirm: 'Rotate secret',
  delete: 'Delete',
  deleteLabel: (url: string) => `Delete endpoint ${url}`,
  deleteTitle: 'Delete this endpoint?',
  deleteMessage: (url: string) => `Nothing more is sent to ${url}, and its delivery log is deleted. This cannot be undone.`,
  deleteConfirm: 'Delete endpoint',
  deleted: (url: string) => `Endpoint ${url} deleted.`,
  created: (url: string) => `Endpoint ${url} added.`,
  saved: (url: string) => `Endpoint ${url} saved.`,
  // The endpoint form
  addTitle: 'Add an endpoint',
  editTitle: 'Edit the endpoint',
  url: 'Endpoint URL',
  urlHelp: 'The https:// address we POST events to. Private and local addresses are refused.',
  urlMissing: 'Enter the endpoint’s URL.',
  urlInvalid: 'Enter an address that starts with https:// or http://.',
  description: 'Description',
  descriptionHelp: 'What it is for (optional, 200 characters at most).',
  events: 'Events to send',
  eventsHelp: 'Only the events you tick are sent to this endpoint.',
  eventsMissing: 'Choose at least one event.',
  enabled: 'Send events to this endpoint',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  // The secret, shown once
  secretTitle: 'Copy the signing secret',
  secret: 'Signing secret',
  secretNotice: 'This is the only time the secret is shown. Copy it now into the receiving system: it checks each delivery’s signature with it.',
  copy: 'Copy',
  copyLabel: 'Copy the signing secret',
  done: 'Done',
  // The delivery log
  logEmpty: 'No deliveries yet. Events this endpoint subscribes to appear here as they happen.',
  event: 'Event',
  status: 'Status',
  attempts: 'Attempts',
  createdAt: 'Created',
  lastAnswer: 'Last answer',
  details: 'Request and answers',
  requestBody: 'Request body',
  resend: 'Resend',
  resendLabel: (eventType: string, id: string) => `Resend ${eventType} ${id}`,
  resent: (eventType: string) => `${eventType} will be sent again in a moment.`,
  refresh: 'Refresh',
  statusText: { pending: 'Waiting', delivered: 'Delivered', failed: 'Failed' } as Record<string, string>,
  attemptLine: (attempt: number, answer: string, ms: number) => `Attempt ${attempt}: ${answer} in ${ms} ms`,
  noAnswer: 'no answer',
  nextAttempt: 'Next attempt',
  close: 'Close',
} as const;
