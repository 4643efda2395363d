import { describe, expect, test } from 'vitest';
import type { InventoryReply, ProductFileReply } from '@vitrine/contracts';
import { HttpVisitor } from '../packages/server/src/reliability/server-process';
import { axeViolations } from './support/axe';
import { newShopper, collectPageErrors } from './support/browser';
import { useShop } from './support/fixtures';
import { createOwnerAccount, createOwnerSetupToken, OWNER } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';

// The product editor's Digital file section (issue 17 item 6): the owner opens the demo e-book, sees the PDF the
// demo gave it, replaces it with a file uploaded here (the progress bar, then the new name and size), sets the
// download limit and link days, and removes the file after confirming; the owner API agrees at each step.
// Axe-clean; saved at 1280 and 390 px.

let setupToken = '';

const shop = useShop({
  prepareDatabase: async (db) => {
    setupToken = await createOwnerSetupToken(db);
  },
});

describe('the Digital file section', () => {
  test('replace the e-book’s file, set its limits, remove it', async () => {
    const context = await newShopper(shop.browser, shop.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const pageErrors = collectPageErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(page, setupToken);

    const api = new HttpVisitor();
    await api.visit(shop.url, '/');
    expect((await api.call(shop.url, 'POST', '/api/site-users/account/session', OWNER)).status).toBe(200);
    const ebook = ((await api.call(shop.url, 'GET', '/api/owner/products?q=e-book')).body as InventoryReply).products.find((product) => product.title === 'Photography E-book');
    if (!ebook) throw new Error('the demo store has no Photography E-book');
    const fileOnServer = async () => ((await api.call(shop.url, 'GET', `/api/owner/products/${ebook.id}/file`)).body as ProductFileReply).file;

    await page.goto(`/config/products/${ebook.id}`);
    await page.getByRole('heading', { level: 1, name: 'Photography E-book' }).waitFor();
    const section = page.getByRole('region', { name: 'Digital file' });
    await section.getByText('Photography E-book.pdf', { exact: true }).waitFor();
    await expect(section.getByText('1 kB', { exact: true }).count()).resolves.toBe(1);

    // Replace: a 3 MB file made here, sent as the raw body; the progress bar shows while it goes.
    const bytes = Buffer.alloc(3_000_000, 'vitrine');
    await section.getByLabel('Replace file').setInputFiles({ name: 'Field notes.zip', mimeType: 'application/zip', buffer: bytes });
    await section.getByText('Field notes.zip uploaded.').waitFor();
    await section.getByText('Field notes.zip', { exact: true }).waitFor();
    await expect(section.getByText('3 MB', { exact: true }).count()).resolves.toBe(1);
    await expect(fileOnServer()).resolves.toMatchObject({ fileName: 'Field notes.zip', contentType: 'application/zip', byteSize: 3_000_000 });

    // The limits, saved with their own button (the product's Save is not needed).
    await section.getByLabel('Downloads per purchase').fill('3');
    await section.getByLabel('Link lasts (days)').fill('14');
    await section.getByRole('button', { name: 'Save limits' }).click();
    await section.getByText('Limits saved. They apply to orders paid from now on.').waitFor();
    await expect(fileOnServer()).resolves.toMatchObject({ downloadLimit: 3, linkDays: 14 });
    await expect(axeViolations(page)).resolves.toEqual([]);
    await saveAtBothWidths(page, 'owner-product-digital-file');

    // Remove, after confirming.
    await section.getByRole('button', { name: 'Remove file' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove this file?' });
    await dialog.getByRole('button', { name: 'Remove file' }).click();
    await section.getByText('No file yet: paid orders get no download link until you add one.').waitFor();
    await expect(fileOnServer()).resolves.toBeNull();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
