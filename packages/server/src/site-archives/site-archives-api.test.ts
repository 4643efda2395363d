// databases: both — the export is queued under the website's row lock and claimed FOR UPDATE SKIP LOCKED by two job runners; the import writes every row in one transaction
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_ARCHIVE_OWNER_MESSAGES, type SiteArchiveJson } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import { createWebsite } from '../platform';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import type { SiteExportJob } from './export-job';
import { SITE_ARCHIVE_MESSAGES } from './messages';

/*
 * Settings → Export and import through the API (issue 37 item 4): an admin queues an export, a background job writes
 * it (two job runners take it once), its progress shows, a signed link downloads it on its own host only and stops
 * working when changed; the archive imports into a new website, whose shop then shows the products; a second
 * website sees neither the first's exports nor their progress; other roles are refused.
 */

const PLATFORM = 'archives.test';
const A_HOST = `demo.${PLATFORM}`;
const B_HOST = `copy.${PLATFORM}`;
const C_HOST = `other.${PLATFORM}`;
const BASE = '/api/owner/site-archives';

let server: TestServer;
let job: SiteExportJob;
let admin: TestVisitor;
let copyAdmin: TestVisitor;
let otherAdmin: TestVisitor;
let archiveBytes: Buffer;
let archiveId: string;

beforeAll(async () => {
  server = await openTestServer({ platformDomain: PLATFORM, logger: process.env.DEBUG_ARCHIVE ? { level: 'error' } : false, siteExports: { intervalMs: 0, created: (made) => (job = made) } });
  await createWebsite(server.database.db, { identifier: 'copy', siteTitle: 'Copy', sampleContent: false });
  await createWebsite(server.database.db, { identifier: 'other', siteTitle: 'Other', sampleContent: false });
  admin = await ownerVisitor(server, 'admin', { identifier: 'demo', host: A_HOST });
  copyAdmin = await ownerVisitor(server, 'admin', { identifier: 'copy', host: B_HOST });
  otherAdmin = await ownerVisitor(server, 'admin', { identifier: 'other', host: C_HOST });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('exporting a site', () => {
  it('queues one export at a time, which one of two job runners writes, with its progress to the end', async () => {
    const started = await admin.post(BASE, { includePersonalData: false });
    expect(started.statusCode, started.body).toBe(202);
    const archive = started.json().archive as SiteArchiveJson;
    expect([archive.status, archive.stepsDone, archive.includePersonalData]).toEqual(['queued', 0, false]);
    archiveId = archive.id;
    const again = await admin.post(BASE, { includePersonalData: true });
    expect([again.statusCode, again.json()]).toEqual([409, { message: SITE_ARCHIVE_OWNER_MESSAGES.inProgress }]);

    // Two processes' job runners at once: one takes it, the other finds nothing waiting.
    const runs = await Promise.all([job.runOnce(), job.runOnce()]);
    expect(runs.filter(Boolean)).toEqual([{ id: archiveId, status: 'ready' }]);
    const done = (await admin.get(`${BASE}/${archiveId}`)).json().archive as SiteArchiveJson;
    expect(done.status).toBe('ready');
    expect(done.stepsTotal).toBeGreaterThan(10);
    expect(done.stepsDone).toBe(done.stepsTotal);
    expect(done.byteSize).toBeGreaterThan(1000);
    const listed = (await admin.get(BASE)).json();
    expect(listed.archives.map((entry: SiteArchiveJson) => entry.id)).toEqual([archiveId]);
    expect(listed.canImport).toBe(false);
  });

  it('downloads through a signed link on its own host only; a changed link or another host is 404', async () => {
    const link = await admin.post(`${BASE}/${archiveId}/link`);
    expect(link.statusCode, link.body).toBe(200);
    const { url } = link.json() as { url: string };
    expect(url).toMatch(new RegExp(`^/site-archives/${archiveId}\\?expires=\\d+&signature=[A-Za-z0-9_-]+$`));
    const download = await new TestVisitor(server.app, undefined, { host: A_HOST }).get(url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="demo-site-archive-\d{4}-\d{2}-\d{2}\.tar\.gz"$/);
    expect(download.headers['cache-control']).toBe('private, no-store');
    archiveBytes = download.rawPayload;
    expect(archiveBytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    const elsewhere = await new TestVisitor(server.app, undefined, { host: C_HOST }).get(url);
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([404, { message: SITE_ARCHIVE_OWNER_MESSAGES.linkExpired }]);
    const changed = await new TestVisitor(server.app, undefined, { host: A_HOST }).get(url.replace(/expires=(\d+)/, (_all, at) => `expires=${Number(at) + 60}`));
    expect(changed.statusCode).toBe(404);
    const expired = await new TestVisitor(server.app, undefined, { host: A_HOST }).get(url.replace(/expires=\d+/, 'expires=1000'));
    expect(expired.statusCode).toBe(404);
  });

  it('shows another website neither the export nor its progress nor a link to it', async () => {
    expect((await otherAdmin.get(BASE)).json().archives).toEqual([]);
    const progress = await otherAdmin.get(`${BASE}/${archiveId}`);
    expect([progress.statusCode, progress.json()]).toEqual([404, { message: SITE_ARCHIVE_OWNER_MESSAGES.archiveId }]);
    const link = await otherAdmin.post(`${BASE}/${archiveId}/link`);
    expect([link.statusCode, link.json()]).toEqual([404, { message: SITE_ARCHIVE_OWNER_MESSAGES.archiveId }]);
  });

  it('is for admins only', async () => {
    const manager = await ownerVisitor(server, 'websiteManager', { identifier: 'demo', host: A_HOST });
    const answer = await manager.post(BASE, { includePersonalData: false });
    expect([answer.statusCode, answer.json().message]).toEqual([403, OWNER_MESSAGES.notAllowed]);
    expect((await new TestVisitor(server.app, undefined, { host: A_HOST }).get(BASE)).statusCode).toBe(401);
  });

  it('refuses a body that is not a yes or no for personal data', async () => {
    const answer = await admin.post(BASE, { includePersonalData: 'yes' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({ includePersonalData: SITE_ARCHIVE_OWNER_MESSAGES.includePersonalData });
  });
});

describe('importing a site archive', () => {
  const upload = (visitor: TestVisitor, host: string, payload: Buffer) =>
    visitor.request({ method: 'POST', url: `${BASE}/import`, payload, headers: { host, 'content-type': 'application/gzip' } });

  it('refuses a file that is not an archive with a clear 400, and writes nothing', async () => {
    const answer = await upload(copyAdmin, B_HOST, Buffer.from('hello'));
    expect([answer.statusCode, answer.json()]).toEqual([400, { message: SITE_ARCHIVE_MESSAGES.notAnArchive }]);
    expect((await copyAdmin.get(BASE)).json().canImport).toBe(true);
  });

  it('fills a new website with the archive: its shop shows the products, with new ids', async () => {
    const answer = await upload(copyAdmin, B_HOST, archiveBytes);
    expect(answer.statusCode, answer.body).toBe(200);
    const { rows, files } = answer.json() as { rows: Record<string, number>; files: number };
    expect(rows.products).toBeGreaterThan(5);
    expect(files).toBeGreaterThanOrEqual(0);
    const db = server.database.db;
    const demo = await db.selectFrom('websites').select('id').where('identifier', '=', 'demo').executeTakeFirstOrThrow();
    const copy = await db.selectFrom('websites').select('id').where('identifier', '=', 'copy').executeTakeFirstOrThrow();
    const source = await db.selectFrom('products').select(['id', 'url_id', 'title']).where('website_id', '=', demo.id).orderBy('url_id').execute();
    const copied = await db.selectFrom('products').select(['id', 'url_id', 'title']).where('website_id', '=', copy.id).orderBy('url_id').execute();
    expect(copied.map(({ url_id, title }) => [url_id, title])).toEqual(source.map(({ url_id, title }) => [url_id, title]));
    expect(copied.some((product) => source.some((original) => original.id === product.id))).toBe(false);
    const shopper = new TestVisitor(server.app, undefined, { host: B_HOST });
    const page = await shopper.get(`/shop/p/${source[0]!.url_id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(source[0]!.title.replace(/&/g, '&amp;'));
    // Now it has products: a second import is refused.
    const again = await upload(copyAdmin, B_HOST, archiveBytes);
    expect([again.statusCode, again.json()]).toEqual([409, { message: SITE_ARCHIVE_MESSAGES.notNew }]);
    // The website that exported is untouched.
    expect((await db.selectFrom('products').select('id').where('website_id', '=', demo.id).execute()).length).toBe(source.length);
  });
});
