import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { useShop } from './support/fixtures';
import { hasFocus, tabTo } from './support/keyboard';
import { addButton, cartPill, openProduct, waitForIslands, closeCartDrawer } from './support/shop';
import { checkoutForm, orderSummary, receiptTotals, shippingMethods } from './support/checkout';

// A purchase with the keyboard alone: Tab to move, arrow keys to choose, Space and Enter to act.
// Locators are only used to check where focus is, never to click or fill.

// Its order takes two S / White shirts, whose stock no other file of the shared demo store reads: that store it is.
const shop = useShop({ sharedStore: true });


/** Presses ArrowRight in a focused radio group until `value` is checked (the store decides the value order). */
async function arrowTo(page: Page, group: Locator, value: string, maxPresses = 10): Promise<void> {
  const radio = group.getByRole('radio', { name: value, exact: true });
  for (let presses = 0; presses < maxPresses; presses++) {
    if (await radio.isChecked()) return;
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`${group} never checked ${value} in ${maxPresses} ArrowRight presses`);
}


test('a shopper buys two Linen Shirts (S / White) with the keyboard only', async () => {
  const { page } = shop;
  await openProduct(page, 'linen-shirt');

  // Options are radio groups: Tab enters a group on its first value, Space checks it, arrow keys move and check.
  const size = page.getByRole('radiogroup', { name: 'Size' });
  await tabTo(page, size.getByRole('radio').first());
  await page.keyboard.press('Space');
  await arrowTo(page, size, 'S');
  const color = page.getByRole('radiogroup', { name: 'Color' });
  await tabTo(page, color.getByRole('radio').first());
  await page.keyboard.press('Space');
  await arrowTo(page, color, 'White');

  // Quantity: ArrowUp steps it from 1 to 2.
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await tabTo(page, quantity);
  await page.keyboard.press('ArrowUp');
  await expect(quantity.inputValue()).resolves.toBe('2');

  // Space on the button adds.
  await tabTo(page, addButton(page));
  await page.keyboard.press('Space');
  await addButton(page, 'Added!').waitFor();
  await closeCartDrawer(page); // the add opened the cart drawer
  const pill = cartPill(page, '2 items $90');
  await pill.waitFor();

  // Enter on the pill opens the cart.
  await tabTo(page, pill);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/cart');
  await waitForIslands(page);

  // Enter on 'Check out' opens the checkout page.
  await tabTo(page, page.getByRole('link', { name: 'Check out', exact: true }));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/checkout');
  await checkoutForm(page).waitFor();

  // The email and a Portland address, typed field by field; the State select chooses by typing its name.
  const typeInto = async (target: Locator, text: string) => {
    await tabTo(page, target);
    await page.keyboard.type(text);
  };
  await typeInto(page.getByRole('textbox', { name: 'Email', exact: true }), 'keys@example.com');
  await typeInto(page.getByRole('textbox', { name: 'Full name' }), 'Kay Board');
  await typeInto(page.getByRole('textbox', { name: 'Address', exact: true }), '1 Test Street');
  await typeInto(page.getByRole('textbox', { name: 'City' }), 'Portland');
  await typeInto(page.getByRole('combobox', { name: 'State' }), 'Oregon');
  await expect(page.getByRole('combobox', { name: 'State' }).inputValue()).resolves.toBe('OR');
  await typeInto(page.getByRole('textbox', { name: 'ZIP code' }), '97201');
  // Enter on 'Continue to shipping' prices the address: the shipping options appear.
  await tabTo(page, page.getByRole('button', { name: 'Continue to shipping' }));
  await page.keyboard.press('Enter');
  const methods = shippingMethods(page);
  await methods.waitFor();
  // Tab enters the radio group, Space chooses Standard, ArrowDown would move to Express.
  await tabTo(page, methods.getByRole('radio').first());
  await page.keyboard.press('Space');
  await expect(methods.getByRole('radio', { name: 'Standard $6.00' }).isChecked()).resolves.toBe(true);
  await orderSummary(page).getByText('$6.00').waitFor();

  // Enter on 'Pay now' pays in test mode and lands on the order confirmed.
  await tabTo(page, page.getByRole('button', { name: 'Pay now', exact: true }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/checkout\/order-confirmed\?orderId=/);
  await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
  const row = page.getByRole('row').filter({ hasText: 'SHIRT-S-WHITE' });
  await expect(row.getByRole('cell').allTextContents()).resolves.toEqual(['Linen ShirtSize: S, Color: White', 'SHIRT-S-WHITE', '2', '$45.00', '$90.00']);
  // $90.00 is under the $100 of free shipping: Standard $6.00; Oregon has no sales tax.
  await expect(receiptTotals(page)).resolves.toEqual([['Subtotal', '$90.00'], ['Shipping (Standard)', '$6.00'], ['Total', '$96.00']]);
});

test('the error dialog is operated by keyboard: focus moves into it and Enter on OK closes it', async () => {
  const { page } = shop;
  await openProduct(page, 'linen-shirt');
  await tabTo(page, addButton(page));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Unable to Add Item', exact: true });
  await dialog.waitFor();
  await expect(dialog.evaluate((element) => element.contains(document.activeElement))).resolves.toBe(true);
  await tabTo(page, dialog.getByRole('button', { name: 'OK', exact: true }), 5);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  // Focus returns to the button that opened it.
  await expect(hasFocus(addButton(page))).resolves.toBe(true);
});
