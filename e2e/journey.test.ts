import { expect, test } from 'vitest';
import { useShop } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';
import { fillCheckout, PORTLAND, payNow, receiptTotals } from './support/checkout';
import {
  addButton,
  addToCart,
  cartPill,
  chooseOptions,
  itemIdOf,
  openProduct,
  stockOf,
  visit,
  waitForIslands,
  closeCartDrawer,
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
  // A card's link is named by its picture's alt text, then its title and price.
  await page.getByRole('link', { name: /\bLinen Shirt\b/ }).first().click();
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
  await closeCartDrawer(page); // the add opened the cart drawer
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
  await page.getByRole('link', { name: 'Cart, 3 items, $135.00', exact: true }).waitFor();
  await expect(page.locator('.vitrine-cart-subtotal').textContent()).resolves.toBe('Subtotal $135.00');
  await expect(quantity.inputValue()).resolves.toBe('3');

  // Remove: the empty-cart message.
  await page.getByRole('button', { name: 'Remove Linen Shirt', exact: true }).click();
  await page.getByText('You have nothing in your shopping cart.', { exact: true }).waitFor();
  await page.getByRole('link', { name: 'Cart, 0 items, $0.00', exact: true }).waitFor();

  // Re-add from the product page.
  await openProduct(page, 'linen-shirt');
  await chooseOptions(page, { Size: 'S', Color: 'White' });
  await addButton(page).click();
  await addButton(page, 'Added!').waitFor();
  await closeCartDrawer(page); // the add opened the cart drawer
  await cartPill(page, '1 item $45').click();
  await page.waitForURL('**/cart');
  await waitForIslands(page);
  await expect(page.getByLabel('Quantity of Linen Shirt', { exact: true }).inputValue()).resolves.toBe('1');

  // 'Check out' opens the checkout page: an email, a Portland address, Standard shipping, paid in test mode.
  await page.getByRole('link', { name: 'Check out', exact: true }).click();
  await page.waitForURL('**/checkout');
  await fillCheckout(page, { email: 'shopper@example.com', address: PORTLAND, shippingOption: 'Standard' });
  await payNow(page);
  const row = page.getByRole('row').filter({ hasText: 'SHIRT-S-WHITE' });
  await expect(row.getByRole('cell').allTextContents()).resolves.toEqual(['Linen ShirtSize: S, Color: White', 'SHIRT-S-WHITE', '1', '$45.00', '$45.00']);
  await expect(receiptTotals(page)).resolves.toEqual([['Subtotal', '$45.00'], ['Shipping (Standard)', '$6.00'], ['Total', '$51.00']]);

  // Stock went down by the one shirt bought (the removed three never left the shelf).
  const stockAfter = await stockOf(url, shirtId, 'SHIRT-S-WHITE');
  expect(stockAfter.qtyInStock).toBe(stockBefore.qtyInStock - 1);

  // The purchased cart is no longer the shopper's cart.
  await visit(page, '/cart');
  await page.getByText('You have nothing in your shopping cart.', { exact: true }).waitFor();

  expect(shop.pageErrors).toEqual([]);
  expect(shop.consoleErrors).toEqual([]);
});

test('above 100 items the pill reads 100+', async () => {
  const { page } = shop;
  await openProduct(page, 'sticker-pack');
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('101');
  await addToCart(page);
  await cartPill(page, '100+ items $505').waitFor();
  await page.getByRole('link', { name: 'Cart, 100+ items, $505.00', exact: true }).waitFor();
});

test('the store page: from-price for varied prices, sale and sold-out marks, the custom sold-out text', async () => {
  const { page } = shop;
  await visit(page, '/shop');
  const card = (title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(card('Linen Shirt').getByText('from $45.00').count()).resolves.toBe(1);
  await expect(card('Canvas Tote').getByText('sale', { exact: true }).count()).resolves.toBe(1);
  await expect(card('Canvas Tote').getByText('$22.00', { exact: true }).count()).resolves.toBe(1);
  await expect(card('Ceramic Vase').getByText(/^(sold out|sale)$/).count()).resolves.toBe(0);
  // The Vintage Lamp is sold out and its merchant wrote its own sold-out text (spec §3 customSoldOutText).
  await expect(card('Vintage Lamp').getByText('Gone for now', { exact: true }).count()).resolves.toBe(1);
});

test('the scarcity line appears for the chosen variant only (not shown by default)', async () => {
  const { page } = shop;
  await openProduct(page, 'linen-shirt');
  await expect(page.getByText(/^Only \d+ left in stock$/).count()).resolves.toBe(0);
  await chooseOptions(page, { Size: 'M', Color: 'White' });
  const scarcity = page.getByText('Only 5 left in stock', { exact: true });
  await scarcity.waitFor();
  // It sits in the product form, between the choices and the button, at both widths.
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    await scarcity.scrollIntoViewIfNeeded();
    const line = await scarcity.boundingBox();
    const button = await addButton(page).boundingBox();
    expect(line && button && line.y + line.height <= button.y + 1, JSON.stringify({ viewport, line, button })).toBe(true);
    await saveScreenshot(page, `product-scarcity-${viewport.width}`, { fullPage: false });
  }
});

