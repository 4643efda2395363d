// databases: both — a data migration over existing rows
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPGlite, type OpenDatabase } from '../db/database';
import { loadMigrations, migrate } from '../db/migrate';

/**
 * Migration 020 on a database that already holds orders: each website's orders are numbered from 1001 in the
 * order they were placed (created_at, then id), and each counter goes on from the last of them.
 */

let database: OpenDatabase;
beforeAll(async () => {
  database = await openPGlite();
  await migrate(database.db, loadMigrations().filter((migration) => migration.version < '020'));
}, 60_000);
afterAll(async () => {
  await database?.close();
});

async function addOrder(websiteId: string, id: string, createdAt: string): Promise<void> {
  await sql`INSERT INTO carts (id, website_id, token, is_purchased, order_id) VALUES (${`cart-${id}`}, ${websiteId}, ${`token-${id}`}, true, ${id})`.execute(database.db);
  await sql`INSERT INTO orders (id, website_id, purchased_cart_id, email, test_mode, currency, subtotal_cents, grand_total_cents,
      payment_provider, payment_reference, created_at)
    VALUES (${id}, ${websiteId}, ${`cart-${id}`}, 'a@example.com', true, 'USD', 100, 100, 'test', 'ref', ${createdAt})`.execute(database.db);
}

describe('migration 020 (order numbers)', () => {
  it('numbers existing orders per website in creation order, and each counter goes on from there', async () => {
    for (const id of ['w1', 'w2', 'w3']) {
      await sql`INSERT INTO websites (id, identifier, site_title) VALUES (${id}, ${id}, ${id})`.execute(database.db);
    }
    await addOrder('w1', 'o-late', '2026-03-01T00:00:00Z');
    await addOrder('w1', 'o-early', '2026-01-01T00:00:00Z');
    await addOrder('w1', 'o-tie-b', '2026-02-01T00:00:00Z');
    await addOrder('w1', 'o-tie-a', '2026-02-01T00:00:00Z');
    await addOrder('w2', 'o-other', '2026-02-15T00:00:00Z');

    expect(await migrate(database.db)).toContain('020_order_numbers');

    const numbers = await database.db.selectFrom('orders').select(['id', 'website_id', 'order_number']).orderBy('website_id').orderBy('order_number').execute();
    expect(numbers).toEqual([
      { id: 'o-early', website_id: 'w1', order_number: 1001 },
      { id: 'o-tie-a', website_id: 'w1', order_number: 1002 },
      { id: 'o-tie-b', website_id: 'w1', order_number: 1003 },
      { id: 'o-late', website_id: 'w1', order_number: 1004 },
      { id: 'o-other', website_id: 'w2', order_number: 1001 },
    ]);
    const counters = await database.db.selectFrom('website_order_counters').selectAll().orderBy('website_id').execute();
    expect(counters).toEqual([
      { website_id: 'w1', next_number: 1005 },
      { website_id: 'w2', next_number: 1002 },
      { website_id: 'w3', next_number: 1001 },
    ]);
  });
});
