import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { collectPageErrors, newShopper } from './support/browser';
import { useShop } from './support/fixtures';
import { serverTools } from './support/server';
import { createOwnerAccount, createOwnerSetupToken, OWNER } from './support/owner';
import { saveAtBothWidths, saveScreenshot } from './support/screenshots';

// Settings → Export and import (issue 37 item 4) in Chromium, on a platform (PLATFORM_DOMAIN=vitrine.localhost, whose
// subdomains Chromium sends to loopback): the demo website's admin exports the site, follows the export to Ready,
// downloads the archive; the admin of a second, new website (made by the platform's "Create a website" service, empty)
// imports the file, with the upload's progress; a shopper then finds the demo's page and product on the new website.
// Axe-clean; both screens saved at 1280 and 390 px.

const PLATFORM_DOMAIN = 'vitrine.localhost';
let demoToken = '';
let movedToken = '';
const downloads = mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-archive-'));
afterAll(() => rmSync(downloads, { recursive: true, force: true }));

const shop = useShop({
  platformDomain: PLATFORM_DOMAIN,
  env: { SITE_EXPORT_INTERVAL_MS: '250' },
  prepareDatabase: async (db) => {
    demoToken = await createOwnerSetupToken(db);
    const { createWebsite } = await serverTools();
    movedToken = (await createWebsite(db, { identifier: 'moved-shop', siteTitle: 'Moved Shop', sampleContent: false, ownerEmail: OWNER.email })).setupLink.token;
  },
});

test('an admin exports the demo site and downloads it; the admin of a new website imports it, and a shopper finds its page and product there', async () => {
  const port = new URL(shop.platformUrl!).port;
  const siteUrl = (identifier: string) => `http://${identifier}.${PLATFORM_DOMAIN}:${port}`;

  // 1. The demo's admin: Settings → Export and import, an export without personal data, followed to Ready.
  const demo = await newShopper(shop.browser, siteUrl('demo'));
  demo.setDefaultTimeout(15_000);
  const page = await demo.newPage();
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await createOwnerAccount(page, demoToken);
  await page.goto('/config/settings');
  await page.getByRole('link', { name: 'Export and import' }).click();
  await page.getByRole('heading', { level: 1, name: 'Export and import' }).waitFor();
  await page.getByText('No exports yet.').waitFor();
  const personal = page.getByRole('checkbox', { name: 'Include personal data: orders, customers and newsletter subscribers' });
  await expect(personal.isChecked()).resolves.toBe(false);
  await page.getByRole('button', { name: 'Start export' }).click();
  await page.getByRole('status').filter({ hasText: 'Export started.' }).waitFor();
  const exports = page.getByRole('table', { name: 'Exports' });
  const row = exports.getByRole('row').filter({ hasText: 'Site only' });
  await row.filter({ hasText: 'Ready' }).waitFor({ timeout: 20_000 });
  await expect(page.getByRole('progressbar', { name: 'Export progress' }).count()).resolves.toBe(0);
  expect(await row.innerText()).toMatch(/Site only\s+Ready\s+\d+(\.\d)? (KB|MB)/);
  expect(await axeViolations(page), 'the export, ready').toEqual([]);
  await saveAtBothWidths(page, 'owner-site-export');

  // 2. Download: the signed link answers the archive as an attachment.
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^Download the export of / }).click()]);
  expect(download.suggestedFilename()).toMatch(/^demo-site-archive-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
  const archive = path.join(downloads, download.suggestedFilename());
  await download.saveAs(archive);
  expect(statSync(archive).size).toBeGreaterThan(1000);
  expect(errors).toEqual([]);
  await demo.close();

  // 3. The new website's admin imports the file, into a website with nothing in it yet.
  const moved = await newShopper(shop.browser, siteUrl('moved-shop'));
  moved.setDefaultTimeout(15_000);
  const owner = await moved.newPage();
  const ownerErrors = collectPageErrors(owner);
  await owner.setViewportSize({ width: 1280, height: 800 });
  await createOwnerAccount(owner, movedToken);
  await owner.goto('/config/settings/export-import');
  await owner.getByRole('heading', { level: 1, name: 'Export and import' }).waitFor();
  const importing = owner.getByRole('region', { name: 'Import a site archive' });
  await importing.getByLabel('Site archive (.tar.gz)').setInputFiles(archive);
  await importing.getByRole('button', { name: 'Import archive' }).click();
  const done = importing.getByRole('status').filter({ hasText: /^Imported \d+ pages, \d+ products and \d+ files \(\d+ records in all\)\. Reload the page to see the site’s imported name here\.$/ });
  await done.waitFor({ timeout: 20_000 });
  expect(await done.innerText()).not.toMatch(/Imported 0 pages|0 products/);
  // Now it has products: a second archive would be refused, and the screen says so before the owner tries.
  await importing.getByText('This website already has products or orders, so an archive cannot be imported here.', { exact: false }).waitFor();
  expect(await axeViolations(owner), 'the import, done').toEqual([]);
  await saveAtBothWidths(owner, 'owner-site-import');
  expect(ownerErrors).toEqual([]);
  await moved.close();

  // 4. A shopper on the new website: the demo's About page, its shop with the Linen Shirt, under the demo's name.
  const shopper = await newShopper(shop.browser, siteUrl('moved-shop'));
  try {
    const visitor = await shopper.newPage();
    await visitor.goto('/about');
    await visitor.getByRole('main').getByRole('heading', { level: 1, name: 'About' }).waitFor();
    await visitor.goto('/shop');
    await visitor.getByRole('link', { name: /Linen Shirt/ }).first().click();
    await visitor.getByRole('heading', { level: 1, name: /Linen Shirt/ }).waitFor();
    await expect(visitor.title()).resolves.not.toContain('Moved Shop');
    expect(await axeViolations(visitor), 'the imported product page').toEqual([]);
    // Its pictures came along (the demo's are drawn from the bundled sources their rows name).
    await expect(visitor.getByRole('main').locator('img').first().evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).resolves.toBe(true);
    // One width here: the product page's phone layout is other journeys' (this one keeps under its time budget).
    await saveScreenshot(visitor, 'site-imported-product-desktop');
  } finally {
    await shopper.close();
  }
});
