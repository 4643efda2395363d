import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { useShop } from './support/fixtures';
import { newShopper } from './support/browser';
import { receiptTotals } from './support/checkout';
import { createOwnerAccount, createOwnerSetupToken } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';
import { addButton, addToCart, chooseOptions, openProduct, visit, waitForIslands } from './support/shop';

// Gift cards (issue 17 item 7): a shopper buys the demo's $50 gift card for a friend, with a message and a send
// date a week away, through the gift card page (the GiftCardPurchase island: its own rules refuse a bad address
// first) and the checkout page (test mode); the card's mail waits in the outbox for its date, the journey reads the
// code there (through the owner's outbox call) and asks its balance as a shopper would, spends $15.00 of it on the
// e-book at checkout ($35.00 left); the owner sees the card on the Gift cards screen, scheduled, and disables it. Axe-clean; screenshots of the gift card page (empty, refused,
// filled) and of the owner's screen at 1280 and 390 px.

let setupToken = '';
const shop = useShop({
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

const purchaseForm = (page: Page) => page.getByRole('form', { name: 'Buy a $50.00 gift card' });

function daysAfter(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

/** An owner call from the owner app's page: its session, the crumb and the XSRF token of the boot data. */
async function ownerCall(page: Page, method: string, path: string): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ method, path }) => {
      const boot = JSON.parse(document.getElementById('owner-boot')!.textContent!) as { xsrfToken: string };
      const crumb = document.cookie.split('; ').find((cookie) => cookie.startsWith('crumb='))?.slice('crumb='.length) ?? '';
      const response = await fetch(path, { method, headers: { 'x-csrf-token': crumb, 'X-SiteUser-XSRF-Token': boot.xsrfToken } });
      return { status: response.status, body: await response.json() };
    },
    { method, path },
  );
}

/** A shopper's call from the page itself: its cookies and the crumb, as the islands send them. */
async function shopperPost(page: Page, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ path, body }) => {
      const read = () => document.cookie.split('; ').find((cookie) => cookie.startsWith('crumb='))?.slice('crumb='.length) ?? '';
      // Asked for when the page holds none yet, as the islands' client does (a page sets no cookie).
      if (!read()) await fetch('/api/crumb');
      const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': read() }, body: JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    },
    { path, body },
  );
}

