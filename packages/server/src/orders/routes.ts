import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { placeOrderContract } from '@vitrine/contracts';
import { cartTokenOf } from '../actor';
import type { MailSettings } from '../mail';
import type { SharedParts } from '../shared';
import { clearCartCookie } from '../http/cookies';
import { resumePendingPayment } from './payment-lifecycle';
import type { PaymentProvider } from './payment-provider';
import { placeOrder } from './service';

export function registerOrderRoutes(fastify: FastifyInstance, { db, payments, mail, secureCookies }: SharedParts & { payments: PaymentProvider; mail: MailSettings }): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({
    ...placeOrderContract,
    handler: async ({ website, actor, body }, reply) => {
      const placed = await placeOrder(db, website, actor, body, { payments, mail });
      const { order, purchasedCartToken } = placed;
      // A retry whose first answer was lost gets the same order: and, while its payment is pending, the same payment.
      const pendingPayment = placed.pendingPayment ?? (order.paymentStatus === 'pending' ? await resumePendingPayment(db, website, order.id, payments) : null);
      // The purchased cart is no longer the visitor's: drop the cookie that pointed at it.
      if (cartTokenOf(actor) === purchasedCartToken) clearCartCookie(reply, secureCookies);
      reply.status(201);
      // A payment the browser still confirms (Stripe): what Stripe.js needs, until the order is let go.
      if (pendingPayment && payments.browserConfig) {
        return { order, payment: { ...payments.browserConfig, clientSecret: pendingPayment.clientSecret, expiresAt: pendingPayment.expiresAt.getTime() } };
      }
      return { order };
    },
  });
}
