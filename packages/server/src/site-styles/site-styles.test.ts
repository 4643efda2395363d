// databases: both — the draft's upsert on a partial unique index, the publish's row lock and the versions' keyset (tuple comparison) are SQL each engine must run alike
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_STYLES_MESSAGES, type SiteStylesJson } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import { createWebsite } from '../platform';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { DEFAULT_STYLES } from './compiled';

/*
 * Site styles (issue 33 item 2): the owner's draft, publish, versions, restore and reset, who may, what is refused;
 * the compiled stylesheet (content-hashed, a year's cache, 404 for any other name) and what pages link; the font
 * files' allow-list; a second website's styles apart.
 */

const PLATFORM = 'styles.test';
const A_HOST = `demo.${PLATFORM}`;
const B_HOST = `bravo.${PLATFORM}`;

let server: TestServer;
let admin: TestVisitor;
beforeAll(async () => {
  server = await openTestServer({ platformDomain: PLATFORM });
  await createWebsite(server.database.db, { identifier: 'bravo', siteTitle: 'Bravo', sampleContent: false });
  admin = await ownerVisitor(server, 'admin', { identifier: 'demo', host: A_HOST });
}, 90_000);
afterAll(async () => {
  await server?.close();
});

const shopperPage = async (path = '/', host = A_HOST) => (await new TestVisitor(server.app, undefined, { host }).get(path)).body;
// The theme's base sheet, then the website's; the theme's feature sheets a page links (rendering/theme-sheets.ts) left out.
const stylesheetLinks = (html: string) =>
  [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((match) => match[1]!).filter((href) => !href.startsWith('/assets/theme-sheets/') || href.includes('/base-'));
const THEME_BASE_SHEET = expect.stringMatching(/^\/assets\/theme-sheets\/base-[0-9a-f]{12}\.css$/);
const fontPreloads = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((match) => match[1]);
const THEME_INTER = '/assets/theme/fonts/inter-latin-400-normal.woff2';
const draftRows = () => server.database.db.selectFrom('site_style_versions').selectAll().execute();

describe('site styles: reading and who may change them', () => {
  it('answers the theme, no draft or published values and the default stylesheet to any role with site:read', async () => {
    const answer = await (await ownerVisitor(server, 'viewer', { identifier: 'demo', host: A_HOST })).get('/api/site-styles');
    expect(answer.statusCode).toBe(200);
    const styles = answer.json() as SiteStylesJson;
    expect(styles.manifest.name).toBe('Vitrine');
    expect(styles.manifest.settings.map((group) => group.id)).toEqual(['colours', 'colour-theme-light', 'colour-theme-dark', 'colour-theme-accent', 'type', 'spacing', 'layout', 'buttons', 'pictures', 'business']);
    expect(styles).toMatchObject({ draft: {}, published: {}, publishedVersionId: null, stylesheetUrl: DEFAULT_STYLES.stylesheetUrl, contrastWarnings: [] });
    expect(DEFAULT_STYLES.stylesheetUrl).toMatch(/^\/assets\/site-styles\/[0-9a-f]{16}\.css$/);
  });

  it('lets admins and website managers save a draft; refuses editors, store managers and viewers (403) and the signed out (401)', async () => {
    const stranger = new TestVisitor(server.app, undefined, { host: A_HOST });
    await stranger.visit('/');
    const signedOut = await stranger.put('/api/site-styles/draft', { values: { 'colour.accent': '#7a2e1f' } });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe(OWNER_MESSAGES.notSignedIn);
    for (const role of ['editor', 'storeManager', 'viewer'] as const) {
      const visitor = await ownerVisitor(server, role, { identifier: 'demo', host: A_HOST });
      for (const [method, url] of [['PUT', '/api/site-styles/draft'], ['POST', '/api/site-styles/publish'], ['POST', '/api/site-styles/reset']] as const) {
        const refused = await visitor.request({ method, url, payload: method === 'PUT' ? { values: {} } : undefined });
        expect(refused.statusCode, `${role} ${url}`).toBe(403);
        expect(refused.json().message).toBe(OWNER_MESSAGES.notAllowed);
      }
    }
    expect(await draftRows()).toEqual([]);
    const manager = await ownerVisitor(server, 'websiteManager', { identifier: 'demo', host: A_HOST });
    const saved = await manager.put('/api/site-styles/draft', { values: { 'spacing.scale': 1.25 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().draft).toEqual({ 'spacing.scale': 1.25 });
  });

  it('refuses bad values with each one named by its setting id, and writes nothing', async () => {
    const before = await draftRows();
    const refused = await admin.put('/api/site-styles/draft', { values: { 'colour.accent': 'red', 'type.body.family': 'comic-sans', 'button.shape': '3px', 'motion.enabled': 'no', 'spacing.scale': 9, ghost: 1 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: SITE_STYLES_MESSAGES.invalidValues,
      errors: {
        'colour.accent': 'must be a colour as #rrggbb',
        'type.body.family': 'must be a font of the catalog (37 families)',
        'button.shape': 'must be one of 0px, 6px, 999px',
        'motion.enabled': 'must be true or false',
        'spacing.scale': 'must be from 0.75 to 1.5',
        ghost: 'is not a setting of this theme',
      },
    });
    const notAnObject = await admin.put('/api/site-styles/draft', { values: ['#ffffff'] });
    expect(notAnObject.statusCode).toBe(400);
    const nested = await admin.put('/api/site-styles/draft', { values: { 'colour.accent': { r: 1 } } });
    expect(nested.statusCode).toBe(400);
    expect(await draftRows()).toEqual(before);
  });
});

describe('site styles: publish, the stylesheet and the pages', () => {
  it('keeps a draft off the site until it is published; then every page links the new stylesheet with the accent and heading font', async () => {
    const draft = await admin.put('/api/site-styles/draft', { values: { 'colour.accent': '#7A2E1F', 'type.heading.family': 'playfair-display' } });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({ draft: { 'colour.accent': '#7a2e1f', 'type.heading.family': 'playfair-display' }, published: {}, publishedVersionId: null, stylesheetUrl: DEFAULT_STYLES.stylesheetUrl });
    expect(stylesheetLinks(await shopperPage())).toEqual([THEME_BASE_SHEET, DEFAULT_STYLES.stylesheetUrl]);

    const published = await admin.post('/api/site-styles/publish');
    expect(published.statusCode, published.body).toBe(200);
    const styles = published.json() as SiteStylesJson;
    expect(styles.publishedVersionId).toEqual(expect.any(String));
    expect(styles.published).toEqual({ 'colour.accent': '#7a2e1f', 'type.heading.family': 'playfair-display' });
    expect(styles.stylesheetUrl).not.toBe(DEFAULT_STYLES.stylesheetUrl);
    expect(styles.stylesheetUrl).toMatch(/^\/assets\/site-styles\/[0-9a-f]{16}\.css$/);

    for (const path of ['/', '/shop']) {
      const html = await shopperPage(path);
      expect(stylesheetLinks(html), path).toEqual([THEME_BASE_SHEET, styles.stylesheetUrl]);
      // Only the body font is preloaded (the default Inter, from the theme's own files), not the new heading font.
      expect(fontPreloads(html), path).toEqual([THEME_INTER]);
      expect(html).toContain('<body class="page-');
      expect(html).toContain(' data-button-style="solid" data-header="classic" data-footer="columns" data-hero="contained" data-product="gallery-beside" data-blog="list">');
    }
    const sheet = await new TestVisitor(server.app, undefined, { host: A_HOST }).get(styles.stylesheetUrl);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(sheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(sheet.body).toContain('--color-accent:#7a2e1f;');
    expect(sheet.body).toContain('--font-heading:"Playfair Display", Georgia, "Times New Roman", serif;');
    expect(sheet.body).toContain('@font-face{font-family:"Playfair Display";font-style:normal;font-weight:700;font-display:swap;src:url("/assets/fonts/playfair-display/playfair-display-latin-700-normal.woff2") format("woff2")}');
    expect(sheet.body).not.toContain('font-family:"Inter"');
    expect(gzipSync(sheet.body).length).toBeLessThan(30 * 1024);
    expect(sheet.body).not.toContain('<script');
  });

  it('answers 404 for a stylesheet name that is not one of the website\'s', async () => {
    const visitor = new TestVisitor(server.app, undefined, { host: A_HOST });
    for (const url of ['/assets/site-styles/0123456789abcdef.css', '/assets/site-styles/nothing.css', '/assets/site-styles/0123456789ABCDEF.css', '/assets/site-styles/..%2F..%2Fpackage.json']) {
      const answer = await visitor.get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['cache-control'], url).toBe('no-store');
    }
    expect((await visitor.get(DEFAULT_STYLES.stylesheetUrl)).body).toBe(DEFAULT_STYLES.css);
  });

  it('shows a signed-in editor the draft with ?design-preview=draft, and everyone else the published styles', async () => {
    const draft = await admin.put('/api/site-styles/draft', { values: { 'colour.accent': '#123456' } });
    const draftUrl = (draft.json() as SiteStylesJson).draftStylesheetUrl;
    const liveUrl = (draft.json() as SiteStylesJson).stylesheetUrl;
    expect(draftUrl).not.toBe(liveUrl);
    expect(stylesheetLinks((await admin.get('/?design-preview=draft')).body)).toEqual([THEME_BASE_SHEET, draftUrl]);
    expect(stylesheetLinks((await admin.get('/')).body)).toEqual([THEME_BASE_SHEET, liveUrl]);
    expect(stylesheetLinks(await shopperPage('/?design-preview=draft'))).toEqual([THEME_BASE_SHEET, liveUrl]);
    const viewer = await ownerVisitor(server, 'viewer', { identifier: 'demo', host: A_HOST });
    expect(stylesheetLinks((await viewer.get('/?design-preview=draft')).body)).toEqual([THEME_BASE_SHEET, liveUrl]);
    expect((await new TestVisitor(server.app, undefined, { host: A_HOST }).get(draftUrl)).body).toContain('--color-accent:#123456;');
  });
});

describe('site styles: versions, restore and reset', () => {
  it('lists every published version newest first, a page at a time; restores one into the draft; resets to the defaults', async () => {
    await admin.put('/api/site-styles/draft', { values: { 'button.shape': '999px' } });
    const second = (await admin.post('/api/site-styles/publish')).json() as SiteStylesJson;
    const list = await admin.get('/api/site-styles/versions');
    expect(list.statusCode).toBe(200);
    const { versions, nextCursor } = list.json();
    expect(nextCursor).toBeNull();
    expect(versions.map((version: { values: unknown }) => version.values)).toEqual([
      { 'button.shape': '999px' },
      { 'colour.accent': '#7a2e1f', 'type.heading.family': 'playfair-display' },
    ]);
    expect(versions.map((version: { live: boolean }) => version.live)).toEqual([true, false]);
    expect(versions[0].id).toBe(second.publishedVersionId);

    const first = await admin.get('/api/site-styles/versions?limit=1');
    expect(first.json().versions.map((version: { id: string }) => version.id)).toEqual([versions[0].id]);
    const rest = await admin.get(`/api/site-styles/versions?limit=1&cursor=${first.json().nextCursor}`);
    expect(rest.json()).toMatchObject({ versions: [{ id: versions[1].id }], nextCursor: null });
    expect((await admin.get('/api/site-styles/versions?limit=0')).statusCode).toBe(400);
    const badCursor = await admin.get('/api/site-styles/versions?cursor=bm9wZQ');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toBe(SITE_STYLES_MESSAGES.cursor);

    const restored = await admin.post(`/api/site-styles/versions/${versions[1].id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ draft: { 'colour.accent': '#7a2e1f', 'type.heading.family': 'playfair-display' }, published: { 'button.shape': '999px' } });
    const unknown = await admin.post('/api/site-styles/versions/no-such-version/restore');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SITE_STYLES_MESSAGES.versionUnknown);

    const reset = await admin.post('/api/site-styles/reset');
    expect(reset.json()).toMatchObject({ draft: {}, published: { 'button.shape': '999px' } });
    const defaults = (await admin.post('/api/site-styles/publish')).json() as SiteStylesJson;
    expect(defaults.stylesheetUrl).toBe(DEFAULT_STYLES.stylesheetUrl);
    expect(stylesheetLinks(await shopperPage())).toEqual([THEME_BASE_SHEET, DEFAULT_STYLES.stylesheetUrl]);
    expect(fontPreloads(await shopperPage())).toEqual([THEME_INTER]);
  });
});

describe('site styles: fonts', () => {
  it('serves the catalog\'s woff2 files for a year and nothing else', async () => {
    const visitor = new TestVisitor(server.app, undefined, { host: A_HOST });
    const inter = await visitor.get('/assets/fonts/inter/inter-latin-400-normal.woff2');
    expect(inter.statusCode).toBe(200);
    expect(inter.headers['content-type']).toBe('font/woff2');
    expect(inter.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(inter.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect((await visitor.get('/assets/fonts/lora/lora-latin-700-normal.woff2')).statusCode).toBe(200);
    for (const url of [
      '/assets/fonts/inter/inter-latin-300-normal.woff2', // a weight the catalog does not offer
      '/assets/fonts/inter/inter-latin-400-normal.woff', // not woff2
      '/assets/fonts/inter/inter-cyrillic-400-normal.woff2', // another subset
      '/assets/fonts/inter/package.json',
      '/assets/fonts/inter/..%2F..%2F..%2Fpackage.json',
      '/assets/fonts/..%2Finter/inter-latin-400-normal.woff2',
      '/assets/fonts/comic-sans/comic-sans-latin-400-normal.woff2',
    ]) {
      expect((await visitor.get(url)).statusCode, url).toBe(404);
    }
  });
});

describe('site styles: a second website', () => {
  it('has its own styles: it cannot read, restore or fetch the first one\'s, and the first one\'s publishes leave it untouched', async () => {
    const bravoAdmin = await ownerVisitor(server, 'admin', { identifier: 'bravo', host: B_HOST });
    await admin.put('/api/site-styles/draft', { values: { 'colour.accent': '#654321' } });
    const published = (await admin.post('/api/site-styles/publish')).json() as SiteStylesJson;
    const versionsOfA = (await admin.get('/api/site-styles/versions')).json().versions as Array<{ id: string }>;

    const bravo = (await bravoAdmin.get('/api/site-styles')).json() as SiteStylesJson;
    expect(bravo).toMatchObject({ draft: {}, published: {}, publishedVersionId: null, stylesheetUrl: DEFAULT_STYLES.stylesheetUrl });
    expect((await bravoAdmin.get('/api/site-styles/versions')).json()).toEqual({ versions: [], nextCursor: null });
    const restore = await bravoAdmin.post(`/api/site-styles/versions/${versionsOfA[0]!.id}/restore`);
    expect(restore.statusCode).toBe(404);
    expect((await new TestVisitor(server.app, undefined, { host: B_HOST }).get(published.stylesheetUrl)).statusCode).toBe(404);
    expect(stylesheetLinks(await shopperPage('/', B_HOST))).toEqual([THEME_BASE_SHEET, DEFAULT_STYLES.stylesheetUrl]);

    // A's owner session does not reach B's calls (host-only cookies), and B's changes stay B's.
    await bravoAdmin.put('/api/site-styles/draft', { values: { 'colour.accent': '#111111' } });
    await bravoAdmin.post('/api/site-styles/publish');
    expect(((await admin.get('/api/site-styles')).json() as SiteStylesJson).published).toEqual({ 'colour.accent': '#654321' });
  });
});
