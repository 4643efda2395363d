import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { collectPageErrors } from './support/browser';
import { useShop } from './support/fixtures';
import { serverTools } from './support/server';
import { createOwnerSetupToken, OWNER } from './support/owner';
import { saveScreenshot } from './support/screenshots';
import { axeViolations } from './support/axe';

// Starter templates (issue 33 items 4 and 5). Five websites, each started from the sample content with one template
// ("Create a website"), photographed on their home, shop, product, blog and post pages at 1280 and 390 px: the pictures of
// docs/screenshots/templates/ (the README's gallery) and the gallery thumbnails of packages/theme/assets/templates/.
// Axe on each home. Then the demo's owner changes template in Design (preview, confirm) and finds every page and
// product still there.

const PLATFORM_DOMAIN = 'vitrine.localhost';
const TEMPLATES = ['shop', 'journal', 'portfolio', 'local', 'brand'] as const;
const ROOT = path.resolve(fileURLToPath(import.meta.url), '../..');
const GALLERY_DIR = path.join(ROOT, 'docs/screenshots/templates');
const THUMBNAIL_DIR = path.join(ROOT, 'packages/theme/assets/templates');
/**
 * UPDATE_GALLERY=1 re-photographs every page for the README's gallery and the thumbnails (committed files). Without it
 * (every `npm test`) each page is still opened and checked, but only the home pages are photographed, into the
 * journeys' own screenshots: the 50 full-page pictures and their palette encoding took most of this file's time.
 */
const UPDATE_GALLERY = process.env.UPDATE_GALLERY === '1';

let setupToken = '';
const shop = useShop({
  platformDomain: PLATFORM_DOMAIN,
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
    const { createWebsite } = await serverTools();
    for (const templateId of TEMPLATES) {
      await createWebsite(db, { identifier: `${templateId}-sample`, siteTitle: SITE_TITLES[templateId], sampleContent: true, templateId });
    }
  },
});

const SITE_TITLES: Record<(typeof TEMPLATES)[number], string> = {
  shop: 'Vitrine Demo Store',
  journal: 'The Workshop Journal',
  portfolio: 'Studio Hearth',
  local: 'Market Street Goods',
  brand: 'Fellside Wool',
};

const HEADERS: Record<(typeof TEMPLATES)[number], string> = { shop: 'classic', journal: 'centered', portfolio: 'minimal', local: 'local', brand: 'classic' };

const PAGES = [
  ['home', '/'],
  ['shop', '/shop'],
  ['product', '/shop/p/linen-shirt'],
  ['blog', '/journal'],
  ['post', '/journal/caring-for-linen'],
] as const;

/** A 1280-wide WebP of at most 60 KB: the quality stepped down until it fits. */
async function writeThumbnail(png: Buffer, file: string): Promise<void> {
  for (const quality of [72, 64, 56, 48, 40, 32]) {
    const webp = await sharp(png).resize(1280).webp({ quality }).toBuffer();
    if (webp.length <= 60_000 || quality === 32) {
      await sharp(webp).toFile(file);
      return;
    }
  }
}

async function photograph(page: Page, name: string): Promise<void> {
  if (!UPDATE_GALLERY && !name.endsWith('-home')) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    // Every picture decoded first: a full-page capture otherwise drew a large picture not yet decoded as its empty box.
    // (A lazy picture never asked for never decodes: two seconds at most.)
    await page.evaluate(() =>
      Promise.race([Promise.all([...document.images].filter((image) => image.complete).map((image) => image.decode().catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2_000))]),
    );
    const file = await saveScreenshot(page, `templates-${name}-${width}`);
    if (!UPDATE_GALLERY) continue;
    mkdirSync(GALLERY_DIR, { recursive: true });
    // Committed pictures: a palette PNG is about a third of the size and reads the same.
    await sharp(file).png({ palette: true, quality: 85, effort: 8 }).toFile(path.join(GALLERY_DIR, `${name}-${width}.png`));
  }
}

