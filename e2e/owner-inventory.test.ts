import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { InventoryReply } from '@vitrine/contracts';
import { HttpVisitor } from '../packages/server/src/reliability/server-process';
import { newShopper, collectPageErrors } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerAccount, createOwnerSetupToken, OWNER } from './support/owner';
import { saveScreenshot } from './support/screenshots';
import { stockOf } from './support/shop';
import { axeViolations } from './support/axe';

// The owner app's inventory panel (issue 16, platform §2): the owner, signed in from the set-up link, searches
// "shirt", sorts by stock, expands the Linen Shirt and sets its S / White stock with the keyboard alone; the
// panel shows the new figure and the storefront's stock call answers it. Axe-clean; saved at 1280 and 390 px.

let setupToken = '';

const shop = useShop({
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

describe('the owner inventory panel', () => {
  test('search, sort by stock, expand the Linen Shirt and set the S / White stock by keyboard; the storefront shows it', async () => {
    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(page, setupToken);

    // The Linen Shirt's S / White variant and its stock, through the owner API (a session of its own).
    const api = new HttpVisitor();
    await api.visit(shop.url, '/');
    expect((await api.call(shop.url, 'POST', '/api/site-users/account/session', OWNER)).status).toBe(200);
    const listed = (await api.call(shop.url, 'GET', '/api/owner/products?q=linen%20shirt')).body as InventoryReply;
    const shirt = listed.products.find((product) => product.title === 'Linen Shirt');
    const variant = shirt?.variants.find((each) => each.optionValues.map((option) => option.value).join(' / ') === 'S / White');
    if (!shirt || !variant) throw new Error('the demo store has no Linen Shirt S / White');
    const before = (await stockOf(shop.url, shirt.id, variant.sku)).qtyInStock;
    const wanted = before === 17 ? 18 : 17;

    // 1. Products, by keyboard: the navigation link, then the search box.
    const productsLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' });
    await productsLink.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByRole('button', { name: 'Variants of Linen Shirt' }).waitFor();
    await page.getByLabel('Search products').focus();
    await page.keyboard.type('shirt');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${shop.url}/config/products?q=shirt`);

    // Nothing matches a word no product has.
    await page.getByLabel('Search products').fill('zzzz-nothing');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'No products match “zzzz-nothing”' }).waitFor();
    await page.getByLabel('Search products').fill('shirt');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${shop.url}/config/products?q=shirt`);

    // 2. Sort by stock (in the address, kept over a reload).
    await page.getByLabel('Sort by').selectOption('stock');
    await page.waitForURL(`${shop.url}/config/products?q=shirt&sort=stock`);
    await page.reload();
    await expect(page.getByLabel('Sort by').inputValue()).resolves.toBe('stock');
    await expect(page.getByLabel('Search products').inputValue()).resolves.toBe('shirt');

    // 3. Expand the Linen Shirt and set S / White, keyboard only.
    const expander = page.getByRole('button', { name: 'Variants of Linen Shirt' });
    await expander.focus();
    await page.keyboard.press('Enter');
    await expect(expander.getAttribute('aria-expanded')).resolves.toBe('true');
    const variants = page.getByRole('table', { name: 'Variants of Linen Shirt' });
    const input = variants.getByRole('spinbutton', { name: 'Stock of Linen Shirt S / White' });
    await expect(input.inputValue()).resolves.toBe(String(before));
    await input.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(String(wanted));
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Save stock of Linen Shirt S / White');
    await page.keyboard.press('Enter');
    await variants.getByRole('status').filter({ hasText: `Saved: ${wanted} in stock.` }).waitFor();
    await expect(input.inputValue()).resolves.toBe(String(wanted));
    const totalBefore = shirt.totalStock;
    await page.getByRole('row', { name: /Variants of Linen Shirt/ }).getByRole('cell').nth(1).filter({ hasText: String(totalBefore - before + wanted) }).waitFor();

    // 4. The storefront's stock call answers the new figure.
    await expect((await stockOf(shop.url, shirt.id, variant.sku)).qtyInStock).toBe(wanted);

    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-inventory-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await input.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-inventory-phone');

    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
