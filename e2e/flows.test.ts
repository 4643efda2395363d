import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useShop } from './support/fixtures';
import { fillCheckout, orderSummary, payNow, PORTLAND, receiptTotals } from './support/checkout';
import { addButton, chooseOptions, errorDialog, itemIdOf, openProduct, visit, visitorCartEntries, waitForIslands, closeCartDrawer } from './support/shop';

// The purchase routes that skip the cart (storefront spec §4): subscriptions go to the subscription
// page, gift cards to the gift card page with the chosen denomination, and in express-checkout mode
// a purchase goes straight to checkout. Products with an additional-fields form ask for it in a modal.

describe('on the demo store', () => {
  // Orders of the unlimited coffee and gift cards only, carts otherwise: the run's shared demo store.
  const shop = useShop({ sharedStore: true });

  test('Subscribe takes the Coffee Subscription to the subscription page, and on to an order', async () => {
    const { page } = shop;
    await openProduct(page, 'coffee-subscription');
    // Subscribable: no quantity input (spec §2), the button reads 'Subscribe'.
    await expect(page.getByRole('spinbutton', { name: 'Quantity' }).count()).resolves.toBe(0);
    await addButton(page, 'Subscribe').click();
    await page.waitForURL(/\/checkout\/subscription\?cartToken=[^&]+$/);
    await waitForIslands(page);
    await page.getByRole('heading', { level: 1, name: 'Subscription' }).waitFor();
    await orderSummary(page).getByRole('listitem').filter({ hasText: 'Coffee Subscription' }).filter({ hasText: 'Quantity: 1' }).waitFor();

    // Coffee ships: the subscription page asks for an address and a shipping option too.
    await fillCheckout(page, { email: 'subscriber@example.com', address: PORTLAND, shippingOption: 'Standard' });
    await payNow(page, 'Subscribe');
    const row = page.getByRole('row').filter({ hasText: 'COFFEE-MONTHLY' });
    await expect(row.getByRole('cell').allTextContents()).resolves.toEqual(['Coffee Subscription', 'COFFEE-MONTHLY', '1', '$18.00', '$18.00']);
    await expect(receiptTotals(page)).resolves.toEqual([['Subtotal', '$18.00'], ['Shipping (Standard)', '$6.00'], ['Total', '$24.00']]);
  });

  test('the subscription goes into a cart of its own: the shopper\'s cart and header stay empty', async () => {
    const { page } = shop;
    await openProduct(page, 'coffee-subscription');
    await addButton(page, 'Subscribe').click();
    await page.waitForURL(/\/checkout\/subscription\?cartToken=/);
    await waitForIslands(page);
    await expect(visitorCartEntries(page)).resolves.toEqual([]);
    // The checkout's focused layout has no header cart (issue 31 item 8); its 'Back to cart' leads to the shopper's
    // own cart, still empty, and the header's cart link there says so.
    await page.getByRole('banner').getByRole('link', { name: 'Back to cart' }).click();
    await page.waitForURL(/\/cart$/);
    await page.getByRole('link', { name: 'Cart, 0 items, $0.00', exact: true }).waitFor();
    await page.getByText('You have nothing in your shopping cart.').waitFor();
  });

  test('a gift card goes to the gift card page with the chosen denomination, and is bought there', async () => {
    const { page, url } = shop;
    const giftCardId = await itemIdOf(url, 'gift-card');
    await openProduct(page, 'gift-card');
    await chooseOptions(page, { Amount: '$50.00' });
    await addButton(page).click();
    await page.waitForURL(`**/checkout/gift-card?itemId=${giftCardId}&sku=GIFT-50`);
    await waitForIslands(page);
    await page.getByRole('heading', { level: 1, name: 'Gift Card' }).waitFor();
    await page.getByText('Gift card value: $50.00', { exact: true }).waitFor();
    // Nothing went into the shopper's cart on the way.
    await expect(visitorCartEntries(page)).resolves.toEqual([]);

    // The gift card page's form (GiftCardPurchase) makes the card's own cart and hands it to the checkout page.
    await page.getByRole('button', { name: 'Buy Gift Card', exact: true }).click();
    await page.waitForURL(/\/checkout\?cartToken=[^&]+$/);
    await page.locator('.vitrine-checkout[data-ready]').waitFor();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('giver@example.com');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\?orderId=/);
    const row = page.getByRole('row').filter({ hasText: 'GIFT-50' });
    await expect(row.getByRole('cell').allTextContents()).resolves.toEqual(['Gift CardAmount: $50.00', 'GIFT-50', '1', '$50.00', '$50.00']);
  });

  test('a gift card with no denomination does not leave the product page', async () => {
    const { page } = shop;
    await openProduct(page, 'gift-card');
    await addButton(page).click();
    await errorDialog(page, 'Unable to purchase Gift Card').getByText('Select a denomination for the Gift Card', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/shop/p/gift-card');
  });

  /** Adds the Engraved Pen through its form with the given engraving. */
  async function addEngravedPen(page: Page, engraving: string): Promise<void> {
    await openProduct(page, 'engraved-pen');
    await addButton(page).click();
    const form = page.getByRole('dialog', { name: 'Engraving', exact: true });
    await form.getByLabel('Engraving text').fill(engraving);
    await form.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    await addButton(page, 'Added!').waitFor();
    await closeCartDrawer(page); // the add opened the cart drawer
  }

  test('the Engraved Pen asks for its engraving in a modal before adding', async () => {
    const { page } = shop;
    await openProduct(page, 'engraved-pen');
    await addButton(page).click();
    const form = page.getByRole('dialog', { name: 'Engraving', exact: true });
    await form.waitFor();

    // The required field left empty (spec §5: 'Required'); nothing is sent.
    await form.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await form.getByRole('alert').getByText('Required', { exact: true }).waitFor();
    await expect(visitorCartEntries(page)).resolves.toEqual([]);

    await form.getByLabel('Engraving text').fill('For Ada');
    await form.getByLabel('Font').selectOption('Script');
    await form.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    await addButton(page, 'Added!').waitFor();
    await closeCartDrawer(page); // the add opened the cart drawer
    const entries = JSON.stringify(await visitorCartEntries(page));
    expect(entries).toContain('For Ada');
    expect(entries).toContain('Script');
  });

  test('the cart page edits an entry\'s additional fields, starting from what was entered', async () => {
    const { page } = shop;
    await addEngravedPen(page, 'For Ada');
    await visit(page, '/cart');
    await page.getByRole('button', { name: 'Edit details of Engraved Pen', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Engraving', exact: true });
    await expect(edit.getByLabel('Engraving text').inputValue()).resolves.toBe('For Ada');
    await edit.getByLabel('Engraving text').fill('For Ada Lovelace');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await edit.waitFor({ state: 'detached' });
    expect(JSON.stringify(await visitorCartEntries(page))).toContain('For Ada Lovelace');
  });
});

describe('express checkout', () => {
  // The demo store leaves express checkout off; this store is the demo store with it switched on
  // (website setting `expressCheckout`, read by the theme as websiteSettings.storeSettings.expressCheckout).
  const shop = useShop({
    prepareDatabase: async (db) => {
      await sql`UPDATE websites SET settings = settings || '{"expressCheckout": true}'::jsonb`.execute(db);
    },
  });

  test('Purchase goes straight to checkout with a cart of its own, then to the order', async () => {
    const { page } = shop;
    await openProduct(page, 'canvas-tote');
    await addButton(page, 'Purchase').click();
    await page.waitForURL(/\/checkout\?cartToken=[^&]+$/);
    await waitForIslands(page);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await orderSummary(page).getByRole('listitem').filter({ hasText: 'Canvas Tote' }).filter({ hasText: 'Quantity: 1' }).waitFor();

    await fillCheckout(page, { email: 'express@example.com', address: PORTLAND, shippingOption: 'Standard' });
    await payNow(page);
    const row = page.getByRole('row').filter({ hasText: 'TOTE' });
    await expect(row.getByRole('cell').allTextContents()).resolves.toEqual(['Canvas Tote', 'TOTE', '1', '$22.00', '$22.00']);
    await expect(receiptTotals(page)).resolves.toEqual([['Subtotal', '$22.00'], ['Shipping (Standard)', '$6.00'], ['Total', '$28.00']]);
  });

  test('errors in express-checkout mode are titled "Unable to Purchase Item"', async () => {
    const { page } = shop;
    // (A sold-out product can no longer be tried: its button is disabled. Options left unchosen are refused instead.)
    await openProduct(page, 'linen-shirt');
    await addButton(page, 'Purchase').click();
    await errorDialog(page, 'Unable to Purchase Item')
      .getByText('Please select the Size and Color options.', { exact: true })
      .waitFor();
  });
});
