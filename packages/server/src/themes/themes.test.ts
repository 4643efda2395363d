// databases: both — uploads lock the website row (FOR UPDATE) and choices are upserts; the cross-website reads are scoped by website_id
import { defaultThemeDir } from '@vitrine/theme';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { THEME_MESSAGES, type ThemesReply } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import { createWebsite } from '../platform';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { packThemeFiles } from './archive';
import { disallowedThemeFile, readThemeFolder, type ThemeFiles } from './files';

/*
 * Design → Themes (issue 33 item 7): an admin uploads a theme zip, checked like `theme check`; the site renders
 * with it once chosen, its assets under /assets/themes/{id}/; another website never sees it.
 */

const PLATFORM = 'vitrine.test';
const DEMO = `demo.${PLATFORM}`;
const OTHER = `corner-bakery.${PLATFORM}`;
let server: TestServer;
let admin: TestVisitor;
let otherAdmin: TestVisitor;

beforeAll(async () => {
  server = await openTestServer({ platformDomain: PLATFORM });
  await createWebsite(server.database.db, { identifier: 'corner-bakery', siteTitle: 'Corner Bakery', sampleContent: false });
  admin = await ownerVisitor(server, 'admin', { identifier: 'demo', host: DEMO });
  otherAdmin = await ownerVisitor(server, 'admin', { identifier: 'corner-bakery', host: OTHER });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** The default theme as a theme developer would copy it: only theme files, a marker in the layout. */
function themeFiles(): ThemeFiles {
  const { files } = readThemeFolder(defaultThemeDir);
  for (const file of [...files.keys()]) if (disallowedThemeFile(file)) files.delete(file);
  const layout = files.get('templates/site.layout.html')!.toString().replace('</body>', '<p class="uploaded-theme-mark">Uploaded theme at work</p><p class="header-choice">{^website.design.options.layout.header|html} header</p></body>');
  files.set('templates/site.layout.html', Buffer.from(layout));
  files.set('partials/content-block.block', Buffer.from(`<div class="uploaded-form-block">${files.get('partials/content-block.block')!.toString()}</div>`));
  files.set('theme.json', Buffer.from(JSON.stringify({ ...JSON.parse(files.get('theme.json')!.toString()), name: 'Marked', version: '2.0.0' })));
  return files;
}

const upload = (visitor: TestVisitor, host: string, archive: Buffer) =>
  visitor.request({ method: 'POST', url: '/api/owner/themes', payload: archive, headers: { host, 'content-type': 'application/zip' } });

/** A zip built entry by entry (for what `pack` would never write: links, climbing names). */
function rawZip(entries: { name: string; content: string; mode?: number }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(Buffer.from(entry.content), entry.name, { mode: entry.mode ?? 0o100644 });
  zip.end();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

describe('POST /api/owner/themes', () => {
  it('installs a checked theme for its website only, and the site keeps its theme until one is chosen', async () => {
    const answer = await upload(admin, DEMO, await packThemeFiles(themeFiles()));
    expect(answer.statusCode, answer.body).toBe(200);
    const reply = answer.json() as ThemesReply;
    expect(reply.themes.map((theme) => [theme.name, theme.version])).toEqual([['Marked', '2.0.0']]);
    expect(reply.activeThemeId).toBeNull();
    expect((await new TestVisitor(server.app, undefined, { host: DEMO }).get('/')).body).not.toContain('Uploaded theme at work');
    const other = await otherAdmin.request({ method: 'GET', url: '/api/owner/themes', headers: { host: OTHER } });
    expect(other.json()).toEqual({ themes: [], activeThemeId: null });
  });

  it('renders with the chosen theme, serves its assets to its own website only, and goes back to the default', async () => {
    const { themes } = (await admin.request({ method: 'GET', url: '/api/owner/themes', headers: { host: DEMO } })).json() as ThemesReply;
    const themeId = themes[0]!.id;
    // Another website cannot choose it: it is not one of its themes.
    const stolen = await otherAdmin.request({ method: 'PUT', url: '/api/owner/themes/active', payload: { themeId }, headers: { host: OTHER } });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({ message: THEME_MESSAGES.themeId, errors: { themeId: THEME_MESSAGES.themeId } });

    const chosen = await admin.request({ method: 'PUT', url: '/api/owner/themes/active', payload: { themeId }, headers: { host: DEMO } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((chosen.json() as ThemesReply).activeThemeId).toBe(themeId);
    const home = (await new TestVisitor(server.app, undefined, { host: DEMO }).get('/')).body;
    expect(home).toContain('Uploaded theme at work');
    // Its {^…} directive ran against the website's design options (the default header layout).
    expect(home).toContain('<p class="header-choice">classic header</p>');
    expect(home).toContain(`href="/assets/themes/${themeId}/site.css"`);
    expect((await new TestVisitor(server.app, undefined, { host: OTHER }).get('/')).body).not.toContain('Uploaded theme at work');
    // The form widget's block template (storefront §8) is the chosen theme's partial, on its own website only.
    const formTemplateOn = async (host: string) => (await new TestVisitor(server.app, undefined, { host }).get('/api/template/GetTemplateSchema?type=form')).json().html as string;
    expect(await formTemplateOn(DEMO)).toMatch(/^<div class="uploaded-form-block">/);
    expect(await formTemplateOn(OTHER)).not.toContain('uploaded-form-block');

    const css = await server.app.inject({ method: 'GET', url: `/assets/themes/${themeId}/site.css`, headers: { host: DEMO } });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const font = await server.app.inject({ method: 'GET', url: `/assets/themes/${themeId}/fonts/inter-latin-400-normal.woff2`, headers: { host: DEMO } });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect((await server.app.inject({ method: 'GET', url: `/assets/themes/${themeId}/site.css`, headers: { host: OTHER } })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: `/assets/themes/${themeId}/nothing.css`, headers: { host: DEMO } })).statusCode).toBe(404);

    const back = await admin.request({ method: 'PUT', url: '/api/owner/themes/active', payload: { themeId: null }, headers: { host: DEMO } });
    expect((back.json() as ThemesReply).activeThemeId).toBeNull();
    expect(await formTemplateOn(DEMO)).not.toContain('uploaded-form-block');
    expect((await new TestVisitor(server.app, undefined, { host: DEMO }).get('/')).body).not.toContain('Uploaded theme at work');
  });

  it('refuses JavaScript, naming the file, and keeps nothing', async () => {
    const files = themeFiles();
    files.set('assets/app.js', Buffer.from('alert(1)'));
    const answer = await upload(admin, DEMO, await packThemeFiles(files));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: THEME_MESSAGES.refused,
      errors: { 'assets/app.js': "JavaScript is not allowed in a theme (interactivity comes from the platform's islands)" },
    });
    const svg = themeFiles();
    svg.set('assets/logo.svg', Buffer.from('<svg onload="alert(1)"/>'));
    expect((await upload(admin, DEMO, await packThemeFiles(svg))).json().errors).toEqual({
      'assets/logo.svg': 'SVG pictures are not allowed in a theme (they can carry scripts); use PNG, JPEG, WebP or GIF',
    });
    expect(((await admin.request({ method: 'GET', url: '/api/owner/themes', headers: { host: DEMO } })).json() as ThemesReply).themes).toHaveLength(1);
  });

  it('refuses a theme that does not check, with each problem at its file and line', async () => {
    const files = themeFiles();
    files.set('templates/blog.html', Buffer.from('<main>\n{title|shout}\n{.section items}'));
    files.delete('partials/blocks/quote.block');
    const answer = await upload(admin, DEMO, await packThemeFiles(files));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: THEME_MESSAGES.refused,
      errors: {
        'templates/blog.html:2': "templates/blog.html:2: Formatter 'shout' is unknown",
        'templates/blog.html:3': 'templates/blog.html:3: Reached the end of input inside SECTION block',
        'partials/blocks/quote.block': "partials/blocks/quote.block: missing partial for the content block type 'quote'",
      },
    });
  });

  it('refuses zip-slip names, symbolic links, broken and oversize archives', async () => {
    // yazl will not write a climbing name: one of the same length is swapped in afterwards (local and central headers).
    const placeholder = await rawZip([{ name: 'templates/xx/xx/etc/passwd.html', content: 'x' }]);
    const slip = await upload(admin, DEMO, Buffer.from(placeholder.toString('latin1').replaceAll('xx/xx', '../..'), 'latin1'));
    expect(slip.statusCode).toBe(400);
    expect(slip.json().errors).toEqual({ 'templates/../../etc/passwd.html': 'unsafe path: an archive entry may not climb out of the theme folder' });
    const link = await upload(admin, DEMO, await rawZip([{ name: 'assets/site.css', content: '/etc/passwd', mode: 0o120777 }]));
    expect(link.statusCode).toBe(400);
    expect(link.json().errors).toEqual({ 'assets/site.css': 'symbolic links are not allowed in a theme' });
    const broken = await upload(admin, DEMO, Buffer.from('PK\u0003\u0004 this is not really a zip'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors).toEqual({ '(archive)': 'not a zip archive (or a damaged one)' });
    const empty = await upload(admin, DEMO, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const huge = await upload(admin, DEMO, Buffer.alloc(10 * 1024 * 1024 + 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: THEME_MESSAGES.tooLarge });
  });

  it('refuses a zip bomb before inflating it', async () => {
    // 41 MB of zeros compress to about 40 KB: over the unpacked cap.
    const answer = await upload(admin, DEMO, await rawZip([{ name: 'assets/big.css', content: ' '.repeat(41 * 1024 * 1024) }]));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({ '(archive)': 'the files add up to more than 40 MB once unpacked' });
  });

  it('lets only admins manage themes', async () => {
    const manager = await ownerVisitor(server, 'websiteManager', { identifier: 'demo', host: DEMO });
    const answer = await manager.request({ method: 'GET', url: '/api/owner/themes', headers: { host: DEMO } });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ message: OWNER_MESSAGES.notAllowed });
    const refused = await upload(manager, DEMO, await packThemeFiles(themeFiles()));
    expect(refused.statusCode).toBe(403);
    const anonymous = await new TestVisitor(server.app, undefined, { host: DEMO }).request({ method: 'GET', url: '/api/owner/themes', headers: { host: DEMO } });
    expect(anonymous.statusCode).toBe(401);
  });
});
