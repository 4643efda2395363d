// databases: both — the purge deletes through the catalog's foreign keys, children first, in one transaction
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestServer, TEST_SHIPPING_ADDRESS, TestVisitor, type TestServer } from '../testing';
import { createWebsite, deleteWebsite, purgeDeletedWebsites, purgePlan, restoreWebsite, resumeWebsite, suspendWebsite } from './index';

const PLATFORM = 'vitrine.test';
let server: TestServer;
beforeAll(async () => {
  server = await openTestServer({ platformDomain: PLATFORM });
});
afterAll(() => server?.close());
const db = () => server.database.db;
const status = async (host: string) => (await server.app.inject({ method: 'GET', url: '/', headers: { host, accept: 'text/html' } })).statusCode;

/** Rows per table that belong to a website, through website_id. */
async function rowsOf(websiteId: string): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.columns WHERE column_name = 'website_id' AND table_schema = current_schema()`.execute(db());
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables.rows) {
    const row = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE website_id = ${websiteId}`.execute(db());
    if (Number(row.rows[0]!.n) > 0) counts[table] = Number(row.rows[0]!.n);
  }
  return counts;
}

describe('the operator', () => {
  it('suspends and resumes a website, and deletes it softly (restorable) before the grace period ends', async () => {
    await createWebsite(db(), { identifier: 'held', siteTitle: 'Held', sampleContent: false });
    const host = `held.${PLATFORM}`;
    expect(await status(host)).toBe(200);
    await suspendWebsite(db(), 'held');
    expect(await status(host)).toBe(503);
    await resumeWebsite(db(), 'held');
    expect(await status(host)).toBe(200);
    await deleteWebsite(db(), 'held');
    expect(await status(host)).toBe(404);
    await restoreWebsite(db(), 'held');
    expect(await status(host)).toBe(200);
  });

  it('removes a deleted website for good after the grace period — every row and file — and leaves the others whole', async () => {
    const { website } = await createWebsite(db(), { identifier: 'gone-soon', siteTitle: 'Gone soon', sampleContent: true });
    const shopper = new TestVisitor(server.app, undefined, { host: `gone-soon.${PLATFORM}` });
    await shopper.visit('/shop');
    const added = await shopper.post('/api/commerce/shopping-cart/entries', { itemId: await productId(website.id), sku: 'STICKERS', quantity: 1 });
    expect(added.statusCode).toBe(200);
    expect((await shopper.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'buyer@example.com' })).statusCode).toBe(201);
    const demo = await db().selectFrom('websites').select('id').where('identifier', '=', 'demo').executeTakeFirstOrThrow();
    const demoBefore = await rowsOf(demo.id);
    expect(Object.keys(await rowsOf(website.id)).length).toBeGreaterThan(15);

    const removedFiles: string[] = [];
    const files = {
      removeImage: async (id: string) => void removedFiles.push(`image:${id}`),
      removeDownload: async (key: string) => void removedFiles.push(`download:${key}`),
      removeLessonVideo: async (key: string) => void removedFiles.push(`video:${key}`),
      removeThemeArchive: async (key: string) => void removedFiles.push(`theme:${key}`),
    };
    // An uploaded theme (Design → Themes) the site renders with: its archive goes too.
    await db().insertInto('website_themes').values({ id: 'gonesoontheme', website_id: website.id, name: 'Mine', version: '1.0.0', byte_size: 10, sha256: 'ab'.repeat(32), storage_key: 'gonesoontheme' }).execute();
    await db().insertInto('website_theme_choices').values({ website_id: website.id, theme_id: 'gonesoontheme' }).execute();
    await deleteWebsite(db(), website.id);
    // Inside the grace period nothing is removed.
    expect(await purgeDeletedWebsites(db(), files)).toEqual([]);
    expect(await purgeDeletedWebsites(db(), files, { now: new Date(Date.now() + 31 * 86_400_000) })).toEqual(['gone-soon']);
    expect(await rowsOf(website.id)).toEqual({});
    expect(await db().selectFrom('websites').select('id').where('id', '=', website.id).execute()).toEqual([]);
    expect(removedFiles.filter((file) => file.startsWith('image:')).length).toBeGreaterThan(5);
    expect(removedFiles.some((file) => file.startsWith('download:'))).toBe(true);
    expect(removedFiles).toContain('theme:gonesoontheme');
    expect(await rowsOf(demo.id)).toEqual(demoBefore);
    // The address is free again.
    await createWebsite(db(), { identifier: 'gone-soon', siteTitle: 'Back', sampleContent: false });
    expect(await status(`gone-soon.${PLATFORM}`)).toBe(200);
  });

  it('plans the purge over every table that holds a website\'s rows, children before parents', async () => {
    const plan = (await purgePlan(db())).filter((step) => !step.clear).map((step) => step.table);
    for (const table of ['order_items', 'orders', 'cart_entries', 'carts', 'site_user_sessions', 'site_users', 'products', 'variants', 'images']) expect(plan).toContain(table);
    expect(plan.indexOf('order_items')).toBeLessThan(plan.indexOf('orders'));
    expect(plan.indexOf('variants')).toBeLessThan(plan.indexOf('products'));
    expect(plan.at(-1)).toBe('websites');
  });
});

async function productId(websiteId: string): Promise<string> {
  const row = await db().selectFrom('variants').select('product_id').where('website_id', '=', websiteId).where('sku', '=', 'STICKERS').executeTakeFirstOrThrow();
  return row.product_id;
}
