// databases: one — the cart rules and answers; the cart's locks are proven by store.test.ts and cart-api.test.ts on both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor, visitorActor } from '../actor';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { TEST_SHIPPING_ADDRESS } from '../testing';
import type { Website } from '../db/schema';
import { Failure } from '../failures';
import { placeOrder } from '../orders';
import { findDefaultWebsite } from '../websites';
import { addEntry, createSingleItemCart, readVisitorCart, removeEntry, updateEntryQuantity } from './service';
import { CART_LIMIT_MESSAGES, CART_LIMITS } from '@vitrine/commerce/cart';

// The cart and order services called directly, as a background job or an owner call would: no Fastify,
// no request, no cookies; the actor is built by hand.
let database: TestDatabase;
let website: Website;
const productId = async (urlId: string) =>
  (await database.db.selectFrom('products').select('id').where('url_id', '=', urlId).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  database = await openTestDatabase();
  website = (await findDefaultWebsite(database.db))!;
});
afterAll(async () => {
  await database?.close();
});

describe('cart services without HTTP', () => {
  it('add, change, read and remove through the actor alone', async () => {
    const tote = await productId('canvas-tote');
    const added = await addEntry(database.db, website, visitorActor(), { itemId: tote, sku: 'TOTE', quantity: 2 });
    expect(added.newCartToken).toMatch(/^[\w-]{20,}$/);
    expect(added.shoppingCart).toMatchObject({ totalQuantity: 2, subtotalCents: 4400 });

    const shopper = visitorActor({ cartToken: added.newCartToken });
    const changed = await updateEntryQuantity(database.db, website, shopper, { entryId: added.newlyAdded.id, quantity: '3' });
    expect(changed.shoppingCart.totalQuantity).toBe(3);
    expect((await readVisitorCart(database.db, website, shopper)).entries).toHaveLength(1);
    // Another visitor cannot touch it.
    await expect(removeEntry(database.db, website, visitorActor(), { entryId: added.newlyAdded.id })).rejects.toMatchObject({ kind: 'not-found' });
    expect((await removeEntry(database.db, website, shopper, { entryId: added.newlyAdded.id })).shoppingCart.entries).toEqual([]);
  });

  it("show the chosen variant's own picture on its line, when adding and when reading the cart again", async () => {
    const shirt = await productId('linen-shirt');
    const navy = await addEntry(database.db, website, visitorActor(), { itemId: shirt, sku: 'SHIRT-S-NAVY', quantity: 1 });
    expect(navy.newlyAdded.imageUrl).toMatch(/shirt-navy\.png$/);
    const shopper = visitorActor({ cartToken: navy.newCartToken });
    const white = await addEntry(database.db, website, shopper, { itemId: shirt, sku: 'SHIRT-S-WHITE', quantity: 1 });
    expect(white.newlyAdded.imageUrl).toMatch(/shirt-white\.png$/);
    const read = await readVisitorCart(database.db, website, shopper);
    expect(read.entries.map((entry) => entry.imageUrl?.replace(/^.*\//, ''))).toEqual([expect.stringMatching(/navy/), expect.stringMatching(/white/)]);
  });

  it('refuse with typed failures carrying the field', async () => {
    const tote = await productId('canvas-tote');
    const refusal = await addEntry(database.db, website, visitorActor(), { itemId: tote, sku: 'TOTE', quantity: '0x10' }).catch((error) => error);
    expect(refusal).toBeInstanceOf(Failure);
    expect(refusal).toMatchObject({ kind: 'invalid', message: 'Quantity must be a number.', errors: { quantity: 'Quantity must be a number.' } });
    await expect(addEntry(database.db, website, visitorActor(), { itemId: 'nope', quantity: 1 })).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('treat additionalFields "null" and "" as no fields', async () => {
    const tote = await productId('canvas-tote');
    for (const additionalFields of ['null', '', null]) {
      const added = await addEntry(database.db, website, visitorActor(), { itemId: tote, sku: 'TOTE', quantity: 1, additionalFields });
      expect(added.newlyAdded.additionalFields).toBeNull();
    }
    await expect(addEntry(database.db, website, visitorActor(), { itemId: tote, sku: 'TOTE', quantity: 1, additionalFields: '42' })).rejects.toMatchObject({
      message: 'additionalFields must be a JSON string.',
    });
  });

  it('bound a cart: lines and units', async () => {
    const stickers = await productId('sticker-pack');
    const first = await addEntry(database.db, website, visitorActor(), { itemId: stickers, quantity: 1, additionalFields: '{"n":0}' });
    const shopper = visitorActor({ cartToken: first.newCartToken });
    // Lines with form answers stay apart: fill the cart to its line limit.
    for (let i = 1; i < CART_LIMITS.maxLines; i++) {
      await addEntry(database.db, website, shopper, { itemId: stickers, quantity: 1, additionalFields: `{"n":${i}}` });
    }
    await expect(addEntry(database.db, website, shopper, { itemId: stickers, quantity: 1, additionalFields: '{"n":"one too many"}' })).rejects.toMatchObject({
      kind: 'invalid',
      message: CART_LIMIT_MESSAGES.tooManyLines,
    });
    expect((await readVisitorCart(database.db, website, shopper)).entries).toHaveLength(CART_LIMITS.maxLines);
  });

  it('check out for a job-built actor, and a single-item cart for the system', async () => {
    const tote = await productId('canvas-tote');
    const { cartToken } = await createSingleItemCart(database.db, website, systemActor('test'), { itemId: tote, sku: 'TOTE', quantity: 1, kind: 'express' });
    const { order } = await placeOrder(database.db, website, systemActor('test'), { email: 'job@example.com', cartToken, shippingAddress: TEST_SHIPPING_ADDRESS });
    expect(order).toMatchObject({ email: 'job@example.com', items: [{ sku: 'TOTE', quantity: 1 }] });
  });
});
