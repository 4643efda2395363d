import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  createWebhookEndpointContract, deleteWebhookEndpointContract, listWebhookDeliveriesContract, listWebhookEndpointsContract,
  resendWebhookDeliveryContract, rotateWebhookSecretContract, updateWebhookEndpointContract,
} from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import {
  createWebhookEndpoint, deleteWebhookEndpoint, listWebhookDeliveries, listWebhookEndpoints, resendWebhookDelivery, rotateWebhookSecret,
  updateWebhookEndpoint, type WebhookServiceParts,
} from './service';

/** Settings → Webhooks' calls (issue 37 item 1). */
export function registerWebhookRoutes(fastify: FastifyInstance, { db }: SharedParts, parts: WebhookServiceParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.route({ ...listWebhookEndpointsContract, handler: async ({ website, actor }) => listWebhookEndpoints(db, website, actor) });
  app.route({
    ...createWebhookEndpointContract,
    handler: async ({ website, actor, body }, reply) => {
      const created = await createWebhookEndpoint(db, website, actor, body, parts);
      // The secret is in this answer only: nothing on the way may keep a copy.
      reply.status(201).header('cache-control', 'no-store');
      return created;
    },
  });
  app.route({ ...updateWebhookEndpointContract, handler: async ({ website, actor, params, body }) => updateWebhookEndpoint(db, website, actor, params.endpointId, body, parts) });
  app.route({ ...deleteWebhookEndpointContract, handler: async ({ website, actor, params }) => deleteWebhookEndpoint(db, website, actor, params.endpointId) });
  app.route({
    ...rotateWebhookSecretContract,
    handler: async ({ website, actor, params }, reply) => {
      reply.header('cache-control', 'no-store');
      return rotateWebhookSecret(db, website, actor, params.endpointId, parts);
    },
  });
  app.route({ ...listWebhookDeliveriesContract, handler: async ({ website, actor, params }) => listWebhookDeliveries(db, website, actor, params.endpointId) });
  app.route({
    ...resendWebhookDeliveryContract,
    handler: async ({ website, actor, params }, reply) => {
      reply.status(202);
      return resendWebhookDelivery(db, website, actor, params.endpointId, params.deliveryId);
    },
  });
}
