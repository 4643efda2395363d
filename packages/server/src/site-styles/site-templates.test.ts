// databases: both — a switch publishes under the website row's lock and writes the draft's upsert on a partial unique index; a new website's template is written in its creation's transaction
import { defaultThemeDir } from '@vitrine/theme';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_TEMPLATE_MESSAGES, type SiteStylesJson, type SiteStylesVersionJson, type SiteTemplatesJson } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import { createWebsite, CREATE_WEBSITE_MESSAGES } from '../platform';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { packThemeFiles } from '../themes/archive';
import { disallowedThemeFile, readThemeFolder } from '../themes/files';

/*
 * Starter templates (issue 33 items 4 and 5): the list, a switch that changes the styles and layout only (every page,
 * product, block and setting kept), who may switch, the field error of an unknown id, a preview before switching,
 * a new website's chosen template, an uploaded theme's own templates (manifestOf), a second website apart.
 */

const PLATFORM = 'templates.test';
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
const bodyTag = (html: string) => /<body[^>]*>/.exec(html)?.[0] ?? '';
const websiteIdOf = async (identifier: string) =>
  (await server.database.db.selectFrom('websites').select('id').where('identifier', '=', identifier).executeTakeFirstOrThrow()).id;

/** Everything a template switch must leave alone: pages and their blocks, products, variants, navigation, settings. */
async function contentOf(websiteId: string) {
  const db = server.database.db;
  const pages = await db.selectFrom('site_pages').select(['id', 'url_id', 'title', 'body', 'is_home']).where('website_id', '=', websiteId).orderBy('id').execute();
  const products = await db.selectFrom('products').selectAll().where('website_id', '=', websiteId).orderBy('id').execute();
  const variants = await db.selectFrom('variants').select(['id', 'sku', 'qty_in_stock']).where('website_id', '=', websiteId).orderBy('id').execute();
  const { site_styles: _styles, updated_at: _updated, ...website } = await db.selectFrom('websites').selectAll().where('id', '=', websiteId).executeTakeFirstOrThrow() as Record<string, unknown>;
  return { pages, products, variants, website };
}

