import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useShop } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';
import { visit } from './support/shop';

// A shopper searches from the header with the keyboard only, words in any order, and finds the Wool
// Blanket with the matching words marked; the product page then has its title, description, Open Graph
// tags and structured data. Screenshots of the results at 1280 and 390 px go to e2e/screenshots/.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** What has the keyboard focus: enough to tell the header's search field and the phone menu's toggle. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return { tag: element?.tagName.toLowerCase() ?? '', type: element?.getAttribute('type') ?? '', text: element?.textContent?.trim() ?? '' };
  });

/** Tabs from the top of the page to the first search field, opening the phone's Menu on the way when it is closed. */
async function tabToSearch(page: Page): Promise<void> {
  for (let step = 0; step < 40; step += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (now.tag === 'input' && now.type === 'search') return;
    if (now.tag === 'summary' && now.text === 'Menu') {
      const open = await page.evaluate(() => (document.activeElement?.parentElement as HTMLDetailsElement | null)?.open === true);
      if (!open) await page.keyboard.press('Enter');
    }
  }
  throw new Error('no search field reached by Tab');
}

describe('search and SEO', () => {
  const shop = useShop({ sharedStore: true });

  for (const [name, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`at ${size.width} px a keyboard search for "blanket wool" finds the Wool Blanket`, async () => {
      const { page } = shop;
      await page.setViewportSize(size);
      await visit(page, '/');
      await tabToSearch(page);
      await page.keyboard.type('blanket wool');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/search\?q=blanket\+wool$/);
      expect(await page.title()).toBe('Search results for “blanket wool” · Vitrine Demo Store');
      const result = page.locator('.search-results').getByRole('link', { name: /Wool Blanket/ });
      await result.waitFor();
      expect(await page.locator('.search-results .product-card').count()).toBe(1);
      expect(await page.locator('.search-results .product-card-title mark').allTextContents()).toEqual(['Wool', 'Blanket']);
      await saveScreenshot(page, `search-${name}`);

      // On to the product by keyboard: focus the result's link and follow it.
      await result.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/shop\/p\/wool-blanket$/);
      expect(await page.title()).toBe('Wool Blanket · Vitrine Demo Store');
      expect(shop.pageErrors).toEqual([]);
      expect(shop.consoleErrors).toEqual([]);
    });
  }

  it('the related products send their display, click and add events', async () => {
    const { page } = shop;
    await page.addInitScript(() => {
      const seen: { name: string; detail: unknown }[] = [];
      (window as unknown as { relatedEvents: typeof seen }).relatedEvents = seen;
      for (const name of ['vitrine:related-product-display', 'vitrine:related-product-click', 'vitrine:related-product-add']) {
        document.addEventListener(name, (event) => seen.push({ name, detail: (event as CustomEvent).detail }));
      }
    });
    await page.setViewportSize(DESKTOP);
    await visit(page, '/shop/p/wool-blanket');
    const events = () => page.evaluate(() => (window as unknown as { relatedEvents: { name: string; detail: { url?: string; products?: { url: string }[] } }[] }).relatedEvents);
    const section = page.locator('[data-related-products]');
    expect((await events()).map((event) => event.name)).not.toContain('vitrine:related-product-display');
    await section.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => (window as unknown as { relatedEvents: { name: string }[] }).relatedEvents.some((event) => event.name === 'vitrine:related-product-display'));
    const display = (await events()).find((event) => event.name === 'vitrine:related-product-display');
    expect(display?.detail.products?.map((product) => product.url)).toEqual(['/shop/p/ceramic-vase', '/shop/p/leather-armchair', '/shop/p/linen-shirt', '/shop/p/canvas-tote']);

    await section.getByRole('button', { name: 'Quick View: Ceramic Vase' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForFunction(() => (window as unknown as { relatedEvents: { name: string }[] }).relatedEvents.some((event) => event.name === 'vitrine:related-product-add'));
    expect((await events()).find((event) => event.name === 'vitrine:related-product-add')?.detail).toEqual({ url: '/shop/p/ceramic-vase', title: 'Ceramic Vase' });
    await page.keyboard.press('Escape');

    await section.getByRole('link', { name: /Leather Armchair/ }).click();
    await page.waitForURL(/\/shop\/p\/leather-armchair$/);
    expect(shop.pageErrors).toEqual([]);
  });

  it('the product page has a description, Open Graph tags, Product structured data and our favicon', async () => {
    const { page } = shop;
    await visit(page, '/shop/p/wool-blanket');
    const meta = (selector: string) => page.locator(`meta[${selector}]`).getAttribute('content');
    expect(await meta('name="description"')).toBeTruthy();
    expect(await meta('property="og:type"')).toBe('product');
    expect(await meta('property="og:image"')).toMatch(new RegExp(`^${shop.url}/images/[0-9a-f]{24}/wool-blanket\\.png$`));
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null');
    expect(data).toMatchObject({ '@type': 'Product', name: 'Wool Blanket', offers: [{ '@type': 'Offer', price: '120.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' }] });
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect((await page.request.get(icon!)).status()).toBe(200);
    expect(shop.consoleErrors).toEqual([]);
  });
});
