import { describe, expect, test } from 'vitest';
import { HttpVisitor } from '../packages/server/src/reliability/server-process';
import { axeViolations } from './support/axe';
import { collectPageErrors, newShopper } from './support/browser';
import { useShop } from './support/fixtures';
import { decodeQuotedPrintable, mailsTo, useTestSmtp } from './support/mail';
import { createOwnerSetupToken, OWNER, signedInOwner } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';
import { itemIdOf } from './support/shop';

// The shopper's return form (issue 38 item 2). An order of two totes is placed and shipped over HTTP; the shopper
// opens the order's page (the confirmation mail's link) in a fresh browser, asks to return one tote because it does
// not fit, and sees the request on the page; the owner's "return requested" mail arrives over SMTP on loopback.
// Axe-clean; saved at 1280 and 390 px.

const env: Record<string, string> = {};
const smtp = useTestSmtp(env);
let setupToken = '';
const shop = useShop({
  env,
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

describe("the shopper's return form", () => {
  test('a shopper asks to return one tote from the order page, sees the request, and the owner is mailed', async () => {
    const email = `return-form-${Date.now()}@example.com`;
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
    const owner = await signedInOwner(shop.url, setupToken);
    const lineId = (await owner.call(shop.url, 'GET', `/api/owner/orders/${orderId}`)).body.order.lines[0].lineId as string;
    const shipped = await owner.call(shop.url, 'POST', `/api/owner/orders/${orderId}/fulfilments`, { lines: [{ lineId, quantity: 2 }], carrier: 'ups', trackingNumber: '1Z999AA10123456784' });
    expect(shipped.status, shipped.text).toBe(201);

    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/checkout/order-confirmed?orderId=${encodeURIComponent(orderId)}`);
    const returns = page.getByRole('region', { name: 'Returns' });
    await returns.getByRole('group', { name: 'Items to return' }).waitFor();
    await returns.getByLabel('Canvas Tote (up to 2)').fill('1');
    await returns.getByRole('radio', { name: 'It does not fit' }).check();
    await returns.getByLabel('Tell us more (needed for “Another reason”)').fill('Too small for my laptop');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'shopper-return-form');
    await returns.getByRole('button', { name: 'Request a return' }).click();

    await page.getByRole('status').filter({ hasText: 'Your return request was sent.' }).waitFor();
    expect(page.url()).toContain('returnNotice=requested');
    await returns.getByText('Requested: the store will answer soon').waitFor();
    await returns.getByText('It does not fit: Too small for my laptop').waitFor();
    await expect(returns.getByLabel('Canvas Tote (up to 1)').inputValue()).resolves.toBe('0');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'shopper-return-requested');

    await expect.poll(() => mailsTo(smtp.server, OWNER.email).filter((mail) => mail.includes('Return requested')).length, { timeout: 20_000 }).toBe(1);
    const mail = decodeQuotedPrintable(mailsTo(smtp.server, OWNER.email).find((one) => one.includes('Return requested'))!);
    expect(mail).toContain(`${email} asks to return items from order #`);
    expect(mail).toContain('Reason: It does not fit: Too small for my laptop');
    expect(mail).toContain(`/config/orders/${orderId}`);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 60_000);
});
