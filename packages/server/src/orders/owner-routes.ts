import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  cancelOrderContract, exportOwnerOrdersContract, fulfilOrderContract, getOwnerOrderContract, listOwnerOrdersContract, markOrderPaidContract, refundOrderContract,
} from '@vitrine/contracts';
import type { SharedParts } from '../shared';
import { cancelOrder, fulfilOrder, getOwnerOrder, refundOrder } from './manage';
import { markManualOrderPaid } from './manual-payment';
import type { MailSettings } from '../mail';
import { listOwnerOrders } from './order-list';
import { exportOrdersCsv } from './orders-csv';
import type { PaymentProvider } from './payment-provider';

/** The owner's order calls (issue 12): list, detail, fulfil, cancel, refund, CSV export. */
export function registerOwnerOrderRoutes(fastify: FastifyInstance, { db, payments, mail }: SharedParts & { payments: PaymentProvider; mail?: MailSettings }): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.route({ ...listOwnerOrdersContract, handler: async ({ website, actor, query }) => listOwnerOrders(db, website, actor, query) });

  app.route({
    ...exportOwnerOrdersContract,
    handler: async ({ website, actor, query }, reply) => {
      const csv = exportOrdersCsv(db, website, actor, query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .header('cache-control', 'no-store')
        // A stream is sent as it is (no serialisation); the contract's 200 schema only documents text/csv.
        .send(csv as unknown as string);
    },
  });

  app.route({ ...getOwnerOrderContract, handler: async ({ website, actor, params }) => getOwnerOrder(db, website, actor, params.orderId) });

  app.route({
    ...fulfilOrderContract,
    handler: async ({ website, actor, params, body }) => fulfilOrder(db, website, actor, params.orderId, body),
  });

  app.route({
    ...cancelOrderContract,
    handler: async ({ website, actor, params, body }) => cancelOrder(db, website, actor, params.orderId, body),
  });

  // A manual order's "Mark as paid": the paid-order steps run then, the confirmation mail among them.
  app.route({
    ...markOrderPaidContract,
    handler: async ({ website, actor, params, body }) => markManualOrderPaid(db, website, actor, params.orderId, body, { mail }),
  });

  app.route({
    ...refundOrderContract,
    handler: async ({ website, actor, params, body }) => refundOrder(db, website, actor, params.orderId, body, { payments }),
  });
}
