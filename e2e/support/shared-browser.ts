import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's address (launchBrowser connects to it): one browser process for every journey file. */
    browserWsEndpoint: string;
  }
}

/**
 * Vitest's global set-up for the journeys: starts one Chromium for the whole run, which every file connects to
 * (support/browser.ts launchBrowser). Starting Chromium costs about a second of the machine's two cores each time;
 * the files share the process, never a page or a cookie — each test has a browser context of its own.
 */
export default async function startSharedBrowser(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
  project.provide('browserWsEndpoint', server.wsEndpoint());
  return () => server.close();
}
