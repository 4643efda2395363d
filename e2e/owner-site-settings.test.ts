import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newShopper } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerSetupToken, OWNER } from './support/owner';
import { SCREENSHOT_DIR, saveAtBothWidths, saveScreenshot } from './support/screenshots';
import { axeViolations } from './support/axe';

// The owner app's Site settings (issue 16, item 6): the owner adds a line to the footer, saves, and the storefront's
// home page shows it in its footer; moves a navigation link up by keyboard, saves, and the storefront's header
// shows the new order; turns the captcha off and on (the pages' site key follows). Axe-clean; the settings index,
// header and footer, and navigation saved at 1280 and 390 px.

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
  test('footer line saved and on the storefront, a navigation link moved up by keyboard and in the header, captcha off and on, a language added', async () => {
    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
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

    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);
});
