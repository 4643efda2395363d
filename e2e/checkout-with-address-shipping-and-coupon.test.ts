import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useShop } from './support/fixtures';
import { axeViolations } from './support/axe';
import { saveAtBothWidths } from './support/screenshots';
import { addToCart, chooseOptions, openProduct } from './support/shop';
import { fillCheckout, openCheckout, orderSummary as summary, payNow, receiptTotals, SAN_FRANCISCO } from './support/checkout';

// The checkout page (issue 17 item 1) in the demo store, which ships to the US, Canada and Europe with California
// and New York sales tax and the WELCOME10 coupon (10 % from $30): a shopper buys the Linen Shirt with a Californian
// address typed with the keyboard alone, a shipping option and the coupon, sees every total, pays (test mode) and
// lands on the order confirmation. A cart of a digital product asks no address. Axe-clean; screenshots of the
// checkout with errors and filled in at 1280 and 390 px.

const shop = useShop();

/** The summary's totals as [label, value] pairs, as a shopper reads them. */
async function totalsShown(page: Page): Promise<string[][]> {
  return summary(page)
    .locator('.vitrine-summary-row')
    .evaluateAll((rows) => rows.map((row) => [row.querySelector('dt')!.textContent!, row.querySelector('dd')!.textContent!.replace(/\s+/g, ' ')]));
}

/** Presses Tab until the focused element is `target` (keyboard only, as a shopper gets there). */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    return element?.labels?.[0]?.textContent ?? element?.textContent ?? '';
  });
}


