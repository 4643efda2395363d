// databases: both — the library's search (ILIKE), its JSON rewrites of pages, products and variants, and its locks run as SQL on each engine
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from '@vitrine/blocks';
import { MEDIA_FIELD_MESSAGES, MEDIA_MESSAGES, type MediaItemJson, type MediaUsesJson } from '@vitrine/contracts';
import { createWebsite } from '../platform';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { LocalDiskImageStore } from './store';

const PLATFORM = 'media.test';
const A_HOST = `demo.${PLATFORM}`;
const B_HOST = `bravo.${PLATFORM}`;
const PAGES = '/api/owner/content/pages';

let server: TestServer;
let storeDir: string;
let admin: TestVisitor;
let editor: TestVisitor;
let viewer: TestVisitor;
let ownerB: TestVisitor;
beforeAll(async () => {
  storeDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-media-test-'));
  server = await openTestServer({ imageStore: new LocalDiskImageStore(storeDir), platformDomain: PLATFORM, rateLimit: { max: 1_000_000 } });
  await createWebsite(server.database.db, { identifier: 'bravo', siteTitle: 'Bravo', sampleContent: false });
  [admin, editor, viewer, ownerB] = await Promise.all([
    ownerVisitor(server, 'admin', { identifier: 'demo', host: A_HOST }),
    ownerVisitor(server, 'editor', { identifier: 'demo', host: A_HOST }),
    ownerVisitor(server, 'viewer', { identifier: 'demo', host: A_HOST }),
    ownerVisitor(server, 'admin', { identifier: 'bravo', host: B_HOST }),
  ]);
}, 90_000);
afterAll(async () => {
  await server?.close();
  rmSync(storeDir, { recursive: true, force: true });
});

const BOUNDARY = '----vitrine-media-boundary';

