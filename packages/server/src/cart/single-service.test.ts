// databases: one — the cart rules and answers; the cart's locks are proven by store.test.ts and cart-api.test.ts on both
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { demoProductId, snapshotDomainTables, TestVisitor } from '../testing';

// A store that does not allow several units of a service: the page hides the quantity input, and the
// server refuses what a crafted request asks for beyond one.
let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await openTestDatabase();
  await sql`UPDATE websites SET settings = settings || '{"multipleQuantityAllowedForServices": false}'::jsonb`.execute(database.db);
  app = await buildApp({ db: database.db, databaseKind: database.kind });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const ENTRIES = '/api/commerce/shopping-cart/entries';
const consultation = () => ({ itemId: demoProductId('design-consultation'), sku: 'CONSULT' });

describe('services when the store allows one at a time', () => {
  it('adds one, then refuses a second, writing nothing', async () => {
    const visitor = new TestVisitor(app);
    await visitor.visit('/shop');
    expect((await visitor.post(ENTRIES, { ...consultation(), quantity: 1 })).statusCode).toBe(200);
    const before = await snapshotDomainTables(database.db);
    const again = await visitor.post(ENTRIES, { ...consultation(), quantity: 1 });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'Sorry, only one of this service can be added to the cart.' });
    expect(await snapshotDomainTables(database.db)).toEqual(before);
  });

  it('refuses two at once', async () => {
    const visitor = new TestVisitor(app);
    await visitor.visit('/shop');
    const response = await visitor.post(ENTRIES, { ...consultation(), quantity: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Sorry, only one of this service can be added to the cart.');
  });

  it('says so in the product page context', async () => {
    const page = (await new TestVisitor(app).get('/shop/p/design-consultation?format=json')).json();
    expect(page.websiteSettings.storeSettings.multipleQuantityAllowedForServices).toBe(false);
  });
});
