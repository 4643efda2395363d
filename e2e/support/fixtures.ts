import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { launchBrowser, newShopper } from './browser';
import { startServer, type RunningServer, type StartServerOptions } from './server';

export interface Shop {
  /** The server's base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  /** With `platformDomain`: the platform's own address, e.g. http://vitrine.localhost:41234 (its websites are subdomains of it). */
  platformUrl?: string;
  browser: Browser;
  /** A fresh shopper per test: no cookies, no cart. */
  context: BrowserContext;
  page: Page;
  /** Uncaught errors thrown in the page during the current test. */
  pageErrors: Error[];
  /** console.error messages of the page during the current test (React reports hydration mismatches there). */
  consoleErrors: string[];
}

/** How long a single step may wait for the page before a test fails: short, so failures are quick. */
export const STEP_TIMEOUT_MS = 10_000;

export interface UseShopOptions extends StartServerOptions {
  /**
   * Use the run's shared demo store (support/shared-store.ts) instead of a server of this file's own. For journeys
   * that only visit as shoppers — each test is a new visitor with its own cart — and change nothing another file
   * could see: no owner setting, no stock another file reads (an order only of unlimited products, or of a variant
   * whose count no shared file checks: keyboard.test.ts's S / White shirts), nothing sold out. A server of a file's
   * own costs seconds of both cores to start; a shared one nothing. Outside a run that starts one, the file starts its own.
   */
  sharedStore?: boolean;
}

/**
 * One server and one browser for the whole file, a fresh browser context per test.
 * Call at the top of a describe block (or the file); read the fields inside tests only.
 */
export function useShop({ sharedStore = false, ...options }: UseShopOptions = {}): Shop {
  const shop = { pageErrors: [] as Error[], consoleErrors: [] as string[] } as unknown as Shop;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    const shared = sharedStore ? inject('sharedStoreUrl') : undefined;
    if (shared) {
      shop.url = shared;
      shop.browser = await launchBrowser();
      return;
    }
    [server, shop.browser] = await Promise.all([startServer(options), launchBrowser()]);
    shop.url = server.url;
    shop.platformUrl = server.platformUrl;
  });

  afterAll(async () => {
    await shop.browser?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    shop.context = await newShopper(shop.browser, shop.url);
    shop.context.setDefaultTimeout(STEP_TIMEOUT_MS);
    shop.page = await shop.context.newPage();
    shop.pageErrors = [];
    shop.consoleErrors = [];
    shop.page.on('pageerror', (error) => shop.pageErrors.push(error));
    shop.page.on('console', (message) => {
      if (message.type() === 'error') shop.consoleErrors.push(message.text());
    });
  });

  afterEach(async () => {
    await shop.context?.close();
  });

  return shop;
}
