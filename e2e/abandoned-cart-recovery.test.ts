import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { collectPageErrors, newShopper } from './support/browser';
import { fillCheckout, openCheckout, payNow, PORTLAND } from './support/checkout';
import { useShop } from './support/fixtures';
import { decodeQuotedPrintable, mailsTo, useTestSmtp } from './support/mail';
import { createOwnerAccount, createOwnerSetupToken } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';

// Abandoned-cart recovery (issue 38 item 3). Before the server starts, reminders are on (after 1 hour) and a
// shopper's cart — a tote, an email given at checkout — has been idle for two hours. The server's job sends the one
// reminder, which arrives over SMTP on loopback; its link, opened in a fresh browser (a phone), makes that cart the
// visitor's; the shopper pays; the owner's dashboard counts the recovered order and its revenue, and the setting
// reads After 1 hour. Axe-clean; saved at 1280 and 390 px.

const EMAIL = `left-a-cart-${Date.now()}@example.com`;
const env: Record<string, string> = { ABANDONED_CART_INTERVAL_MS: '300' };
const smtp = useTestSmtp(env);
let setupToken = '';
const shop = useShop({
  env,
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
    const website = await db.selectFrom('websites').select('id').executeTakeFirstOrThrow();
    const tote = await db.selectFrom('variants').select(['id', 'product_id']).where('website_id', '=', website.id).where('sku', '=', 'TOTE').executeTakeFirstOrThrow();
    const idle = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const cartId = randomBytes(12).toString('hex');
    await db.insertInto('abandoned_cart_settings').values({ website_id: website.id, delay_hours: 1, enabled_at: new Date(Date.now() - 3 * 60 * 60 * 1000) }).execute();
    await db.insertInto('carts').values({ id: cartId, website_id: website.id, token: randomBytes(24).toString('base64url'), checkout: JSON.stringify({ email: EMAIL }), created_at: idle, updated_at: idle }).execute();
    await db.insertInto('cart_entries').values({ id: randomBytes(12).toString('hex'), website_id: website.id, cart_id: cartId, product_id: tote.product_id, variant_id: tote.id, quantity: 1, additional_fields: null, created_at: idle }).execute();
  },
});

describe('abandoned-cart recovery', () => {
  test('the reminder arrives, its link restores the cart on a phone, the order is paid and counted as recovered', async () => {
    await expect.poll(() => mailsTo(smtp.server, EMAIL).length, { timeout: 20_000 }).toBe(1);
    const mail = decodeQuotedPrintable(mailsTo(smtp.server, EMAIL)[0]!);
    expect(mail).toContain('You left something in your cart');
    expect(mail).toMatch(/You left these in your cart:\s+1 \S+ Canvas Tote/);
    const link = /(\/cart\/restore\?token=[A-Za-z0-9%._-]+)/.exec(mail)![1]!;

    const phone = await newShopper(shop.browser, shop.url);
    phone.setDefaultTimeout(10_000);
    const page = await phone.newPage();
    const pageErrors = collectPageErrors(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(link);
    await page.waitForURL(/\/cart\?restore=done$/);
    await page.getByRole('status').filter({ hasText: 'Your cart is back, just as you left it.' }).waitFor();
    await page.getByText('Canvas Tote').first().waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'abandoned-cart-restored');

    await openCheckout(page);
    await fillCheckout(page, { email: EMAIL, address: PORTLAND });
    await payNow(page);
    expect(pageErrors).toEqual([]);
    await phone.close();

    // Only one reminder, even after the purchase and more rounds of the job.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(mailsTo(smtp.server, EMAIL).filter((one) => one.includes('You left something in your cart'))).toHaveLength(1);

    const owner = await newShopper(shop.browser, shop.url);
    owner.setDefaultTimeout(10_000);
    const ownerPage = await owner.newPage();
    await ownerPage.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(ownerPage, setupToken);
    const card = ownerPage.getByRole('region', { name: 'Recovered carts' });
    await card.waitFor();
    await expect(card.getByRole('definition').allTextContents()).resolves.toEqual(['1', '$28.00', '1']);
    await expect(axeViolations(ownerPage)).resolves.toEqual([]);
    await saveAtBothWidths(ownerPage, 'owner-dashboard-recovered-carts');
    await card.getByRole('link', { name: 'Abandoned-cart reminders' }).click();
    await expect(ownerPage.getByRole('radio', { name: 'After 1 hour' }).isChecked()).resolves.toBe(true);
    await expect(axeViolations(ownerPage)).resolves.toEqual([]);
    await saveAtBothWidths(ownerPage, 'owner-settings-abandoned-carts');
    await owner.close();
  }, 60_000);
});