describe('the checkout page', () => {
  test('a Californian address by keyboard, a shipping option and WELCOME10, then paid in test mode', async () => {
    const { page } = shop;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openProduct(page, 'linen-shirt');
    await chooseOptions(page, { Size: 'S', Color: 'White' });
    await addToCart(page);
    await openCheckout(page);

    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await expect(summary(page).getByRole('listitem').first().innerText()).resolves.toBe('1\nLinen Shirt\nQuantity: 1\nSize: S, Color: White\n$45.00');
    await expect(totalsShown(page)).resolves.toEqual([
      ['Subtotal', '$45.00'],
      ['Shipping', 'Calculated at next step'],
      ['Tax', 'Calculated at next step'],
      ['Total', 'USD $45.00'],
    ]);
    // Only where the store ships (and the US territories with the US), named in English.
    const countries = await page.getByRole('combobox', { name: 'Country/region' }).locator('option').allTextContents();
    expect(countries).toContain('Puerto Rico');
    expect(countries).toContain('Germany');
    expect(countries).not.toContain('Brazil');

    // Keyboard only from here to the shipping options: Tab to the email, then through the address.
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    await tabTo(page, email);
    await page.keyboard.type('ada@example.com');
    await tabTo(page, page.getByRole('button', { name: 'Continue to shipping' }));
    await page.keyboard.press('Enter');
    // Nothing typed: every field's message beside it, focus on the first.
    await page.getByText('Enter a name.').waitFor();
    await expect(focusedName(page)).resolves.toBe('Full name');
    await expect(page.getByRole('textbox', { name: 'Full name' }).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('.vitrine-address .vitrine-field-error').allTextContents()).resolves.toEqual([
      'Enter a name.',
      'Enter an address.',
      'Enter a city.',
      'Select a state.',
      'Enter a valid ZIP code.',
    ]);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'checkout-errors');

    await tabTo(page, page.getByRole('textbox', { name: 'Full name' })); // still there after the screenshots
    await page.keyboard.type('Ada Shopper');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1 Market St');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab'); // apartment: none
    await page.keyboard.type('San Francisco');
    await page.keyboard.press('Tab');
    await expect(focusedName(page)).resolves.toBe('State');
    await page.keyboard.type('California'); // a focused select chooses by typing
    await expect(page.getByRole('combobox', { name: 'State' }).inputValue()).resolves.toBe('CA');
    await page.keyboard.press('Tab');
    await page.keyboard.type('94105');
    await page.keyboard.press('Tab'); // phone: none
    await page.keyboard.press('Tab');
    await expect(focusedName(page)).resolves.toBe('Continue to shipping');
    await page.keyboard.press('Enter');

    // The shipping options for California: Standard ($6, free from $100) and Express; tax now known.
    const methods = page.getByRole('group', { name: 'Shipping method' });
    await methods.waitFor();
    await expect(methods.getByRole('radio').evaluateAll((radios) => radios.map((radio) => radio.closest('label')!.textContent))).resolves.toEqual([
      'Standard $6.00',
      'Express $18.00',
    ]);
    await expect(page.locator('.vitrine-address .vitrine-field-error').count()).resolves.toBe(0);
    await tabTo(page, methods.getByRole('radio').first());
    await page.keyboard.press('Space');
    await expect(methods.getByRole('radio', { name: 'Standard $6.00' }).isChecked()).resolves.toBe(true);
    await summary(page).getByText('$6.00').waitFor();
    await expect(totalsShown(page)).resolves.toEqual([
      ['Subtotal', '$45.00'],
      ['Shipping', '$6.00'],
      ['Tax', '$3.26'],
      ['Total', 'USD $54.26'],
    ]);

    // WELCOME10: 10 % off the shirt; California's 7.25 % on what is left (shipping is not taxed there).
    await page.getByRole('textbox', { name: 'Discount code or gift card' }).fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByRole('button', { name: 'Remove coupon WELCOME10' }).waitFor();
    await expect(totalsShown(page)).resolves.toEqual([
      ['Subtotal', '$45.00'],
      ['Discount', '−$4.50'],
      ['Shipping', '$6.00'],
      ['Tax', '$2.94'],
      ['Total', 'USD $49.44'],
    ]);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'checkout-filled');

    // On a phone the summary folds behind its toggle, which says the total.
    await page.setViewportSize({ width: 390, height: 844 });
    const toggle = page.getByRole('button', { name: /Show order summary/ });
    await expect(toggle.textContent()).resolves.toBe('Show order summary · $49.44');
    await expect(summary(page).getByRole('heading', { name: 'Order summary' }).isVisible()).resolves.toBe(false);
    await toggle.click();
    await expect(page.getByRole('button', { name: /Hide order summary/ }).getAttribute('aria-expanded')).resolves.toBe('true');
    await page.setViewportSize({ width: 1280, height: 800 });

    await payNow(page);
    // The confirmation is a receipt of the same totals (no address: its link can leak).
    await expect(page.getByRole('row').filter({ hasText: 'SHIRT-S-WHITE' }).getByRole('cell').allTextContents()).resolves.toEqual([
      'Linen ShirtSize: S, Color: White', 'SHIRT-S-WHITE', '1', '$45.00', '$45.00',
    ]);
    await expect(receiptTotals(page)).resolves.toEqual([
      ['Subtotal', '$45.00'],
      ['Discount (WELCOME10)', '−$4.50'],
      ['Shipping (Standard)', '$6.00'],
      ['Tax', '$2.94'],
      ['Total', '$49.44'],
    ]);
    await expect(page.getByText('1 Market St').count()).resolves.toBe(0);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'order-confirmed-receipt');
    expect(shop.pageErrors).toEqual([]);
    expect(shop.consoleErrors).toEqual([]);
  });

  test('a cart of a digital product asks no address', async () => {
    const { page } = shop;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openProduct(page, 'photography-ebook');
    await addToCart(page);
    await openCheckout(page);
    await page.getByRole('textbox', { name: 'Email', exact: true }).waitFor();
    await expect(page.getByRole('combobox', { name: 'Country/region' }).count()).resolves.toBe(0);
    await expect(page.getByRole('heading', { name: 'Delivery' }).count()).resolves.toBe(0);
    await expect(page.getByRole('heading', { name: 'Billing address' }).count()).resolves.toBe(0);
    await expect(page.getByRole('group', { name: 'Shipping method' }).count()).resolves.toBe(0);
    await expect(totalsShown(page)).resolves.toEqual([
      ['Subtotal', '$15.00'],
      ['Total', 'USD $15.00'],
    ]);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'checkout-digital');
    await fillCheckout(page, { email: 'reader@example.com' });
    await payNow(page);
    await expect(receiptTotals(page)).resolves.toEqual([['Subtotal', '$15.00'], ['Total', '$15.00']]);
    expect(shop.pageErrors).toEqual([]);
    expect(shop.consoleErrors).toEqual([]);
  });

  test('Express shipping with the coupon, filled by the shared helper: the receipt matches the summary', async () => {
    const { page } = shop;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openProduct(page, 'linen-shirt');
    await chooseOptions(page, { Size: 'S', Color: 'White' });
    await addToCart(page);
    await openCheckout(page);
    await fillCheckout(page, { email: 'fast@example.com', address: SAN_FRANCISCO, shippingOption: 'Express', coupon: 'WELCOME10' });
    await summary(page).getByText('$18.00').waitFor();
    // 10 % off $45.00; Express $18.00 (untaxed in California); 7.25 % of $40.50 = $2.93625 → $2.94.
    await expect(totalsShown(page)).resolves.toEqual([
      ['Subtotal', '$45.00'],
      ['Discount', '−$4.50'],
      ['Shipping', '$18.00'],
      ['Tax', '$2.94'],
      ['Total', 'USD $61.44'],
    ]);
    await payNow(page);
    await expect(receiptTotals(page)).resolves.toEqual([
      ['Subtotal', '$45.00'],
      ['Discount (WELCOME10)', '−$4.50'],
      ['Shipping (Express)', '$18.00'],
      ['Tax', '$2.94'],
      ['Total', '$61.44'],
    ]);
    expect(shop.pageErrors).toEqual([]);
    expect(shop.consoleErrors).toEqual([]);
  });
});
