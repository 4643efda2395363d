import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { placeOrderContract } from '@vitrine/contracts';
import { cartTokenOf } from '../actor';
import type { ServerContext } from '../context';
import { clearCartCookie } from '../http/cookies';
import { placeOrder } from './service';

export function registerOrderRoutes(fastify: FastifyInstance, { db, payments, mail }: ServerContext): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({
    ...placeOrderContract,
    handler: async ({ website, actor, body }, reply) => {
      const { order, purchasedCartToken, pendingPayment } = await placeOrder(db, website, actor, body, { payments, mail });
      // The purchased cart is no longer the visitor's: drop the cookie that pointed at it.
      if (cartTokenOf(actor) === purchasedCartToken) clearCartCookie(reply);
      reply.status(201);
      // A payment the browser still confirms (Stripe): what Stripe.js needs, until the order is let go.
      if (pendingPayment && payments.browserConfig) {
        return { order, payment: { ...payments.browserConfig, clientSecret: pendingPayment.clientSecret, expiresAt: pendingPayment.expiresAt.getTime() } };
      }
      return { order };
    },
  });
}
