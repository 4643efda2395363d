import { describe, expect, test } from 'vitest';
import { newShopper } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerAccount, createOwnerSetupToken } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';
import { axeViolations } from './support/axe';

// Issue 31 item 15: a store's search and social settings. The owner, signed in from the set-up link, opens
// Settings → Stores, gives the Shop store an SEO title and description and saves; the storefront's /shop page
// has them in its <title> and meta description. Axe-clean; the screen saved at 1280 and 390 px.

let setupToken = '';

const shop = useShop({
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

describe('the owner store SEO settings', () => {
  test('the Shop store’s SEO title and description saved in Settings → Stores are the /shop page’s title and description', async () => {
    // useShop gives each test a fresh context and page, and collects the page's errors and console errors.
    const { page } = shop;
    await page.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(page, setupToken);

    // Settings → Stores, where the stores are listed with their fields.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('link', { name: 'Stores', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Stores' }).waitFor();
    const store = page.getByRole('region', { name: 'Shop' });
    const title = store.getByRole('textbox', { name: 'SEO title' });
    await expect(title.inputValue()).resolves.toBe('');
    await title.fill('Linen and wool, made to last');
    await store.getByRole('textbox', { name: 'SEO description' }).fill('Shirts, blankets and bags from small workshops.');
    await store.getByRole('button', { name: 'Save Shop' }).click();
    await store.getByRole('status').filter({ hasText: 'Shop saved.' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'owner-store-seo');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page)).toEqual([]);

    // The storefront's store page, in a shopper's browser.
    const shopper = await newShopper(shop.browser, shop.url);
    const storefront = await shopper.newPage();
    await storefront.goto('/shop');
    expect(await storefront.title()).toBe('Linen and wool, made to last · Vitrine Demo Store');
    expect(await storefront.locator('meta[name="description"]').getAttribute('content')).toBe('Shirts, blankets and bags from small workshops.');
    await shopper.close();

    expect([...shop.pageErrors.map((error) => error.message), ...shop.consoleErrors]).toEqual([]);
  });
});
