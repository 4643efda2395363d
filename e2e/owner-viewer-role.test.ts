import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { InventoryReply } from '@vitrine/contracts';
import { newShopper } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerSetupToken, OWNER } from './support/owner';
import { saveScreenshot } from './support/screenshots';
import { axeViolations } from './support/axe';

// A viewer (platform §3 contributor role 10) sees but cannot change (issue 16): signed in from a viewer's set-up
// link, they read products, variants and a product in its editor, and the settings their role may read, with no
// button or field that would change anything; the screens they may not read say so without calling; and the
// API refuses the changes the app does not offer (403), called from the viewer's own signed-in page.

let setupToken = '';

const shop = useShop({
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db, 'viewer');
  },
});

/** Buttons that would change something, by their words: none may be on a viewer's screen. */
const CHANGING = /^(Save|Delete|Remove|Add product|Create|Send|Mark as fulfilled|Refund|Cancel order|Archive|Upload|New|Invite)/;

async function changingButtons(page: Page): Promise<string[]> {
  const names = await page.getByRole('main').getByRole('button').evaluateAll((buttons) => buttons.map((button) => (button.getAttribute('aria-label') ?? button.textContent ?? '').trim()));
  return names.filter((name) => CHANGING.test(name));
}

/** A signed-in owner API call from the page itself: its crumb cookie and the boot data's XSRF token. */
async function callFromPage(page: Page, method: string, url: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const crumb = document.cookie.split('; ').find((pair) => pair.startsWith('crumb='))?.slice(6) ?? '';
      const boot = JSON.parse(document.getElementById('owner-boot')!.textContent!) as { xsrfToken: string };
      const answer = await fetch(url, { method, headers: { 'content-type': 'application/json', 'x-csrf-token': crumb, 'x-siteuser-xsrf-token': boot.xsrfToken }, body: JSON.stringify(body) });
      return answer.status;
    },
    { method, url, body },
  );
}

describe('a viewer in the owner app', () => {
  test('sees products, a product and the settings it may read, with nothing to change; the API refuses the changes', async () => {
    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.setViewportSize({ width: 1280, height: 800 });
    // An invitation to a role below admin says so, with the address it was made for already filled in.
    await page.goto(`/config/setup?token=${setupToken}`);
    await page.getByRole('heading', { level: 1, name: 'Accept your invitation' }).waitFor();
    await page.getByText('as viewer', { exact: false }).waitFor();
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(OWNER.email);
    await page.getByLabel('Password (at least 8 characters)').fill(OWNER.password);
    await page.getByRole('button', { name: 'Accept invitation' }).click();

    // The dashboard: a viewer's role holds no reports, so it says so and asks the server nothing.
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('heading', { name: 'Your role does not include the numbers' }).waitFor();
    expect(await page.getByRole('region', { name: 'Right now' }).count()).toBe(0);

    // Products: the list and a product's variants, stock as numbers.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByRole('button', { name: 'Variants of Linen Shirt' }).click();
    const variants = page.getByRole('table', { name: 'Variants of Linen Shirt' });
    await variants.waitFor();
    expect(await variants.getByRole('spinbutton').count()).toBe(0);
    expect(await changingButtons(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-viewer-products-desktop');

    // The product editor opens read-only.
    await page.getByRole('link', { name: 'Linen Shirt', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /Linen Shirt/ }).waitFor();
    await page.getByText('Your role can view products but not change them.').waitFor();
    expect(await changingButtons(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'owner-viewer-product-desktop');

    // Orders: not the viewer's to read (no shoppers' details for a viewer).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Your role does not include orders' }).waitFor();

    // Settings: what a viewer may read (the site's, the store's preferences), never API keys or contributors.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Header and footer' }).waitFor();
    expect(await main.getByRole('link', { name: 'API keys' }).count()).toBe(0);
    expect(await main.getByRole('link', { name: 'Contributors' }).count()).toBe(0);
    await main.getByRole('link', { name: 'Header and footer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Header and footer' }).waitFor();
    await page.getByText('Your role may read these settings but not change them.').waitFor();
    expect(await changingButtons(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    // (The section's preview frame never lets the page reach network idle: the screenshot is of the Settings index.)
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'owner-viewer-settings-phone');

    // The API refuses what the screens do not offer, asked from the viewer's own page.
    const products = (await page.evaluate(async () => (await fetch('/api/owner/products?q=linen%20shirt')).json())) as InventoryReply;
    const variant = products.products[0]!.variants[0]!;
    expect(await callFromPage(page, 'PUT', `/api/owner/variants/${variant.id}/stock`, { qtyInStock: 1 })).toBe(403);
    expect(await callFromPage(page, 'PUT', '/api/site-header-footer', { header: '', footer: '<p>Viewer was here</p>' })).toBe(403);
    expect(await callFromPage(page, 'POST', '/api/owner/api-keys', { name: 'viewer key', scopes: ['catalog:read'] })).toBe(403);
    expect(await page.evaluate(async () => (await fetch('/api/owner/orders')).status)).toBe(403);

    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
