import { expect } from 'vitest';
import { demoProductId, TestVisitor, type TestServer } from '../testing';

/** A US address the demo store ships to (Standard $6.00, New York tax 4 %). */
export const SHOPPER_ADDRESS = { name: 'Ada Shopper', line1: '1 Main Street', city: 'New York', region: 'NY', postalCode: '10001', country: 'US' };

/**
 * Subscribes to the demo Coffee Subscription through the real API, as the subscription page does: its one-item
 * cart, the address and the first shipping option, then the order.
 */
export async function subscribeThroughApi(
  server: TestServer,
  email: string,
  /** A visitor of the test's own (signed in, say); a new one when absent. */
  as?: TestVisitor,
): Promise<{ visitor: TestVisitor; orderId: string; subscriptionId: string; email: string }> {
  const visitor = as ?? new TestVisitor(server.app);
  if (!as) await visitor.visit('/shop');
  const cart = await visitor.post('/api/3/commerce/cart/subscription', { itemId: demoProductId('coffee-subscription'), sku: 'COFFEE-MONTHLY', qty: 1 });
  expect(cart.statusCode, cart.body).toBe(200);
  const { cartToken } = cart.json();
  const answered = await visitor.put('/api/commerce/shopping-cart/checkout', { cartToken, email, shippingAddress: SHOPPER_ADDRESS });
  expect(answered.statusCode, answered.body).toBe(200);
  const options = answered.json().shoppingCart.shippingOptions as Array<{ id: string }>;
  if (options.length > 0) expect((await visitor.put('/api/commerce/shopping-cart/checkout', { cartToken, selectedShippingOptionId: options[0].id })).statusCode).toBe(200);
  const order = await visitor.post('/api/commerce/orders', { email, cartToken });
  expect(order.statusCode, order.body).toBe(201);
  const orderId = order.json().order.id as string;
  const row = await server.database.db.selectFrom('subscriptions').select('id').where('first_order_id', '=', orderId).executeTakeFirstOrThrow();
  return { visitor, orderId, subscriptionId: row.id, email };
}
