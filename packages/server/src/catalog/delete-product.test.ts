// databases: both — a product deleted for good, its pictures and file removed once by racing sweeps, orders kept
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_DELETE_MESSAGES } from '@vitrine/contracts';
import { ObjectDownloadStore } from '../downloads';
import { ObjectImageStore } from '../images';
import { createWebsite } from '../platform';
import { LocalDiskObjectStore, prefixedStore, type ObjectRemovalSweep, type ObjectStore } from '../storage';
import { TEST_SHIPPING_ADDRESS, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';

/**
 * The disk store, with every object removal counted by key. Its removePrefix removes object by object, as the S3
 * store does, so a count of 1 per key means each object was removed once (two sweeps racing would make it 2).
 */
class CountingStore implements ObjectStore {
  readonly removals = new Map<string, number>();
  constructor(private readonly inner: ObjectStore) {}
  get description() {
    return this.inner.description;
  }
  put(key: string, body: Readable, options: Parameters<ObjectStore['put']>[2]) {
    return this.inner.put(key, body, options);
  }
  open(key: string) {
    return this.inner.open(key);
  }
  async remove(key: string) {
    this.removals.set(key, (this.removals.get(key) ?? 0) + 1);
    await this.inner.remove(key);
  }
  async removePrefix(prefix: string) {
    const keys: string[] = [];
    for await (const object of this.inner.list(prefix)) keys.push(object.key);
    for (const key of keys) await this.remove(key);
  }
  list(prefix: string) {
    return this.inner.list(prefix);
  }
}

const PLATFORM = 'vitrine.test';
const HOST = `demo.${PLATFORM}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-delete-product-'));
const objects = new CountingStore(new LocalDiskObjectStore(dataDir));
let server: TestServer;
let manager: TestVisitor;
let sweep: ObjectRemovalSweep;

beforeAll(async () => {
  server = await openTestServer({
    platformDomain: PLATFORM,
    imageStore: new ObjectImageStore(prefixedStore(objects, 'images/')),
    downloadStore: new ObjectDownloadStore(prefixedStore(objects, 'downloads/')),
    // Never on a timer here: the test runs the rounds itself.
    objectRemovals: { intervalMs: 0, created: (made) => (sweep = made) },
  });
  manager = await ownerVisitor(server, 'storeManager', { identifier: 'demo', host: HOST });
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const db = () => server.database.db;
const BOUNDARY = '----vitrine-delete-product';

async function uploadPicture(name: string, background: string): Promise<string> {
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background } }).png().toBuffer();
  const answer = await manager.request({
    method: 'POST',
    url: '/api/owner/images',
    payload: Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().id as string;
}

async function createProduct(title: string, sku: string, imageIds: string[], productType = 1): Promise<{ id: string; fullUrl: string }> {
  const answer = await manager.post('/api/owner/products', { productType, title, variants: [{ sku, priceCents: 2500, qtyInStock: 10 }], imageIds });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().product;
}

const keysOf = async (prefix: string) => {
  const keys: string[] = [];
  for await (const object of objects.list(prefix)) keys.push(object.key);
  return keys.sort();
};
const queued = () => db().selectFrom('object_removals').select(['kind', 'ref']).orderBy('kind').orderBy('ref').execute();

describe('DELETE /api/owner/products/:productId', () => {
  it('deletes an archived product for good: its own picture is removed once by racing sweeps, a shared one stays, its order keeps its line', async () => {
    const own = await uploadPicture('Only Lamp.png', '#aa3311');
    const shared = await uploadPicture('Shared Shade.png', '#1133aa');
    const lamp = await createProduct('Brass Lamp', 'LAMP-BRASS', [own, shared]);
    const shade = await createProduct('Paper Shade', 'SHADE-PAPER', [shared]);

    // An order placed before the deletion.
    const shopper = new TestVisitor(server.app, undefined, { host: HOST });
    await shopper.visit('/shop');
    expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: lamp.id, sku: 'LAMP-BRASS', quantity: 2 })).statusCode).toBe(200);
    const placed = await shopper.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'lamp@delete.test' });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as string;
    // A cart still holding it: the entry goes with the product.
    const browsing = new TestVisitor(server.app, undefined, { host: HOST });
    await browsing.visit('/shop');
    expect((await browsing.post('/api/commerce/shopping-cart/entries', { itemId: lamp.id, sku: 'LAMP-BRASS', quantity: 1 })).statusCode).toBe(200);

    const live = await manager.delete(`/api/owner/products/${lamp.id}`);
    expect([live.statusCode, live.json()]).toEqual([409, { message: PRODUCT_DELETE_MESSAGES.notArchived }]);
    expect(await queued()).toEqual([]);

    expect((await manager.post(`/api/owner/products/${lamp.id}/archive`)).statusCode).toBe(200);
    const ownKeys = await keysOf(`images/${own}/`);
    expect(ownKeys).toContain(`images/${own}/original.png`);
    const deleted = await manager.delete(`/api/owner/products/${lamp.id}`);
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { deleted: true, productId: lamp.id }]);
    expect((await manager.get(`/api/owner/products/${lamp.id}`)).statusCode).toBe(404);
    expect((await manager.delete(`/api/owner/products/${lamp.id}`)).statusCode).toBe(404);
    // Queued in the deletion's transaction; nothing removed yet.
    expect(await queued()).toEqual([{ kind: 'picture', ref: own }, { kind: 'picture', ref: shared }].sort((a, b) => a.ref.localeCompare(b.ref)));
    expect(await keysOf(`images/${own}/`)).toEqual(ownKeys);

    // Two processes' rounds at once: each queued picture is taken by one of them.
    const rounds = await Promise.all([sweep.runOnce(), sweep.runOnce()]);
    expect(rounds.flat().map((outcome) => [outcome.ref, outcome.outcome]).sort()).toEqual([[own, 'removed'], [shared, 'kept']].sort());
    expect(await keysOf(`images/${own}/`)).toEqual([]);
    for (const key of ownKeys) expect(objects.removals.get(key), key).toBe(1);
    expect([...objects.removals.keys()].filter((key) => key.startsWith(`images/${shared}/`))).toEqual([]);
    expect(await db().selectFrom('images').select('id').where('id', 'in', [own, shared]).execute()).toEqual([{ id: shared }]);
    // Run again (a retry, another process): nothing left to do, nothing removed twice.
    expect(await sweep.runOnce()).toEqual([]);
    for (const key of ownKeys) expect(objects.removals.get(key)).toBe(1);

    // The other product still shows the shared picture, and it is still served.
    const shadePage = await new TestVisitor(server.app, undefined, { host: HOST }).get(shade.fullUrl);
    expect(shadePage.statusCode).toBe(200);
    const sharedUrl = (await manager.get(`/api/owner/products/${shade.id}`)).json().product.images[0].assetUrl as string;
    expect((await new TestVisitor(server.app, undefined, { host: HOST }).get(`${sharedUrl}?format=300w`)).statusCode).toBe(200);

    // The order keeps its line as it was bought; the cart lost its entry.
    const order = await manager.get(`/api/owner/orders/${orderId}`);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().order.lines).toMatchObject([{ productName: 'Brass Lamp', sku: 'LAMP-BRASS', quantity: 2 }]);
    expect(order.json().order.items).toMatchObject([{ productName: 'Brass Lamp', sku: 'LAMP-BRASS', quantity: 2, unitPrice: { value: '25.00' } }]);
    const line = await db().selectFrom('order_items').select(['product_id', 'variant_id', 'product_name']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(line).toEqual({ product_id: null, variant_id: null, product_name: 'Brass Lamp' });
    expect((await browsing.get('/api/commerce/shopping-cart')).json().entries ?? []).toEqual([]);
  });

  it("removes a digital product's file once, and tries a failed removal again later without losing it", async () => {
    const ebook = await createProduct('Field Notes', 'NOTES-PDF', [], 2);
    const uploaded = await manager.request({ method: 'PUT', url: `/api/owner/products/${ebook.id}/file`, payload: Buffer.from('%PDF-1.4 notes'), headers: { 'content-type': 'application/pdf', 'x-file-name': 'notes.pdf' } });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const key = (await db().selectFrom('product_files').select('storage_key').where('product_id', '=', ebook.id).executeTakeFirstOrThrow()).storage_key;
    expect(await keysOf('downloads/')).toContain(`downloads/${key}`);
    expect((await manager.post(`/api/owner/products/${ebook.id}/archive`)).statusCode).toBe(200);
    expect((await manager.delete(`/api/owner/products/${ebook.id}`)).statusCode).toBe(200);
    expect(await db().selectFrom('product_files').select('id').where('product_id', '=', ebook.id).execute()).toEqual([]);
    expect(await queued()).toEqual([{ kind: 'download', ref: key }]);

    const rounds = await Promise.all([sweep.runOnce(), sweep.runOnce()]);
    expect(rounds.flat().map((outcome) => [outcome.kind, outcome.ref, outcome.outcome])).toEqual([['download', key, 'removed']]);
    expect(await keysOf('downloads/')).not.toContain(`downloads/${key}`);
    expect(objects.removals.get(`downloads/${key}`)).toBe(1);
    expect(await queued()).toEqual([]);
  });

  it('puts off a removal that failed, keeping it queued with its attempt counted', async () => {
    const website = (await db().selectFrom('websites').select('id').limit(1).executeTakeFirstOrThrow()).id;
    await db().insertInto('object_removals').values({ id: 'failing-removal', website_id: website, kind: 'picture', ref: 'no-such-picture', not_before: new Date(), created_at: new Date() }).execute();
    const { ObjectRemovalSweep } = await import('../storage');
    const failing = new ObjectRemovalSweep(db(), {
      handlers: {
        picture: async () => {
          throw new Error('bucket unreachable');
        },
        download: async () => 'removed',
        'lesson-video': async () => 'removed',
      },
    });
    expect((await failing.runOnce()).map((outcome) => outcome.outcome)).toEqual(['failed']);
    const row = await db().selectFrom('object_removals').select(['attempts', 'last_error', 'not_before']).where('id', '=', 'failing-removal').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, last_error: 'bucket unreachable' });
    expect(new Date(row.not_before).getTime()).toBeGreaterThan(Date.now() + 50_000);
    // Not due yet: the next round leaves it alone; once due, the real handler finds no such picture and lets it go.
    expect(await failing.runOnce()).toEqual([]);
    await db().updateTable('object_removals').set({ not_before: new Date(Date.now() - 1000) }).where('id', '=', 'failing-removal').execute();
    expect((await sweep.runOnce()).map((outcome) => outcome.outcome)).toEqual(['absent']);
    expect(await queued()).toEqual([]);
  });

  it('refuses a product a member area is sold through, and deletes it once the area lets go of it', async () => {
    const pass = await createProduct('Studio Pass', 'PASS-1', []);
    expect((await manager.post(`/api/owner/products/${pass.id}/archive`)).statusCode).toBe(200);
    const website = (await db().selectFrom('products').select('website_id').where('id', '=', pass.id).executeTakeFirstOrThrow()).website_id;
    await db().insertInto('member_areas').values({ id: 'area-sold-by-pass', website_id: website, name: 'Studio', access: 'paid', paywall_product_id: pass.id }).execute();
    const refused = await manager.delete(`/api/owner/products/${pass.id}`);
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: PRODUCT_DELETE_MESSAGES.isPaywall }]);
    expect((await manager.get(`/api/owner/products/${pass.id}`)).statusCode).toBe(200);
    await db().updateTable('member_areas').set({ paywall_product_id: null, access: 'free' }).where('id', '=', 'area-sold-by-pass').execute();
    expect((await manager.delete(`/api/owner/products/${pass.id}`)).statusCode).toBe(200);
  });

  it("answers 404 for another website's product and 403 for a viewer, deleting nothing", async () => {
    await createWebsite(db(), { identifier: 'bravo', siteTitle: 'Bravo', sampleContent: true });
    const otherOwner = await ownerVisitor(server, 'admin', { identifier: 'bravo', host: `bravo.${PLATFORM}` });
    const vase = await createProduct('Tall Vase', 'VASE-TALL', []);
    expect((await manager.post(`/api/owner/products/${vase.id}/archive`)).statusCode).toBe(200);
    const foreign = await otherOwner.delete(`/api/owner/products/${vase.id}`);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { message: 'No such product.' }]);
    expect((await manager.get(`/api/owner/products/${vase.id}`)).statusCode).toBe(200);

    const viewer = await ownerVisitor(server, 'viewer', { identifier: 'demo', host: HOST });
    expect((await viewer.delete(`/api/owner/products/${vase.id}`)).statusCode).toBe(403);
    expect((await manager.get(`/api/owner/products/${vase.id}`)).statusCode).toBe(200);
  });
});
