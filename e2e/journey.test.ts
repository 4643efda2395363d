import { expect, test } from 'vitest';
import { useShop } from './support/fixtures';
import {
  addButton,
  cartPill,
  chooseOptions,
  itemIdOf,
  openProduct,
  stockOf,
  visit,
  waitForIslands,
} from './support/shop';

// The whole purchase, as a shopper does it: store → product → options → add → pill → cart (quantity,
// remove, re-add) → checkout → order confirmed, and the variant's stock goes down by what was bought.

const shop = useShop();

test('a shopper buys a Linen Shirt (S / White) from the store page to the order confirmation', async () => {
  const { page, url } = shop;
  const shirtId = await itemIdOf(url, 'linen-shirt');
  const stockBefore = await stockOf(url, shirtId, 'SHIRT-S-WHITE');
  expect(stockBefore).toMatchObject({ unlimited: false, qtyInStock: 12 });

  // Store → product.
  await visit(page, '/shop');
  await page.getByRole('link', { name: /^Linen Shirt\b/ }).first().click();
  await page.waitForURL('**/shop/p/linen-shirt');
  await waitForIslands(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Linen Shirt' }).isVisible()).resolves.toBe(true);

  // An empty cart shows no pill (spec §2: hidden when the cart is empty).
  await expect(page.getByRole('link', { name: /^\d+\+? items? / }).count()).resolves.toBe(0);

  // Choose options, add: 'Adding…' at once, 'Added!' after 1 s, announced to screen readers.
  await chooseOptions(page, { Size: 'S', Color: 'White' });
  await addButton(page).click();
  await addButton(page, 'Adding…').waitFor();
  await addButton(page, 'Added!').waitFor();
  await page.getByRole('status').filter({ hasText: 'Added!' }).waitFor({ state: 'attached' });

  // The pill: '1 item' and the subtotal without trailing zero fractions ($45.00 → $45).
  await cartPill(page, '1 item $45').waitFor();

  // The pill links to /cart.
  await cartPill(page, '1 item $45').click();
  await page.waitForURL('**/cart');
  await waitForIslands(page);
  await expect(page.getByRole('link', { name: 'Linen Shirt', exact: true }).isVisible()).resolves.toBe(true);
  await expect(page.getByText('Size: S, Color: White', { exact: true }).isVisible()).resolves.toBe(true);
  // The pill is not shown on the cart page.
  await expect(cartPill(page, '1 item $45').count()).resolves.toBe(0);

  // Change the quantity (committed on Enter): subtotal and header follow the server's cart.
  const quantity = page.getByLabel('Quantity of Linen Shirt', { exact: true });
  await expect(quantity.inputValue()).resolves.toBe('1');
  await quantity.fill('3');
  await quantity.press('Enter');
  await page.getByRole('link', { name: 'Cart, 3 items, $135', exact: true }).waitFor();
  await expect(page.locator('.vitrine-cart-subtotal').textContent()).resolves.toBe('Subtotal $135.00');
  await expect(quantity.inputValue()).resolves.toBe('3');

  // Remove: the empty-cart message.
  await page.getByRole('button', { name: 'Remove Linen Shirt', exact: true }).click();
  await page.getByText('You have nothing in your shopping cart.', { exact: true }).waitFor();
  await page.getByRole('link', { name: 'Cart, 0 items, $0', exact: true }).waitFor();

  // Re-add from the product page.
  await openProduct(page, 'linen-shirt');
  await chooseOptions(page, { Size: 'S', Color: 'White' });
  await addButton(page).click();
  await addButton(page, 'Added!').waitFor();
  await cartPill(page, '1 item $45').click();
  await page.waitForURL('**/cart');
  await waitForIslands(page);
  await expect(page.getByLabel('Quantity of Linen Shirt', { exact: true }).inputValue()).resolves.toBe('1');

  // Check out with an email.
  await page.getByLabel('Email', { exact: true }).fill('shopper@example.com');
  await page.getByRole('button', { name: 'Place Order', exact: true }).click();
  await page.waitForURL(/\/checkout\/order-confirmed\?orderId=/);
  await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
  const row = page.getByRole('row').filter({ hasText: 'SHIRT-S-WHITE' });
  await expect(row.getByRole('cell').allTextContents()).resolves.toEqual(['Linen Shirt', 'SHIRT-S-WHITE', '1', '$45.00']);

  // Stock went down by the one shirt bought (the removed three never left the shelf).
  const stockAfter = await stockOf(url, shirtId, 'SHIRT-S-WHITE');
  expect(stockAfter.qtyInStock).toBe(stockBefore.qtyInStock - 1);

  // The purchased cart is no longer the shopper's cart.
  await visit(page, '/cart');
  await page.getByText('You have nothing in your shopping cart.', { exact: true }).waitFor();

  expect(shop.pageErrors).toEqual([]);
});
