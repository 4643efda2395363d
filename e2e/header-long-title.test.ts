import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useShop } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';
import { visit } from './support/shop';

// Issue 31 item 9: on a 390 px phone the header holds Menu, the site's name, the account link and the cart. A long
// name used to be cut ('Vitrine Demo St…'); it is the shop's name, so it wraps (and steps its type down) instead.

const TITLE = 'Ceramics and Linen Goods Store';

const shop = useShop({
  prepareDatabase: async (db) => {
    await db.updateTable('websites').set({ site_title: TITLE }).execute();
  },
});

/** Whether the element lies wholly inside the 390 px wide screen. */
const onScreen = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.left >= 0 && box.right <= window.innerWidth && box.top >= 0;
  });

describe('the phone header', () => {
  test('shows a 30-character site title whole, beside Menu, the account link and the cart', async () => {
    expect(TITLE).toHaveLength(30);
    const { page } = shop;
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, '/');
    const header = page.getByRole('banner');
    const title = header.getByRole('link', { name: TITLE, exact: true });
    await expect(title.innerText()).resolves.toBe(TITLE);
    const fit = await title.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        overflowsAcross: element.scrollWidth > element.clientWidth,
        overflowsDown: element.scrollHeight > element.clientHeight,
        cut: style.textOverflow === 'ellipsis' && style.overflow !== 'visible',
      };
    });
    expect(fit).toEqual({ overflowsAcross: false, overflowsDown: false, cut: false });
    expect(await onScreen(title)).toBe(true);
    // The header's other controls are still there, on screen.
    expect(await onScreen(header.locator('summary', { hasText: 'Menu' }))).toBe(true);
    expect(await onScreen(header.getByRole('link', { name: 'Sign in' }))).toBe(true);
    expect(await onScreen(header.getByRole('link', { name: /^Cart/ }))).toBe(true);
    // Nothing overlaps the name.
    const boxes = await Promise.all([title, header.locator('summary'), header.getByRole('link', { name: 'Sign in' }), header.getByRole('link', { name: /^Cart/ })].map((locator) => locator.boundingBox()));
    const [name, ...others] = boxes.map((box) => box!);
    for (const other of others) expect(other.x >= name!.x + name!.width || other.x + other.width <= name!.x).toBe(true);
    await saveScreenshot(page, 'header-long-title-phone', { fullPage: false });
    expect(shop.pageErrors).toEqual([]);
  });
});
