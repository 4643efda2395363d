import type { Frame, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newShopper, collectPageErrors } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerAccount, createOwnerSetupToken } from './support/owner';
import { saveScreenshot } from './support/screenshots';
import { axeViolations } from './support/axe';

// The Design screen (issue 33 item 3): the owner opens Design, changes the heading font and the accent (and the
// page's button fill), sees the preview of the real site follow before the draft is even saved (the draft's PUT is
// held back meanwhile), publishes, and a shopper's product page shows both: the h1 in the new family (its file
// served from our origin) and the primary button in the new colour. Axe-clean; the screen at 1280 and 390 px.

let setupToken = '';
const shop = useShop({
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

const NEW_ACCENT = '#7a1f5c';
const NEW_BUTTON = '#7a1f5c';
const HEADING_FONT = 'Playfair Display';

/** The preview frame (the storefront page with ?design-preview=draft), once its document has loaded. */
async function previewFrame(page: Page): Promise<Frame> {
  const element = await page.getByTitle(/^Preview of the site: /).elementHandle();
  const frame = await element!.contentFrame();
  await frame!.waitForLoadState('load');
  return frame!;
}

/** What the page draws with: the h1's family, the primary button's fill, the accent custom property. */
const drawnStyles = () => {
  const h1 = document.querySelector('h1');
  const button = document.querySelector('.vitrine-add-to-cart, .button');
  return {
    heading: h1 ? getComputedStyle(h1).fontFamily : null,
    button: button ? getComputedStyle(button).backgroundColor : null,
    accent: getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim(),
  };
};

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

describe('Design: site styles', () => {
  test('the heading font and the accent change in the preview before saving, are published, and a shopper sees both', async () => {
    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(page, setupToken);

    // Design, from the main navigation.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Design' }).click();
    await page.getByRole('heading', { level: 1, name: 'Design' }).waitFor();
    await page.getByRole('navigation', { name: 'Site styles' }).waitFor();
    // A product page in the preview: it has an h1 and the primary (add to cart) button.
    await page.getByRole('combobox', { name: 'Page' }).selectOption({ label: 'A product' });
    await expect.poll(async () => (await previewFrame(page)).url()).toMatch(/\/p\/[^?]+\?design-preview=draft$/);
    let frame = await previewFrame(page);
    const before = await frame.evaluate(drawnStyles);
    expect(before.heading).toContain('Fraunces');

    // Hold the draft's saves back: what the preview shows next comes from the browser alone.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const saves: string[] = [];
    await page.route('**/api/site-styles/draft', async (route) => {
      saves.push(route.request().postData() ?? '');
      await held;
      await route.continue();
    });

    await page.getByRole('button', { name: 'Type', exact: true }).click();
    await page.getByRole('combobox', { name: 'Heading font' }).selectOption({ label: HEADING_FONT });
    await page.getByRole('button', { name: 'Colours', exact: true }).click();
    await page.getByRole('textbox', { name: 'Accent (cart count, highlights) (hex)' }).fill(NEW_ACCENT);
    await page.getByRole('button', { name: /^Colour theme: Light/ }).click();
    await page.getByRole('textbox', { name: 'Button fill (hex)' }).fill(NEW_BUTTON);

    frame = await previewFrame(page);
    await expect.poll(() => frame.evaluate(drawnStyles)).toMatchObject({ accent: NEW_ACCENT, button: rgb(NEW_BUTTON) });
    expect((await frame.evaluate(drawnStyles)).heading).toContain(HEADING_FONT);
    // Nothing saved yet: the draft's call is still held (or not yet sent).
    expect(await page.getByText('Draft saved').count()).toBe(0);
    release();
    await page.getByText('Draft saved').waitFor();
    await page.unroute('**/api/site-styles/draft');
    const lastSave = JSON.parse(saves.at(-1)!) as { values: Record<string, unknown> };
    expect(lastSave.values).toMatchObject({ 'type.heading.family': 'playfair-display', 'colour.accent': NEW_ACCENT, 'theme.light.button': NEW_BUTTON });

    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-design-desktop', { fullPage: false });

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published. Visitors see the new design from their next page view.').waitFor();
    const versions = page.getByRole('region', { name: 'Versions' });
    await versions.getByText('Live now').waitFor();

    // A shopper's product page: the published stylesheet draws both.
    const shopper = await newShopper(shop.browser, shop.url);
    const visit = await shopper.newPage();
    const fontFiles: string[] = [];
    visit.on('response', (answer) => {
      if (answer.url().includes('/assets/fonts/')) fontFiles.push(`${answer.status()} ${new URL(answer.url()).pathname}`);
    });
    await visit.goto('/shop/p/linen-shirt');
    const seen = await visit.evaluate(drawnStyles);
    expect(seen.heading).toContain(HEADING_FONT);
    expect(seen.button).toBe(rgb(NEW_BUTTON));
    expect(seen.accent).toBe(NEW_ACCENT);
    await visit.evaluate(() => document.fonts.ready);
    expect(fontFiles).toContain('200 /assets/fonts/playfair-display/playfair-display-latin-700-normal.woff2');
    const stylesheet = await visit.locator('link[rel="stylesheet"][href^="/assets/site-styles/"]').getAttribute('href');
    expect(stylesheet).toMatch(/^\/assets\/site-styles\/[^/]+\.css$/);
    await shopper.close();

    // On a phone the panels come first; the preview waits behind its toggle.
    await page.setViewportSize({ width: 390, height: 844 });
    const toggle = page.getByRole('button', { name: 'Show preview' });
    if (await toggle.isVisible()) await toggle.click();
    await page.getByRole('button', { name: 'Hide preview' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-design-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await saveScreenshot(page, 'owner-design-full-desktop');

    // A hard-to-read pair: its note under the colour, and the nearest passing colour applied by its button.
    await page.getByRole('button', { name: /^Colour theme: Dark/ }).click();
    await page.getByRole('textbox', { name: 'Text (hex)', exact: true }).fill('#555555');
    const note = page.getByText(/^Text on Dark background: \d+(\.\d)? : 1 — needs 4\.5 : 1$/);
    await note.waitFor();
    await saveScreenshot(page, 'owner-design-contrast-desktop', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /^Use #[0-9a-f]{6} for Text$/ }).click();
    await note.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
