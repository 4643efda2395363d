// databases: both — notices claimed by racing senders, sent once
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { openPostgres, type OpenDatabase } from '../db/database';
import type { Database, Website } from '../db/schema';
import { newId } from '../ids';
import { demoProductId, demoVariantId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { createRestockAutoSender, DEFAULT_RESTOCK_AUTO_SEND_INTERVAL_MS, restockAutoSendIntervalFromEnv, RestockAutoSender } from './auto-send';

let server: TestServer;
let website: Website;
let owner: TestVisitor;
/** A second connection pool on PostgreSQL (as a second server process has); the same database handle on PGlite. */
let secondProcess: OpenDatabase | undefined;
let secondDb: Kysely<Database>;

beforeAll(async () => {
  server = await openTestServer({ publicUrl: 'https://shop.example.com' });
  website = (await findDefaultWebsite(server.database.db))!;
  owner = await ownerVisitor(server, 'admin');
  // The demo seeds a few waiting shoppers (restock/demo.ts); these tests count only their own.
  await server.database.db.deleteFrom('restock_signups').execute();
  secondProcess = server.database.url ? openPostgres({ connectionString: server.database.url, maxConnections: 5 }) : undefined;
  secondDb = secondProcess?.db ?? server.database.db;
}, 60_000);
afterAll(async () => {
  await secondProcess?.close();
  await server?.close();
});

const shirt = demoProductId('linen-shirt');
const navyM = demoVariantId('SHIRT-M-NAVY');
const lamp = demoProductId('vintage-lamp');
const lampVariant = demoVariantId('LAMP');

/** Waiting sign-ups, written as the sign-up service writes them (the box's captcha is not what is tested here). */
async function signUps(productId: string, variantId: string, emails: string[]): Promise<void> {
  await server.database.db
    .insertInto('restock_signups')
    .values(emails.map((email) => ({ id: newId(), website_id: website.id, product_id: productId, variant_id: variantId, email })))
    .execute();
}
const waiting = async (variantId: string) =>
  (await server.database.db.selectFrom('restock_signups').select('email').where('variant_id', '=', variantId).where('notified_at', 'is', null).execute()).map((row) => row.email);
const noticesTo = async (productTitle: string) =>
  (await server.database.db.selectFrom('mail_outbox').selectAll().where('template', '=', 'restock-notice').execute()).filter((mail) => mail.subject.startsWith(productTitle));
const setStockAsOwner = async (sku: string, qtyInStock: number) => {
  const answer = await owner.put(`/api/owner/variants/${demoVariantId(sku)}/stock`, { qtyInStock });
  expect(answer.statusCode, answer.body).toBe(200);
};
const setPreference = async (restockAutoSend: boolean | null) => {
  const answer = await owner.put(`/api/v1/commerce-preferences/${website.id}`, { restockAutoSend });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};
const poller = (db = server.database.db, intervalMs = 10) =>
  createRestockAutoSender(db, { env: { RESTOCK_AUTO_SEND_INTERVAL_MS: String(intervalMs) }, publicUrl: 'https://shop.example.com/' }) as Promise<RestockAutoSender>;

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('RESTOCK_AUTO_SEND_INTERVAL_MS', () => {
  it('defaults to 30 s, 0 turns the poller off, anything but a whole number stops the start', async () => {
    expect(restockAutoSendIntervalFromEnv({})).toBe(DEFAULT_RESTOCK_AUTO_SEND_INTERVAL_MS);
    expect(DEFAULT_RESTOCK_AUTO_SEND_INTERVAL_MS).toBe(30_000);
    expect(restockAutoSendIntervalFromEnv({ RESTOCK_AUTO_SEND_INTERVAL_MS: '2500' })).toBe(2500);
    expect(restockAutoSendIntervalFromEnv({ RESTOCK_AUTO_SEND_INTERVAL_MS: '0' })).toBe(0);
    for (const bad of ['-1', '1.5', 'soon', '1e3', '86400001']) {
      expect(() => restockAutoSendIntervalFromEnv({ RESTOCK_AUTO_SEND_INTERVAL_MS: bad }), bad).toThrow(/RESTOCK_AUTO_SEND_INTERVAL_MS must be a whole number/);
    }
    expect(await createRestockAutoSender(server.database.db, { env: { RESTOCK_AUTO_SEND_INTERVAL_MS: '0' }, publicUrl: 'https://shop.example.com' })).toBeUndefined();
  });
});

describe('automatic restock notices', () => {
  it('sends nothing while the preference is off (the default), even with the variant back in stock', async () => {
    expect(website.settings.restockAutoSend).toBeUndefined();
    await signUps(shirt, navyM, ['off-1@example.com', 'off-2@example.com']);
    await setStockAsOwner('SHIRT-M-NAVY', 3);
    try {
      const sender = await poller();
      expect(await sender.runOnce()).toBe(0);
      expect(await setPreference(false)).toMatchObject({ restockAutoSend: false });
      expect(await sender.runOnce()).toBe(0);
      expect(await noticesTo('Linen Shirt')).toEqual([]);
      expect((await waiting(navyM)).sort()).toEqual(['off-1@example.com', 'off-2@example.com']);
    } finally {
      await setStockAsOwner('SHIRT-M-NAVY', 0);
    }
  });

  it('with the preference on, restocking through the owner stock call sends one notice per sign-up, with two pollers running', async () => {
    const owed = ['off-1@example.com', 'off-2@example.com', 'on-1@example.com', 'on-2@example.com', 'on-3@example.com'];
    await signUps(shirt, navyM, ['on-1@example.com', 'on-2@example.com', 'on-3@example.com']);
    expect(await setPreference(true)).toMatchObject({ restockAutoSend: true });
    const first = await poller();
    const second = await poller(secondDb);
    // Still sold out: nothing goes, nothing is marked.
    expect(await first.runOnce()).toBe(0);
    first.start();
    second.start();
    try {
      await setStockAsOwner('SHIRT-M-NAVY', 4);
      await until(async () => (await waiting(navyM)).length === 0, 'the pollers to notify the navy shirt sign-ups');
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
    const notices = await noticesTo('Linen Shirt');
    expect(notices.map((mail) => mail.to_address).sort()).toEqual(owed);
    const notice = notices[0]!;
    expect(notice).toMatchObject({ kind: 'marketing', subject: 'Linen Shirt is back in stock at Vitrine Demo Store', status: 'pending' });
    expect(notice.text_body).toContain('https://shop.example.com/shop/p/linen-shirt?sku=SHIRT-M-NAVY');
    expect(notice.headers['List-Unsubscribe']).toMatch(/^<https:\/\/shop\.example\.com\/mail\/unsubscribe\?token=/);
    // Nobody is left: later looks write nothing more.
    expect(await first.runOnce()).toBe(0);
    expect(await noticesTo('Linen Shirt')).toHaveLength(owed.length);
  });

  it('notifies each of many sign-ups once while pollers and an owner pressing send race', async () => {
    const emails = Array.from({ length: 40 }, (_, index) => `lamp-${index}@example.com`);
    await signUps(lamp, lampVariant, emails);
    await setStockAsOwner('LAMP', 2);
    const [one, two] = [await poller(), await poller(secondDb)];
    const [a, b, c, pressed] = await Promise.all([
      one.runOnce(),
      two.runOnce(),
      one.runOnce(),
      owner.post('/api/site-users/account/notifications/restock/send', { productId: lamp, variantId: lampVariant }),
    ]);
    expect(pressed.statusCode, pressed.body).toBe(200);
    expect(a + b + c + pressed.json().notified).toBe(emails.length);
    const notices = await noticesTo('Vintage Lamp');
    expect(notices.map((mail) => mail.to_address).sort()).toEqual([...emails].sort());
    expect(await waiting(lampVariant)).toEqual([]);
  });

  it('leaves a group waiting when its product is archived, and stops cleanly', async () => {
    await setStockAsOwner('SHIRT-M-NAVY', 0);
    await signUps(shirt, navyM, ['archived@example.com']);
    await server.database.db.updateTable('products').set({ archived_at: new Date() }).where('id', '=', shirt).execute();
    await setStockAsOwner('SHIRT-M-NAVY', 5);
    try {
      const sender = await poller();
      expect(await sender.runOnce()).toBe(0);
      expect(await waiting(navyM)).toEqual(['archived@example.com']);
      sender.start();
      sender.start();
      await sender.stop();
      await sender.stop();
    } finally {
      await server.database.db.updateTable('products').set({ archived_at: null }).where('id', '=', shirt).execute();
      await setStockAsOwner('SHIRT-M-NAVY', 0);
    }
  });
});
