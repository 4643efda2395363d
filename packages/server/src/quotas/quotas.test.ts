// databases: both — a quota is taken under the website's quota row locked FOR UPDATE: two creates at the limit, one passes
import { humanizeFileSize } from '@vitrine/format';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { enqueueMail, enqueueMailIfQuotaAllows, type MailMessage } from '../mail';
import { demoProductId, ownerVisitor, openTestServer, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { QUOTA_KINDS, QuotaReached, quotaDefaultsFromEnv, setWebsiteQuotas, websiteUsage, type QuotaKind } from '.';

let server: TestServer;
let website: Website;
let admin: TestVisitor;
beforeAll(async () => {
  server = await openTestServer({ rateLimit: { max: 100_000 } });
  website = (await findDefaultWebsite(server.database.db))!;
  admin = await ownerVisitor(server, 'admin');
});
afterAll(async () => {
  await server?.close();
});
// Each test sets the quotas it needs; none outlives it.
afterEach(async () => {
  await setWebsiteQuotas(server.database.db, website.id, { products: null, storageBytes: null, contributors: null, mailsPerDay: null });
});

const db = () => server.database.db;
const used = async (kind: QuotaKind) => (await websiteUsage(db(), website.id))[kind].used;
/** Limits `kind` to what the website uses now plus `room`. */
const allowMore = async (kind: QuotaKind, room: number) => setWebsiteQuotas(db(), website.id, { [kind]: (await used(kind)) + room });

const productsText = (limit: number) => `${new Intl.NumberFormat('en-US').format(limit)} product${limit === 1 ? '' : 's'}`;
const mailsText = (limit: number) => `${new Intl.NumberFormat('en-US').format(limit)} mail${limit === 1 ? '' : 's'}`;

let productCount = 0;
const newProduct = () => {
  productCount += 1;
  return admin.post('/api/owner/products', {
    productType: 1,
    title: `Quota Mug ${productCount}`,
    variants: [{ sku: `QUOTA-MUG-${productCount}`, optionValues: [], priceCents: 1200, qtyInStock: 3 }],
  });
};

describe('the product quota', () => {
  it("refuses the product past the limit with 403 naming it, and writes nothing", async () => {
    const { products } = await allowMore('products', 1);
    const created = await newProduct();
    expect(created.statusCode, created.body).toBe(201);
    const refused = await newProduct();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: `This website has reached its limit of ${productsText(products.limit!)}.` });
    expect(await used('products')).toBe(products.limit);
    // Editing a product is no new product: still allowed at the limit.
    const { id, variants } = created.json().product;
    const renamed = await admin.put(`/api/owner/products/${id}`, {
      productType: 1, title: 'Quota Mug renamed', variants: [{ id: variants[0].id, sku: variants[0].sku, optionValues: [], priceCents: 1200, qtyInStock: 3 }],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('creates racing for the last place: exactly one passes', async () => {
    const { products } = await allowMore('products', 1);
    const answers = await Promise.all([newProduct(), newProduct(), newProduct()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 403, 403]);
    expect(await used('products')).toBe(products.limit);
  });

  it('a CSV import that would pass the limit imports nothing (403)', async () => {
    const { products } = await allowMore('products', 1);
    const csv = ['Handle,Title,Variant SKU,Variant Price', 'csv-quota-a,CSV Quota A,CSV-QA,5.00', 'csv-quota-b,CSV Quota B,CSV-QB,5.00'].join('\n');
    const answer = await admin.request({ method: 'POST', url: '/api/owner/products/import', payload: csv, headers: { 'content-type': 'text/csv' } });
    expect(answer.statusCode, answer.body).toBe(403);
    expect(answer.json()).toEqual({ message: `This website has reached its limit of ${productsText(products.limit!)}.` });
    expect(await used('products')).toBe(products.limit! - 1);
  });
});

const BOUNDARY = '----vitrine-quota-boundary';
const uploadPicture = async (width: number) => {
  const file = await sharp({ create: { width, height: 40, channels: 3, background: '#336699' } }).png().toBuffer();
  const payload = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="quota.png"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return admin.request({ method: 'POST', url: '/api/owner/images', payload, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
};
const uploadEbookFile = (bytes: Buffer) =>
  admin.request({ method: 'PUT', url: `/api/owner/products/${demoProductId('photography-ebook')}/file`, payload: bytes, headers: { 'content-type': 'application/pdf', 'x-file-name': 'guide.pdf' } });

describe('the storage quota', () => {
  it("counts pictures' originals and digital products' files together; past it 413 names the limit and keeps nothing", async () => {
    const before = await used('storageBytes');
    const picture = await uploadPicture(60);
    expect(picture.statusCode, picture.body).toBe(201);
    const pictureBytes = (await used('storageBytes')) - before;
    expect(pictureBytes).toBeGreaterThan(0);
    // Room for less than another picture: refused, and neither a row nor a file is left of it.
    await setWebsiteQuotas(db(), website.id, { storageBytes: before + pictureBytes + 10 });
    const images = await db().selectFrom('images').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow();
    const refused = await uploadPicture(60);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ message: `This website has reached its storage limit of ${humanizeFileSize(before + pictureBytes + 10)}.` });
    expect(await db().selectFrom('images').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(images);
    // A digital product's file: the one it replaces is set against it, so a smaller one always fits …
    const file = (await admin.get(`/api/owner/products/${demoProductId('photography-ebook')}/file`)).json().file;
    const smaller = await uploadEbookFile(Buffer.alloc(file.byteSize - 100, 1));
    expect(smaller.statusCode, smaller.body).toBe(200);
    // … and one 200 bytes larger than the file it replaces, with 110 bytes of room left, does not.
    const larger = await uploadEbookFile(Buffer.alloc(file.byteSize + 100, 1));
    expect(larger.statusCode).toBe(413);
    expect((await admin.get(`/api/owner/products/${demoProductId('photography-ebook')}/file`)).json().file.byteSize).toBe(file.byteSize - 100);
  });
});

describe('the storage quota counts every kind of file', () => {
  it("an uploaded theme's archive and a finished site export count as the website's stored bytes; another website's do not", async () => {
    const before = await used('storageBytes');
    const other = await db().insertInto('websites').values({ id: 'quota-other-site', identifier: 'quota-other', site_title: 'Other' }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('website_themes').values({ id: 'quota-theme', website_id: website.id, name: 'Quota theme', version: '1.0.0', byte_size: 4_000, sha256: 'a'.repeat(64), storage_key: 'themes/quota-theme.zip' }).execute();
    await db().insertInto('site_archives').values({ id: 'quota-export', website_id: website.id, status: 'ready', storage_key: 'site-archives/quota-export.tar', byte_size: 6_000 }).execute();
    // A queued export has no bytes yet.
    await db().insertInto('site_archives').values({ id: 'quota-export-queued', website_id: website.id }).execute();
    await db().insertInto('site_archives').values({ id: 'quota-export-other', website_id: other.id, status: 'ready', storage_key: 'site-archives/other.tar', byte_size: 9_000 }).execute();
    try {
      expect(await used('storageBytes')).toBe(before + 10_000);
    } finally {
      await db().deleteFrom('site_archives').where('id', 'in', ['quota-export', 'quota-export-queued', 'quota-export-other']).execute();
      await db().deleteFrom('website_themes').where('id', '=', 'quota-theme').execute();
      await db().deleteFrom('websites').where('id', '=', other.id).execute();
    }
  });
});

describe('the contributor quota', () => {
  it('counts contributors and open invitations; past the limit an invitation is 403, and a cancelled one frees its place', async () => {
    const { contributors } = await allowMore('contributors', 1);
    const first = await admin.post('/api/owner/contributors/invitations', { email: 'quota-first@example.com', role: 10 });
    expect(first.statusCode, first.body).toBe(201);
    const second = await admin.post('/api/owner/contributors/invitations', { email: 'quota-second@example.com', role: 10 });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({ message: `This website has reached its limit of ${contributors.limit} contributor${contributors.limit === 1 ? '' : 's'}.` });
    expect(await db().selectFrom('mail_outbox').select('id').where('to_address', '=', 'quota-second@example.com').execute()).toEqual([]);
    // Inviting the same address again replaces its invitation: no new place is taken.
    expect((await admin.post('/api/owner/contributors/invitations', { email: 'quota-first@example.com', role: 10 })).statusCode).toBe(201);
    const { invitations } = (await admin.get('/api/owner/contributors')).json();
    const pending = invitations.find((invitation: { email: string }) => invitation.email === 'quota-first@example.com');
    expect((await admin.delete(`/api/owner/contributors/invitations/${pending.invitationId}`)).statusCode).toBe(200);
    expect(await used('contributors')).toBe(contributors.limit! - 1);
    expect((await admin.post('/api/owner/contributors/invitations', { email: 'quota-second@example.com', role: 10 })).statusCode).toBe(201);
  });
});

const mail = (to: string, overrides: Partial<MailMessage> = {}): MailMessage => ({
  kind: 'marketing', template: 'restock-notice', to, subject: 'Back in stock', text: 'It is back.', html: '<p>It is back.</p>', ...overrides,
});

describe('the mails-a-day quota', () => {
  it("refuses mail past the day's limit with 429 and Retry-After, never a purchase's or an account's, and skips a form's notification", async () => {
    const { mailsPerDay } = await allowMore('mailsPerDay', 1);
    await enqueueMail(db(), website, 'shop@example.com', mail('first-notice@example.com'));
    const refused = await enqueueMail(db(), website, 'shop@example.com', mail('second-notice@example.com')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QuotaReached);
    expect((refused as QuotaReached).message).toBe(`This website has reached its limit of ${mailsText(mailsPerDay.limit!)} a day.`);
    expect((refused as QuotaReached).retryAfterSeconds).toBeGreaterThan(86_000);
    // An owner's call that mails: 429 with the message and when to try again; nothing of it is kept.
    const invited = await admin.post('/api/owner/contributors/invitations', { email: 'over-mail@example.com', role: 10 });
    expect(invited.statusCode).toBe(429);
    expect(invited.json()).toEqual({ message: `This website has reached its limit of ${mailsText(mailsPerDay.limit!)} a day.` });
    expect(Number(invited.headers['retry-after'])).toBeGreaterThan(86_000);
    expect(await db().selectFrom('owner_invitations').select('email').where('email', '=', 'over-mail@example.com').execute()).toEqual([]);
    // A password reset is counted but never refused: the shopper locked out still gets it.
    const shopper = new TestVisitor(server.app);
    await shopper.visit('/');
    expect((await shopper.post('/api/site-users/account', { email: 'locked-out@example.com', password: 'old-password-1' })).statusCode).toBe(201);
    const forgetful = new TestVisitor(server.app);
    await forgetful.visit('/');
    expect((await forgetful.post('/api/site-users/account/password-reset', { email: 'locked-out@example.com' })).statusCode).toBe(200);
    expect(await db().selectFrom('mail_outbox').select('template').where('to_address', '=', 'locked-out@example.com').execute()).toEqual([{ template: 'password-reset' }]);
    // A form submission's notification is left out; what asked for it goes on.
    expect(await inTransaction(db(), (trx) => enqueueMailIfQuotaAllows(trx, website, 'shop@example.com', mail('owner@example.com', { kind: 'transactional', template: 'form-submission' })))).toBeUndefined();
    expect(await used('mailsPerDay')).toBe(mailsPerDay.limit! + 1);
  });
});

describe('usage and quotas, as the operator reads and sets them', () => {
  it("answers each quota's use, limit and where the limit comes from; refuses bad values naming each", async () => {
    const usage = await setWebsiteQuotas(db(), website.id, { products: 500, mailsPerDay: 0 });
    expect(Object.keys(usage)).toEqual([...QUOTA_KINDS]);
    expect(usage.products).toEqual({ used: await used('products'), limit: 500, limitFrom: 'website' });
    expect(usage.mailsPerDay).toMatchObject({ limit: 0, limitFrom: 'website' });
    expect(usage.storageBytes).toMatchObject({ limit: null, limitFrom: 'none' });
    // A kind left out keeps its value; null goes back to the platform's default.
    expect((await setWebsiteQuotas(db(), website.id, { contributors: 3 })).products.limit).toBe(500);
    expect((await setWebsiteQuotas(db(), website.id, { products: null })).products).toMatchObject({ limit: null, limitFrom: 'none' });
    const bad = await setWebsiteQuotas(db(), website.id, { products: -1, storageBytes: 1.5, ['pages' as QuotaKind]: 3 }).catch((error: unknown) => error);
    expect(bad).toMatchObject({
      kind: 'invalid',
      errors: {
        products: 'A quota is a whole number of 0 or more, or null for the platform default.',
        storageBytes: 'A quota is a whole number of 0 or more, or null for the platform default.',
        pages: 'There is no such quota.',
      },
    });
    await expect(websiteUsage(db(), 'no-such-website')).rejects.toMatchObject({ kind: 'not-found', message: 'There is no such website.' });
  });

  it("uses the platform's default (QUOTA_* in the environment) where the website has none of its own", async () => {
    expect(quotaDefaultsFromEnv({})).toEqual({ products: null, storageBytes: null, contributors: null, mailsPerDay: null });
    expect(quotaDefaultsFromEnv({ QUOTA_PRODUCTS: '100', QUOTA_STORAGE_BYTES: ' 1000000000 ', QUOTA_MAILS_PER_DAY: '' })).toEqual({
      products: 100, storageBytes: 1_000_000_000, contributors: null, mailsPerDay: null,
    });
    expect(() => quotaDefaultsFromEnv({ QUOTA_CONTRIBUTORS: '-2' })).toThrow('QUOTA_CONTRIBUTORS must be a whole number of 0 or more (got "-2").');
    const limit = await used('products');
    process.env.QUOTA_PRODUCTS = String(limit);
    try {
      expect((await websiteUsage(db(), website.id)).products).toEqual({ used: limit, limit, limitFrom: 'platform' });
      const refused = await newProduct();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: `This website has reached its limit of ${productsText(limit)}.` });
      // The website's own quota wins over the default.
      await setWebsiteQuotas(db(), website.id, { products: limit + 1 });
      expect((await newProduct()).statusCode).toBe(201);
    } finally {
      delete process.env.QUOTA_PRODUCTS;
    }
  });
});
