// databases: both — row locks and what a transaction that waited for one sees
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDefaultWebsite } from '../websites';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { demoProductId, demoVariantId } from '../testing';
import { createCartWithEntry, insertEntry, lockCartByToken, readCartByToken, setEntryQuantity } from './store';

let database: TestDatabase;
let websiteId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  websiteId = (await findDefaultWebsite(database.db))!.id;
});
afterAll(async () => {
  await database?.close();
});

const stickers = { productId: demoProductId('sticker-pack'), variantId: demoVariantId('STICKERS'), quantity: 1, additionalFields: null };
const tote = { productId: demoProductId('canvas-tote'), variantId: demoVariantId('TOTE'), quantity: 1, additionalFields: null };

async function newCart() {
  return database.db.transaction().execute((trx) => createCartWithEntry(trx, websiteId, 'standard', undefined, stickers));
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe(`cart statements (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('creates a cart with its first line in one statement, and reads both back', async () => {
    const { cart, entry } = await newCart();
    expect(entry).toMatchObject({ cart_id: cart.id, product_id: stickers.productId, variant_id: stickers.variantId, quantity: 1 });
    const read = await readCartByToken(database.db, websiteId, cart.token);
    expect(read?.cart).toMatchObject({ id: cart.id, kind: 'standard', is_purchased: false });
    expect(read?.lines.map((line) => [line.entry.id, line.variant.sku, line.product.title])).toEqual([[entry.id, 'STICKERS', 'Sticker Pack']]);
    expect(read?.lines[0].entry.created_at).toBeInstanceOf(Date);
  });

  it('reads a cart without lines as an empty list, and an unknown token as nothing', async () => {
    const { cart, entry } = await newCart();
    await database.db.deleteFrom('cart_entries').where('id', '=', entry.id).execute();
    expect((await readCartByToken(database.db, websiteId, cart.token))?.lines).toEqual([]);
    expect(await readCartByToken(database.db, websiteId, 'no-such-token')).toBeUndefined();
  });

  it('lets a transaction that waited for the lock see the line the holder added', async () => {
    const { cart } = await newCart();
    const holderLocked = deferred();
    const releaseHolder = deferred();
    const holder = database.db.transaction().execute(async (trx) => {
      const locked = await lockCartByToken(trx, websiteId, cart.token);
      holderLocked.resolve();
      await insertEntry(trx, locked!.cart, tote);
      await releaseHolder.promise;
    });
    await holderLocked.promise;
    // On PostgreSQL this one blocks on the row lock; on PGlite it waits for the holder's transaction.
    const waiter = database.db.transaction().execute(async (trx) => lockCartByToken(trx, websiteId, cart.token));
    await new Promise((resolve) => setTimeout(resolve, 100));
    releaseHolder.resolve();
    await holder;
    const seen = await waiter;
    expect(seen?.lines.map((line) => line.variant.sku)).toEqual(['STICKERS', 'TOTE']);
  });

  it('lets a transaction that waited for the lock see the quantity the holder set', async () => {
    const { cart, entry } = await newCart();
    const holderLocked = deferred();
    const releaseHolder = deferred();
    const holder = database.db.transaction().execute(async (trx) => {
      await lockCartByToken(trx, websiteId, cart.token);
      holderLocked.resolve();
      await setEntryQuantity(trx, cart.id, entry.id, 7);
      await releaseHolder.promise;
    });
    await holderLocked.promise;
    const waiter = database.db.transaction().execute(async (trx) => lockCartByToken(trx, websiteId, cart.token));
    await new Promise((resolve) => setTimeout(resolve, 100));
    releaseHolder.resolve();
    await holder;
    expect((await waiter)?.lines.map((line) => line.entry.quantity)).toEqual([7]);
  });
});
