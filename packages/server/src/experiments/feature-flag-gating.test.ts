// databases: one — the toggles' and flags' answers; no lock, race or transaction of its own
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { notifyWebsiteChanged } from '../websites';

/**
 * Feature flags really gate their features (issue 19 item 1): gift cards (40) off refuses every gift card
 * call of a shopper and the gift card product; commerce subscriptions (50) off refuses subscribing. Turned
 * back on, they work again at once in this process.
 */
let server: TestServer;
let owner: TestVisitor;

beforeAll(async () => {
  server = await openTestServer();
  owner = await ownerVisitor(server);
});
afterAll(async () => server?.close());

const setFlag = async (code: number, enabled: boolean) => {
  const answer = await owner.put('/api/owner/feature-flags', { flags: [{ code, enabled }] });
  expect(answer.statusCode, answer.body).toBe(200);
};

describe('feature flags gate their features', () => {
  it('gift cards off: the product cannot be bought and the gift card calls are refused', async () => {
    const shopper = new TestVisitor(server.app);
    await shopper.visit('/shop');
    const giftCard = { itemId: demoProductId('gift-card'), sku: 'GIFT-25', quantity: 1 };
    await setFlag(40, false);
    const added = await shopper.post('/api/commerce/shopping-cart/entries', giftCard);
    expect(added.statusCode).toBe(404);
    const express = await shopper.post('/api/commerce/express-checkout', giftCard);
    expect(express.statusCode).toBe(404);
    const balance = await shopper.post('/api/commerce/gift-cards/balance', { code: 'ABCD-EFGH-JKLM-NPQR' });
    expect(balance.statusCode).toBe(404);
    expect(balance.json()).toEqual({ message: 'Gift cards are not offered on this website.' });
    const applied = await shopper.post('/api/commerce/shopping-cart/gift-cards', { code: 'ABCD-EFGH-JKLM-NPQR' });
    expect(applied.statusCode).toBe(404);
    expect(applied.json()).toEqual({ message: 'Gift cards are not offered on this website.' });
    // Other products are not affected.
    expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('design-consultation'), quantity: 1 })).statusCode).toBe(200);

    // …and hidden from every storefront page.
    const giftCardPath = '/shop/p/gift-card';
    expect((await shopper.get(giftCardPath)).statusCode).toBe(404);
    const grid = await shopper.get('/shop?format=json');
    expect(grid.json().items.map((item: { urlId: string }) => item.urlId)).not.toContain('gift-card');
    expect(grid.json().items.length).toBeGreaterThan(3);
    expect((await shopper.get('/search?q=gift&format=json')).json().items.map((item: { urlId: string }) => item.urlId)).not.toContain('gift-card');
    expect((await shopper.get('/sitemap.xml')).body).not.toContain(giftCardPath);

    await setFlag(40, true);
    expect((await shopper.post('/api/commerce/shopping-cart/entries', giftCard)).statusCode).toBe(200);
    expect((await shopper.get(giftCardPath)).statusCode).toBe(200);
    expect((await shopper.get('/shop?format=json')).json().items.map((item: { urlId: string }) => item.urlId)).toContain('gift-card');
    expect((await shopper.get('/sitemap.xml')).body).toContain(giftCardPath);
  });

  it('Afterpay (64) or Clearpay (68) off hides the installment pill where that provider runs', async () => {
    const db = server.database.db;
    const website = (await db.selectFrom('websites').selectAll().executeTakeFirstOrThrow());
    const settings = (country: string) => JSON.stringify({ ...website.settings, afterPayAvailable: true, afterPayMin: 100, afterPayMax: 200000, stripeAccountCountry: country });
    const shopper = new TestVisitor(server.app);
    const installments = async () => (await shopper.get('/shop/p/linen-shirt?format=json')).json().installments.afterPayAvailable;
    try {
      await db.updateTable('websites').set({ settings: settings('US') }).where('id', '=', website.id).execute();
      notifyWebsiteChanged(website.id);
      expect(await installments()).toBe(true);
      await setFlag(64, false);
      expect(await installments()).toBe(false);
      // In the UK the provider is Clearpay: Afterpay's flag does not matter there, Clearpay's does.
      await db.updateTable('websites').set({ settings: settings('GB'), locale: 'en-GB' }).where('id', '=', website.id).execute();
      notifyWebsiteChanged(website.id);
      expect(await installments()).toBe(true);
      await setFlag(68, false);
      expect(await installments()).toBe(false);
    } finally {
      await setFlag(64, true);
      await setFlag(68, true);
      await db.updateTable('websites').set({ settings: JSON.stringify(website.settings), locale: website.locale }).where('id', '=', website.id).execute();
      notifyWebsiteChanged(website.id);
    }
  });

  it('site user accounts (29) off: nobody signs up and the account page is not found; contributors still sign in', async () => {
    const shopper = new TestVisitor(server.app);
    await shopper.visit('/shop');
    expect((await shopper.get('/account/subscriptions')).statusCode).toBe(200);
    await setFlag(29, false);
    try {
      const refused = await shopper.post('/api/site-users/account', { email: 'new-shopper@example.com', password: 'a long password 1' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: 'Accounts are not offered on this website.' });
      expect((await shopper.get('/account/subscriptions')).statusCode).toBe(404);
      // The owner's own sign-in is not a shopper account: it still works.
      expect((await (await ownerVisitor(server)).get('/api/owner/feature-flags')).statusCode).toBe(200);
    } finally {
      await setFlag(29, true);
    }
    expect((await shopper.post('/api/site-users/account', { email: 'new-shopper@example.com', password: 'a long password 1' })).statusCode).toBeLessThan(300);
  });

  it('commerce subscriptions off: subscribing is refused', async () => {
    const shopper = new TestVisitor(server.app);
    await shopper.visit('/shop');
    await setFlag(50, false);
    const refused = await shopper.post('/api/3/commerce/cart/subscription', { itemId: demoProductId('coffee-subscription'), qty: 1 });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Subscriptions are not offered on this website.' });
    await setFlag(50, true);
    const allowed = await shopper.post('/api/3/commerce/cart/subscription', { itemId: demoProductId('coffee-subscription'), qty: 1 });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});
