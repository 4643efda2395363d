import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import type { ImageAssetJson, InventoryReply, OwnerProductReply } from '@vitrine/contracts';
import { HttpVisitor } from '../packages/server/src/reliability/server-process';
import { newShopper, collectPageErrors } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerAccount, createOwnerSetupToken, OWNER } from './support/owner';
import { saveAtBothWidths, saveScreenshot } from './support/screenshots';
import { productPath } from './support/shop';
import { axeViolations } from './support/axe';

// The owner app's product editor (issue 16): the owner, signed in from the set-up link, opens the Ceramic Vase
// from the inventory panel, changes its price and saves (the storefront's product page shows the new price);
// uploads a picture made here (the progress bar shows, then the picture), sets its focal point by keyboard and
// its alt text (asked for in a dialog before it is sent), saves (the storefront shows the picture with that alt); creates a digital product; creates a
// store and finds it in the storefront's main navigation. Axe-clean; saved at 1280 and 390 px.

let setupToken = '';

const shop = useShop({
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

describe('the owner product editor', () => {
  test('edit a price, upload a picture with alt text and focal point, create a product and a store; the storefront shows them', async () => {
    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(page, setupToken);

    const api = new HttpVisitor();
    await api.visit(shop.url, '/');
    expect((await api.call(shop.url, 'POST', '/api/site-users/account/session', OWNER)).status).toBe(200);
    const listed = (await api.call(shop.url, 'GET', '/api/owner/products?q=vase')).body as InventoryReply;
    const vase = listed.products.find((product) => product.title === 'Ceramic Vase');
    if (!vase) throw new Error('the demo store has no Ceramic Vase');

    // 1. From the panel, the product's title opens its editor.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('link', { name: 'Ceramic Vase', exact: true }).click();
    await page.waitForURL(`${shop.url}/config/products/${vase.id}`);
    await page.getByRole('heading', { level: 1, name: 'Ceramic Vase' }).waitFor();
    const price = page.getByLabel('Price of Default', { exact: true });
    await expect(price.inputValue()).resolves.toBe('64.00');
    await price.fill('58.50');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    const product = await context.newPage();
    await product.goto(productPath('ceramic-vase'));
    await product.getByText('$58.50').first().waitFor();
    await product.close();

    // 2. A picture: the progress bar while it goes, then the picture; focal point by keyboard, alt text.
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 120, b: 90 } } })
      .composite([{ input: Buffer.from('<svg width="640" height="480"><circle cx="420" cy="200" r="90" fill="#f4e3c1"/></svg>'), top: 0, left: 0 }])
      .png()
      .toBuffer();
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('progress');
        if (bar) seen.push(Number(bar.getAttribute('value') ?? bar.value));
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByLabel('Upload picture').setInputFiles({ name: 'windowsill.png', mimeType: 'image/png', buffer: png });
    // Issue 31: the picture's alt text is asked for before it is sent (never its file name).
    const describe = page.getByRole('dialog', { name: 'Describe this picture' });
    const altField = describe.getByRole('textbox', { name: 'Alt text' });
    await altField.waitFor();
    await expect(altField.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await expect(altField.inputValue()).resolves.toBe('');
    await altField.fill('Sage vase on a sunny windowsill');
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'owner-product-picture-alt-text');
    await describe.getByRole('button', { name: 'Upload' }).click();
    const slider = page.getByRole('slider', { name: 'Focal point of Sage vase on a sunny windowsill' });
    await slider.waitFor();
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen.length).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.focal-picture img').nth(1).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowUp');
    await expect(slider.getAttribute('aria-valuetext')).resolves.toBe('60% across, 45% down');
    await expect(page.getByLabel('Alt text').nth(1).inputValue()).resolves.toBe('Sage vase on a sunny windowsill');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-product-editor-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { level: 1, name: 'Ceramic Vase' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-product-editor-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    const saved = ((await api.call(shop.url, 'GET', `/api/owner/products/${vase.id}`)).body as OwnerProductReply).product;
    expect(saved.images.map((image) => image.altText)).toEqual(['', 'Sage vase on a sunny windowsill']);
    const picture = (await api.call(shop.url, 'GET', `/api/owner/images/${saved.images[1]!.id}`)).body as ImageAssetJson;
    expect(picture.mediaFocalPoint).toEqual({ x: 0.6, y: 0.45 });
    const storefront = await context.newPage();
    await storefront.goto(productPath('ceramic-vase'));
    const shown = storefront.locator('img[alt="Sage vase on a sunny windowsill"]').first();
    await shown.waitFor({ state: 'attached' });
    await expect(shown.getAttribute('src')).resolves.toContain('windowsill.png');
    // No picture on the page is named by its file name.
    const alts = await storefront.locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('alt') ?? ''));
    expect(alts.filter((alt) => /\.(png|jpe?g|webp|gif|avif|svg)$/i.test(alt))).toEqual([]);
    await storefront.close();

    // 3. A new product of another type (digital).
    await page.getByRole('link', { name: '← Products' }).click();
    await page.getByRole('link', { name: 'Add product' }).click();
    await page.getByRole('heading', { level: 1, name: 'New product' }).waitFor();
    await page.getByLabel('Product type').selectOption({ label: 'Digital' });
    await page.getByLabel('Title', { exact: true }).fill('Glazing Guide');
    await page.getByLabel('Short description').fill('Twenty pages on glazes, as a PDF.');
    await page.getByLabel('SKU of Default', { exact: true }).fill('GLAZE-PDF');
    await page.getByLabel('Price of Default', { exact: true }).fill('12');
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'owner-product-new');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Glazing Guide' }).waitFor();
    await page.waitForURL(/\/config\/products\/[^/]+$/);
    const guide = await context.newPage();
    await guide.goto(productPath('glazing-guide'));
    await guide.getByRole('heading', { name: 'Glazing Guide' }).first().waitFor();
    await guide.getByText('$12.00').first().waitFor();
    await guide.close();

    // 4. A store, in the storefront's main navigation.
    await page.getByRole('link', { name: '← Products' }).click();
    await page.getByRole('button', { name: 'Create store' }).click();
    await page.getByLabel('Store title').fill('Summer Sale');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Create the store “Summer Sale”?' }).getByRole('button', { name: 'Create' }).click();
    await page.getByRole('status').filter({ hasText: 'Store “Summer Sale” created and added to the main navigation.' }).waitFor();
    const home = await context.newPage();
    await home.goto('/');
    await home.getByRole('link', { name: 'Summer Sale' }).first().waitFor();
    await home.close();

    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);
});
