// databases: both — a renewal order and its stock rolled back in one transaction
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { renewalIdempotencyKey, RenewalRefused, type RenewalOrderInput } from '../subscriptions';
import { subscribeThroughApi } from '../subscriptions/testing';
import { openTestServer, stockOf, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { PAYMENT_DECLINED_MESSAGE, TEST_DECLINE_EMAIL, TestModePaymentProvider } from './payment-provider';
import { recordRenewalOrder } from './renewal-order';

let server: TestServer;
let website: Website;
beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(server.database.db))!;
});
afterAll(async () => {
  await server?.close();
});

const payments = new TestModePaymentProvider();

async function renewalInput(email: string): Promise<RenewalOrderInput> {
  const { subscriptionId, orderId } = await subscribeThroughApi(server, email);
  const row = await server.database.db.selectFrom('subscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirstOrThrow();
  return {
    subscriptionId, firstOrderId: orderId, cycle: 2, email, currency: 'USD', productId: row.product_id, variantId: row.variant_id, sku: row.sku,
    productName: row.product_name, quantity: 1, unitPriceCents: 1800, plan: row.plan, firstPaymentReference: row.payment_reference, customerReference: null,
  };
}

describe('recordRenewalOrder', () => {
  it('records a paid renewal order with the next number, the first order’s address, shipping and tax, and its own purchased cart', async () => {
    const input = await renewalInput(`renewal-order-${process.pid}@example.com`);
    const first = await server.database.db.selectFrom('orders').selectAll().where('id', '=', input.firstOrderId).executeTakeFirstOrThrow();
    const { order, items } = await inTransaction(server.database.db, (trx) => recordRenewalOrder(trx, website, input, payments));
    expect(order.order_number).toBe(first.order_number + 1);
    expect(order).toMatchObject({
      email: input.email, payment_status: 'paid', status: 'placed', test_mode: true, payment_provider: 'test',
      payment_reference: `test_renewal_${renewalIdempotencyKey(input.subscriptionId, 2)}`, shipping_address: first.shipping_address,
    });
    expect(renewalIdempotencyKey(input.subscriptionId, 2)).toBe(`subscription:${input.subscriptionId}:cycle:2`);
    expect([order.subtotal_cents, order.shipping_total_cents, order.tax_total_cents, order.grand_total_cents, order.discount_total_cents].map(Number)).toEqual([1800, 600, 72, 2472, 0]);
    expect(order.paid_at).not.toBeNull();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ sku: 'COFFEE-MONTHLY', line_kind: 'subscription', quantity: 1, subscription_plan: input.plan });
    const cart = await server.database.db.selectFrom('carts').selectAll().where('id', '=', order.purchased_cart_id).executeTakeFirstOrThrow();
    expect(cart).toMatchObject({ kind: 'subscription', is_purchased: true, order_id: order.id });
  });

  it('refuses a physical product out of stock before charging, and rolls back nothing it took', async () => {
    const input = await renewalInput(`renewal-stock-${process.pid}@example.com`);
    const db = server.database.db;
    await db.updateTable('variants').set({ unlimited: false, qty_in_stock: 0 }).where('sku', '=', 'COFFEE-MONTHLY').execute();
    try {
      let charged = 0;
      const counting = Object.assign(Object.create(payments) as TestModePaymentProvider, {
        chargeRenewal: async (...args: Parameters<TestModePaymentProvider['chargeRenewal']>) => {
          charged += 1;
          return payments.chargeRenewal(...args);
        },
      });
      const ordersBefore = await db.selectFrom('orders').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const refusal = await inTransaction(db, (trx) => recordRenewalOrder(trx, website, input, counting)).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(RenewalRefused);
      expect(refusal).toMatchObject({ reason: 'out-of-stock', message: 'Coffee Subscription is out of stock, so this renewal was not charged.' });
      expect(charged).toBe(0);
      expect(await stockOf(db, 'COFFEE-MONTHLY')).toBe(0);
      const ordersAfter = await db.selectFrom('orders').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
      expect(Number(ordersAfter.n)).toBe(Number(ordersBefore.n));
    } finally {
      await db.updateTable('variants').set({ unlimited: true }).where('sku', '=', 'COFFEE-MONTHLY').execute();
    }
  });

  it('refuses a declined charge, with the provider’s message, and gives the stock it took back by rolling back', async () => {
    const input = { ...(await renewalInput(`renewal-decline-${process.pid}@example.com`)), email: TEST_DECLINE_EMAIL };
    const db = server.database.db;
    await db.updateTable('variants').set({ unlimited: false, qty_in_stock: 5 }).where('sku', '=', 'COFFEE-MONTHLY').execute();
    try {
      const refusal = await inTransaction(db, (trx) => recordRenewalOrder(trx, website, input, payments)).catch((error: unknown) => error);
      expect(refusal).toMatchObject({ name: 'RenewalRefused', reason: 'declined', message: PAYMENT_DECLINED_MESSAGE });
      expect(await stockOf(db, 'COFFEE-MONTHLY')).toBe(5);
      expect(await db.selectFrom('orders').select('id').where('email', '=', TEST_DECLINE_EMAIL).execute()).toEqual([]);
    } finally {
      await db.updateTable('variants').set({ unlimited: true }).where('sku', '=', 'COFFEE-MONTHLY').execute();
    }
  });
});
