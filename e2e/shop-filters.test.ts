import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useShop, STEP_TIMEOUT_MS } from './support/fixtures';
import { axeViolations } from './support/axe';
import { saveScreenshot } from './support/screenshots';
import { visit } from './support/shop';

// Issue 38 item 1: a shopper filters the shop by size and price. On a phone (390 px) with JavaScript, through the
// filter drawer (a modal dialog: focus inside, Escape closes it and gives the focus back to 'Filter'), each change
// applied at once; on a desktop (1280 px) with JavaScript switched off, through the plain GET form and its Apply
// button. Both end at the same shareable address. Axe-clean; screenshots shop-filters-*.png at 1280 and 390 px.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/**
 * axe runs a script in the page, which a context without JavaScript cannot: the same address in a context with it,
 * every script request refused, shows what the shopper without JavaScript sees (but for <noscript>, which only adds
 * the Sort button), and axe checks that.
 */
async function axeWithoutScripts(shop: { browser: import('playwright-core').Browser; url: string }, path: string): Promise<string[]> {
  const context = await shop.browser.newContext({ baseURL: shop.url, viewport: DESKTOP });
  try {
    const page = await context.newPage();
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    await page.goto(path);
    expect(await page.locator('[data-shop-filters][data-enhanced]').count()).toBe(0);
    return await axeViolations(page);
  } finally {
    await context.close();
  }
}

/** The product titles of the grid, in order. */
const titles = (page: Page) => page.locator('.product-grid .product-card-title').allTextContents();

describe('shop filters', () => {
  const shop = useShop({ sharedStore: true });

  it('on a phone, the drawer filters by price and size at once, and Escape gives the focus back', async () => {
    const { page } = shop;
    await page.setViewportSize(PHONE);
    await visit(page, '/shop');
    const open = page.getByRole('button', { name: /^Filter/ });
    await open.waitFor();
    // The panel waits in the drawer: on a phone its form is not on the page until 'Filter' opens it.
    expect(await page.getByRole('checkbox', { name: /^M \(/ }).isVisible()).toBe(false);
    await open.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Filter' });
    await drawer.waitFor();
    expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await drawer.getByRole('spinbutton', { name: 'To' }).fill('50');
    await page.keyboard.press('Tab');
    await page.waitForURL(/\/shop\?price_max=50$/);
    expect(await titles(page)).toEqual(['Linen Shirt', 'Canvas Tote', 'Sticker Pack', 'Engraved Pen', 'Photography E-book', 'Gift Card', 'Coffee Subscription']);
    expect(await page.locator('[data-shop-count]').textContent()).toBe('7 products');

    const medium = drawer.getByRole('checkbox', { name: /^M \(/ });
    expect((await medium.getAttribute('id'))).toBe('filter-size-1');
    await medium.focus();
    await page.keyboard.press('Space');
    await page.waitForURL(/\/shop\?size=M&price_max=50$/);
    // The focus stays on the box the shopper used, now ticked, with the new counts beside the others.
    await page.waitForFunction(() => document.activeElement?.id === 'filter-size-1');
    expect(await medium.isChecked()).toBe(true);
    expect(await drawer.getByRole('checkbox', { name: /^S \(/ }).getAttribute('id')).toBe('filter-size-0');
    expect(await drawer.getByRole('link', { name: 'Remove filter Size: M' }).getAttribute('href')).toBe('/shop?price_max=50');
    await expect.poll(() => page.locator('#status-announcer').textContent(), { timeout: STEP_TIMEOUT_MS }).toBe('1 product');
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'shop-filters-drawer-phone', { fullPage: false });

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent?.replace(/\s+/g, ' ').trim())).toBe('Filter (2)');
    expect(await titles(page)).toEqual(['Linen Shirt']);
    // Its name now says how many filters are in force.
    expect(await page.getByRole('button', { name: 'Filter (2)', exact: true }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'shop-filters-phone', { fullPage: false });

    // Back: the price alone again, from the history the script kept.
    await page.goBack();
    await page.waitForURL(/\/shop\?price_max=50$/);
    await expect.poll(() => titles(page), { timeout: STEP_TIMEOUT_MS }).toHaveLength(7);
    expect(shop.pageErrors).toEqual([]);
    expect(shop.consoleErrors).toEqual([]);
  });

  it('on a desktop without JavaScript, the GET form filters by size and price, and the sort works too', async () => {
    const context = await shop.browser.newContext({ baseURL: shop.url, javaScriptEnabled: false, viewport: DESKTOP });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await page.goto('/shop');
      const form = page.getByRole('form', { name: 'Filter' });
      await form.getByRole('checkbox', { name: /^M \(/ }).check();
      await form.getByRole('spinbutton', { name: 'To' }).fill('50');
      await form.getByRole('button', { name: 'Apply' }).click();
      // The form sent every field (an empty From, the default sort): the server dropped them for the shareable address.
      await page.waitForURL(/\/shop\?size=M&price_max=50$/);
      expect(await titles(page)).toEqual(['Linen Shirt']);
      expect(await page.locator('[data-shop-count]').textContent()).toBe('1 product');
      expect(await form.getByRole('link', { name: /^Remove filter / }).allTextContents()).toEqual(['Remove filter Size: M×', 'Remove filter Price: Up to $50.00×']);
      expect(await axeWithoutScripts(shop, '/shop?size=M&price_max=50')).toEqual([]);
      await saveScreenshot(page, 'shop-filters-desktop', { fullPage: false });

      // A filter removed by its link, then a sort chosen with the noscript Sort button.
      await form.getByRole('link', { name: 'Remove filter Size: M' }).click();
      await page.waitForURL(/\/shop\?price_max=50$/);
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc');
      await page.getByRole('button', { name: 'Sort', exact: true }).click();
      await page.waitForURL(/\/shop\?price_max=50&sort=price-asc$/);
      expect(await titles(page)).toEqual(['Sticker Pack', 'Photography E-book', 'Coffee Subscription', 'Canvas Tote', 'Gift Card', 'Engraved Pen', 'Linen Shirt']);
      expect(await axeWithoutScripts(shop, '/shop?price_max=50&sort=price-asc')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('on a desktop with JavaScript, the sidebar applies a size at once, and the page is axe-clean', async () => {
    const { page } = shop;
    await page.setViewportSize(DESKTOP);
    await visit(page, '/shop');
    expect(await page.getByRole('button', { name: /^Filter/ }).isVisible()).toBe(false);
    await page.getByRole('checkbox', { name: /^S \(/ }).check();
    await page.waitForURL(/\/shop\?size=S$/);
    expect(await titles(page)).toEqual(['Linen Shirt']);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-desc');
    await page.waitForURL(/\/shop\?size=S&sort=price-desc$/);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'shop-filters-sidebar-desktop', { fullPage: false });
    expect(shop.pageErrors).toEqual([]);
    expect(shop.consoleErrors).toEqual([]);
  });
});
