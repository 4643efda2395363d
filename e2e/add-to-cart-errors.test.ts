import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useShop } from './support/fixtures';
import { addButton, addToCart, chooseOptions, closeCartDrawer, errorDialog, itemIdOf, openProduct } from './support/shop';

// Every add-to-cart error a shopper can reach through a product page of the demo store
// (storefront spec §5 and §8), each shown in the error dialog and announced in the status region.

const ADD_ITEM = 'Unable to Add Item';

/** The error dialog shows `message` under `title`, screen readers hear it, and OK closes it. */
async function expectAddError(page: Page, title: string, message: string): Promise<void> {
  const dialog = errorDialog(page, title);
  await dialog.waitFor();
  await expect(dialog.locator('.vitrine-error-message').textContent()).resolves.toBe(message);
  await page.getByRole('status').filter({ hasText: message }).waitFor({ state: 'attached' });
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('add-to-cart errors', () => {
  // Carts only, no order and no stock change: the run's shared demo store. The rate-limited add is not here: a
  // server of its own with a tiny limit cost the run ~15 s; the limiter's 429 on the add call is tested on a real
  // server in packages/server/src/http/rate-limit-paths.test.ts, and its message in the island in ProductForm.test.tsx.
  const shop = useShop({ sharedStore: true });

  test('no option chosen names both options, in the store\'s option order', async () => {
    const { page } = shop;
    await openProduct(page, 'linen-shirt');
    await addButton(page).click();
    await expectAddError(page, ADD_ITEM, 'Please select the Size and Color options.');
    // A check in the browser never starts the add: the button kept its label.
    await addButton(page).waitFor();
  });

  test('only the Color left unchosen', async () => {
    const { page } = shop;
    await openProduct(page, 'linen-shirt');
    await chooseOptions(page, { Size: 'M' });
    await addButton(page).click();
    await expectAddError(page, ADD_ITEM, 'Please select the Color option.');
  });

  test('only the Size left unchosen', async () => {
    const { page } = shop;
    await openProduct(page, 'linen-shirt');
    await chooseOptions(page, { Color: 'Navy' });
    await addButton(page).click();
    await expectAddError(page, ADD_ITEM, 'Please select the Size option.');
  });

  // A sold-out choice cannot be added from the page: its button says so and is disabled (it used to be an
  // enabled 'Add to Cart' beside a 'sold out' line, answering the click with the stock error). The spec's
  // stock message stays the server's answer to a direct call.
  test("a sold-out variant (M / Navy) has a disabled 'Sold Out' button; the server refuses a direct add", async () => {
    const { page } = shop;
    await openProduct(page, 'linen-shirt');
    await chooseOptions(page, { Size: 'M', Color: 'Navy' });
    const button = page.getByRole('button', { name: 'Sold Out', exact: true });
    await expect(button.isDisabled()).resolves.toBe(true);
    // Said once on the product (the polite status region repeats it for screen readers only).
    const summary = page.locator('.product-detail');
    await expect(summary.getByText(/^sold out$/i).and(page.locator(':not([role="status"])')).count()).resolves.toBe(1);
    const itemId = await itemIdOf(shop.url, 'linen-shirt');
    // The crumb, asked for as the storefront does before its first change (the page set no cookie).
    await page.request.get('/api/crumb');
    const response = await page.request.post('/api/commerce/shopping-cart/entries', {
      data: { itemId, sku: 'SHIRT-M-NAVY', quantity: 1 },
      headers: { 'X-CSRF-Token': (await page.context().cookies()).find((cookie) => cookie.name === 'crumb')?.value ?? '' },
    });
    expect(response.status()).toBe(400);
    await expect(response.json()).resolves.toMatchObject({ message: 'Sorry, we do not have enough of that item available.' });
    // Another choice makes it buyable again.
    await chooseOptions(page, { Color: 'White' });
    await expect(addButton(page).isEnabled()).resolves.toBe(true);
  });

  test("a sold-out product says its custom sold-out text once, on its disabled button", async () => {
    const { page } = shop;
    await openProduct(page, 'vintage-lamp');
    const button = page.getByRole('button', { name: 'Gone for now', exact: true });
    await expect(button.isDisabled()).resolves.toBe(true);
    await expect(page.getByText('Gone for now', { exact: true }).and(page.locator(':not([role="status"])')).count()).resolves.toBe(1);
    await expect(page.locator('[data-restock-slot]').count()).resolves.toBe(1);
  });

  test('the last Ceramic Vase can be added once: the second add counts the one in the cart', async () => {
    const { page } = shop;
    await openProduct(page, 'ceramic-vase');
    // Exactly one in stock: no quantity input (spec §2: only when stock is above 1).
    await expect(page.getByRole('spinbutton', { name: 'Quantity' }).count()).resolves.toBe(0);
    await addToCart(page, { untilIdle: true });
    await addButton(page).click();
    await expectAddError(page, ADD_ITEM, 'Sorry, we do not have enough of that item available.');
  });

  test('the server counts the cart too: a second tab with a stale cart is refused', async () => {
    const { page, context } = shop;
    const staleTab = await context.newPage();
    await openProduct(staleTab, 'ceramic-vase');
    await openProduct(page, 'ceramic-vase');
    await addToCart(page);
    // The stale tab still believes the cart is empty, so its own check passes; the server's does not.
    await addButton(staleTab).click();
    await addButton(staleTab, 'Adding…').waitFor();
    await expectAddError(staleTab, ADD_ITEM, 'Sorry, we do not have enough of that item available.');
    // After an error the button goes back to idle (1 s).
    await addButton(staleTab).waitFor();
  });

  test('a product with an additional-fields form checks stock before the form opens', async () => {
    const { page } = shop;
    await openProduct(page, 'engraved-pen');
    // All 30 pens into the cart through the form.
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('30');
    await addButton(page).click();
    const form = page.getByRole('dialog', { name: 'Engraving', exact: true });
    await form.getByLabel('Engraving text').fill('Thirty');
    await form.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await addButton(page, 'Added!').waitFor();
    await closeCartDrawer(page); // the add opened the cart drawer
    await addButton(page).waitFor();

    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('1');
    await addButton(page).click();
    await expectAddError(page, ADD_ITEM, 'Sorry, we do not have enough of that item available.');
    await expect(form.count()).resolves.toBe(0);
  });

  test('a quantity left empty is not a number; a fractional one is not a whole number', async () => {
    const { page } = shop;
    await openProduct(page, 'sticker-pack');
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    await expect(quantity.inputValue()).resolves.toBe('1');
    await expect(quantity.evaluate((input: HTMLInputElement) => [input.min, input.max, input.step])).resolves.toEqual(['1', '9999', '1']);
    await quantity.fill('');
    await addButton(page).click();
    await expectAddError(page, ADD_ITEM, 'Quantity must be a number.');
    // The same page, the next mistake (one page load for both: the journeys have a time budget).
    await quantity.fill('1.5');
    await addButton(page).click();
    await expectAddError(page, ADD_ITEM, 'Quantity must be a whole number');
  });

  test('a gift card with no denomination chosen', async () => {
    const { page } = shop;
    await openProduct(page, 'gift-card');
    await addButton(page).click();
    await expectAddError(page, 'Unable to purchase Gift Card', 'Select a denomination for the Gift Card');
  });

  test('a tampered crumb cookie: the session has expired', async () => {
    const { page, context, url } = shop;
    await openProduct(page, 'sticker-pack');
    await context.addCookies([{ name: 'crumb', value: 'forged.crumb', url }]);
    await addButton(page).click();
    await expectAddError(page, ADD_ITEM, 'Your session has expired. Please reload the page and try again.');
    await addButton(page).waitFor();
  });

  test('no cookies at all: the shopper is asked to enable cookies', async () => {
    const { page, context } = shop;
    await openProduct(page, 'sticker-pack');
    // The tracking client writes its cookies when it starts, after load: let it finish first, so that the
    // add goes with no cookie at all (with some cookies but no crumb, the session has expired instead).
    await page.waitForFunction(() => document.documentElement.dataset.tracking !== undefined);
    await page.waitForLoadState('networkidle');
    await context.clearCookies();
    // A browser that takes no cookies: the crumb's answer would set them, and they never stick (a page sets none
    // anyway). The answer is made here: a request sent from the route would store its cookies in the context.
    await page.route('**/api/crumb', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ crumb: 'never-kept' }) }));
    await addButton(page).click();
    await expectAddError(page, ADD_ITEM, 'Please enable cookies in your browser, reload the page, and try again.');
  });
});