describe('site templates: the list and who may switch', () => {
  it('lists the five templates with their gallery pictures; a site that never chose one shows shop', async () => {
    const viewer = await ownerVisitor(server, 'viewer', { identifier: 'demo', host: A_HOST });
    const answer = await viewer.get('/api/site-templates');
    expect(answer.statusCode, answer.body).toBe(200);
    const list = answer.json() as SiteTemplatesJson;
    expect(list.templates.map((template) => [template.id, template.label, template.pictureUrl])).toEqual([
      ['shop', 'Shop', '/assets/theme/templates/shop-home.webp'],
      ['journal', 'Journal', '/assets/theme/templates/journal-home.webp'],
      ['portfolio', 'Portfolio', '/assets/theme/templates/portfolio-home.webp'],
      ['local', 'Local', '/assets/theme/templates/local-home.webp'],
      ['brand', 'Brand', '/assets/theme/templates/brand-home.webp'],
    ]);
    expect(list.currentTemplateId).toBe('shop');
    expect(list.previewParameter).toBe('design-preview');
    expect(((await viewer.get('/api/site-styles')).json() as SiteStylesJson).templateId).toBe('shop');
  });

  it('refuses the switch to editors, store managers and viewers (403) and the signed out (401); an unknown id is a field error; nothing written', async () => {
    const before = await server.database.db.selectFrom('site_style_versions').selectAll().execute();
    const stranger = new TestVisitor(server.app, undefined, { host: A_HOST });
    await stranger.visit('/');
    const signedOut = await stranger.post('/api/site-templates/switch', { templateId: 'journal' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe(OWNER_MESSAGES.notSignedIn);
    for (const role of ['editor', 'storeManager', 'viewer'] as const) {
      const visitor = await ownerVisitor(server, role, { identifier: 'demo', host: A_HOST });
      const refused = await visitor.post('/api/site-templates/switch', { templateId: 'journal' });
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json().message).toBe(OWNER_MESSAGES.notAllowed);
    }
    const unknown = await admin.post('/api/site-templates/switch', { templateId: 'magazine' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: SITE_TEMPLATE_MESSAGES.refused, errors: { templateId: SITE_TEMPLATE_MESSAGES.templateId } });
    for (const payload of [{ templateId: 'Not An Id!' }, { templateId: '' }, {}, { templateId: 'x'.repeat(41) }, { templateId: 'journal', extra: 1 }]) {
      const bad = await admin.post('/api/site-templates/switch', payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof bad.json().message).toBe('string');
    }
    expect(await server.database.db.selectFrom('site_style_versions').selectAll().execute()).toEqual(before);
    expect(bodyTag(await shopperPage())).toContain('data-header="classic"');
  });
});

describe('site templates: switching', () => {
  it('changes the layout and styles only: every page, product, block and setting is still there, and Versions can go back', async () => {
    const websiteId = await websiteIdOf('demo');
    const before = await contentOf(websiteId);
    expect(before.pages.length).toBeGreaterThan(4);
    expect(before.products.length).toBeGreaterThan(4);
    // The owner's phone (a text setting) is theirs: it survives the switch.
    expect((await admin.put('/api/site-styles/draft', { values: { 'colour.accent': '#7a2e1f', 'business.phone': '+44 117 496 0000' } })).statusCode).toBe(200);

    const switched = await admin.post('/api/site-templates/switch', { templateId: 'journal' });
    expect(switched.statusCode, switched.body).toBe(200);
    expect((switched.json() as SiteTemplatesJson).currentTemplateId).toBe('journal');
    expect(await contentOf(websiteId)).toEqual(before);

    const styles = (await admin.get('/api/site-styles')).json() as SiteStylesJson;
    expect(styles.templateId).toBe('journal');
    expect(styles.published).toMatchObject({ 'layout.header': 'centered', 'layout.blog': 'single-column', 'type.pairing': 'playfair-source-sans', 'business.phone': '+44 117 496 0000' });
    expect(styles.published['colour.accent']).toBe('#8c1c13');
    expect(styles.draft).toEqual(styles.published);
    const html = await shopperPage();
    expect(bodyTag(html)).toBe('<body class="page-page" data-button-style="outline" data-header="centered" data-footer="centered" data-hero="centered" data-product="gallery-beside" data-blog="single-column">');
    expect(html).toContain(styles.stylesheetUrl);

    const portfolio = await admin.post('/api/site-templates/switch', { templateId: 'portfolio' });
    expect(portfolio.statusCode).toBe(200);
    expect(bodyTag(await shopperPage('/shop/p/wool-blanket'))).toContain('data-header="minimal" data-footer="minimal" data-hero="full-bleed" data-product="gallery-above" data-blog="grid"');
    const brand = await admin.post('/api/site-templates/switch', { templateId: 'brand' });
    expect(brand.statusCode).toBe(200);
    expect(bodyTag(await shopperPage('/shop/p/wool-blanket'))).toContain('data-product="gallery-beside" data-product-sticky="on"');
    expect(await contentOf(websiteId)).toEqual(before);

    const { versions } = (await admin.get('/api/site-styles/versions')).json() as { versions: SiteStylesVersionJson[] };
    expect(versions.slice(0, 3).map((version) => [version.templateId, version.live])).toEqual([['brand', true], ['portfolio', false], ['journal', false]]);
    // Back to the journal look through Versions: restore, then publish.
    expect((await admin.post(`/api/site-styles/versions/${versions[2]!.id}/restore`)).json().templateId).toBe('journal');
    expect((await admin.post('/api/site-styles/publish')).statusCode).toBe(200);
    expect(((await admin.get('/api/site-templates')).json() as SiteTemplatesJson).currentTemplateId).toBe('journal');
    // Reset goes back to the template's own values, not the theme's defaults.
    const reset = (await admin.post('/api/site-styles/reset')).json() as SiteStylesJson;
    expect(reset.draft).toMatchObject({ 'layout.header': 'centered', 'business.phone': '+44 117 496 0000' });
  });

  it('shows an editor a template before switching with ?design-preview=template:{id}, and everyone else the live look', async () => {
    const live = bodyTag(await shopperPage());
    expect(live).toContain('data-header="centered"');
    const preview = await admin.get('/?design-preview=template:local');
    expect(preview.statusCode).toBe(200);
    expect(bodyTag(preview.body)).toContain('data-header="local" data-footer="columns" data-hero="split"');
    // The local header prints the owner's own phone, escaped, as a link that calls it.
    expect(preview.body).toContain('<a class="site-header-phone" href="tel:+44 117 496 0000">+44 117 496 0000</a>');
    const sheet = /<link rel="stylesheet" href="(\/assets\/site-styles\/[0-9a-f]{16}\.css)">/.exec(preview.body)![1]!;
    const css = await new TestVisitor(server.app, undefined, { host: A_HOST }).get(sheet);
    expect(css.statusCode).toBe(200);
    expect(css.body).toContain('--color-accent:#a63d1a;');
    expect(bodyTag(await shopperPage('/?design-preview=template:local'))).toBe(live);
    const viewer = await ownerVisitor(server, 'viewer', { identifier: 'demo', host: A_HOST });
    expect(bodyTag((await viewer.get('/?design-preview=template:local')).body)).toBe(live);
    // An id the theme does not offer previews nothing: the live look.
    expect(bodyTag((await admin.get('/?design-preview=template:magazine')).body)).toBe(live);
    expect(((await admin.get('/api/site-templates')).json() as SiteTemplatesJson).currentTemplateId).toBe('journal');
  });
});

describe('site templates: a new website', () => {
  it('starts with the chosen template: its styles published, its home page, the sample business in the local header', async () => {
    await createWebsite(server.database.db, { identifier: 'corner', siteTitle: 'Corner Shop', sampleContent: true, templateId: 'local' });
    const home = await shopperPage('/', `corner.${PLATFORM}`);
    expect(bodyTag(home)).toContain('data-header="local"');
    expect(home).toContain('<span class="site-header-address">12 Market Street, Bristol</span>');
    expect(home).toContain('Opening hours');
    const versions = await server.database.db.selectFrom('site_style_versions').select(['template_id', 'published_at']).where('website_id', '=', await websiteIdOf('corner')).execute();
    expect(versions.map((version) => [version.template_id, version.published_at !== null])).toEqual([['local', true]]);

    await createWebsite(server.database.db, { identifier: 'quiet', siteTitle: 'Quiet Pages', sampleContent: false, templateId: 'journal' });
    const quiet = await shopperPage('/', `quiet.${PLATFORM}`);
    expect(bodyTag(quiet)).toContain('data-header="centered"');
    expect(quiet).toContain('The first story is on its way');
  });

  it("a site started empty gets its template's pages beyond the home page, published and in the menu; one made without a template keeps its home alone", async () => {
    const expected: Record<string, string[]> = {
      shop: ['about', 'contact'],
      journal: ['journal', 'about', 'contact'],
      portfolio: ['work', 'about', 'contact'],
      local: ['services', 'about', 'contact'],
      brand: ['our-story', 'faq', 'contact'],
    };
    for (const [templateId, urlIds] of Object.entries(expected)) {
      const identifier = `empty-${templateId}`;
      await createWebsite(server.database.db, { identifier, siteTitle: `Empty ${templateId}`, sampleContent: false, templateId });
      const pages = await server.database.db.selectFrom('site_pages').select(['url_id', 'status', 'is_home']).where('website_id', '=', await websiteIdOf(identifier)).execute();
      expect(pages.filter((page) => !page.is_home).map((page) => page.url_id).sort(), templateId).toEqual([...urlIds].sort());
      expect(pages.every((page) => page.status === 'published'), templateId).toBe(true);
      const home = await shopperPage('/', `${identifier}.${PLATFORM}`);
      const menu = /<nav class="site-nav"[\s\S]*?<\/nav>/.exec(home)?.[0] ?? '';
      // In the menu in the template's order, after Home and Shop, before the cart.
      const linked = [...menu.matchAll(/href="\/([^"]*)"/g)].map((match) => match[1]).filter((path) => urlIds.includes(path));
      expect(linked, templateId).toEqual(urlIds);
      for (const urlId of urlIds) {
        const answer = await new TestVisitor(server.app, undefined, { host: `${identifier}.${PLATFORM}` }).get(`/${urlId}`);
        expect(answer.statusCode, `${templateId} /${urlId}`).toBe(200);
      }
    }
    expect(await shopperPage('/faq', `empty-brand.${PLATFORM}`)).toContain('How long does delivery take?');
    const bravoPages = await server.database.db.selectFrom('site_pages').select('url_id').where('website_id', '=', await websiteIdOf('bravo')).execute();
    expect(bravoPages.map((page) => page.url_id)).toEqual(['home']);
  });

  it('refuses an unknown template with a field error and writes no website', async () => {
    await expect(createWebsite(server.database.db, { identifier: 'nowhere', siteTitle: 'Nowhere', sampleContent: true, templateId: 'magazine' })).rejects.toMatchObject({
      kind: 'invalid',
      errors: { templateId: CREATE_WEBSITE_MESSAGES.templateUnknown },
    });
    expect(await server.database.db.selectFrom('websites').select('id').where('identifier', '=', 'nowhere').execute()).toEqual([]);
  });
});

describe('site templates: an uploaded theme and a second website', () => {
  it('lists the chosen uploaded theme\'s own templates and checks values against its theme.json (manifestOf)', async () => {
    const bravo = await ownerVisitor(server, 'admin', { identifier: 'bravo', host: B_HOST });
    const { files } = readThemeFolder(defaultThemeDir);
    for (const file of [...files.keys()]) if (disallowedThemeFile(file)) files.delete(file);
    const manifest = JSON.parse(files.get('theme.json')!.toString());
    files.set('theme.json', Buffer.from(JSON.stringify({
      ...manifest, name: 'Bravo Theme', version: '1.0.0',
      templates: [{ id: 'mono', label: 'Mono', description: 'Black and white.', values: { 'colour.accent': '#000000', 'layout.header': 'minimal' } }],
    })));
    const uploaded = await bravo.request({ method: 'POST', url: '/api/owner/themes', payload: await packThemeFiles(files), headers: { host: B_HOST, 'content-type': 'application/zip' } });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const themeId = (uploaded.json() as { themes: Array<{ id: string }> }).themes[0]!.id;
    expect((await bravo.put('/api/owner/themes/active', { themeId })).statusCode).toBe(200);

    const styles = (await bravo.get('/api/site-styles')).json() as SiteStylesJson;
    expect(styles.manifest.name).toBe('Bravo Theme');
    expect(styles.templateId).toBe('mono');
    const list = (await bravo.get('/api/site-templates')).json() as SiteTemplatesJson;
    expect(list.templates.map((template) => [template.id, template.pictureUrl])).toEqual([['mono', null]]);
    const journal = await bravo.post('/api/site-templates/switch', { templateId: 'journal' });
    expect(journal.statusCode).toBe(400);
    expect(journal.json().errors).toEqual({ templateId: SITE_TEMPLATE_MESSAGES.templateId });
    const mono = await bravo.post('/api/site-templates/switch', { templateId: 'mono' });
    expect(mono.statusCode, mono.body).toBe(200);
    expect(bodyTag(await shopperPage('/', B_HOST))).toContain('data-header="minimal"');
  });

  it('keeps each website\'s template to itself: the demo\'s switches never reach bravo, and bravo\'s admin cannot switch the demo', async () => {
    const bravo = await ownerVisitor(server, 'admin', { identifier: 'bravo', host: B_HOST });
    const bravoBefore = await server.database.db.selectFrom('site_style_versions').selectAll().where('website_id', '=', await websiteIdOf('bravo')).execute();
    expect((await admin.post('/api/site-templates/switch', { templateId: 'portfolio' })).statusCode).toBe(200);
    expect(await server.database.db.selectFrom('site_style_versions').selectAll().where('website_id', '=', await websiteIdOf('bravo')).execute()).toEqual(bravoBefore);
    expect(((await bravo.get('/api/site-templates')).json() as SiteTemplatesJson).currentTemplateId).toBe('mono');
    const crossed = await bravo.request({ method: 'POST', url: '/api/site-templates/switch', payload: { templateId: 'shop' }, headers: { host: A_HOST } });
    expect(crossed.statusCode).toBe(403);
    expect(((await admin.get('/api/site-templates')).json() as SiteTemplatesJson).currentTemplateId).toBe('portfolio');
  });
});
