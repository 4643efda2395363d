// databases: both — the import job's claim (FOR UPDATE SKIP LOCKED), the plan in jsonb, the redirects' upserts and the comments' threads written alike on each engine
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_IMPORT_LIMITS, SITE_IMPORT_MESSAGES, type SiteImportJson } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import { createWebsite } from '../platform';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import type { SiteImportJob } from './import-job';

/*
 * Issue 37 item 5: a WordPress export (WXR) written here — a page under a parent, a post with a category, a tag,
 * two comments (one approved, one held) and two pictures (one served by a loopback server, one unreachable), an
 * attachment — imported by the job; its old addresses answer 301 to the new ones; a second import skips what is
 * there; bad files are 4xx with nothing written; another website sees none of it.
 */

const PLATFORM = 'wxr.test';
const A_HOST = `willow.${PLATFORM}`;
const B_HOST = `bravo.${PLATFORM}`;
const START = '/api/owner/site-imports/wxr';

let server: TestServer;
let admin: TestVisitor;
let bravoAdmin: TestVisitor;
let job: SiteImportJob;
let pictures: http.Server;
let closedPort: number;
const pictureRequests: string[] = [];

beforeAll(async () => {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } }).png().toBuffer();
  pictures = http.createServer((request, response) => {
    pictureRequests.push(request.url ?? '');
    if (request.url?.startsWith('/uploads/')) response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
  // A port nobody listens on: the unreachable picture.
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  server = await openTestServer({ platformDomain: PLATFORM, webhooks: { allowPrivate: 'loopback' }, siteImports: { intervalMs: 0, created: (made) => (job = made) } });
  await createWebsite(server.database.db, { identifier: 'willow', siteTitle: 'Willow', sampleContent: false });
  await createWebsite(server.database.db, { identifier: 'bravo', siteTitle: 'Bravo', sampleContent: false });
  admin = await ownerVisitor(server, 'admin', { identifier: 'willow', host: A_HOST });
  bravoAdmin = await ownerVisitor(server, 'admin', { identifier: 'bravo', host: B_HOST });
}, 90_000);
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => pictures?.close(resolve));
});

const pictureUrl = (name: string) => `http://127.0.0.1:${(pictures.address() as AddressInfo).port}/uploads/2024/05/${name}`;
const unreachableUrl = () => `http://127.0.0.1:${closedPort}/uploads/gone.jpg`;

