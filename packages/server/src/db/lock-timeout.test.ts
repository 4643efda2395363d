// databases: both — a lock held elsewhere and the lock timeout
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { TEST_SHIPPING_ADDRESS, demoProductId, snapshotDomainTables, TestVisitor } from '../testing';
import { openPostgres, type OpenDatabase } from './database';
import { openTestDatabase, type TestDatabase } from './testing';
import type { FastifyInstance } from 'fastify';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.info('lock-timeout.test.ts: skipped, it needs PostgreSQL (TEST_DATABASE_URL).');

// A request stuck behind a row lock that another session holds for too long (a hung transaction) gives
// up after lock_timeout and answers 503 with our message, writing nothing, instead of waiting for ever.
describe.skipIf(!serverUrl)('a lock held too long elsewhere', () => {
  let database: TestDatabase;
  let shortTimeout: OpenDatabase;
  let app: FastifyInstance;
  let holder: pg.Client;

  beforeAll(async () => {
    database = await openTestDatabase();
    shortTimeout = openPostgres({ connectionString: database.url!, lockTimeoutMs: 300 });
    app = await buildApp({ db: shortTimeout.db, databaseKind: 'postgres' });
    holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
  });
  afterAll(async () => {
    await holder?.end().catch(() => undefined);
    await app?.close();
    await shortTimeout?.close();
    await database?.close();
  });

  it('answers 503 "busy" with Retry-After and writes nothing; the same call succeeds once the lock is gone', async () => {
    const visitor = new TestVisitor(app);
    await visitor.visit();
    expect((await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 })).statusCode).toBe(200);
    await holder.query('BEGIN');
    await holder.query(`SELECT id FROM variants WHERE sku = 'TOTE' FOR UPDATE`);
    const before = await snapshotDomainTables(database.db);
    const started = Date.now();
    const stuck = await visitor.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'shopper@example.com' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(stuck.statusCode).toBe(503);
    expect(stuck.json()).toEqual({ message: 'The store is busy right now. Please try again in a moment.' });
    expect(stuck.headers['retry-after']).toBe('2');
    expect(await snapshotDomainTables(database.db)).toEqual(before);
    await holder.query('ROLLBACK');
    expect((await visitor.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'shopper@example.com' })).statusCode).toBe(201);
  });
});
