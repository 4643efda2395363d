import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { newShopper, collectPageErrors } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerSetupToken, OWNER } from './support/owner';
import { SCREENSHOT_DIR, saveAtBothWidths, saveScreenshot } from './support/screenshots';
import { axeViolations } from './support/axe';

// The owner app's Site settings (issue 16, item 6): the owner adds a line to the footer, saves, and the storefront's
// home page shows it in its footer; moves a navigation link up by keyboard, saves, and the storefront's header
// shows the new order; turns the captcha off and on (the pages' site key follows); renames the site and uploads a
// logo (issue 33), and the storefront's header, footer and tab show both. Axe-clean; the settings index, header and
// footer, navigation, site identity and the storefront with the logo saved at 1280 and 390 px.

let setupToken = '';

const shop = useShop({
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

/**
 * A screenshot without waiting for 'networkidle' (saveScreenshot does): Chromium never reports that state for a
 * frame whose sandbox allows no script, as the header and footer preview is.
 */
async function saveFramedScreenshot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('load');
  // The whole page in the viewport at once: Chromium paints a sandboxed (out-of-process) frame below the fold blank in
  // a full-page capture, and the sticky top bar stays where the page was scrolled to.
  const viewport = page.viewportSize()!;
  await page.evaluate(() => window.scrollTo(0, 0));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
  await page.setViewportSize(viewport);
}

/** The storefront's home page in a fresh shopper's browser: its header links and its footer's own HTML. */
async function storefront(browser: Browser): Promise<{ links: string[]; footer: string }> {
  const context = await newShopper(browser, shop.url);
  const page = await context.newPage();
  await page.goto('/');
  const links = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
  const footer = (await page.locator('.site-footer-content').allTextContents()).join(' ');
  await context.close();
  return { links: links.map((text) => text.trim()), footer };
}

const siteKey = async () => ((await (await fetch(`${shop.url}/shop?format=json`)).json()) as { website: { captchaSettings: { siteKey: string | null } } }).website.captchaSettings.siteKey;

describe('the owner site settings', () => {
  test('footer line saved and on the storefront, a navigation link moved up by keyboard and in the header, captcha off and on, a language added, the site renamed with a logo', async () => {
    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/config/setup?token=${setupToken}`);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password (at least 8 characters)').fill(OWNER.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 30_000 }).catch(async (error) => {
      throw new Error(`${error}\n${pageErrors.join('\n')}\n${page.url()}\n${(await page.content()).slice(0, 3000)}`);
    });

    // 1. Settings, by keyboard: the index.
    const settingsLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' });
    await settingsLink.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('link', { name: 'Header and footer' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-settings-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-settings-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // 2. Header and footer: a line of text in the footer, saved; the storefront's footer shows it.
    const line = 'Made by hand in Lisbon since 2019.';
    expect((await storefront(shop.browser)).footer).not.toContain(line);
    await page.getByRole('link', { name: 'Header and footer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Header and footer' }).waitFor();
    const footer = page.getByLabel('Footer HTML');
    await footer.focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(`<p>${line}</p>`);
    await page.getByText(`${`<p>${line}</p>`.length} / 20,000 characters`).waitFor();
    // The preview frame's document is the draft (its sandbox lets no script run, so the test reads the attribute).
    await expect.poll(() => page.locator('iframe.header-footer-frame').getAttribute('srcdoc')).toContain(`<p>${line}</p>`);
    await expect(page.locator('iframe.header-footer-frame').getAttribute('sandbox')).resolves.toBe('');
    await page.getByRole('button', { name: 'Save', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await expect.poll(async () => (await storefront(shop.browser)).footer).toContain(line);
    expect(await axeViolations(page)).toEqual([]);
    await saveFramedScreenshot(page, 'owner-header-footer-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page)).toEqual([]);
    await saveFramedScreenshot(page, 'owner-header-footer-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // 3. Navigation: the last link moved up one place by keyboard, saved; the storefront's header follows.
    const before = (await storefront(shop.browser)).links;
    expect(before.length).toBeGreaterThanOrEqual(3);
    const last = before.at(-1)!;
    const expected = [...before.slice(0, -2), last, before.at(-2)!];
    await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('link', { name: 'Navigation' }).click();
    await page.getByRole('heading', { level: 1, name: 'Navigation' }).waitFor();
    const up = page.getByRole('button', { name: `Move ${last} up` });
    await up.focus();
    await page.keyboard.press('Enter');
    await page.getByText(`${last} moved to position ${before.length - 1} of ${before.length}.`).waitFor();
    // The focus stays on the moved link's button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move ${last} up`);
    const titles = page.getByRole('list', { name: 'Links of the main navigation' }).getByRole('textbox');
    await expect.poll(async () => (await titles.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)))).toEqual(expected);
    await page.getByRole('button', { name: 'Save', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await expect.poll(async () => (await storefront(shop.browser)).links).toEqual(expected);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-navigation-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-navigation-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // 4. Captcha: off (the pages carry no site key), then on again (a new one).
    expect(await siteKey()).toBeTruthy();
    await page.goto('/config/settings/captcha');
    await page.getByRole('heading', { level: 1, name: 'Captcha' }).waitFor();
    const captcha = page.getByRole('checkbox', { name: 'Ask for a captcha' });
    await expect(captcha.isChecked()).resolves.toBe(true);
    await captcha.focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Save captcha' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await expect.poll(siteKey).toBeNull();
    await captcha.focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Save captcha' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await expect.poll(siteKey).toMatch(/^site_/);
    await page.getByRole('checkbox', { name: 'Turn analytics off' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'owner-captcha');

    // 5. Languages: German added from the list and saved; the multilingual settings answer it.
    await page.goto('/config/settings/languages');
    await page.getByRole('heading', { level: 1, name: 'Languages' }).waitFor();
    await page.getByLabel('Add a language').selectOption('de');
    await page.getByRole('button', { name: 'Add a language' }).click();
    await page.getByRole('list', { name: 'More languages' }).getByText('German').waitFor();
    await page.getByRole('button', { name: 'Save languages' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const settings = await page.evaluate(async () => (await fetch('/api/multilingual/settings')).json());
    expect(settings).toMatchObject({ defaultLanguage: 'en-US', languages: ['de'] });
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'owner-languages');

    // 6. Site identity (issue 33): the site renamed and a logo uploaded (what it says asked first, as its alt text),
    // saved; the storefront's header shows the logo, named by its alt text, within the theme's box at 1280 and 390 px,
    // and the footer and the tab the new name.
    await page.goto('/config/settings/site');
    await page.getByRole('heading', { level: 1, name: 'Site identity' }).waitFor();
    await page.getByRole('textbox', { name: 'Site title' }).fill('Linen & Clay');
    const logo = await sharp({ create: { width: 480, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: Buffer.from('<svg width="480" height="120"><circle cx="60" cy="60" r="46" fill="#24382b"/><rect x="130" y="34" width="320" height="18" rx="9" fill="#24382b"/><rect x="130" y="68" width="220" height="18" rx="9" fill="#a8321f"/></svg>'), top: 0, left: 0 }])
      .png()
      .toBuffer();
    await page.getByLabel('Upload picture (logo)').setInputFiles({ name: 'linen-and-clay.png', mimeType: 'image/png', buffer: logo });
    const describeLogo = page.getByRole('dialog', { name: 'Describe this picture' });
    await describeLogo.getByRole('textbox', { name: 'Alt text' }).fill('Linen & Clay');
    await describeLogo.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Logo alt text' }).inputValue()).toBe('Linen & Clay');
    await page.getByRole('region', { name: 'Preview' }).getByRole('img', { name: 'Linen & Clay' }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-site-identity-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-site-identity-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    const shopper = await newShopper(shop.browser, shop.url);
    const shopPage = await shopper.newPage();
    for (const [width, height, box, name] of [[1280, 800, { width: 240, height: 48 }, 'desktop'], [390, 844, { width: 140, height: 40 }, 'phone']] as const) {
      await shopPage.setViewportSize({ width, height });
      await shopPage.goto('/shop');
      const shownLogo = shopPage.getByRole('banner').getByRole('link', { name: 'Linen & Clay' }).getByRole('img', { name: 'Linen & Clay' });
      await expect.poll(() => shownLogo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      const drawn = (await shownLogo.boundingBox())!;
      // The logo's 4:1 fills the box's height or width, whichever comes first, and is never cut.
      expect(drawn.height).toBeLessThanOrEqual(box.height + 0.5);
      expect(drawn.width).toBeLessThanOrEqual(box.width + 0.5);
      expect(Math.max(drawn.width - box.width, drawn.height - box.height)).toBeGreaterThan(-1);
      await expect(shopPage.title()).resolves.toBe('Shop · Linen & Clay');
      await shopPage.getByRole('contentinfo').getByRole('link', { name: 'Linen & Clay' }).waitFor();
      // Axe once (the logo link's name and alt); the phone changes only the box.
      if (name === 'desktop') expect(await axeViolations(shopPage)).toEqual([]);
      // The header is what changed: the top of the page is enough (a full page scrolls through every picture).
      await saveScreenshot(shopPage, `storefront-identity-${name}`, { fullPage: false });
    }
    await shopper.close();

    expect(pageErrors).toEqual([]);
    await context.close();
  }, 240_000);
});
