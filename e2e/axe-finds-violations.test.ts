import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { axeViolations } from './support/axe';

// The journeys' axe helper (support/axe.ts runs axe in the page, violations only) still finds what it must: a picture
// without alt text and an unnamed button, in the page and inside a same-origin frame; and a clean page passes.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('the axe helper finds a missing alt text and an unnamed button, also in a frame, and passes a clean page', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A made-up origin served by the test: the frame is same-origin as our pages' frames are.
  const pages: Record<string, string> = {
    '/': '<!doctype html><html lang="en"><head><title>Broken</title></head><body><main><h1>Broken</h1><img src="/dot.svg" width="10" height="10"><button></button><iframe title="Inner" src="/inner"></iframe></main></body></html>',
    '/inner': '<!doctype html><html lang="en"><head><title>Inner</title></head><body><main><button></button></main></body></html>',
    '/clean': '<!doctype html><html lang="en"><head><title>Clean</title></head><body><main><h1>Clean</h1><button>Buy</button></main></body></html>',
    '/dot.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
  };
  await page.route('http://axe.test/**', (route) => {
    const { pathname } = new URL(route.request().url());
    return route.fulfill({ contentType: pathname.endsWith('.svg') ? 'image/svg+xml' : 'text/html', body: pages[pathname] ?? '' });
  });
  await page.goto('http://axe.test/');
  await page.frameLocator('iframe').locator('button').waitFor({ state: 'attached' });
  const found = await axeViolations(page);
  expect(found.some((line) => line.startsWith('critical image-alt: img'))).toBe(true);
  const buttonNames = found.filter((line) => line.startsWith('critical button-name:'));
  expect(buttonNames.length).toBe(2);
  expect(buttonNames.some((line) => line.includes('iframe'))).toBe(true);

  await page.goto('http://axe.test/clean');
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});
