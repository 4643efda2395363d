import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { collectPageErrors, newShopper } from './support/browser';
import { fillCheckout, openCheckout, orderSummary, payNow, receiptTotals, SAN_FRANCISCO } from './support/checkout';
import { useShop } from './support/fixtures';
import { createOwnerSetupToken, createOwnerAccount } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';
import { addToCart, chooseOptions, openProduct, visit, waitForIslands } from './support/shop';

// Automatic discounts (issue 38 item 5). The owner adds "Free shipping over $50" in Marketing → Discounts. A shopper
// puts one Linen Shirt ($45.00) in the cart: the cart page — server-rendered — says "Add $5.00 for free shipping".
// Two shirts pass the threshold: the cart island drops the nudge and lists the discount; the checkout's shipping is
// Free, and the order's receipt shows the total the checkout showed. Axe-clean; saved at 1280 and 390 px.

let setupToken = '';
const shop = useShop({
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

const summaryRows = (page: Page) =>
  orderSummary(page)
    .locator('.vitrine-summary-row')
    .evaluateAll((rows) => rows.map((row) => [row.querySelector('dt')!.textContent!, row.querySelector('dd')!.textContent!.replace(/\s+/g, ' ')]));

describe('automatic discounts', () => {
  test('the owner adds free shipping over $50; the shopper sees the nudge, passes it and checks out with free shipping', async () => {
    // The owner's side.
    const ownerContext = await newShopper(shop.browser, shop.url);
    ownerContext.setDefaultTimeout(10_000);
    const owner = await ownerContext.newPage();
    const ownerErrors = collectPageErrors(owner);
    await owner.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(owner, setupToken);
    await owner.getByRole('link', { name: 'Discounts' }).click();
    await owner.getByRole('heading', { level: 1, name: 'Discounts' }).waitFor();
    await owner.getByRole('button', { name: 'Add discount' }).click();
    const form = owner.getByRole('form', { name: 'Add a discount' });
    await form.getByLabel('Title').fill('Free shipping over $50');
    await expect(form.getByLabel('Kind').inputValue()).resolves.toBe('free-shipping');
    await form.getByLabel('From a subtotal of (USD)').fill('50');
    await form.getByRole('button', { name: 'Save discount' }).click();
    await owner.getByText('Saved.').waitFor();
    const row = owner.getByRole('table', { name: 'Automatic discounts' }).getByRole('row', { name: /Free shipping over \$50/ });
    await row.getByText('Free shipping from $50.00').waitFor();
    await expect(row.getByRole('switch', { name: 'Free shipping over $50 on' }).isChecked()).resolves.toBe(true);
    await expect(axeViolations(owner)).resolves.toEqual([]);
    await saveAtBothWidths(owner, 'owner-automatic-discounts');
    expect(ownerErrors).toEqual([]);
    await ownerContext.close();

    // The shopper's side: one shirt, $5.00 short.
    const { page } = shop;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openProduct(page, 'linen-shirt');
    await chooseOptions(page, { Size: 'S', Color: 'White' });
    await addToCart(page);
    // Without JavaScript the cart page already says it (the server's HTML).
    const html = await (await page.request.get('/cart')).text();
    expect(html).toContain('<p class="vitrine-cart-nudge">Add $5.00 for free shipping</p>');
    await visit(page, '/cart');
    await waitForIslands(page);
    await page.getByText('Add $5.00 for free shipping', { exact: true }).waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'cart-free-shipping-nudge');

    // Two shirts: $90.00 ≥ $50.00 — the island drops the nudge and lists the discount.
    await page.setViewportSize({ width: 1280, height: 800 });
    const quantity = page.getByRole('spinbutton', { name: 'Quantity of Linen Shirt' });
    await quantity.fill('2');
    await quantity.press('Enter');
    const discounts = page.getByRole('list', { name: 'Automatic discounts' });
    await discounts.waitFor();
    await expect(discounts.getByRole('listitem').allTextContents()).resolves.toEqual(['Free shipping over $50 Free shipping']);
    await expect(page.getByText('Add $5.00 for free shipping').count()).resolves.toBe(0);
    await saveAtBothWidths(page, 'cart-free-shipping-reached');

    // Checkout: shipping is free; the receipt's total is the one the checkout showed.
    await page.setViewportSize({ width: 1280, height: 800 });
    await openCheckout(page);
    await fillCheckout(page, { email: 'ada@example.com', address: SAN_FRANCISCO });
    // $90.00; shipping Free; California 7.25 % of $90.00 = $6.525 → $6.52 (half-even).
    await expect.poll(() => summaryRows(page)).toContainEqual(['Shipping', 'Free']);
    const rows = await summaryRows(page);
    expect(rows.slice(0, 3)).toEqual([
      ['Subtotal', '$90.00'],
      ['Shipping', 'Free'],
      ['Tax', '$6.52'],
    ]);
    await expect(orderSummary(page).getByText('USD $96.52').count()).resolves.toBeGreaterThan(0);
    const orderId = await payNow(page);
    expect(orderId).not.toBe('');
    const receipt = await receiptTotals(page);
    expect(receipt).toEqual([
      ['Subtotal', '$90.00'],
      ['Shipping (Standard)', 'Free'],
      ['Tax', '$6.52'],
      ['Total', '$96.52'],
    ]);
    expect(shop.pageErrors).toEqual([]);
  }, 30_000);
});
