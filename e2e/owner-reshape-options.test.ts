import { describe, expect, test } from 'vitest';
import type { InventoryReply } from '@vitrine/contracts';
import { HttpVisitor } from '../packages/server/src/reliability/server-process';
import { newShopper } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerAccount, createOwnerSetupToken, OWNER } from './support/owner';
import { saveScreenshot } from './support/screenshots';
import { chooseOptions, itemIdOf, productPath, waitForIslands } from './support/shop';
import { axeViolations } from './support/axe';

// Issue 31, item 3: a shopper buys the Ceramic Vase; the owner then gives it an option, Glaze: Rust, Sage, in the
// product editor. The save succeeds (the sold variant is archived, not removed), the editor shows the two new
// variants, and the storefront offers Rust and Sage. Saved at 1280 and 390 px.

let setupToken = '';

const shop = useShop({
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

const SHIPPING_ADDRESS = { name: 'Test Shopper', line1: '1 Test Street', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };

describe('reshaping the options of a product that has sold', () => {
  test('the owner adds Glaze: Rust, Sage to the ordered Ceramic Vase; it saves, and the storefront offers both', async () => {
    const buyer = new HttpVisitor();
    await buyer.visit(shop.url, '/');
    const vaseId = await itemIdOf(shop.url, 'ceramic-vase');
    const added = await buyer.call(shop.url, 'POST', '/api/commerce/shopping-cart/entries', { itemId: vaseId, sku: 'VASE', quantity: 1 });
    expect(added.status, added.text).toBe(200);
    const placed = await buyer.call(shop.url, 'POST', '/api/commerce/orders', { email: 'vase@shopper.test', shippingAddress: SHIPPING_ADDRESS });
    expect(placed.status, placed.text).toBe(201);

    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(page, setupToken);
    const api = new HttpVisitor();
    await api.visit(shop.url, '/');
    expect((await api.call(shop.url, 'POST', '/api/site-users/account/session', OWNER)).status).toBe(200);
    expect(((await api.call(shop.url, 'GET', '/api/owner/products?q=vase')).body as InventoryReply).products.some((product) => product.id === vaseId)).toBe(true);

    await page.goto(`${shop.url}/config/products/${vaseId}`);
    await page.getByRole('heading', { level: 1, name: 'Ceramic Vase' }).waitFor();
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('Option 1 name').fill('Glaze');
    await page.getByLabel('Option 1 values').fill('Rust, Sage');
    await page.getByLabel('Stock of Rust', { exact: true }).fill('3');
    await page.getByLabel('Stock of Sage', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    // No refusal anywhere on the screen.
    await expect(page.getByText('cannot be removed').count()).resolves.toBe(0);
    await expect(page.getByLabel('SKU of Rust', { exact: true }).inputValue()).resolves.toBe('VASE-RUST');
    await expect(page.getByLabel('SKU of Sage', { exact: true }).inputValue()).resolves.toBe('VASE-SAGE');
    await expect(page.getByLabel('SKU of Default', { exact: true }).count()).resolves.toBe(0);

    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('heading', { name: 'Options and variants' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'owner-reshape-options-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Options and variants' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'owner-reshape-options-phone');

    const product = await context.newPage();
    await product.setViewportSize({ width: 1280, height: 800 });
    await product.goto(`${shop.url}${productPath('ceramic-vase')}`);
    await waitForIslands(product);
    await chooseOptions(product, { Glaze: 'Sage' });
    await saveScreenshot(product, 'storefront-reshaped-options-desktop');
    await product.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(product, 'storefront-reshaped-options-phone');
    await context.close();
  });
});
