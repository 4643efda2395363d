import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newShopper, collectPageErrors } from './support/browser';
import { useShop } from './support/fixtures';
import { fillCheckout, openCheckout, payNow, PORTLAND } from './support/checkout';
import { createOwnerAccount, createOwnerSetupToken } from './support/owner';
import { saveScreenshot } from './support/screenshots';
import { addToCart, chooseOptions, itemIdOf, openProduct, stockOf } from './support/shop';
import { axeViolations } from './support/axe';

// The owner app's Orders screen (issue 16, items 4 and 8): the owner has the order list open; a shopper buys a
// Linen Shirt in the real storefront; within the list's 15 s refetch the order appears and '1 new order' is
// said, without a reload. The owner filters by the shopper's email, opens the order, fulfils it and refunds
// part of it with the keyboard alone; the order then reads Fulfilled with the refund in its totals and history,
// and the CSV export (with the filters) holds it. A second purchase, cancelled after the destructive confirm, puts
// its shirt back in stock. Axe-clean; the list and the order saved at 1280 and 390 px.

let setupToken = '';

const shop = useShop({
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

/** Waits until the element in focus has this accessible text (a button's label, a field's id). */
async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => (document.activeElement?.textContent ?? '').trim());
}

describe('the owner orders screen', () => {
  test('a storefront purchase appears in the open list; the owner finds it by email, fulfils it and refunds part of it by keyboard', async () => {
    const shopperEmail = `shopper-${Date.now()}@example.com`;

    // 1. The owner signs in (the first-run set-up link) and opens Orders by keyboard.
    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(page, setupToken);
    const ordersLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' });
    await ordersLink.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.waitForURL(`${shop.url}/config/orders`);
    // The list has answered (empty or not) before the shopper buys.
    await page.getByRole('table', { name: 'Orders, newest first' }).or(page.getByRole('heading', { name: 'No orders yet' })).waitFor();

    // 2. A shopper buys a Linen Shirt (S / White) in the storefront: product → add → checkout (a Portland address,
    // Standard shipping $6.00, no tax in Oregon) → Pay now: $51.00.
    const shopper = shop.page;
    await openProduct(shopper, 'linen-shirt');
    await chooseOptions(shopper, { Size: 'S', Color: 'White' });
    await addToCart(shopper);
    await openCheckout(shopper);
    await fillCheckout(shopper, { email: shopperEmail, address: PORTLAND, shippingOption: 'Standard' });
    const orderId = await payNow(shopper);
    expect(orderId).toMatch(/^[0-9a-f]{24}$/);
    // The confirmation names the order by its human number ('Order #1001'); the owner's list does too.
    const orderNumber = ((await shopper.locator('.order-number').textContent()) ?? '').trim();
    expect(orderNumber).toMatch(/^Order #\d{4,}$/);
    const numberLabel = orderNumber.replace('Order ', '');

    // 3. Without a reload, the open list shows it within its 15 s refetch, and says so politely.
    await page.getByRole('status').filter({ hasText: /^\d+ new orders? since this list was opened\.$/ }).waitFor({ timeout: 25_000 });
    const list = page.getByRole('table', { name: 'Orders, newest first' });
    await list.getByRole('link', { name: numberLabel, exact: true }).waitFor();

    // 4. Filter by the shopper's email (its start), by keyboard: in the address, the call and the CSV link.
    const emailField = page.getByLabel('Customer email');
    await emailField.focus();
    await page.keyboard.type(shopperEmail.slice(0, 14));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${shop.url}/config/orders?email=${encodeURIComponent(shopperEmail.slice(0, 14))}`);
    const row = list.getByRole('row').filter({ has: page.getByRole('link', { name: numberLabel, exact: true }) });
    await page.locator('.orders-card:not([aria-busy])').waitFor();
    await expect.poll(() => list.getByRole('row').count()).toBe(2); // the header and this order
    await expect(row.getByRole('cell').allTextContents()).resolves.toEqual([expect.any(String), shopperEmail, 'PlacedTest', '1', '$51.00', '—']);
    const csvHref = (await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')) ?? '';
    expect(csvHref).toBe(`/api/owner/orders/export.csv?emailPrefix=${encodeURIComponent(shopperEmail.slice(0, 14))}`);
    const csv = await page.evaluate(async (href) => {
      const response = await fetch(href);
      return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
    }, csvHref);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    expect(csv.text).toContain(`${numberLabel.slice(1)},${orderId},`);
    expect(csv.text).toContain(shopperEmail);

    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-orders-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await row.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-orders-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // 5. Open it by keyboard.
    await list.getByRole('link', { name: numberLabel, exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${shop.url}/config/orders/${orderId}`);
    await page.getByRole('heading', { level: 1, name: orderNumber }).waitFor();
    const lines = page.getByRole('table', { name: 'Items in this order' });
    await expect(lines.getByRole('rowheader').textContent()).resolves.toBe('Linen ShirtSize: S · Color: WhiteSKU SHIRT-S-WHITE');
    await expect(lines.getByRole('cell').allTextContents()).resolves.toEqual(['1', '$45.00', '$45.00']);

    // 6. Fulfil by keyboard: a note, Tab to "Mark as fulfilled", Enter.
    await page.getByLabel('Note (optional, kept in the history)').focus();
    await page.keyboard.type('Posted second class');
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedText(page)).toBe('Mark as fulfilled');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Order marked as fulfilled.' }).waitFor();
    await page.locator('.screen-header').getByText('Fulfilled', { exact: true }).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Posted second class' }).waitFor();
    await expect(page.getByRole('button', { name: 'Mark as fulfilled' }).count()).resolves.toBe(0);

    // 7. Refund $10 by keyboard: open the panel, the amount starts at what is left; the confirm step; once.
    const refundButton = page.getByRole('button', { name: 'Refund', exact: true });
    await refundButton.focus();
    await page.keyboard.press('Enter');
    const amount = page.getByLabel('Amount (USD)');
    await expect(amount.inputValue()).resolves.toBe('51.00');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('inputmode'))).toBe('decimal');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('10');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Refund $10.00?' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The focus starts on Cancel (the safe choice); Tab to the refund, Enter.
    await expect.poll(() => focusedText(page)).toBe('Cancel');
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedText(page)).toBe('Refund $10.00');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Refunded $10.00.' }).waitFor();

    // 8. The order reads Fulfilled, with the refund in its totals and history.
    await page.locator('.screen-header').getByText('Fulfilled', { exact: true }).waitFor();
    const totals = page.getByRole('definition');
    await expect(totals.allTextContents()).resolves.toEqual(expect.arrayContaining(['−$10.00', '$41.00']));
    await page.getByRole('listitem').filter({ hasText: 'Refunded $10.00' }).waitFor();
    const reply = await page.evaluate(async (id) => (await fetch(`/api/owner/orders/${id}`)).json(), orderId);
    expect(reply.order).toMatchObject({ status: 'fulfilled', refundedTotal: { value: '10.00' }, refundable: { value: '41.00' } });
    expect(reply.order.history.map((event: { kind: string }) => event.kind)).toEqual(['fulfilled', 'refunded']);

    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-order-detail-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await lines.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-order-detail-phone');

    // 9. Back to the list (the filters kept): the row reads Fulfilled and the refund.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'All orders' }).click();
    await page.waitForURL(`${shop.url}/config/orders?email=${encodeURIComponent(shopperEmail.slice(0, 14))}`);
    // The cached page shows first, then its refetch (the changes made it stale).
    await expect.poll(() => row.getByRole('cell').allTextContents()).toEqual([expect.any(String), shopperEmail, 'FulfilledTest', '1', '$51.00', '$10.00']);

    // 10. Cancel: a second purchase, cancelled through the destructive confirm; its shirt goes back in stock.
    const shirtId = await itemIdOf(shop.url, 'linen-shirt');
    const stockBefore = (await stockOf(shop.url, shirtId, 'SHIRT-S-WHITE')).qtyInStock;
    await openProduct(shopper, 'linen-shirt');
    await chooseOptions(shopper, { Size: 'S', Color: 'White' });
    await addToCart(shopper);
    await openCheckout(shopper);
    await fillCheckout(shopper, { email: shopperEmail, address: PORTLAND, shippingOption: 'Standard' });
    const secondId = await payNow(shopper);
    const secondNumber = ((await shopper.locator('.order-number').textContent()) ?? '').trim();
    expect(Number(secondNumber.replace('Order #', ''))).toBeGreaterThan(Number(numberLabel.slice(1)));
    await expect((await stockOf(shop.url, shirtId, 'SHIRT-S-WHITE')).qtyInStock).toBe(stockBefore - 1);
    await page.goto(`/config/orders/${secondId}`);
    await page.getByRole('heading', { level: 1, name: secondNumber }).waitFor();
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const cancelDialog = page.getByRole('alertdialog', { name: 'Cancel this order?' });
    await cancelDialog.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('status').filter({ hasText: 'Order cancelled. Its items are back in stock.' }).waitFor();
    await page.locator('.screen-header').getByText('Cancelled', { exact: true }).waitFor();
    await expect((await stockOf(shop.url, shirtId, 'SHIRT-S-WHITE')).qtyInStock).toBe(stockBefore);
    // A cancelled order can still be refunded (money goes back only by a refund); it cannot be fulfilled.
    await expect(page.getByRole('button', { name: 'Mark as fulfilled' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Refund', exact: true }).waitFor();

    // 11. Find the first order by its number, typed as shown ('#1001'): in the address and the list.
    // (this order was opened from its address: the list it goes back to has no filters)
    await page.getByRole('link', { name: 'All orders' }).click();
    await page.waitForURL(`${shop.url}/config/orders`);
    await page.getByLabel('Order number').fill(numberLabel);
    await page.getByLabel('Order number').press('Enter');
    await page.waitForURL(`${shop.url}/config/orders?number=${numberLabel.slice(1)}`);
    await page.locator('.orders-card:not([aria-busy])').waitFor();
    await expect.poll(() => list.getByRole('row').count()).toBe(2);
    await list.getByRole('link', { name: numberLabel, exact: true }).waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
