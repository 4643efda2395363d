import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/**
 * Where e2e screenshots go: e2e/screenshots/ (git-ignored), or SCREENSHOT_DIR. They are for a person to
 * look at (the design review); no test compares pixels.
 */
export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ?? path.resolve(fileURLToPath(import.meta.url), '../../screenshots');

/** Saves a PNG named `<name>.png` (the full page unless `fullPage: false`) and returns its path. */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  const fullPage = options.fullPage ?? true;
  // Lazy pictures below the fold load only when scrolled to, and a page under an open dialog cannot scroll: ask
  // every lazy picture to load now instead (a scroll-through cost 50 ms a screen and missed those under a drawer).
  if (fullPage) {
    await page.evaluate(() => {
      for (const image of document.images) if (image.loading === 'lazy') image.loading = 'eager';
    });
  }
  // Those pictures and the fonts, for a few seconds at most: the screenshot is for a person, and
  // neither a lazy picture the page never shows (in a closed drawer) nor a cross-site frame's own network life (a
  // video player, which kept 'networkidle' from ever coming) may fail the journey that takes it.
  await page.waitForLoadState('load');
  const waitStarted = Date.now();
  // A screenshot of the screen alone waits only for the pictures on it (a lazy one below never loads). Functions,
  // not strings: the page's CSP refuses a string evaluated in it (and a journey would read that console error).
  await page
    .waitForFunction(
      (wholePage) =>
        document.fonts.status === 'loaded' &&
        [...document.images].every((image) => image.complete || !image.checkVisibility() || (!wholePage && (image.getBoundingClientRect().top >= innerHeight || image.getBoundingClientRect().bottom <= 0))),
      fullPage,
      { timeout: 5_000 },
    )
    .catch(async () => {
      if (process.env.E2E_TIMING) console.log(`[e2e screenshot] ${name}: still waiting after 5 s`, await page.evaluate(() => document.fonts.status));
    });
  if (process.env.E2E_TIMING) console.log(`[e2e screenshot] ${name}: waited ${Date.now() - waitStarted} ms for pictures and fonts`);
  const shotStarted = Date.now();
  await page.screenshot({ path: file, fullPage });
  if (process.env.E2E_TIMING) console.log(`[e2e screenshot] ${name}: taken in ${Date.now() - shotStarted} ms`);
  return file;
}

/**
 * Saves `<name>-desktop.png` at 1280 × 800 and `<name>-phone.png` at 390 × 844 (each screen at both widths, as
 * the design review asks), and leaves the page at 1280 × 800.
 */
export async function saveAtBothWidths(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveScreenshot(page, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, `${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 800 });
}
