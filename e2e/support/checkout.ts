import type { Locator, Page } from 'playwright-core';
import { visit } from './shop';

/** A shipping address as the checkout page asks for it in the US (State is a select, the postal code a ZIP code). */
export interface CheckoutAddress {
  name: string;
  line1: string;
  city: string;
  /** The State select's value ('CA', 'NY', 'OR'). */
  state: string;
  zip: string;
}

/** Portland, Oregon: the demo store ships there (Standard $6.00, Express $18.00) and charges no tax. */
export const PORTLAND: CheckoutAddress = { name: 'Ada Shopper', line1: '1 Test Street', city: 'Portland', state: 'OR', zip: '97201' };

/** San Francisco: California's 7.25 % sales tax applies (shipping untaxed). */
export const SAN_FRANCISCO: CheckoutAddress = { name: 'Ada Shopper', line1: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' };

export interface CheckoutAnswers {
  email: string;
  /** The shipping address; leave it out for a cart that ships nothing (no address is asked). */
  address?: CheckoutAddress;
  /** The shipping option's name ('Standard', 'Express'); the first one offered when left out. */
  shippingOption?: string;
  /** A discount code (or gift card code) applied before paying. */
  coupon?: string;
}

/** The checkout island once it is live (hydrated and ready for input). */
export const checkoutForm = (page: Page): Locator => page.locator('.vitrine-checkout[data-ready]');

/** The shipping method radios, shown once the address is priced. */
export const shippingMethods = (page: Page): Locator => page.getByRole('group', { name: 'Shipping method' });

/** The order summary beside (or, on a phone, above) the form. */
export const orderSummary = (page: Page): Locator => page.getByRole('complementary', { name: 'Order summary' });

/** Opens /checkout (the visitor's cart) and waits until the island takes input. */
export async function openCheckout(page: Page, path = '/checkout'): Promise<void> {
  await visit(page, path);
  await checkoutForm(page).waitFor();
}

/**
 * Fills the checkout page the way a shopper does with a mouse: the email, the shipping address and 'Continue to
 * shipping', a shipping option, a coupon. It does not pay (`payNow` does), so a journey can look at the filled page
 * first. The page must already be open (`openCheckout`, or a redirect to the express or subscription checkout).
 */
export async function fillCheckout(page: Page, answers: CheckoutAnswers): Promise<void> {
  await checkoutForm(page).waitFor();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(answers.email);
  if (answers.address) {
    const { address } = answers;
    await page.getByRole('textbox', { name: 'Full name' }).fill(address.name);
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill(address.line1);
    await page.getByRole('textbox', { name: 'City' }).fill(address.city);
    await page.getByRole('combobox', { name: 'State' }).selectOption(address.state);
    await page.getByRole('textbox', { name: 'ZIP code' }).fill(address.zip);
    await page.getByRole('button', { name: 'Continue to shipping' }).click();
    const methods = shippingMethods(page);
    await methods.waitFor();
    const option = answers.shippingOption
      ? methods.getByRole('radio', { name: new RegExp(`^${answers.shippingOption} `) })
      : methods.getByRole('radio').first();
    // The radio follows the cart: it is checked once the server has priced the choice, not on the click itself.
    await option.click();
    await option.evaluate((radio: HTMLInputElement) =>
      radio.checked ? undefined : new Promise<void>((resolve) => {
        const check = () => (radio.checked ? resolve() : requestAnimationFrame(check));
        check();
      }),
    );
  }
  if (answers.coupon) {
    await page.getByRole('textbox', { name: 'Discount code or gift card' }).fill(answers.coupon);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByRole('button', { name: `Remove coupon ${answers.coupon}` }).waitFor();
  }
}

/** 'Pay now' (or 'Subscribe' on the subscription page), in test mode; resolves on the order-confirmed page with the order's id. */
export async function payNow(page: Page, label: 'Pay now' | 'Subscribe' = 'Pay now'): Promise<string> {
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.waitForURL(/\/checkout\/order-confirmed\?orderId=/);
  await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
  return new URL(page.url()).searchParams.get('orderId') ?? '';
}

/** The order-confirmed page's totals as [label, amount] rows, as a shopper reads the receipt. */
export async function receiptTotals(page: Page): Promise<string[][]> {
  return page
    .locator('.order-totals-row')
    .evaluateAll((rows) => rows.map((row) => [row.querySelector('dt')!.textContent!, row.querySelector('dd')!.textContent!]));
}
