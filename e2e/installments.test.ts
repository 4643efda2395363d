import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { useShop } from './support/fixtures';
import { openProduct } from './support/shop';

// The installment pill (storefront spec §5): the demo store offers Afterpay (en-US) between $35 and
// $1,000. The Wool Blanket ($120) is in range, the Leather Armchair ($1,450) above it.

const shop = useShop({ sharedStore: true });

const infoButton = (page: Page) => page.getByRole('button', { name: 'More about Afterpay', exact: true });
const infoModal = (page: Page) => page.getByRole('dialog', { name: 'Afterpay', exact: true });

const hasFocusWithin = (locator: Locator) => locator.evaluate((element) => element.contains(document.activeElement));
const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

async function openInfo(page: Page): Promise<Locator> {
  await infoButton(page).click();
  const modal = infoModal(page);
  await modal.waitFor();
  await expect(hasFocusWithin(modal)).resolves.toBe(true);
  return modal;
}

/** After closing: no modal, and focus went back to the info button. */
async function expectClosed(page: Page): Promise<void> {
  await infoModal(page).waitFor({ state: 'detached' });
  await expect(hasFocus(infoButton(page))).resolves.toBe(true);
}

test('in range: the price split into 4 interest-free payments', async () => {
  const { page } = shop;
  await openProduct(page, 'wool-blanket');
  await page.getByText('or 4 interest-free payments of $30.00 with Afterpay', { exact: true }).waitFor();
});

test('above the maximum: the out-of-range wording names the maximum', async () => {
  const { page } = shop;
  await openProduct(page, 'leather-armchair');
  await page.getByText('Afterpay is available for orders up to $1,000.00', { exact: true }).waitFor();
  await expect(page.getByText(/interest-free payments of/).count()).resolves.toBe(0);
});

test('the pill follows the chosen variant\'s price', async () => {
  const { page } = shop;
  await openProduct(page, 'linen-shirt');
  // Before a choice: the from-price, $45.00.
  await page.getByText('or 4 interest-free payments of $11.25 with Afterpay', { exact: true }).waitFor();
  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'M', exact: true }).check();
  await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'White', exact: true }).check();
  await page.getByText('or 4 interest-free payments of $12.00 with Afterpay', { exact: true }).waitFor();
});

test('the info modal keeps focus inside and closes on Escape', async () => {
  const { page } = shop;
  await openProduct(page, 'wool-blanket');
  const modal = await openInfo(page);
  for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    await expect(hasFocusWithin(modal), `focus after ${key}`).resolves.toBe(true);
  }
  await page.keyboard.press('Escape');
  await expectClosed(page);
});

test('the info modal closes on its close button', async () => {
  const { page } = shop;
  await openProduct(page, 'wool-blanket');
  const modal = await openInfo(page);
  await modal.getByRole('button', { name: 'Close', exact: true }).click();
  await expectClosed(page);
});

test('the info modal closes on a click outside it, not on a click inside it', async () => {
  const { page } = shop;
  await openProduct(page, 'wool-blanket');
  const modal = await openInfo(page);
  await modal.getByRole('heading', { name: 'Afterpay' }).click();
  await expect(modal.isVisible()).resolves.toBe(true);
  const box = await modal.boundingBox();
  if (!box) throw new Error('the modal has no box');
  // A point of the backdrop left of the panel.
  await page.mouse.click(Math.max(2, box.x / 2), box.y + box.height / 2);
  await expectClosed(page);
});
