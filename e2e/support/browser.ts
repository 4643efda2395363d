import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Debian's Chromium, headless, with nothing that reaches outside this machine. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

/**
 * A fresh shopper: no cookies, no cart. The browser announces itself as the desktop Chrome a person uses:
 * headless Chromium says 'HeadlessChrome', and the server keeps submissions from bots apart as spam (isbot).
 */
export async function newShopper(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version().split('.')[0]}.0.0.0 Safari/537.36`;
  return browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'America/New_York', userAgent });
}