/** A browser's multipart body: the text fields first, then the file. */
function multipart(fields: Record<string, string>, file: Buffer, filename: string) {
  const parts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`);
  return {
    payload: Buffer.concat([...parts, head, file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

const png = (background = '#2255aa', width = 400, height = 300) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
const uploadAs = async (visitor: TestVisitor, fields: Record<string, string>, filename = 'Sunset Beach.PNG', background?: string) =>
  visitor.request({ method: 'POST', url: '/api/owner/media', ...multipart(fields, await png(background), filename) });

async function uploaded(altText: string, filename = 'Picture.png', by: TestVisitor = admin): Promise<MediaItemJson> {
  const answer = await uploadAs(by, { altText }, filename);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as MediaItemJson;
}

const imageCount = async () => Number((await server.database.db.selectFrom('images').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

let pageCounter = 0;
/** A published page showing the picture in an image block and in a gallery (what the editor saves). */
async function pageShowing(imageId: string, title = `Media page ${++pageCounter}`): Promise<{ id: string; title: string }> {
  const created = await admin.post(PAGES, { kind: 'page', title });
  expect(created.statusCode, created.body).toBe(201);
  const page = created.json() as { id: string; version: number };
  const body = {
    schemaVersion: 1,
    sections: [
      {
        id: 'section-1',
        blocks: [
          { id: 'picture', type: BLOCK_TYPES.image, settings: { imageId, altText: '' } },
          { id: 'gallery', type: BLOCK_TYPES.gallery, settings: { images: [{ imageId, altText: 'In the gallery', title: '', description: '', link: '' }] } },
        ],
      },
    ],
  };
  const saved = await admin.put(`${PAGES}/${page.id}/draft`, { version: page.version, body });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await admin.post(`${PAGES}/${page.id}/publish`, { version: (saved.json() as { version: number }).version });
  expect(published.statusCode, published.body).toBe(200);
  return { id: page.id, title };
}

let productCounter = 0;
async function productShowing(imageId: string): Promise<{ id: string; title: string }> {
  const title = `Media product ${++productCounter}`;
  const created = await admin.post('/api/owner/products', {
    productType: 1,
    title,
    variants: [{ sku: `MEDIA-${productCounter}-${process.pid}`, priceCents: 1200, qtyInStock: 3 }],
    imageIds: [imageId],
  });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().product.id as string, title };
}

const usesOf = async (imageId: string, by: TestVisitor = admin) => {
  const answer = await by.get(`/api/owner/media/${imageId}/uses`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as MediaUsesJson;
};

describe('POST /api/owner/media', () => {
  it('stores a picture with the alt text typed at upload, named after the file, never alt text from the file name', async () => {
    const answer = await uploadAs(admin, { altText: '  A red sun  over\nthe sea ' });
    expect(answer.statusCode, answer.body).toBe(201);
    const item = answer.json() as MediaItemJson;
    expect(item).toMatchObject({ altText: 'A red sun over the sea', name: 'Sunset Beach', filename: 'sunset-beach.png', originalSize: '400x300' });
    expect(item.byteSize).toBeGreaterThan(0);
    const named = await uploadAs(admin, { altText: 'Blue', name: 'Homepage hero' });
    expect((named.json() as MediaItemJson).name).toBe('Homepage hero');
  });

  it('refuses a picture without alt text (or blank) and stores nothing', async () => {
    const before = await imageCount();
    const cases: Array<{ altText?: string }> = [{}, { altText: '   ' }, { altText: 'x'.repeat(1001) }];
    for (const fields of cases) {
      const answer = await uploadAs(admin, fields as Record<string, string>);
      expect(answer.statusCode, answer.body).toBe(400);
      const expected = fields.altText === undefined || fields.altText.trim() === '' ? MEDIA_MESSAGES.noAltText : MEDIA_FIELD_MESSAGES.altText;
      expect(answer.json()).toEqual({ message: expected, errors: { altText: expected } });
    }
    const blankName = await uploadAs(admin, { altText: 'Fine', name: ' ' });
    expect(blankName.json()).toEqual({ message: MEDIA_FIELD_MESSAGES.name, errors: { name: MEDIA_FIELD_MESSAGES.name } });
    expect(await imageCount()).toBe(before);
  });

  it('is refused to a viewer (403) and to nobody signed in (401)', async () => {
    expect((await uploadAs(viewer, { altText: 'Nope' })).statusCode).toBe(403);
    expect((await uploadAs(new TestVisitor(server.app, undefined, { host: A_HOST }), { altText: 'Nope' })).statusCode).toBe(401);
  });
});

describe('GET /api/owner/media', () => {
  it('finds pictures by name or alt text, in any case, with LIKE wildcards taken literally', async () => {
    const fern = await uploaded('A fern in morning light', 'Garden 50%.png');
    const rock = await uploaded('Granite boulder', 'Quarry.png');
    const search = async (text: string) => ((await viewer.get(`/api/owner/media?search=${encodeURIComponent(text)}`)).json().media as MediaItemJson[]).map((item) => item.id);
    expect(await search('FERN')).toEqual([fern.id]);
    expect(await search('quarry')).toEqual([rock.id]);
    expect(await search('50%')).toEqual([fern.id]);
    expect(await search('%')).toEqual([fern.id]);
    expect(await search('_')).toEqual([]);
    const all = (await viewer.get('/api/owner/media?limit=2')).json() as { media: MediaItemJson[]; nextCursor: string | null };
    expect(all.media.map((item) => item.id)).toEqual([rock.id, fern.id]);
    expect(all.nextCursor).not.toBeNull();
    const bad = await viewer.get(`/api/owner/media?search=${'x'.repeat(201)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ search: MEDIA_FIELD_MESSAGES.search });
  });
});

