import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useShop } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';
import { addButton, addToCart, cartDrawer, cartPill, chooseOptions, openProduct, optionGroup, optionValue, visit } from './support/shop';

// The product page and the cart as a shopper meets them, by role and name, at a laptop's width (1280 px)
// and a phone's (390 px): the price following the chosen variant, option order, the sold-out state said
// once on a disabled button, the quantity stepper, the header cart's icon and name, the cart page's
// layout and its refused-quantity recovery. Full-page screenshots go to e2e/screenshots/ for a person to judge.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The text of the product page's price line, spaces collapsed. */
const priceLine = async (page: Page) => ((await page.locator('.vitrine-product-price').textContent()) ?? '').replace(/\s+/g, ' ').trim();

describe('product page and cart states', () => {
  // Carts only, no order: the run's shared demo store (support/shared-store.ts), each test a new visitor.
  const shop = useShop({ sharedStore: true });

  it('the price follows the chosen variant; options keep the store order; the header cart is an icon with its name', async () => {
    const { page } = shop;
    await page.setViewportSize(DESKTOP);
    await openProduct(page, 'linen-shirt');
    await expect(priceLine(page)).resolves.toBe('from $45.00');
    await expect(optionGroup(page, 'Size').getByRole('radio').evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value)))
      .resolves.toEqual(['S', 'M']);
    await page.getByRole('link', { name: 'Cart, 0 items, $0.00', exact: true }).waitFor();

    await chooseOptions(page, { Size: 'M' });
    await expect(priceLine(page)).resolves.toBe('from $45.00'); // the choice is not complete yet
    await chooseOptions(page, { Color: 'White' });
    await expect(priceLine(page)).resolves.toBe('$48.00');
    await expect(optionValue(page, 'Size', 'M').isChecked()).resolves.toBe(true);
    await page.getByText('or 4 interest-free payments of $12.00 with Afterpay').waitFor();
    await saveScreenshot(page, 'states-product-desktop');

    // The stepper: + then − around the 1–9999 input.
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    await page.getByRole('button', { name: 'Increase quantity', exact: true }).click();
    await expect(quantity.inputValue()).resolves.toBe('2');
    await page.getByRole('button', { name: 'Decrease quantity', exact: true }).click();
    await expect(quantity.inputValue()).resolves.toBe('1');

    await addToCart(page);
    const indicator = page.getByRole('link', { name: 'Cart, 1 item, $48.00', exact: true });
    await indicator.waitFor();
    await expect(indicator.locator('svg').count()).resolves.toBe(1);
    await expect(indicator.locator('.vitrine-cart-indicator-badge').innerText()).resolves.toBe('1');
    expect(shop.pageErrors).toEqual([]);
  });

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`an add opens the cart drawer at ${viewport.width} px: a dialog with the lines, subtotal, Checkout and View cart; focus stays inside; Escape closes it`, async () => {
      const { page } = shop;
      await page.setViewportSize(viewport);
      await openProduct(page, 'canvas-tote');
      await addButton(page).click();
      const drawer = cartDrawer(page);
      await drawer.waitFor();
      await drawer.getByText('Canvas Tote', { exact: true }).waitFor();
      await expect(drawer.locator('.vitrine-drawer-subtotal').textContent()).resolves.toBe('Subtotal $22.00');
      await expect(drawer.getByRole('link', { name: 'Checkout', exact: true }).getAttribute('href')).resolves.toBe('/checkout');
      await expect(drawer.getByRole('link', { name: 'View cart', exact: true }).getAttribute('href')).resolves.toBe('/cart');
      await expect(drawer.evaluate((element) => element.contains(document.activeElement))).resolves.toBe(true);
      for (let presses = 0; presses < 6; presses++) {
        await page.keyboard.press('Tab');
        await expect(drawer.evaluate((element) => element.contains(document.activeElement))).resolves.toBe(true);
      }
      await saveScreenshot(page, `states-cart-drawer-${label}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      // The pill stays, and focus is back on the add button.
      await cartPill(page, '1 item $22').waitFor();
      await expect(addButton(page, 'Added!').or(addButton(page)).evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    });
  }

  it('gift card amounts read in the order the store lists them, not as text', async () => {
    const { page } = shop;
    await openProduct(page, 'gift-card');
    await expect(optionGroup(page, 'Amount').getByRole('radio').evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value)))
      .resolves.toEqual(['$25.00', '$50.00', '$100.00']);
  });

  it('a sale shows the sale price, the struck regular price and the amount saved', async () => {
    const { page } = shop;
    await openProduct(page, 'canvas-tote');
    await expect(priceLine(page)).resolves.toBe('Sale price $22.00 Regular price $30.00 You save $8.00');
    await expect(page.locator('.vitrine-product-price s').innerText()).resolves.toMatch(/\$30\.00/);
  });

  it('sold out is said once, on a disabled button, with the restock slot in the form', async () => {
    const { page } = shop;
    await page.setViewportSize(PHONE);
    await openProduct(page, 'vintage-lamp');
    const button = page.getByRole('button', { name: 'Gone for now', exact: true });
    await expect(button.isDisabled()).resolves.toBe(true);
    await expect(page.getByText('Gone for now', { exact: true }).and(page.locator(':not([role="status"])')).count()).resolves.toBe(1);
    await expect(page.locator('.vitrine-product-form [data-restock-slot]').count()).resolves.toBe(1);
    await expect(addButton(page).count()).resolves.toBe(0);
  });

  it('on a phone the add-to-cart bar sticks to the bottom of the screen until scrolled past', async () => {
    const { page } = shop;
    await page.setViewportSize(PHONE);
    await openProduct(page, 'linen-shirt');
    const bar = page.locator('.vitrine-add-to-cart-bar');
    await expect(bar.evaluate((element) => getComputedStyle(element).position)).resolves.toBe('sticky');
    const { y, height } = (await bar.boundingBox())!;
    expect(y + height).toBeLessThanOrEqual(PHONE.height + 1);
    await expect(addButton(page).isVisible()).resolves.toBe(true);
    await saveScreenshot(page, 'states-product-phone-first-screen', { fullPage: false });
    await saveScreenshot(page, 'states-product-phone');
  });

  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`the cart page at ${viewport.width} px: lines, quantity, totals in line; a refused quantity shows what the cart holds`, async () => {
      const { page } = shop;
      await page.setViewportSize(viewport);
      await openProduct(page, 'linen-shirt');
      await chooseOptions(page, { Size: 'S', Color: 'Navy' });
      await addToCart(page);
      await openProduct(page, 'canvas-tote');
      await addToCart(page);
      await visit(page, '/cart');

      const rows = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Remove / }) });
      await expect(rows.count()).resolves.toBe(2);
      // No box overlaps another in a row, and 'Remove' stays on one line.
      for (const row of await rows.all()) {
        const quantityBox = (await row.getByRole('spinbutton').boundingBox())!;
        const price = (await row.locator('.vitrine-cart-entry-price').boundingBox())!;
        const overlaps = quantityBox.x < price.x + price.width && price.x < quantityBox.x + quantityBox.width &&
          quantityBox.y < price.y + price.height && price.y < quantityBox.y + quantityBox.height;
        expect(overlaps).toBe(false);
        const remove = (await row.getByRole('button', { name: /^Remove / }).boundingBox())!;
        expect(remove.height).toBeLessThan(40);
      }
      // Line totals and the subtotal share one right edge.
      const rights = await page.locator('.vitrine-cart-entry-subtotal, .vitrine-cart-subtotal > span:last-child')
        .evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().right)));
      expect(new Set(rights).size).toBe(1);
      await page.getByText('or 4 interest-free payments of $16.75 with Afterpay').waitFor();
      await saveScreenshot(page, `states-cart-${label}`);

      // 0 is refused with its message; the box then shows the quantity the server holds, and the line total agrees.
      const shirtQuantity = page.getByRole('spinbutton', { name: 'Quantity of Linen Shirt' });
      await shirtQuantity.fill('0');
      await shirtQuantity.press('Enter');
      const dialog = page.getByRole('alertdialog', { name: 'Unable to update quantity', exact: true });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'OK', exact: true }).click();
      await expect(shirtQuantity.inputValue()).resolves.toBe('1');
      await shirtQuantity.fill('');
      await shirtQuantity.press('Enter');
      await dialog.getByRole('button', { name: 'OK', exact: true }).click();
      await expect(shirtQuantity.inputValue()).resolves.toBe('1');

      // The stepper sends one change and shows the new line total.
      await page.getByRole('button', { name: 'Increase quantity of Linen Shirt', exact: true }).click();
      await page.getByRole('link', { name: 'Cart, 3 items, $112.00', exact: true }).waitFor();
      await expect(shirtQuantity.inputValue()).resolves.toBe('2');
      expect(shop.pageErrors).toEqual([]);
    });
  }

  it('the empty cart offers a way back to the shop', async () => {
    const { page } = shop;
    await visit(page, '/cart');
    await page.getByText('You have nothing in your shopping cart.').waitFor();
    await expect(page.getByRole('link', { name: 'Continue shopping', exact: true }).getAttribute('href')).resolves.toBe('/shop');
  });
});
