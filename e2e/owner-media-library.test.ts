import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { useShop } from './support/fixtures';
import { createOwnerAccount, createOwnerSetupToken, signedInOwner } from './support/owner';
import { saveAtBothWidths } from './support/screenshots';
import { axeViolations } from './support/axe';

// Issue 34 item 5: the media library. The owner uploads two pictures at once on the Media screen, typing each one's
// alt text; one is then shown on a page (saved through the owner API, as the editor saves it); deleting that
// picture is refused with the page named, and cancelling keeps it. Then a third picture is uploaded from the picture
// picker itself (Settings → Site identity's logo) and is the one chosen. Axe-clean; the screen saved at 1280 and
// 390 px with the refusal open.

let browserToken = '';
let apiToken = '';

const shop = useShop({
  prepareDatabase: async (db) => {
    apiToken = await createOwnerSetupToken(db);
    browserToken = await createOwnerSetupToken(db);
  },
});

const picture = (background: string) => sharp({ create: { width: 800, height: 600, channels: 3, background } }).png().toBuffer();

describe('the media library', () => {
  test('two pictures uploaded with their alt text; the one on a page cannot be deleted without naming the page', async () => {
    const { page } = shop;
    const owner = await signedInOwner(shop.url, apiToken);
    await page.setViewportSize({ width: 1280, height: 800 });
    await createOwnerAccount(page, browserToken);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Media' }).click();
    await page.getByRole('heading', { level: 1, name: 'Media' }).waitFor();
    await page.getByLabel('Choose pictures').setInputFiles([
      { name: 'Harbour.png', mimeType: 'image/png', buffer: await picture('#2a6f97') },
      { name: 'Lighthouse.png', mimeType: 'image/png', buffer: await picture('#e09f3e') },
    ]);
    const pending = page.getByRole('list', { name: 'Pictures to upload' });
    await expect(pending.getByRole('listitem').count()).resolves.toBe(2);
    // The alt text starts empty: a file name is never alt text. Uploading without it is refused by its field.
    await page.getByRole('button', { name: 'Upload 2 pictures' }).click();
    await page.getByText('Add alt text: describe the picture for people who cannot see it.').first().waitFor();
    await page.getByRole('textbox', { name: 'Alt text for Harbour.png' }).fill('Fishing boats moored in a blue harbour');
    await page.getByRole('textbox', { name: 'Alt text for Lighthouse.png' }).fill('A lighthouse at sunset');
    await page.getByRole('button', { name: 'Upload 2 pictures' }).click();
    const grid = page.getByRole('list', { name: 'Pictures in the library' });
    await grid.getByRole('button', { name: 'Open Harbour' }).waitFor();
    await grid.getByRole('button', { name: 'Open Lighthouse' }).waitFor();
    await pending.waitFor({ state: 'detached' });

    // The Harbour picture on a new page, as the editor saves and publishes one.
    const listed = await owner.call(shop.url, 'GET', '/api/owner/media?search=harbour');
    const [harbour] = (JSON.parse(listed.text) as { media: { id: string; altText: string }[] }).media;
    expect(harbour?.altText).toBe('Fishing boats moored in a blue harbour');
    const created = await owner.call(shop.url, 'POST', '/api/owner/content/pages', { kind: 'page', title: 'Our harbour' });
    expect(created.status, created.text).toBe(201);
    const made = JSON.parse(created.text) as { id: string; version: number };
    const body = { schemaVersion: 1, sections: [{ id: 'section-1', blocks: [{ id: 'photo', type: 5, settings: { imageId: harbour!.id, altText: '' } }] }] };
    const saved = await owner.call(shop.url, 'PUT', `/api/owner/content/pages/${made.id}/draft`, { version: made.version, body });
    expect(saved.status, saved.text).toBe(200);
    const published = await owner.call(shop.url, 'POST', `/api/owner/content/pages/${made.id}/publish`, { version: (JSON.parse(saved.text) as { version: number }).version });
    expect(published.status, published.text).toBe(200);

    await page.getByRole('searchbox', { name: 'Search pictures' }).fill('harbour');
    await grid.getByRole('button', { name: 'Open Lighthouse' }).waitFor({ state: 'detached' });
    await grid.getByRole('button', { name: 'Open Harbour' }).click();
    const details = page.getByRole('region', { name: 'Picture Harbour' });
    await details.getByText('Used on 1 page.').waitFor();
    await details.getByRole('listitem').filter({ hasText: 'Our harbour' }).waitFor();
    await details.getByRole('button', { name: 'Delete' }).click();
    const refusal = page.getByRole('alertdialog', { name: 'Harbour is still in use' });
    await refusal.getByRole('listitem').filter({ hasText: 'Our harbour' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveAtBothWidths(page, 'owner-media-library');
    await refusal.getByRole('button', { name: 'Cancel' }).click();
    await refusal.waitFor({ state: 'detached' });
    await expect(grid.getByRole('button', { name: 'Open Harbour' }).count()).resolves.toBe(1);
    const uses = await owner.call(shop.url, 'GET', `/api/owner/media/${harbour!.id}/uses`);
    expect(JSON.parse(uses.text)).toMatchObject({ summary: 'on 1 page', places: [{ kind: 'page', title: 'Our harbour' }] });

    // The picture picker is the library's browser: a picture uploaded from it, with its alt text, is the one chosen.
    await page.goto('/config/settings/site');
    await page.getByRole('heading', { level: 1, name: 'Site identity' }).waitFor();
    await page.getByRole('group', { name: 'Logo' }).getByRole('button', { name: 'Choose image' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    await picker.getByRole('button', { name: 'Use Harbour' }).waitFor();
    await picker.getByLabel('Choose pictures').setInputFiles({ name: 'Compass.png', mimeType: 'image/png', buffer: await picture('#7a5c1e') });
    await picker.getByRole('textbox', { name: 'Alt text for Compass.png' }).fill('A brass compass');
    await picker.getByRole('button', { name: 'Upload 1 picture' }).click();
    await picker.waitFor({ state: 'detached' });
    await page.getByRole('group', { name: 'Logo' }).getByRole('img', { name: 'A brass compass' }).waitFor();

    expect([...shop.pageErrors.map((error) => error.message), ...shop.consoleErrors]).toEqual([]);
  });
});
