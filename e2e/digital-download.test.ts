import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations } from './support/axe';
import { useShop } from './support/fixtures';
import { saveAtBothWidths } from './support/screenshots';
import { addToCart, openProduct, visit } from './support/shop';

// Digital delivery (issue 17 item 6): a shopper buys the demo store's Photography E-book in test mode, finds its
// download link on the order confirmation (with its expiry and downloads left), downloads the PDF (the bytes the
// demo seed gave the product), and sees the count go down. Axe-clean; the confirmation at 1280 and 390 px.

// The e-book is unlimited and its download link is its order's own: the run's shared demo store.
const shop = useShop({ sharedStore: true });
const DEMO_PDF = readFileSync(path.resolve(fileURLToPath(import.meta.url), '../../packages/server/src/downloads/bundled/photography-ebook.pdf'));

describe('a digital purchase', () => {
  test('buys the e-book, downloads it from the confirmation page, and the link counts the download', async () => {
    const { page } = shop;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openProduct(page, 'photography-ebook');
    await addToCart(page);
    await visit(page, '/checkout');
    await page.locator('.vitrine-checkout[data-ready]').waitFor();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('reader@example.com');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\?orderId=/);
    await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();

    const downloads = page.getByRole('region', { name: 'Your downloads' });
    const link = downloads.getByRole('link', { name: 'Download Photography E-book.pdf' });
    await expect(link.getAttribute('href')).resolves.toMatch(/^\/downloads\/[a-f0-9]{24}\.[a-z0-9]+\.[A-Za-z0-9_-]{43}$/);
    const terms = await downloads.getByRole('listitem').innerText();
    expect(terms).toMatch(/^Download Photography E-book\.pdf \(1 kB\)\nPhotography E-book · 5 downloads left · available until [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M$/);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'order-confirmed-download');

    // The browser's own download: the PDF's bytes, under its name.
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('Photography E-book.pdf');
    // The run's browser is shared over a connection: the download is copied here to be read.
    const saved = path.join(mkdtempSync(path.join(os.tmpdir(), 'vitrine-download-')), download.suggestedFilename());
    await download.saveAs(saved);
    expect(readFileSync(saved).equals(DEMO_PDF)).toBe(true);

    await page.reload();
    await expect(page.getByRole('region', { name: 'Your downloads' }).getByRole('listitem').innerText()).resolves.toContain('4 downloads left');
    expect(shop.pageErrors).toEqual([]);
    expect(shop.consoleErrors).toEqual([]);
  });
});