function wxr(): string {
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/"
  xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Old Willow &amp; Co</title>
  <link>https://old-willow.example</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:author><wp:author_id>1</wp:author_id><wp:author_login><![CDATA[ann]]></wp:author_login><wp:author_email>ann@old-willow.example</wp:author_email><wp:author_display_name><![CDATA[Ann Gardener]]></wp:author_display_name></wp:author>
  <wp:category><wp:term_id>3</wp:term_id><wp:category_nicename><![CDATA[news]]></wp:category_nicename><wp:category_parent><![CDATA[]]></wp:category_parent><wp:cat_name><![CDATA[News]]></wp:cat_name></wp:category>
  <wp:tag><wp:term_id>4</wp:term_id><wp:tag_slug><![CDATA[spring]]></wp:tag_slug><wp:tag_name><![CDATA[Spring]]></wp:tag_name></wp:tag>
  <item>
    <title>Our team</title>
    <link>https://old-willow.example/company/our-team/</link>
    <dc:creator><![CDATA[ann]]></dc:creator>
    <guid isPermaLink="false">https://old-willow.example/?page_id=10</guid>
    <content:encoded><![CDATA[<!-- wp:paragraph --><p>We grow <strong>willows</strong>.</p><!-- /wp:paragraph --><script>alert(1)</script>]]></content:encoded>
    <excerpt:encoded><![CDATA[]]></excerpt:encoded>
    <wp:post_id>10</wp:post_id>
    <wp:post_date_gmt><![CDATA[2024-04-01 09:00:00]]></wp:post_date_gmt>
    <wp:comment_status><![CDATA[closed]]></wp:comment_status>
    <wp:post_name><![CDATA[our-team]]></wp:post_name>
    <wp:status><![CDATA[publish]]></wp:status>
    <wp:post_parent>9</wp:post_parent>
    <wp:post_type><![CDATA[page]]></wp:post_type>
  </item>
  <item>
    <title>Hello spring</title>
    <link>https://old-willow.example/2024/05/hello-spring/</link>
    <pubDate>Wed, 01 May 2024 10:00:00 +0000</pubDate>
    <dc:creator><![CDATA[ann]]></dc:creator>
    <guid isPermaLink="false">https://old-willow.example/?p=123</guid>
    <content:encoded><![CDATA[First buds.

<img src="${pictureUrl('buds.png')}" alt="Green buds" width="40" height="30" />

<a href="${unreachableUrl()}"><img src="${unreachableUrl()}" alt="A lost picture"></a>
<p onclick="steal()">The end.</p>]]></content:encoded>
    <excerpt:encoded><![CDATA[Spring is <em>here</em>.]]></excerpt:encoded>
    <wp:post_id>123</wp:post_id>
    <wp:post_date_gmt><![CDATA[2024-05-01 10:00:00]]></wp:post_date_gmt>
    <wp:comment_status><![CDATA[open]]></wp:comment_status>
    <wp:post_name><![CDATA[hello-spring]]></wp:post_name>
    <wp:status><![CDATA[publish]]></wp:status>
    <wp:post_parent>0</wp:post_parent>
    <wp:post_type><![CDATA[post]]></wp:post_type>
    <category domain="category" nicename="news"><![CDATA[News]]></category>
    <category domain="post_tag" nicename="spring"><![CDATA[Spring]]></category>
    <wp:postmeta><wp:meta_key><![CDATA[_edit_last]]></wp:meta_key><wp:meta_value><![CDATA[1]]></wp:meta_value></wp:postmeta>
    <wp:postmeta><wp:meta_key><![CDATA[_thumbnail_id]]></wp:meta_key><wp:meta_value><![CDATA[124]]></wp:meta_value></wp:postmeta>
    <wp:comment>
      <wp:comment_id>7</wp:comment_id><wp:comment_author><![CDATA[Bob Birch]]></wp:comment_author><wp:comment_author_email><![CDATA[bob@example.test]]></wp:comment_author_email>
      <wp:comment_date_gmt><![CDATA[2024-05-02 08:00:00]]></wp:comment_date_gmt><wp:comment_content><![CDATA[Lovely buds!]]></wp:comment_content>
      <wp:comment_approved><![CDATA[1]]></wp:comment_approved><wp:comment_type><![CDATA[comment]]></wp:comment_type><wp:comment_parent>0</wp:comment_parent>
    </wp:comment>
    <wp:comment>
      <wp:comment_id>8</wp:comment_id><wp:comment_author><![CDATA[Carl]]></wp:comment_author><wp:comment_author_email><![CDATA[carl@example.test]]></wp:comment_author_email>
      <wp:comment_date_gmt><![CDATA[2024-05-03 08:00:00]]></wp:comment_date_gmt><wp:comment_content><![CDATA[Held for moderation]]></wp:comment_content>
      <wp:comment_approved><![CDATA[0]]></wp:comment_approved><wp:comment_type><![CDATA[comment]]></wp:comment_type><wp:comment_parent>7</wp:comment_parent>
    </wp:comment>
    <wp:comment>
      <wp:comment_id>9</wp:comment_id><wp:comment_author><![CDATA[Some blog]]></wp:comment_author><wp:comment_content><![CDATA[Pingback]]></wp:comment_content>
      <wp:comment_approved><![CDATA[1]]></wp:comment_approved><wp:comment_type><![CDATA[pingback]]></wp:comment_type><wp:comment_parent>0</wp:comment_parent>
    </wp:comment>
  </item>
  <item>
    <title>buds-attachment</title>
    <link>https://old-willow.example/2024/05/hello-spring/buds/</link>
    <wp:post_id>124</wp:post_id>
    <wp:post_name><![CDATA[buds]]></wp:post_name>
    <wp:status><![CDATA[inherit]]></wp:status>
    <wp:post_type><![CDATA[attachment]]></wp:post_type>
    <wp:attachment_url><![CDATA[${pictureUrl('buds.png')}]]></wp:attachment_url>
  </item>
  <item>
    <title>Menu item</title>
    <wp:post_id>200</wp:post_id>
    <wp:post_type><![CDATA[nav_menu_item]]></wp:post_type>
  </item>
</channel>
</rss>`;
}

const send = (body: string, by = admin, contentType = 'application/xml') => by.request({ method: 'POST', url: START, payload: body, headers: { 'content-type': contentType } });
const shopper = (host = A_HOST) => new TestVisitor(server.app, undefined, { host });
const visit = async (url: string, host = A_HOST) => {
  const answer = await shopper(host).request({ method: 'GET', url });
  return { status: answer.statusCode, location: answer.headers.location as string | undefined, body: answer.body };
};
const importCount = async () => Number((await server.database.db.selectFrom('site_imports').select(server.database.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

async function importAndRun(contentType = 'application/xml'): Promise<SiteImportJson> {
  const started = await send(wxr(), admin, contentType);
  expect(started.statusCode, started.body).toBe(202);
  const queued = started.json().import as SiteImportJson;
  expect(queued).toMatchObject({ status: 'queued', source: 'wxr', siteTitle: 'Old Willow & Co', stepsDone: 0, stepsTotal: 4, report: null });
  expect(await job.runOnce()).toEqual({ id: queued.id, status: 'done' });
  const read = await admin.get(`/api/owner/site-imports/${queued.id}`);
  expect(read.statusCode, read.body).toBe(200);
  return read.json().import as SiteImportJson;
}

describe('importing a WordPress export', () => {
  it('writes the page, the post with its labels, author and comments, the reachable picture, and reports the rest', async () => {
    const done = await importAndRun();
    expect(done).toMatchObject({ status: 'done', stepsDone: 4, stepsTotal: 4, failure: null });
    // Redirects: the page's /company/our-team/ and ?page_id=10; the post's dated link and ?p=123 (its /blog/slug is its address here).
    expect(done.report).toEqual({
      created: { pages: 1, posts: 1, comments: 2, pictures: 1, redirects: 4 },
      skipped: [],
      failedPictures: [{ url: unreachableUrl(), reason: 'Could not connect (ECONNREFUSED).' }],
    });
    // The attachment and the post's picture are one address: fetched once.
    expect(pictureRequests.filter((path) => path === '/uploads/2024/05/buds.png')).toHaveLength(1);

    const db = server.database.db;
    const willow = await db.selectFrom('websites').select('id').where('identifier', '=', 'willow').executeTakeFirstOrThrow();
    const post = await db.selectFrom('site_items').selectAll().where('website_id', '=', willow.id).where('url_id', '=', 'hello-spring').executeTakeFirstOrThrow();
    expect(post).toMatchObject({ title: 'Hello spring', status: 'published', author_name: 'Ann Gardener', tags: ['Spring'], categories: ['News'], excerpt: 'Spring is here.', comment_state: 1 });
    expect(new Date(post.published_at!).toISOString()).toBe('2024-05-01T10:00:00.000Z');
    const blocks = post.body.sections[0]!.columns[0]!.blocks;
    expect(blocks.map((block) => block.type)).toEqual([2, 5, 2]);
    expect(blocks[0]!.settings.html).toBe('<p>First buds.</p>');
    expect(blocks[1]!.settings).toMatchObject({ altText: 'Green buds' });
    const image = await db.selectFrom('images').select(['id', 'width', 'height']).where('id', '=', String(blocks[1]!.settings.imageId)).executeTakeFirstOrThrow();
    expect(image).toMatchObject({ width: 40, height: 30 });
    // The featured image (_thumbnail_id → attachment 124) is the post's main image: the same picture, stored once.
    expect(post.image).toEqual({ imageId: image.id, altText: '', focalPoint: { x: 0.5, y: 0.5 } });
    // The unreachable picture is a link to its old address; no handler attribute survives.
    expect(blocks[2]!.settings.html).toBe(`<p><a href="${unreachableUrl()}">A lost picture</a></p>\n<p>The end.</p>`);
    const comments = await db.selectFrom('post_comments').select(['author_name', 'status', 'depth', 'body']).where('item_id', '=', post.id).orderBy('created_at').execute();
    expect(comments).toEqual([
      { author_name: 'Bob Birch', status: 'approved', depth: 0, body: 'Lovely buds!' },
      { author_name: 'Carl', status: 'pending', depth: 1, body: 'Held for moderation' },
    ]);
    const page = await db.selectFrom('site_pages').select(['title', 'status', 'body', 'kind']).where('website_id', '=', willow.id).where('url_id', '=', 'our-team').executeTakeFirstOrThrow();
    expect(page).toMatchObject({ title: 'Our team', status: 'published', kind: 'page' });
    expect(page.body.sections[0]!.columns[0]!.blocks.map((block) => block.settings.html)).toEqual(['<p>We grow <strong>willows</strong>.</p>']);

    // The storefront shows them once the owner turns comments on (they are off on a new site; the import leaves the
    // site's settings alone): the post with its picture and the approved comment only.
    expect((await admin.put('/api/owner/comments/settings', { commentsEnabled: true })).statusCode).toBe(200);
    const shown = await visit('/blog/hello-spring');
    expect(shown.status).toBe(200);
    expect(shown.body).toContain('Lovely buds!');
    expect(shown.body).not.toContain('Held for moderation');
    expect(shown.body).toContain(`/images/${image.id}`);
    expect((await visit('/our-team')).status).toBe(200);
  });

  it('answers the old addresses with 301s to the new ones: dated links, ?p= and ?page_id=, page paths, Squarespace-style /blog/slug', async () => {
    expect(await visit('/2024/05/hello-spring/')).toMatchObject({ status: 301, location: '/blog/hello-spring' });
    expect(await visit('/2024/05/hello-spring')).toMatchObject({ status: 301, location: '/blog/hello-spring' });
    expect(await visit('/?p=123')).toMatchObject({ status: 301, location: '/blog/hello-spring' });
    expect(await visit('/?page_id=10')).toMatchObject({ status: 301, location: '/our-team' });
    expect(await visit('/company/our-team/')).toMatchObject({ status: 301, location: '/our-team' });
    // An id the export did not have is the home page as ever.
    expect((await visit('/?p=999')).status).toBe(200);
    // Another website's visitors see none of it.
    expect((await visit('/2024/05/hello-spring/', B_HOST)).status).toBe(404);
    expect((await visit('/?p=123', B_HOST)).status).not.toBe(301);
  });

  it('a second import of the same file skips what is there (duplicates by slug) and writes nothing twice', async () => {
    // Sent as text/xml with a charset this time, as some clients do.
    const again = await importAndRun('text/xml; charset=utf-8');
    expect(again.report).toEqual({
      created: { pages: 0, posts: 0, comments: 0, pictures: 1, redirects: 0 },
      skipped: [
        { kind: 'page', title: 'Our team', slug: 'our-team', reason: 'Another page or a store already uses this URL.' },
        { kind: 'post', title: 'Hello spring', slug: 'hello-spring', reason: 'A post with this address is already on the blog.' },
      ],
      failedPictures: [{ url: unreachableUrl(), reason: 'Could not connect (ECONNREFUSED).' }],
    });
  });
});

describe('bad files', () => {
  it('refuses what is not a WXR export with a 4xx and a clear message, writing nothing', async () => {
    const before = await importCount();
    const notXml = await send('this is <not xml');
    expect(notXml.statusCode).toBe(400);
    expect(notXml.json().message).toMatch(/^This file is not well-formed XML: it cannot be a WordPress or Squarespace export\. \(line \d+: /);
    const notWxr = await send('<?xml version="1.0"?><html><body>Hi</body></html>');
    expect(notWxr.statusCode).toBe(400);
    expect(notWxr.json()).toEqual({ message: SITE_IMPORT_MESSAGES.notWxr, errors: { file: SITE_IMPORT_MESSAGES.notWxr } });
    const empty = await send('<?xml version="1.0"?><rss><channel><title>Nothing</title></channel></rss>');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(SITE_IMPORT_MESSAGES.empty);
    const entities = await send('<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><rss><channel><item><title>&b;</title><wp:post_type>post</wp:post_type></item></channel></rss>');
    expect(entities.statusCode).toBe(400);
    expect(entities.json().message).toBe(SITE_IMPORT_MESSAGES.unreadable);
    const many = `<?xml version="1.0"?><rss><channel>${'<item><wp:post_type>post</wp:post_type><title>x</title></item>'.repeat(SITE_IMPORT_LIMITS.items + 1)}</channel></rss>`;
    const tooMany = await send(many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(SITE_IMPORT_MESSAGES.tooManyItems);
    const json = await admin.request({ method: 'POST', url: START, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: SITE_IMPORT_MESSAGES.notXml });
    const huge = await admin.request({ method: 'POST', url: START, payload: 'x', headers: { 'content-type': 'application/xml', 'content-length': String(SITE_IMPORT_LIMITS.archiveBytes + 1) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: SITE_IMPORT_MESSAGES.tooLarge });
    expect(await importCount()).toBe(before);
  });

  it('only admins start imports; another website cannot read this one\'s', async () => {
    const editor = await ownerVisitor(server, 'editor', { identifier: 'willow', host: A_HOST });
    const refused = await send(wxr(), editor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(OWNER_MESSAGES.notAllowed);
    const [mine] = (await admin.get('/api/owner/site-imports')).json().imports as SiteImportJson[];
    expect(mine).toBeDefined();
    const other = await bravoAdmin.get(`/api/owner/site-imports/${mine!.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(SITE_IMPORT_MESSAGES.importId);
    expect((await bravoAdmin.get('/api/owner/site-imports')).json()).toEqual({ imports: [] });
  });
});
