import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Debian's Chromium, headless, with nothing that reaches outside this machine. */
export const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/**
 * The run's shared Chromium (support/shared-browser.ts starts it once), or a browser of its own where no run
 * shares one. Closing what this answers closes the file's contexts and lets go of the shared browser.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = inject('browserWsEndpoint');
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

/**
 * A fresh shopper: no cookies, no cart. The browser announces itself as the desktop Chrome a person uses:
 * headless Chromium says 'HeadlessChrome', and the server keeps submissions from bots apart as spam (isbot).
 */
export async function newShopper(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version().split('.')[0]}.0.0.0 Safari/537.36`;
  return browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'America/New_York', userAgent });
}

/** The page's uncaught errors and console errors, as they happen: a journey ends expecting none. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}
