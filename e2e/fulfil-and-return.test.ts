import { describe, expect, test } from 'vitest';
import { HttpVisitor } from '../packages/server/src/reliability/server-process';
import { axeViolations } from './support/axe';
import { collectPageErrors, newShopper } from './support/browser';
import { useShop } from './support/fixtures';
import { mailsTo, useTestSmtp } from './support/mail';
import { createOwnerAccount, createOwnerSetupToken } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';
import { itemIdOf } from './support/shop';

// Fulfilment and returns (issue 38 item 2). A shopper's order of two totes is placed over HTTP before the browser
// starts (the checkout has its own journeys). The owner opens it, fulfils one tote with DHL and a tracking number in
// the Fulfil form: the order reads Partly fulfilled, the shipment shows its tracking link, and the shipped mail,
// delivered over a real SMTP server on loopback, carries the DHL link. The shopper asks to return that tote (through
// the shopper API: the storefront has no return form yet); the owner approves it, marks it received and refunds it
// with restock from the Returns panel; the history shows each step; the packing slip prints the lines without
// prices. Axe-clean; saved at 1280 and 390 px.

const env: Record<string, string> = {};
const smtp = useTestSmtp(env);
let setupToken = '';
const shop = useShop({
  env,
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

describe('fulfil with tracking, then a return', () => {
  test('the owner ships one of two totes with DHL tracking, the shipped mail arrives, and a return is approved and refunded', async () => {
    const email = `returns-${Date.now()}@example.com`;
    const shopper = new HttpVisitor();
    await shopper.visit(shop.url, '/shop');
    const added = await shopper.call(shop.url, 'POST', '/api/commerce/shopping-cart/entries', { itemId: await itemIdOf(shop.url, 'canvas-tote'), sku: 'TOTE', quantity: 2 });
    expect(added.status, added.text).toBe(200);
    const placed = await shopper.call(shop.url, 'POST', '/api/commerce/orders', {
      email,
      shippingAddress: { name: 'Ada Shopper', line1: '1 Test Street', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' },
    });
    expect(placed.status, placed.text).toBe(201);
    const orderId = placed.body.order.id as string;

    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(page, setupToken);
    await page.goto(`/config/orders/${orderId}`);
    await page.getByRole('heading', { level: 1, name: /^Order #\d+$/ }).waitFor();

    // 1. Fulfil one tote of two with DHL.
    const fulfil = page.getByRole('button', { name: 'Fulfil', exact: true });
    await fulfil.click();
    const form = page.getByRole('form', { name: 'Fulfil items' });
    await form.getByLabel('Quantity of Canvas Tote to ship (2 left)').fill('1');
    await form.getByLabel('Carrier').selectOption('dhl');
    await form.getByLabel('Tracking number').fill('1234567890');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'owner-order-fulfil-form');
    await form.getByRole('button', { name: 'Ship these items' }).click();
    await page.getByRole('status').filter({ hasText: 'Shipped. The shopper gets the shipped mail.' }).waitFor();
    const track = page.getByRole('link', { name: 'Track DHL 1234567890' });
    await expect(track.getAttribute('href')).resolves.toBe('https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=1234567890');
    await page.getByText('Partly fulfilled').first().waitFor();
    await expect(page.getByRole('link', { name: /Packing slip/ }).getAttribute('href')).resolves.toBe(`/api/owner/orders/${orderId}/packing-slip`);

    // 2. The shipped mail arrives over SMTP with the tracking link.
    await expect.poll(() => mailsTo(smtp.server, email).filter((mail) => mail.includes('on its way')).length, { timeout: 20_000 }).toBe(1);
    const shipped = mailsTo(smtp.server, email).find((mail) => mail.includes('on its way'))!;
    expect(shipped).toContain('https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=1234567890');

    // 3. The shopper asks to return the shipped tote.
    const lines = (await shopper.call(shop.url, 'GET', `/api/commerce/orders/${orderId}/returns`)).body.lines as Array<{ lineId: string }>;
    const asked = await shopper.call(shop.url, 'POST', `/api/commerce/orders/${orderId}/returns`, { lines: [{ lineId: lines[0]!.lineId, quantity: 1 }], reason: 'does-not-fit', note: 'Too small' });
    expect(asked.status, asked.text).toBe(201);

    // 4. The owner approves, marks received and refunds with restock, from the Returns panel.
    await page.reload();
    const returns = page.getByRole('region', { name: 'Returns' });
    await returns.getByText(/It does not fit/).waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'owner-order-return-requested');
    await returns.getByRole('button', { name: 'Approve' }).click();
    await returns.getByRole('button', { name: 'Mark received' }).click();
    await returns.getByLabel('Put Canvas Tote back in stock').waitFor();
    await returns.getByRole('button', { name: 'Refund the return' }).click();
    await returns.getByText(/^Refunded \$/).waitFor();
    const history = page.getByRole('region', { name: 'History' });
    for (const step of ['Partly fulfilled', 'Return requested', 'Return approved', 'Return received']) await history.getByText(step, { exact: true }).waitFor();
    // The refund's step names its amount: one tote, $22.00.
    await history.getByText('Return refunded $22.00', { exact: true }).waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'owner-order-return-refunded');
    await expect.poll(() => mailsTo(smtp.server, email).filter((mail) => mail.includes('Your return is refunded')).length, { timeout: 20_000 }).toBe(1);

    // 5. The packing slip: a printable page of its own, with no prices.
    await page.goto(`/api/owner/orders/${orderId}/packing-slip`);
    await page.getByRole('heading', { level: 1, name: 'Packing slip' }).waitFor();
    await expect(page.getByRole('table', { name: 'Items' }).getByRole('row').allTextContents()).resolves.toEqual(['ItemSKUOrderedShipped', 'Canvas ToteTOTE21']);
    await expect(page.locator('body').textContent()).resolves.not.toMatch(/\$\d/);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'owner-order-packing-slip');
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 90_000);
});
