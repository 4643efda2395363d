import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { useShop } from './support/fixtures';
import { chooseOptions, openProduct, visit } from './support/shop';

// Product images (issue 5 §1, storefront.md §9): responsive widths, the alt-text fallback, the main
// image loaded eagerly and every other one lazily, and the product form swapping to the chosen
// variant's image. The demo pictures are the website's images, served at /images/{id}/{name}.png (drawn
// from the SVGs in packages/server/demo-assets/ and resized to each ?format=NNNw by the images domain).

/** Where the images domain serves a demo picture: `/images/{24 hex digits}/{name}.png`. */
const demoPicture = (name: string) => new RegExp(`^/images/[0-9a-f]{24}/${name}\\.png$`);

const shop = useShop({ sharedStore: true });

/** storefront.md §9: the widths every image is offered at. */
const SPEC_WIDTHS = ['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w'];

/** The product form island, where the product's (or the chosen variant's) main image is shown. */
const productForm = (page: Page): Locator => page.locator('[data-island="ProductForm"]');
const image = (scope: Page | Locator, alt: string): Locator => scope.getByRole('img', { name: alt, exact: true });
const attribute = (locator: Locator, name: string) => locator.getAttribute(name);

/** Whether the browser has fetched and decoded the picture (so its URL really serves an image). */
const hasLoaded = (locator: Locator) =>
  locator.evaluate(async (element) => {
    const img = element as HTMLImageElement;
    if (!img.complete) await new Promise((resolve) => img.addEventListener('load', resolve, { once: true }));
    return img.naturalWidth > 0;
  });

/** 'url?format=100w 100w, …' as [url, descriptor] pairs. */
async function srcsetOf(locator: Locator): Promise<[string, string][]> {
  const srcset = (await attribute(locator, 'srcset')) ?? '';
  return srcset.split(', ').map((candidate) => candidate.split(' ') as [string, string]);
}

test('the product page loads its main image eagerly, offers every spec width, and names it by its alt text', async () => {
  const { page } = shop;
  await openProduct(page, 'wool-blanket');
  const main = image(productForm(page), 'Three folded wool blankets in green, mustard and rust');
  await expect(attribute(main, 'loading')).resolves.toBe('eager');
  const mainSrc = (await attribute(main, 'src')) ?? '';
  expect(mainSrc).toMatch(demoPicture('wool-blanket'));
  await expect(srcsetOf(main)).resolves.toEqual(SPEC_WIDTHS.map((width) => [`${mainSrc}?format=${width}`, width]));
  await expect(hasLoaded(main)).resolves.toBe(true);
  // A single picture: no gallery, so this is the only image on the page besides the related products' cards.
  // Pictures only (`img`): a card's star rating is an image by role too.
  const related = await page.locator('.related-products img').count();
  expect(related).toBeGreaterThan(0);
  await expect(page.locator('img').count()).resolves.toBe(1 + related);
  expect(shop.consoleErrors).toEqual([]);
});

test('alt text falls back to the title, then to the description cut to 250 characters', async () => {
  const { page } = shop;
  await openProduct(page, 'ceramic-vase');
  const vase = image(productForm(page), 'Speckled sage-green ceramic vase');
  await expect(attribute(vase, 'loading')).resolves.toBe('eager');

  await openProduct(page, 'sticker-pack');
  const description =
    'Four die-cut vinyl stickers on a warm cream background: a round tomato-red dot, a blue five-pointed star, ' +
    'a green rounded square set at a slight angle and an orange heart, each with a thick white border, ready for ' +
    'a laptop lid, a water bottle or the';
  expect(description.length).toBeLessThanOrEqual(250);
  const stickers = productForm(page).getByRole('img');
  await expect(attribute(stickers, 'alt')).resolves.toBe(description);
  await expect(attribute(stickers, 'loading')).resolves.toBe('eager');
});

test('every other image on a product page loads lazily', async () => {
  const { page } = shop;
  await openProduct(page, 'canvas-tote');
  const main = image(productForm(page), 'Natural canvas tote bag with a red band and brown handles');
  await expect(attribute(main, 'loading')).resolves.toBe('eager');
  const mainSrc = await attribute(main, 'src');

  // The gallery of the tote's photos: the second one (only a title, which is its alt text) is lazy.
  const gallery = page.getByRole('region', { name: 'Canvas Tote photos' });
  const pocket = image(gallery, 'Inside pocket of the canvas tote');
  await expect(attribute(pocket, 'loading')).resolves.toBe('lazy');
  await expect(srcsetOf(pocket).then((pairs) => pairs.map(([, width]) => width))).resolves.toEqual(SPEC_WIDTHS);

  // Whatever shows it, only the main picture is fetched eagerly.
  const images = await page.locator('img').evaluateAll((elements) =>
    elements.map((element) => ({ src: element.getAttribute('src'), loading: element.getAttribute('loading') })),
  );
  expect(images.length).toBeGreaterThan(2);
  for (const { src, loading } of images) {
    if (loading !== 'lazy') expect(src).toBe(mainSrc);
  }
});

test('the store grid shows every product’s main image lazily, each with its alt text', async () => {
  const { page } = shop;
  await visit(page, '/shop');
  const grid = page.getByRole('list').filter({ has: page.getByRole('heading', { name: 'Linen Shirt', exact: true }) });
  const images = grid.locator('img');
  await expect(images.count()).resolves.toBe(12);
  for (const alt of await images.evaluateAll((elements) => elements.map((element) => element.getAttribute('alt')))) {
    expect(alt?.trim()).not.toBe('');
  }
  await expect(images.evaluateAll((elements) => elements.map((element) => element.getAttribute('loading')))).resolves.toEqual(
    Array(12).fill('lazy'),
  );
  // The alt text as the product page resolves it: the merchant's alt, or the title when that is all there is.
  const shirt = image(grid, 'White linen shirt, laid flat');
  expect((await attribute(shirt, 'src')) ?? '').toMatch(new RegExp(`${demoPicture('linen-shirt-white').source.slice(0, -1)}\\?format=500w$`));
  await expect(hasLoaded(shirt)).resolves.toBe(true);
  const vase = image(grid, 'Speckled sage-green ceramic vase');
  await vase.scrollIntoViewIfNeeded();
  await expect(hasLoaded(vase)).resolves.toBe(true);
  expect(shop.consoleErrors).toEqual([]);
});

test('choosing the Linen Shirt’s colour shows that colour’s picture and hides the one shown before', async () => {
  const { page } = shop;
  await openProduct(page, 'linen-shirt');
  const form = productForm(page);
  const white = image(form, 'White linen shirt, laid flat');
  const navy = image(form, 'Navy linen shirt, laid flat');
  // Before a choice: the product's main image (white).
  await expect(white.isVisible()).resolves.toBe(true);
  await expect(navy.count()).resolves.toBe(0);

  await chooseOptions(page, { Size: 'S', Color: 'Navy' });
  await navy.waitFor();
  await expect(white.count()).resolves.toBe(0);
  await expect(attribute(navy, 'loading')).resolves.toBe('eager');
  expect((await attribute(navy, 'src')) ?? '').toMatch(demoPicture('linen-shirt-navy'));
  await expect(hasLoaded(navy)).resolves.toBe(true);

  await chooseOptions(page, { Color: 'White' });
  await white.waitFor();
  await expect(navy.count()).resolves.toBe(0);
  // The size does not change the picture: M / White is white too.
  await chooseOptions(page, { Size: 'M' });
  await expect(white.isVisible()).resolves.toBe(true);
  expect(shop.pageErrors).toEqual([]);
  expect(shop.consoleErrors).toEqual([]);
});