describe('buying a gift card', () => {
  test('for a friend with a message on a date, paid at checkout; the code mailed on that date pays at checkout; the owner disables it', async () => {
    const { page, url } = shop;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openProduct(page, 'gift-card');
    await chooseOptions(page, { Amount: '$50.00' });
    await addButton(page).click();
    await page.waitForURL(/\/checkout\/gift-card\?itemId=[^&]+&sku=GIFT-50$/);
    await waitForIslands(page);
    await page.locator('.vitrine-gift-card-form[data-ready]').waitFor();
    await page.getByText('Gift card value: $50.00', { exact: true }).waitFor();
    await purchaseForm(page).getByText('We email the code to you once you have paid.').waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'gift-card-purchase');

    // Send to someone else: the island's rules refuse a bad address before anything is sent.
    await page.getByRole('checkbox', { name: 'Send to someone else' }).check();
    const group = page.getByRole('group', { name: 'Who receives it' });
    await group.waitFor();
    const sendOn = page.getByLabel('Send on');
    const today = (await sendOn.getAttribute('min'))!;
    await expect(sendOn.inputValue()).resolves.toBe(today);
    await expect(sendOn.getAttribute('max')).resolves.toBe(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`);
    await page.getByLabel('Recipient email').fill('ana@example');
    await page.getByRole('button', { name: 'Buy Gift Card', exact: true }).click();
    await page.getByText("Enter the recipient's email address.", { exact: true }).waitFor();
    await expect(page.getByLabel('Recipient email').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).resolves.toBe('recipientEmail');
    expect(new URL(page.url()).pathname).toBe('/checkout/gift-card');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'gift-card-purchase-errors');

    const message = 'Happy birthday, Ana! Something for the bookshop you love.';
    const sendDate = daysAfter(today, 7);
    await page.getByLabel('Recipient email').fill('ana.friend@example.com');
    await page.getByLabel('Recipient name (optional)').fill('Ana');
    await page.getByLabel('Your name (optional)').fill('Bo');
    await page.getByLabel('Message (optional)').fill(message);
    await page.getByText(`${message.length} / 500`, { exact: true }).waitFor();
    await sendOn.fill(sendDate);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'gift-card-purchase-filled');
    await page.getByRole('button', { name: 'Buy Gift Card', exact: true }).click();

    // The checkout page takes the buyer's email and the payment (test mode); a gift card asks no address.
    await page.waitForURL(/\/checkout\?cartToken=[^&]+$/);
    await waitForIslands(page);
    await page.locator('.vitrine-checkout[data-ready]').waitFor();
    await expect(page.getByRole('combobox', { name: 'Country/region' }).count()).resolves.toBe(0);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('bo.buyer@example.com');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\?orderId=/);
    await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'GIFT-50' });
    await expect(row.getByRole('cell').allTextContents()).resolves.toEqual(['Gift CardAmount: $50.00', 'GIFT-50', '1', '$50.00', '$50.00']);

    // The owner, signed in in a browser of their own: the card's mail to Ana waits in the outbox for its date (the
    // buyer's confirmation is a mail of its own); the journey reads the code there.
    const ownerContext = await newShopper(shop.browser, url);
    ownerContext.setDefaultTimeout(10_000);
    const ownerPage = await ownerContext.newPage();
    await ownerPage.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(ownerPage, setupToken);
    const outbox = await ownerCall(ownerPage, 'GET', '/api/owner/mail');
    expect(outbox.status).toBe(200);
    const messages = outbox.body.messages as { id: string; template: string; to: string; subject: string; status: string }[];
    const cardMail = messages.find((mail) => mail.template === 'gift-card');
    expect(cardMail).toMatchObject({ to: 'ana.friend@example.com', subject: 'Bo sent you a $50.00 gift card for Vitrine Demo Store', status: 'pending' });
    expect(messages.some((mail) => mail.template === 'order-confirmation' && mail.to === 'bo.buyer@example.com')).toBe(true);
    const mail = await ownerCall(ownerPage, 'GET', `/api/owner/mail/${cardMail!.id}`);
    expect(mail.body.text).toContain(`"${message}"`);
    expect(mail.body.text).toContain('For Ana');
    const code = /Code: ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(mail.body.text as string)?.[1];
    expect(code).toMatch(/^[A-HJ-NP-Z2-9-]{19}$/);
    const last4 = code!.slice(-4);

    // Ana checks her balance as a shopper: typed loosely, answered with the last four only.
    const balance = await shopperPost(page, '/api/commerce/gift-cards/balance', { code: code!.toLowerCase().replace(/-/g, ' ') });
    expect(balance).toEqual({ status: 200, body: { giftCard: { last4, balance: { value: '50.00', currency: 'USD' }, usable: true } } });
    expect(shop.pageErrors).toEqual([]);
    expect(shop.consoleErrors).toEqual([]);
    // An unknown code: 404 with the shopper's message (the browser logs the failed request, nothing else).
    const unknown = await shopperPost(page, '/api/commerce/gift-cards/balance', { code: 'AAAA-BBBB-CCCC-DDDD' });
    expect(unknown).toEqual({ status: 404, body: { message: 'This gift card code does not exist.' } });
    expect(shop.consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);

    // Ana spends part of it at checkout: the $15.00 e-book, paid wholly by the card ($35.00 left on it).
    await openProduct(page, 'photography-ebook');
    await addToCart(page);
    await visit(page, '/checkout');
    await page.locator('.vitrine-checkout[data-ready]').waitFor();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ana.friend@example.com');
    await page.getByRole('textbox', { name: 'Discount code or gift card' }).fill(code!);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByRole('button', { name: `Remove gift card ending ${last4}` }).waitFor();
    await page.getByRole('complementary', { name: 'Order summary' }).getByRole('definition').filter({ hasText: '−$15.00' }).waitFor();
    await page.getByRole('button', { name: /^Pay now/ }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\?orderId=/);
    await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
    const receipt = await receiptTotals(page);
    expect(receipt.find(([label]) => label === 'Paid by gift card')?.[1]).toContain('$15.00');
    const spent = await shopperPost(page, '/api/commerce/gift-cards/balance', { code });
    expect(spent).toEqual({ status: 200, body: { giftCard: { last4, balance: { value: '35.00', currency: 'USD' }, usable: true } } });

    // The owner's Gift cards screen: the card scheduled for its date, the last four only; Disable after the confirm.
    await ownerPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gift cards' }).click();
    await ownerPage.getByRole('heading', { level: 1, name: 'Gift cards' }).waitFor();
    const cardRow = ownerPage.getByRole('table', { name: 'Gift cards, newest first' }).getByRole('row').filter({ has: ownerPage.getByLabel(`Code ending ${last4}`) });
    await cardRow.getByText('Scheduled', { exact: true }).waitFor();
    await cardRow.getByText('$35.00 of $50.00', { exact: true }).waitFor();
    await cardRow.getByText('ana.friend@example.com', { exact: true }).waitFor();
    await expect(cardRow.locator('time').getAttribute('datetime')).resolves.toBe(sendDate);
    await expect(axeViolations(ownerPage)).resolves.toEqual([]);
    await saveAtBothWidths(ownerPage, 'owner-gift-cards');
    await cardRow.getByRole('button', { name: `Disable gift card ending ${last4}` }).click();
    const dialog = ownerPage.getByRole('alertdialog', { name: `Disable gift card ending ${last4}?` });
    await dialog.getByText('Its balance of $35.00 stays on record.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Disable gift card' }).click();
    await ownerPage.getByRole('status').filter({ hasText: `Gift card ending ${last4} is disabled.` }).waitFor();
    await cardRow.getByText('Disabled', { exact: true }).waitFor();
    await ownerContext.close();

    // A disabled card pays nothing: the balance call says why.
    const after = await shopperPost(page, '/api/commerce/gift-cards/balance', { code });
    expect(after).toEqual({
      status: 200,
      body: { giftCard: { last4, balance: { value: '35.00', currency: 'USD' }, usable: false, reason: 'This gift card has been disabled.' } },
    });
  });
});
