// A real-browser check of the built islands without the server: renders a product page with
// renderIsland, serves it with dist/, answers the cart API in the browser (page.route), then
// hydrates, adds to cart, checks the pill, opens the installment modal and runs axe.
// Run: npm run build -w @vitrine/storefront && node --import tsx packages/storefront/scripts/browser-smoke.ts
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium } from 'playwright-core';
import { clientAssets } from '../src/manifest';
import { renderIsland } from '../src/server';
import { cart, entry, shirtWithOptions } from '../src/test-support/fixtures';

const dist = new URL('../dist/', import.meta.url);
const assets = clientAssets(JSON.parse(readFileSync(new URL('manifest.json', dist), 'utf8')), '/dist/');
const empty = cart();
const shirt = { ...shirtWithOptions(), scarcityEnabled: true, scarcityText: 'Only {qty} left in stock' };
const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Smoke</title></head><body>
<header>${renderIsland('HeaderCartIndicator', { cart: empty })}</header>
<main><h1>Linen Shirt</h1>
${renderIsland('InstallmentPill', { product: shirt, installments: { afterPayAvailable: true, afterPayMin: 100, afterPayMax: 100000 } })}
${renderIsland('ProductForm', { product: shirt, cart: empty })}
${renderIsland('Gallery', { images: [{ id: 'a', assetUrl: '/a.jpg', title: 'Front' }], settings: { lightbox: true } })}
</main>
${renderIsland('CartPill', { cart: empty, pathname: '/shop/p/linen-shirt' })}
<script type="module" src="${assets.script}"></script></body></html>`;

const twoShirts = cart([entry({ quantity: 2 })]);
const cartHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cart</title></head><body>
<header>${renderIsland('HeaderCartIndicator', { cart: twoShirts })}</header>
<main><h1>Your cart</h1>${renderIsland('CartPage', { cart: twoShirts })}</main>
${renderIsland('CartPill', { cart: twoShirts, pathname: '/cart' })}
<script type="module" src="${assets.script}"></script></body></html>`;

const server = createServer((req, res) => {
  if (req.url?.startsWith('/dist/')) {
    res.setHeader('Content-Type', 'text/javascript');
    res.end(readFileSync(new URL(req.url.slice('/dist/'.length), dist)));
    return;
  }
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Set-Cookie', 'crumb=smoke-crumb; Path=/; SameSite=Lax');
  res.end(req.url === '/cart' ? cartHtml : html);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
try {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  let crumbHeader: string | undefined;
  await page.route('**/api/commerce/shopping-cart/entries', async (route) => {
    crumbHeader = route.request().headers()['x-csrf-token'];
    const body = route.request().postDataJSON() as { sku: string; quantity: number };
    const added = cart([entry({ quantity: body.quantity, chosenVariant: { sku: body.sku, attributes: {} } })]);
    await route.fulfill({ json: { shoppingCart: added, newlyAdded: added.entries[0] } });
  });
  await page.route('**/*.jpg', (route) => route.fulfill({ status: 404, body: '' }));

  await page.goto('/');
  await page.locator('[data-island="ProductForm"][data-hydrated="true"]').waitFor();

  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'Large', exact: true }).check();
  await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'Blue', exact: true }).check();
  check(await page.getByText('Only 10 left in stock').isVisible(), 'scarcity text after choosing a variant');
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('button', { name: 'Added!' }).waitFor({ timeout: 3000 });
  check(await page.getByRole('dialog', { name: 'Your cart' }).isVisible(), 'cart drawer opened after add');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Your cart' }).waitFor({ state: 'detached' });
  check(crumbHeader === 'smoke-crumb', 'crumb sent as X-CSRF-Token');
  check(await page.getByRole('link', { name: '2 items $25' }).isVisible(), 'cart pill updated after add');
  check(await page.getByRole('link', { name: 'Cart, 2 items, $25.00' }).isVisible(), 'header indicator updated after add');
  await page.getByRole('button', { name: 'Add to Cart' }).waitFor({ timeout: 4000 });
  check(true, 'button back to idle');

  const info = page.getByRole('button', { name: 'More about Afterpay' });
  await info.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Afterpay' });
  await dialog.waitFor();
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  check(serious.length === 0, `axe with the modal open: ${serious.map((v) => v.id).join(', ') || 'no serious or critical violations'}`);
  await page.keyboard.press('Tab');
  check(await dialog.evaluate((el) => el.contains(document.activeElement)), 'Tab stays inside the modal');
  await page.keyboard.press('Escape');
  check(await dialog.count() === 0, 'Escape closes the modal');
  check(await info.evaluate((el) => el === document.activeElement), 'focus back on the info button');
  await info.click();
  await page.mouse.click(5, 5);
  check(await dialog.count() === 0, 'a click outside closes the modal');

  const axeClosed = await new AxeBuilder({ page }).analyze();
  const seriousClosed = axeClosed.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  check(seriousClosed.length === 0, `axe on the page: ${seriousClosed.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`).join(', ') || 'no serious or critical violations'}`);

  // The cart page, by keyboard: change a quantity, then remove the line.
  await page.route('**/api/commerce/shopping-cart/entries/entry-1/quantity', (route) =>
    route.fulfill({ json: { shoppingCart: cart([entry({ quantity: 3 })]) } }));
  await page.route('**/api/commerce/shopping-cart/entries/entry-1', (route) => route.fulfill({ json: { shoppingCart: cart() } }));
  await page.goto('/cart');
  await page.locator('[data-island="CartPage"][data-hydrated="true"]').waitFor();
  check(await page.locator('.vitrine-cart-pill').count() === 0, 'no cart pill on /cart');
  const quantity = page.getByRole('spinbutton', { name: 'Quantity of Linen Shirt' });
  await quantity.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await page.getByText('Subtotal $37.50').waitFor({ timeout: 3000 });
  check(await page.getByRole('link', { name: 'Cart, 3 items, $37.50' }).isVisible(), 'quantity update reaches the header');
  await page.getByRole('button', { name: 'Remove Linen Shirt' }).focus();
  await page.keyboard.press('Enter');
  await page.getByText('You have nothing in your shopping cart.').waitFor({ timeout: 3000 });
  check(true, 'remove by keyboard empties the cart');
  const axeCart = await new AxeBuilder({ page }).analyze();
  const seriousCart = axeCart.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  check(seriousCart.length === 0, `axe on the cart page: ${seriousCart.map((v) => v.id).join(', ') || 'no serious or critical violations'}`);

  check(consoleErrors.length === 0, `no console errors ${consoleErrors.join(' | ')}`);
} finally {
  await browser.close();
  server.close();
}
if (failures.length > 0) process.exit(1);
