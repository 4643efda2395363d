import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  approveReturnContract, createFulfilmentContract, declineReturnContract, getShopperReturnsContract, packingSlipContract, receiveReturnContract,
  refundReturnContract, requestReturnContract,
} from '@vitrine/contracts';
import type { MailSettings } from '../mail';
import type { SharedParts } from '../shared';
import { createFulfilment } from './fulfilments';
import { packingSlipHtml } from './packing-slip';
import type { PaymentProvider } from './payment-provider';
import { registerReturnFormRoutes } from './returns-routes';
import { approveReturn, declineReturn, getShopperReturns, receiveReturn, refundReturn, requestReturn } from './returns';

/** Fulfilments, packing slips and returns (issue 38 item 2): the owner's calls, the shopper's two and the
 * order page's return form. */
export function registerFulfilmentRoutes(fastify: FastifyInstance, parts: SharedParts & { payments: PaymentProvider; mail: MailSettings }): void {
  const { db, payments, mail } = parts;
  // The order page's plain return form (works without JavaScript).
  registerReturnFormRoutes(fastify, parts);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.route({
    ...createFulfilmentContract,
    handler: async ({ website, actor, params, body }, reply) => {
      const answer = await createFulfilment(db, website, actor, params.orderId, body, mail);
      return reply.status(201).send(answer);
    },
  });

  app.route({
    ...packingSlipContract,
    handler: async ({ website, actor, params }, reply) => {
      const html = await packingSlipHtml(db, website, actor, params.orderId);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  });

  app.route({ ...approveReturnContract, handler: async ({ website, actor, params, body }) => approveReturn(db, website, actor, params, body, { mail }) });
  app.route({ ...declineReturnContract, handler: async ({ website, actor, params, body }) => declineReturn(db, website, actor, params, body, { mail }) });
  app.route({ ...receiveReturnContract, handler: async ({ website, actor, params, body }) => receiveReturn(db, website, actor, params, body) });
  app.route({ ...refundReturnContract, handler: async ({ website, actor, params, body }) => refundReturn(db, website, actor, params, body, { mail, payments }) });

  app.route({ ...getShopperReturnsContract, handler: async ({ website, actor, params }) => getShopperReturns(db, website, actor, params.orderId) });
  app.route({
    ...requestReturnContract,
    handler: async ({ website, actor, params, body }, reply) => reply.status(201).send(await requestReturn(db, website, actor, params.orderId, body, { mail })),
  });
}