describe('starter templates', () => {
  for (const templateId of TEMPLATES) {
    test(`${templateId}: its layout on the home, shop, product, blog and post pages, axe clean at 1280 and 390 px`, async () => {
      const { page } = shop;
      const port = new URL(shop.platformUrl!).port;
      const pageErrors = collectPageErrors(page);
      const site = `http://${templateId}-sample.${PLATFORM_DOMAIN}:${port}`;
      for (const [kind, address] of PAGES) {
        await page.setViewportSize({ width: 1280, height: 800 });
        const answer = await page.goto(`${site}${address}`);
        expect(answer?.status(), `${templateId} ${address}`).toBe(200);
        expect(await page.locator('body').getAttribute('data-header')).toBe(HEADERS[templateId]);
        if (kind === 'home') {
          expect(await axeViolations(page), `${templateId} home`).toEqual([]);
        }
        if (kind === 'home' && UPDATE_GALLERY) {
          // The gallery's thumbnail: the home page's first screen.
          mkdirSync(THUMBNAIL_DIR, { recursive: true });
          await page.evaluate(() => window.scrollTo(0, 0));
          await writeThumbnail(await page.screenshot({ fullPage: false }), path.join(THUMBNAIL_DIR, `${templateId}-home.webp`));
        }
        await photograph(page, `${templateId}-${kind}`);
      }
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${site}/`);
      expect(await axeViolations(page), `${templateId} home at 390 px`).toEqual([]);
      expect(pageErrors).toEqual([]);
    }, 120_000);
  }

  test('the owner previews a template on their own pages, switches after a confirm, and every page and product is still there', async () => {
    const { page } = shop;
    const port = new URL(shop.platformUrl!).port;
    const demo = `http://demo.${PLATFORM_DOMAIN}:${port}`;
    const pageErrors = collectPageErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${demo}/config/setup?token=${setupToken}`);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password (at least 8 characters)').fill(OWNER.password);
    await page.getByRole('button', { name: /^(Create account|Accept invitation)$/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    // What must survive the switch: the owner's pages and products as the owner API lists them.
    const content = () =>
      page.evaluate(async () => {
        const read = async (url: string) => (await fetch(url, { credentials: 'same-origin' })).text();
        return { pages: await read('/api/owner/content/pages'), products: await read('/api/owner/products') };
      });
    const before = await content();
    expect(before.pages).toContain('Journal');
    expect(before.products).toContain('Wool Blanket');

    // Design → Change template.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Design', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Design' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Change template' }).click();
    await page.getByRole('heading', { level: 1, name: 'Change template' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Shop', exact: true }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Use the Shop template' }).isDisabled()).toBe(true);

    // Journal, previewed on the site's own home page before anything changes.
    await page.getByRole('radio', { name: 'Journal', exact: true }).check();
    await page.getByRole('heading', { level: 2, name: 'Preview: Journal' }).waitFor();
    const frameElement = await page.getByTitle('Preview of the site: Home').elementHandle();
    const frame = (await frameElement!.contentFrame())!;
    await expect.poll(() => frame.url()).toMatch(/\/\?design-preview=template%3Ajournal$/);
    await frame.waitForLoadState('load');
    await expect.poll(() => frame.locator('body').getAttribute('data-header')).toBe('centered');
    expect(await frame.getByRole('heading', { level: 1 }).first().textContent()).toBeTruthy();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-design-templates-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-design-templates-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    // A shopper still sees the shop look.
    const shopper = await shop.browser.newContext();
    const shopperPage = await shopper.newPage();
    await shopperPage.goto(`${demo}/`);
    expect(await shopperPage.locator('body').getAttribute('data-header')).toBe('classic');

    // Switch, through the confirm (Cancel first changes nothing).
    await page.getByRole('button', { name: 'Use the Journal template' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Switch to the Journal template?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Use the Journal template' }).click();
    await page.getByRole('alertdialog', { name: 'Switch to the Journal template?' }).getByRole('button', { name: 'Switch template' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'now uses' }).textContent()).toBe('The site now uses the Journal template. Your pages and products are unchanged.');
    await expect.poll(() => page.getByRole('button', { name: 'Use the Journal template' }).isDisabled()).toBe(true);

    expect(await content()).toEqual(before);
    await shopperPage.goto(`${demo}/`);
    expect(await shopperPage.locator('body').getAttribute('data-header')).toBe('centered');
    for (const address of ['/about', '/journal', '/journal/caring-for-linen', '/shop', '/shop/p/wool-blanket', '/contact', '/events']) {
      const answer = await shopperPage.goto(`${demo}${address}`);
      expect(answer?.status(), address).toBe(200);
      expect(await shopperPage.locator('body').getAttribute('data-blog'), address).toBe('single-column');
    }
    await shopper.close();
    expect(pageErrors).toEqual([]);
  });
});
