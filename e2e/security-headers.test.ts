import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { useShop } from './support/fixtures';
import { addToCart, chooseOptions, openProduct, visit } from './support/shop';

// The pages work under their own Content-Security-Policy (packages/server/src/http/security-headers.ts):
// no script, style, image or fetch the policy blocks, on the pages a purchase goes through.

const shop = useShop({ sharedStore: true });

interface Violation {
  directive: string;
  blocked: string;
}

/** Collects the page's CSP violation reports (the init script runs outside the page's CSP). */
async function recordViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string }[] = [];
    (window as unknown as { __cspViolations: typeof seen }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({ directive: event.violatedDirective, blocked: event.blockedURI });
    });
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations);
}

test('the product page, the cart page and checkout load and work under the CSP with no violation', async () => {
  const { page } = shop;
  const violations = await recordViolations(page);

  const product = await page.goto('/shop/p/linen-shirt');
  const headers = product!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');

  await openProduct(page, 'linen-shirt');
  await chooseOptions(page, { Size: 'S', Color: 'White' });
  await addToCart(page);
  await expect(violations()).resolves.toEqual([]);

  // The cart page and checkout, reached the way a shopper does, each hydrated from the page's cart.
  await visit(page, '/cart');
  await page.getByRole('link', { name: 'Linen Shirt', exact: true }).waitFor();
  await expect(violations()).resolves.toEqual([]);

  await page.getByRole('link', { name: 'Check out', exact: true }).click();
  await page.waitForURL('**/checkout');
  await page.locator('.vitrine-checkout[data-ready]').waitFor();
  await page.getByRole('button', { name: 'Pay now' }).waitFor();
  await expect(violations()).resolves.toEqual([]);

  expect(shop.pageErrors).toEqual([]);
  // Chromium also reports each violation on the console; React reports hydration mismatches there.
  expect(shop.consoleErrors).toEqual([]);
});
