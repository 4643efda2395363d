import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newShopper } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerSetupToken, signedInOwnerPage } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';
import { visit } from './support/shop';

// Sections (issue 34 item 3): the owner makes a new page, inserts the Hero, Feature grid and Testimonials presets
// from Add section's gallery (the second by keyboard), publishes, and the visitor sees them live: the hero's words
// over its picture, three features side by side at 1280 px and stacked at 390 px. Screenshots at both widths.

let ownerToken = '';
const shop = useShop({ prepareDatabase: async (db) => void (ownerToken = await createOwnerSetupToken(db)) });

describe('page sections', () => {
  test('inserts presets from the gallery, publishes, and the page shows them live, columns stacking on phones', async () => {
    const started = Date.now();
    const step = (name: string) => process.env.E2E_TIMING && console.log(`[page-sections] ${name} at ${Date.now() - started} ms`);
    const { context, page, pageErrors } = await signedInOwnerPage(shop, ownerToken);

    step("await page.goto('/config/pages");
    await page.goto('/config/pages');
    await page.getByRole('button', { name: '+ Add page' }).click();
    await page.keyboard.type('Spring Collection');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Spring Collection' }).waitFor();

    step('// The hero by mouse;');
    // The hero by mouse; the feature grid by keyboard (arrows to it, Enter); testimonials after it.
    await page.getByRole('button', { name: '+ Add section' }).click();
    const gallery = page.getByRole('dialog', { name: 'Add a section' });
    await gallery.getByRole('button', { name: 'Hero', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Hero section added.' }).waitFor();
    await page.getByRole('button', { name: '+ Add section' }).click();
    await expect(gallery.getByRole('button', { name: 'Hero', exact: true }).evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Feature grid section added.' }).waitFor();
    await expect(page.getByRole('combobox', { name: 'Columns' }).inputValue()).resolves.toBe('3');
    await page.getByRole('button', { name: '+ Add section' }).click();
    await gallery.getByRole('button', { name: 'Testimonials', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor();

    step("await page.getByRole('button',");
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Published.' }).waitFor();
    const address = await page.getByRole('link', { name: 'View page' }).getAttribute('href');
    expect(address).toBe('/spring-collection');

    step('const visitor = await');
    const visitor = await (await newShopper(shop.browser, shop.url)).newPage();
    await visitor.setViewportSize({ width: 1280, height: 800 });
    await visit(visitor, address!);
    await visitor.getByRole('heading', { level: 2, name: 'Made to be used every day' }).waitFor();
    await visitor.getByRole('link', { name: 'Shop now' }).waitFor();
    const features = visitor.locator('.page-section-columns--3').first();
    const columnTops = () => features.locator('.page-section-column').evaluateAll((columns) => columns.map((column) => Math.round(column.getBoundingClientRect().top)));
    const desktopTops = await columnTops();
    expect(desktopTops).toHaveLength(3);
    expect(new Set(desktopTops).size).toBe(1);
    await expect(visitor.locator('.page-section--backdrop img.page-section-backdrop').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).resolves.toBe(true);
    step('await saveAtBothWidths(visitor');
    await saveAtBothWidths(visitor, 'page-sections');
    await visitor.setViewportSize({ width: 390, height: 844 });
    const phoneTops = await columnTops();
    expect(phoneTops[0]! < phoneTops[1]! && phoneTops[1]! < phoneTops[2]!).toBe(true);
    step("await visitor.getByText('Ana, ");
    await visitor.getByText('Ana, Lisbon').waitFor();
    expect(pageErrors).toEqual([]);
    await visitor.close();
    await context.close();
  }, 60_000);
});
