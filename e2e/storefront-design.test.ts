import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useShop } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';
import { openProduct, visit } from './support/shop';

// The default theme's layout at a phone's width (390 px) and a laptop's (1280×800): what a shopper can
// see and reach, measured in the browser. Full-page screenshots land in e2e/screenshots/ for a person to judge.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element is not rendered');
  return found;
}

/** True when the element lies entirely inside the window as it is scrolled now. */
async function withinViewport(page: Page, locator: Locator): Promise<boolean> {
  const { x, y, width, height } = await box(locator);
  const size = page.viewportSize()!;
  return x >= 0 && y >= 0 && x + width <= size.width && y + height <= size.height;
}

describe('storefront design', () => {
  const shop = useShop({ sharedStore: true });

  it('at 390 px the store shows two products per row', async () => {
    await shop.page.setViewportSize(PHONE);
    await visit(shop.page, '/shop');
    const first = await box(shop.page.getByRole('heading', { level: 2, name: 'Linen Shirt' }));
    const second = await box(shop.page.getByRole('heading', { level: 2, name: 'Canvas Tote' }));
    const third = await box(shop.page.getByRole('heading', { level: 2, name: 'Vintage Lamp' }));
    expect(Math.abs(first.y - second.y)).toBeLessThan(2);
    expect(second.x).toBeGreaterThan(first.x + first.width);
    expect(first.width).toBeGreaterThan(140); // each card about half the window
    expect(third.y).toBeGreaterThan(first.y + first.height);
    await saveScreenshot(shop.page, 'shop-phone');
    expect(shop.pageErrors).toEqual([]);
  });

  it('at 390 px the menu button opens the navigation drawer by keyboard, and closes it again', async () => {
    await shop.page.setViewportSize(PHONE);
    await visit(shop.page, '/');
    const menuNavigation = shop.page.getByRole('navigation', { name: 'Menu' });
    await expect(menuNavigation.isVisible()).resolves.toBe(false);
    await expect(shop.page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
    await shop.page.keyboard.press('Tab'); // the skip link
    await shop.page.keyboard.press('Tab');
    const focused = await shop.page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(focused).toBe('Menu');
    await shop.page.keyboard.press('Enter');
    await menuNavigation.getByRole('link', { name: 'Shop' }).waitFor();
    expect(await withinViewport(shop.page, menuNavigation.getByRole('link', { name: 'Cart' }))).toBe(true);
    await shop.page.keyboard.press('Tab');
    expect(await shop.page.evaluate(() => document.activeElement?.textContent)).toBe('Home');
    await shop.page.keyboard.press('Shift+Tab');
    await shop.page.keyboard.press('Enter');
    await menuNavigation.waitFor({ state: 'hidden' });
    // Open again: Escape from inside the menu closes it and puts focus back on the Menu button.
    await shop.page.keyboard.press('Enter');
    await menuNavigation.getByRole('link', { name: 'Shop' }).waitFor();
    await shop.page.keyboard.press('Tab');
    await shop.page.keyboard.press('Escape');
    await menuNavigation.waitFor({ state: 'hidden' });
    expect(await shop.page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Menu');
    await saveScreenshot(shop.page, 'home-phone');
  });

  it('at 390 px the product photo comes before the title, and every gallery photo can be tapped open', async () => {
    await shop.page.setViewportSize(PHONE);
    await openProduct(shop.page, 'linen-shirt');
    const title = await box(shop.page.getByRole('heading', { level: 1, name: 'Linen Shirt' }));
    const photo = await box(shop.page.getByRole('img', { name: 'White linen shirt, laid flat' }).first());
    expect(photo.y + photo.height).toBeLessThanOrEqual(title.y);
    const gallery = shop.page.getByRole('region', { name: 'Linen Shirt photos' });
    const openers = gallery.getByRole('button');
    expect(await openers.count()).toBe(2);
    for (const opener of await openers.all()) {
      const size = await box(opener);
      expect(size.width).toBeGreaterThan(60);
      expect(size.height).toBeGreaterThan(60);
    }
    await saveScreenshot(shop.page, 'product-phone');
    await saveScreenshot(shop.page, 'product-phone-first-screen', { fullPage: false });
    await openers.nth(1).click();
    const dialog = shop.page.getByRole('dialog', { name: 'Linen Shirt in Navy' });
    await dialog.waitFor();
    for (const name of ['Close', 'Previous image', 'Next image']) {
      expect(await withinViewport(shop.page, dialog.getByRole('button', { name })), name).toBe(true);
    }
    await saveScreenshot(shop.page, 'lightbox-phone', { fullPage: false });
    expect(shop.pageErrors).toEqual([]);
  });

  it('at 1280×800 the lightbox opens from the gallery with close, previous and next on screen and readable', async () => {
    await shop.page.setViewportSize(DESKTOP);
    await openProduct(shop.page, 'linen-shirt');
    await saveScreenshot(shop.page, 'product-desktop');
    const gallery = shop.page.getByRole('region', { name: 'Linen Shirt photos' });
    const opener = gallery.getByRole('button', { name: 'White linen shirt, laid flat' });
    expect((await box(opener)).width).toBeGreaterThan(60);
    await opener.click();
    const dialog = shop.page.getByRole('dialog', { name: 'Linen Shirt in White' });
    await dialog.waitFor();
    const close = dialog.getByRole('button', { name: 'Close' });
    for (const button of [close, dialog.getByRole('button', { name: 'Previous image' }), dialog.getByRole('button', { name: 'Next image' })]) {
      expect(await withinViewport(shop.page, button)).toBe(true);
    }
    // The close mark is light on the dark lightbox (it was black on near-black).
    const color = await close.evaluate((element) => getComputedStyle(element).color);
    expect(color).toBe('rgb(255, 255, 255)');
    await shop.page.keyboard.press('ArrowRight');
    await shop.page.getByRole('dialog', { name: 'Linen Shirt in Navy' }).waitFor();
    await shop.page.keyboard.press('ArrowLeft');
    await dialog.waitFor();
    await saveScreenshot(shop.page, 'lightbox-desktop', { fullPage: false });
    await shop.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(shop.pageErrors).toEqual([]);
  });

  it('saves full-page screenshots of the home and store pages at 1280 px', async () => {
    await shop.page.setViewportSize(DESKTOP);
    await visit(shop.page, '/');
    await shop.page.getByRole('heading', { name: 'Featured products' }).waitFor();
    await saveScreenshot(shop.page, 'home-desktop');
    await saveScreenshot(shop.page, 'home-desktop-first-screen', { fullPage: false });
    // The theme's fonts come from our own origin under the CSP (font-src 'self').
    const loaded = await shop.page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((face) => face.status === 'loaded').map((face) => `${face.family.replace(/"/g, '')} ${face.weight}`);
    });
    expect(loaded).toEqual(expect.arrayContaining(['Inter 400', 'Inter 600', 'Fraunces 600']));
    await visit(shop.page, '/shop');
    await saveScreenshot(shop.page, 'shop-desktop');
    expect(shop.pageErrors).toEqual([]);
    expect(shop.consoleErrors).toEqual([]);
  });
});
