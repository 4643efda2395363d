import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { addButton, openProduct, waitForIslands } from './shop';

/**
 * Subscribes to the demo Coffee Subscription as a shopper does: its product page (the plan worded '$18.00 every
 * month'), Subscribe, the subscription page with a New York address and the first shipping option (Standard), paid
 * in test mode; ends on the subscription confirmed page.
 */
export async function subscribeToCoffee(page: Page, email: string): Promise<void> {
  await openProduct(page, 'coffee-subscription');
  await expect(page.locator('.vitrine-product-price').textContent()).resolves.toBe('$18.00 every month');
  await addButton(page, 'Subscribe').click();
  await page.waitForURL(/\/checkout\/subscription\?cartToken=[^&]+$/);
  await waitForIslands(page);
  // The checkout island is ready (hydrated, its cart read): typing before that could be lost.
  await page.locator('.vitrine-checkout[data-ready]').waitFor();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Full name' }).fill('Ada Shopper');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Main Street');
  await page.getByRole('textbox', { name: 'City' }).fill('New York');
  await page.getByRole('combobox', { name: 'State' }).selectOption('NY');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('10001');
  await page.getByRole('button', { name: 'Continue to shipping' }).click();
  const methods = page.getByRole('group', { name: 'Shipping method' });
  await methods.waitFor();
  await methods.getByRole('radio').first().check();
  // The summary has the shipping priced (the choice saved) before paying: US Standard, $6.00.
  await page.getByRole('complementary', { name: 'Order summary' }).getByText('$6.00').waitFor();
  await page.getByRole('button', { name: /^(Pay now|Subscribe)$/ }).click();
  // The order's transaction (stock, charge, number, the subscription) on 2 busy cores: more than a step's 10 s allowed.
  await page.waitForURL(/\/checkout\/order-confirmed\?orderId=/, { timeout: 30_000 });
  await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
}
