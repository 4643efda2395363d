import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { fillCheckout, payNow, type CheckoutAddress } from './checkout';
import { addButton, openProduct } from './shop';

/** New York: the demo store ships there (Standard $6.00) and charges 4 % tax. */
export const NEW_YORK: CheckoutAddress = { name: 'Ada Shopper', line1: '1 Main Street', city: 'New York', state: 'NY', zip: '10001' };

/**
 * Subscribes to the demo Coffee Subscription as a shopper does: its product page (the plan worded '$18.00 every
 * month'), Subscribe, the subscription page with a New York address and Standard shipping, paid in test mode.
 * Resolves on the subscription confirmed page with the order's id.
 */
export async function subscribeToCoffee(page: Page, email: string): Promise<string> {
  await openProduct(page, 'coffee-subscription');
  await expect(page.locator('.vitrine-product-price').textContent()).resolves.toBe('$18.00 every month');
  await addButton(page, 'Subscribe').click();
  await page.waitForURL(/\/checkout\/subscription\?cartToken=[^&]+$/);
  await fillCheckout(page, { email, address: NEW_YORK, shippingOption: 'Standard' });
  return payNow(page, 'Subscribe');
}
