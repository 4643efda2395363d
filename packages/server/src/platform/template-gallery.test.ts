// databases: both — the chosen template is published and the starter home page written in the creation's one transaction; a refused template writes no website
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestServer, TestVisitor, type TestServer } from '../testing';
import { CREATE_WEBSITE_MESSAGES } from './create-website';
import { fakeOwnerAppDir, PLATFORM, PLATFORM_URL, signedUpAccount, xsrfOf } from './platform-test-support';

/*
 * "Create a website" (issue 33 item 5): the template gallery on the form, the chosen template's styles and home page on
 * the new website, an unknown template refused on its field with the form kept.
 */

let server: TestServer;
const ownerApp = fakeOwnerAppDir();
beforeAll(async () => {
  server = await openTestServer({ platformDomain: PLATFORM, publicUrl: PLATFORM_URL, ownerAppDir: ownerApp.dir });
});
afterAll(async () => {
  await server?.close();
  ownerApp.remove();
});

const db = () => server.database.db;
const bodyTag = (html: string) => /<body[^>]*>/.exec(html)?.[0] ?? '';

describe('Create a website: the template gallery', () => {
  it('offers the five templates with their pictures, shop chosen first', async () => {
    const browser = await signedUpAccount(server, 'gallery@example.com');
    const form = await browser.get(PLATFORM, '/websites/new');
    expect(form.statusCode).toBe(200);
    const radios = [...form.body.matchAll(/<input type="radio" name="template" value="([a-z]+)"( checked)?/g)].map((match) => [match[1], match[2] === ' checked']);
    expect(radios).toEqual([['shop', true], ['journal', false], ['portfolio', false], ['local', false], ['brand', false]]);
    expect(form.body).toContain('<img src="/assets/theme/templates/portfolio-home.webp" alt="" width="640" height="400" loading="lazy">');
    expect(form.body).toContain('<legend>Template</legend>');
    // The picture is served from the platform's own host.
    const picture = await new TestVisitor(server.app, undefined, { host: PLATFORM }).get('/assets/theme/templates/portfolio-home.webp');
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
  });

  it('creates the website with the chosen template: its layout and its starter home page', async () => {
    const browser = await signedUpAccount(server, 'studio@example.com');
    const created = await browser.postForm(PLATFORM, '/websites', { siteTitle: 'Studio North', identifier: 'studio-north', content: 'sample', template: 'portfolio', xsrf: await xsrfOf(browser) });
    expect(created.statusCode, created.body).toBe(201);
    const website = await db().selectFrom('websites').select(['id']).where('identifier', '=', 'studio-north').executeTakeFirstOrThrow();
    const versions = await db().selectFrom('site_style_versions').select(['template_id', 'published_at']).where('website_id', '=', website.id).execute();
    expect(versions.map((version) => [version.template_id, version.published_at !== null])).toEqual([['portfolio', true]]);
    const home = (await new TestVisitor(server.app, undefined, { host: `studio-north.${PLATFORM}` }).get('/')).body;
    expect(bodyTag(home)).toContain('data-header="minimal" data-footer="minimal" data-hero="full-bleed" data-product="gallery-above" data-blog="grid"');
    expect(home).toContain('Objects, photographed as they are used');
  });

  it('refuses an unknown template on its field, keeps the form, and creates nothing', async () => {
    const browser = await signedUpAccount(server, 'nowhere@example.com');
    const refused = await browser.postForm(PLATFORM, '/websites', { siteTitle: 'Nowhere', identifier: 'nowhere-shop', content: 'empty', template: 'magazine', xsrf: await xsrfOf(browser) });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(`<p class="owner-field-error" id="template-error">${CREATE_WEBSITE_MESSAGES.templateUnknown}</p>`);
    expect(refused.body).toContain('value="Nowhere"');
    expect(await db().selectFrom('websites').select('id').where('identifier', '=', 'nowhere-shop').execute()).toEqual([]);
  });
});