describe('POST /api/owner/media/:imageId/rename', () => {
  it('renames; a blank or too long name is refused with the spec message and changes nothing', async () => {
    const item = await uploaded('Rename me');
    const renamed = await editor.post(`/api/owner/media/${item.id}/rename`, { name: '  Shop front  ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: item.id, name: 'Shop front', assetUrl: item.assetUrl, filename: item.filename });
    const blank = await editor.post(`/api/owner/media/${item.id}/rename`, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: 'There was a problem while renaming your file', errors: { name: MEDIA_FIELD_MESSAGES.name } });
    const long = await editor.post(`/api/owner/media/${item.id}/rename`, { name: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ name: MEDIA_FIELD_MESSAGES.name });
    expect((await editor.post('/api/owner/media/nosuchimage/rename', { name: 'Any' })).statusCode).toBe(404);
    expect((await viewer.post(`/api/owner/media/${item.id}/rename`, { name: 'Viewer' })).statusCode).toBe(403);
    const stored = await server.database.db.selectFrom('images').select('name').where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(stored.name).toBe('Shop front');
  });
});

describe('where a picture is used, replace, delete', () => {
  it('lists the pages, products and site identity showing a picture and counts them once each', async () => {
    const item = await uploaded('Used everywhere');
    expect(await usesOf(item.id)).toEqual({ places: [], summary: 'not used anywhere' });
    const pageOne = await pageShowing(item.id, 'About us');
    const pageTwo = await pageShowing(item.id, 'Contact');
    const product = await productShowing(item.id);
    const identity = await admin.put('/api/owner/site-settings/identity', { logoImageId: item.id, logoAltText: 'Our logo' });
    expect(identity.statusCode, identity.body).toBe(200);
    const uses = await usesOf(item.id, viewer);
    expect(uses.summary).toBe('on 2 pages, 1 product, 1 site identity picture');
    expect(uses.places).toEqual([
      { key: `page:${pageOne.id}`, kind: 'page', id: pageOne.id, title: 'About us', detail: '' },
      { key: `page:${pageTwo.id}`, kind: 'page', id: pageTwo.id, title: 'Contact', detail: '' },
      { key: `product:${product.id}`, kind: 'product', id: product.id, title: product.title, detail: '' },
      { key: 'site:logo', kind: 'site', id: expect.any(String), title: 'Logo', detail: '' },
    ]);
    await admin.put('/api/owner/site-settings/identity', { logoImageId: null });
  });

  it('replaces a picture everywhere at once: page blocks, gallery entries, the product and its copy', async () => {
    const old = await uploaded('Old shop sign');
    const replacement = await uploaded('New shop sign');
    const page = await pageShowing(old.id);
    const product = await productShowing(old.id);
    // Its variant shows the old picture too, and its list already holds the new one: after the swap, once.
    await server.database.db.updateTable('variants').set({ image_ids: JSON.stringify([old.id, replacement.id]) }).where('product_id', '=', product.id).execute();
    const answer = await editor.post(`/api/owner/media/${old.id}/replace`, { withImageId: replacement.id });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().summary).toBe('on 1 page, 1 product');
    expect(await usesOf(old.id)).toEqual({ places: [], summary: 'not used anywhere' });
    expect((await usesOf(replacement.id)).summary).toBe('on 1 page, 1 product');
    const row = await server.database.db.selectFrom('site_pages').select(['body', 'version']).where('id', '=', page.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row.body)).not.toContain(old.id);
    const blocks = row.body.sections[0]!.columns[0]!.blocks as { settings: Record<string, unknown> }[];
    expect(blocks[0]!.settings.imageId).toBe(replacement.id);
    expect((blocks[1]!.settings.images as { imageId: string; altText: string }[])[0]).toMatchObject({ imageId: replacement.id, altText: 'In the gallery' });
    const productRow = await server.database.db.selectFrom('products').select('images').where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(productRow.images).toEqual([expect.objectContaining({ id: replacement.id, assetUrl: replacement.assetUrl, altText: 'New shop sign' })]);
    const variant = await server.database.db.selectFrom('variants').select('image_ids').where('product_id', '=', product.id).executeTakeFirstOrThrow();
    expect(variant.image_ids).toEqual([replacement.id]);
    // The live page shows the new picture.
    const live = await new TestVisitor(server.app, undefined, { host: A_HOST }).get(`/${(await admin.get(`${PAGES}/${page.id}`)).json().urlId}`);
    expect(live.body).toContain(replacement.assetUrl);
    expect(live.body).not.toContain(old.assetUrl);
  });

  it('refuses to replace with itself, with an unknown picture or with another website’s, and changes nothing', async () => {
    const mine = await uploaded('Mine');
    const page = await pageShowing(mine.id);
    const theirs = await uploaded('Theirs', 'Bravo.png', ownerB);
    const self = await admin.post(`/api/owner/media/${mine.id}/replace`, { withImageId: mine.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: MEDIA_MESSAGES.sameImage, errors: { withImageId: MEDIA_MESSAGES.sameImage } });
    for (const withImageId of ['nosuchimage', theirs.id]) {
      const answer = await admin.post(`/api/owner/media/${mine.id}/replace`, { withImageId });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: MEDIA_FIELD_MESSAGES.withImageId, errors: { withImageId: MEDIA_FIELD_MESSAGES.withImageId } });
    }
    expect((await usesOf(mine.id)).places.map((place) => place.key)).toEqual([`page:${page.id}`]);
    expect((await viewer.post(`/api/owner/media/${mine.id}/replace`, { withImageId: mine.id })).statusCode).toBe(403);
  });

  it('refuses to delete a used picture with each place named (409), and deletes it from exactly the places confirmed', async () => {
    const item = await uploaded('Going away');
    const page = await pageShowing(item.id, 'Team');
    const refused = await editor.post(`/api/owner/media/${item.id}/delete`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'This picture is on 1 page: confirm to remove it from those places, or replace it first.',
      errors: { [`page:${page.id}`]: 'Team' },
    });
    // A place added after the owner saw the list: refused again, naming both.
    const product = await productShowing(item.id);
    await server.database.db.updateTable('variants').set({ image_ids: JSON.stringify([item.id]) }).where('product_id', '=', product.id).execute();
    const stale = await editor.post(`/api/owner/media/${item.id}/delete`, { removeFrom: [`page:${page.id}`] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toEqual({ [`page:${page.id}`]: 'Team', [`product:${product.id}`]: product.title, [`variant:${product.id}`]: `${product.title} (variant)` });
    expect(await imageCount()).toBeGreaterThan(0);
    expect((await admin.get(`/api/owner/images/${item.id}`)).statusCode).toBe(200);

    const forced = await editor.post(`/api/owner/media/${item.id}/delete`, { removeFrom: [`page:${page.id}`, `product:${product.id}`, `variant:${product.id}`] });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json()).toMatchObject({ deleted: true, id: item.id });
    expect((await admin.get(`/api/owner/images/${item.id}`)).statusCode).toBe(404);
    const row = await server.database.db.selectFrom('site_pages').select('body').where('id', '=', page.id).executeTakeFirstOrThrow();
    const blocks = row.body.sections[0]!.columns[0]!.blocks as { settings: Record<string, unknown> }[];
    expect(blocks[0]!.settings.imageId).toBe('');
    expect(blocks[1]!.settings.images).toEqual([]);
    const productRow = await server.database.db.selectFrom('products').select('images').where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(productRow.images).toEqual([]);
    const variant = await server.database.db.selectFrom('variants').select('image_ids').where('product_id', '=', product.id).executeTakeFirstOrThrow();
    expect(variant.image_ids).toEqual([]);
  });

  it('deletes an unused picture at once; a viewer and another website cannot', async () => {
    const item = await uploaded('Unused');
    expect((await viewer.post(`/api/owner/media/${item.id}/delete`, {})).statusCode).toBe(403);
    expect((await ownerB.post(`/api/owner/media/${item.id}/delete`, {})).statusCode).toBe(404);
    expect((await ownerB.get(`/api/owner/media/${item.id}/uses`)).statusCode).toBe(404);
    expect((await ownerB.post(`/api/owner/media/${item.id}/rename`, { name: 'Stolen' })).statusCode).toBe(404);
    const bravoList = (await ownerB.get('/api/owner/media')).json().media as MediaItemJson[];
    expect(bravoList.map((each) => each.id)).not.toContain(item.id);
    const deleted = await admin.post(`/api/owner/media/${item.id}/delete`, {});
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true, id: item.id, places: [] });
  });
});