test('the add button: Added! after 1 s, idle 2 s later, and clicks while added are ignored', async () => {
  const { page } = shop;
  await openProduct(page, 'sticker-pack');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/commerce/shopping-cart/entries')) posts.push(request.url());
  });
  // Label changes are timed inside the page, where the timers run, not through test-side polling.
  await page.evaluate(() => {
    const button = document.querySelector('button.vitrine-add-to-cart')!;
    const changes: { label: string; at: number }[] = [];
    (window as unknown as { labelChanges: typeof changes }).labelChanges = changes;
    new MutationObserver(() => {
      const label = button.textContent ?? '';
      if (changes.at(-1)?.label !== label) changes.push({ label, at: performance.now() });
    }).observe(button, { childList: true, characterData: true, subtree: true });
  });

  await addButton(page).click();
  await addButton(page, 'Added!').waitFor();
  await closeCartDrawer(page); // the add opened the cart drawer
  // A click on 'Added!' does nothing. (force: the button is aria-disabled while added, and
  // Playwright would otherwise wait until it is enabled again.)
  await addButton(page, 'Added!').click({ force: true });
  await addButton(page).waitFor();

  const changes = await page.evaluate(() => (window as unknown as { labelChanges: { label: string; at: number }[] }).labelChanges);
  expect(changes.map((change) => change.label)).toEqual(['Adding…', 'Added!', 'Add to Cart']);
  const [adding, added, idle] = changes.map((change) => change.at) as [number, number, number];
  expect(added - adding).toBeGreaterThanOrEqual(1000);
  expect(idle - added).toBeGreaterThanOrEqual(1990);
  expect(idle - added).toBeLessThan(2500);
  expect(posts).toHaveLength(1);
  await cartPill(page, '1 item $5').waitFor();
});

test('cart page errors: a quantity beyond stock, a fractional quantity, and removing while offline', async () => {
  const { page, context } = shop;
  await openProduct(page, 'leather-armchair');
  await addToCart(page);
  await visit(page, '/cart');
  const quantity = page.getByLabel('Quantity of Leather Armchair', { exact: true });
  const failure = page.getByRole('alertdialog', { name: 'Unable to update quantity', exact: true });

  const quantityUpdates: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/quantity')) quantityUpdates.push(request.postData() ?? '');
  });

  // Three in stock: the server refuses four, with its message.
  await quantity.fill('4');
  await quantity.press('Enter');
  await failure.getByText('Sorry, we do not have enough of that item available.', { exact: true }).waitFor();
  // One change, one request (a second one would bring the dialog back after it is dismissed).
  await page.waitForTimeout(300);
  expect(quantityUpdates).toEqual(['{"quantity":4}']);
  await failure.getByRole('button', { name: 'OK', exact: true }).click();
  await failure.waitFor({ state: 'detached' });

  await quantity.fill('1.5');
  await quantity.press('Enter');
  await failure.getByText('Quantity must be a whole number', { exact: true }).waitFor();
  await failure.getByRole('button', { name: 'OK', exact: true }).click();
  await failure.waitFor({ state: 'detached' });
  // Back to the quantity held (no request: it did not change), so leaving the field raises nothing.
  await quantity.fill('1');
  await quantity.press('Enter');

  // No network: the remove fails with the connection message, and the entry stays.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Remove Leather Armchair', exact: true }).click();
  const removeFailure = page.getByRole('alertdialog', { name: 'Unable to remove item', exact: true });
  await removeFailure.getByText('Please check your internet connection.', { exact: true }).waitFor();
  await context.setOffline(false);
  await removeFailure.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Remove Leather Armchair', exact: true }).isVisible()).resolves.toBe(true);
  await page.getByRole('link', { name: 'Cart, 1 item, $1,450.00', exact: true }).waitFor();
});
