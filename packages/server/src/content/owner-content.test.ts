// databases: both — racing saves on one version, and keyset pages of the owner lists
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TYPES, CONTENT_LIMITS, PAGE_LAYOUTS, pageLayoutBody } from '@vitrine/blocks';
import { OWNER_CONTENT_MESSAGES, PAGE_LAYOUT_NAMES, type ContentItemJson, type ContentPageJson } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import { systemActor } from '../actor';
import { findDefaultWebsite } from '../websites';
import { newId } from '../ids';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import type { Website } from '../db/schema';
import { notifyContentChanged } from './content-changes';
import { OWNER_ITEM_MESSAGES } from './owner-items';
import { OWNER_PAGE_MESSAGES } from './owner-pages';
import { readItemForPreview, readPageForPreview } from './preview';

/*
 * The owner's content API on a real server and database (PostgreSQL too in the suite's second pass): pages and
 * items, drafts with their versions, publish / schedule seen through the public page, unpublish, statuses,
 * revisions and restore, the limits, races on one version, the roles, hostile input. The page tree's calls
 * (navigation, create, delete) have their own tests in page-tree/.
 */

const PAGES = '/api/owner/content/pages';
const ITEMS = '/api/owner/content/items';

let server: TestServer;
let website: Website;
let admin: TestVisitor;
let editor: TestVisitor;
let viewer: TestVisitor;
let storeManager: TestVisitor;
beforeAll(async () => {
  server = await openTestServer({ rateLimit: { max: 100_000 } });
  website = (await findDefaultWebsite(server.database.db))!;
  [admin, editor, viewer, storeManager] = await Promise.all([
    ownerVisitor(server, 'admin'),
    ownerVisitor(server, 'editor'),
    ownerVisitor(server, 'viewer'),
    ownerVisitor(server, 'storeManager'),
  ]);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const visitor = () => new TestVisitor(server.app);

let counter = 0;
/** A unique title, so tests do not share url ids. */
const uniqueTitle = (base: string) => `${base} ${++counter}`;

const textBlock = (id: string, html: string) => ({ id, type: BLOCK_TYPES.html, settings: { html } });
const bodyOf = (...blocks: unknown[]) => ({ schemaVersion: 1, sections: [{ id: 'section-1', type: 'content', columns: [{ id: 'section-1-column-1', blocks }] }] });

async function createPage(kind = 'page', title = uniqueTitle('Page'), by: TestVisitor = admin): Promise<ContentPageJson> {
  const answer = await by.post(PAGES, { kind, title });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as ContentPageJson;
}

async function saveDraft(page: { id: string; version: number }, body: unknown): Promise<number> {
  const answer = await admin.put(`${PAGES}/${page.id}/draft`, { version: page.version, body });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { version: number }).version;
}

async function publish(page: { id: string }, version: number, publishAt?: string): Promise<ContentPageJson> {
  const answer = await admin.post(`${PAGES}/${page.id}/publish`, { version, ...(publishAt ? { publishAt } : {}) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as ContentPageJson;
}

const pageRow = (id: string) => db().selectFrom('site_pages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const publicStatus = async (url: string) => (await visitor().get(url)).statusCode;

describe('pages', () => {
  it('creates a draft page with an empty body and a url id from its title; reads it back', async () => {
    const title = uniqueTitle('Our Story');
    const page = await createPage('page', title);
    expect(page).toMatchObject({
      kind: 'page',
      title,
      urlId: title.toLowerCase().replace(/ /g, '-'),
      fullUrl: `/${title.toLowerCase().replace(/ /g, '-')}`,
      status: 'draft',
      publishAt: null,
      isHome: false,
      hasDraft: false,
      version: 1,
      draftBody: null,
      body: bodyOf(),
      folderBehaviour: 1,
    });
    const read = await viewer.get(`${PAGES}/${page.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(page);
    expect(await publicStatus(page.fullUrl)).toBe(404);
  });

  it('gives a taken url id the next suffix: another page, a store (/shop) or the site itself (/cart)', async () => {
    const first = await createPage('page', 'Visit Us');
    const second = await createPage('page', 'Visit Us');
    expect([first.urlId, second.urlId]).toEqual(['visit-us', 'visit-us-2']);
    expect((await createPage('page', 'Shop')).urlId).toBe('shop-2');
    expect((await createPage('page', 'Cart')).urlId).toBe('cart-2');
  });

  it('refuses a url id that is taken, reserved or malformed, naming the field', async () => {
    await createPage('page', 'Taken Slug');
    for (const [urlId, message] of [
      ['taken-slug', OWNER_PAGE_MESSAGES.urlIdTaken],
      ['shop', OWNER_PAGE_MESSAGES.urlIdTaken],
      ['checkout', OWNER_PAGE_MESSAGES.urlIdReserved],
    ] as const) {
      const answer = await admin.post(PAGES, { kind: 'page', title: 'Anything', urlId });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message, errors: { urlId: message } });
    }
    const bad = await admin.post(PAGES, { kind: 'page', title: 'Anything', urlId: 'Not A Slug' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ urlId: OWNER_CONTENT_MESSAGES.urlId });
  });

  it('edits the title, navigation title, url id, description, SEO and folder behaviour; each change bumps the version', async () => {
    const page = await createPage();
    const answer = await editor.put(`${PAGES}/${page.id}`, {
      version: 1,
      title: 'About the studio',
      navigationTitle: 'About',
      urlId: `about-studio-${counter}`,
      description: 'Who we are.',
      seoTitle: 'About | Studio',
      seoDescription: 'A small studio.',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      title: 'About the studio',
      navigationTitle: 'About',
      urlId: `about-studio-${counter}`,
      fullUrl: `/about-studio-${counter}`,
      description: 'Who we are.',
      seoTitle: 'About | Studio',
      seoDescription: 'A small studio.',
      version: 2,
    });
    const stale = await editor.put(`${PAGES}/${page.id}`, { version: 1, title: 'Lost edit' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: 'This page was changed elsewhere. Reload to see the latest version.' });
    expect((await pageRow(page.id)).title).toBe('About the studio');
  });

  it('autosaves a draft (checked, defaults filled), keeps the live body, and discards it', async () => {
    const page = await createPage();
    const saved = await admin.put(`${PAGES}/${page.id}/draft`, { version: 1, body: bodyOf({ id: 'gap', type: BLOCK_TYPES.spacer, settings: {} }) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ version: 2, savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const read = (await admin.get(`${PAGES}/${page.id}`)).json() as ContentPageJson;
    expect(read.hasDraft).toBe(true);
    expect(read.draftBody).toEqual(bodyOf({ id: 'gap', type: BLOCK_TYPES.spacer, settings: { height: 50 } }));
    expect(read.body).toEqual(page.body);

    const discarded = await admin.delete(`${PAGES}/${page.id}/draft`);
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json()).toMatchObject({ hasDraft: false, draftBody: null, version: 3 });
  });

  it('keeps a section’s colour theme through the draft and publish; the public page renders it as data-colour-theme', async () => {
    const page = await createPage();
    const themed = { schemaVersion: 1, sections: [{ ...bodyOf(textBlock('t', '<p>On a dark section</p>')).sections[0], colourTheme: 'dark' }] };
    const version = await saveDraft(page, themed);
    const read = (await admin.get(`${PAGES}/${page.id}`)).json() as ContentPageJson;
    expect(read.draftBody).toEqual(themed);
    const published = await publish(page, version);
    expect(published.body).toEqual(themed);
    const html = await visitor().get(page.fullUrl);
    expect(html.body).toContain('<div class="page-section" data-colour-theme="dark">');
    const refused = await admin.put(`${PAGES}/${page.id}/draft`, { version: published.version, body: { schemaVersion: 1, sections: [{ id: 's', colourTheme: 'neon', blocks: [] }] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ 'body.sections.0.colourTheme': 'The section colour theme must be one of light, dark, accent.' });
  });

  it('saves and publishes a sectioned body: background, spacing and three columns; the live page shows them (?format=json too)', async () => {
    const page = await createPage();
    const sectioned = {
      schemaVersion: 1,
      sections: [{
        id: 'features',
        type: 'content',
        colourTheme: 'accent',
        spacing: 'large',
        background: { kind: 'image', url: '/assets/theme/sections/hero.svg', alt: '' },
        columns: [
          { id: 'one', blocks: [textBlock('a', '<p>Made by hand</p>')] },
          { id: 'two', blocks: [textBlock('b', '<p>Free returns</p>')] },
          { id: 'three', blocks: [textBlock('c', '<p>Built to last</p>')] },
        ],
      }],
    };
    const version = await saveDraft(page, sectioned);
    expect(((await admin.get(`${PAGES}/${page.id}`)).json() as ContentPageJson).draftBody).toEqual(sectioned);
    const published = await publish(page, version);
    expect(published.body).toEqual(sectioned);
    const html = (await visitor().get(page.fullUrl)).body;
    expect(html).toContain('<div class="page-section page-section--spacing-large page-section--columns page-section--backdrop" data-colour-theme="accent"><img class="page-section-backdrop" src="/assets/theme/sections/hero.svg" alt=""');
    expect(html).toContain('<div class="page-section-columns page-section-columns--3"><div class="page-section-column" id="column-one">');
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/theme-sheets\/sections-[0-9a-f]{12}\.css">/);
    const json = JSON.parse((await visitor().get(`${page.fullUrl}?format=json`)).body) as { sections: Array<Record<string, unknown>> };
    expect(json.sections[0]).toMatchObject({ id: 'features', type: 'content', spacing: 'large', colourTheme: 'accent', columnCount: 3, background: { image: { url: '/assets/theme/sections/hero.svg', alt: '' } } });
    expect((json.sections[0]!.columns as Array<{ id: string; blocks: Array<{ id: string }> }>).map((column) => [column.id, column.blocks.map((block) => block.id)])).toEqual([['one', ['a']], ['two', ['b']], ['three', ['c']]]);
  });

  it('starts a new page from the page layout asked for (blank when none), and refuses an unknown layout', async () => {
    expect(PAGE_LAYOUT_NAMES).toEqual(PAGE_LAYOUTS.map((layout) => layout.name));
    const landing = await admin.post(PAGES, { kind: 'page', title: uniqueTitle('Landing'), layout: 'landing' });
    expect(landing.statusCode).toBe(201);
    expect(landing.json().body).toEqual(pageLayoutBody('landing'));
    expect((landing.json().body as { sections: Array<{ columns: unknown[] }> }).sections.map((section) => section.columns.length)).toEqual([1, 3, 2, 3, 2]);
    const refused = await admin.post(PAGES, { kind: 'page', title: uniqueTitle('Nope'), layout: 'brochure' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ layout: 'layout must be one of blank, about, contact, faq, landing.' });
  });

  it('reads a body stored before columns existed as single-column sections, in the editor and on the page', async () => {
    const page = await createPage();
    const legacy = { schemaVersion: 1, sections: [{ id: 'old', colourTheme: 'dark', blocks: [textBlock('t', '<p>Stored long ago</p>')] }] };
    await db().updateTable('site_pages').set({ body: JSON.stringify(legacy), status: 'published' }).where('id', '=', page.id).execute();
    const read = (await admin.get(`${PAGES}/${page.id}`)).json() as ContentPageJson;
    expect(read.body).toEqual({ schemaVersion: 1, sections: [{ id: 'old', type: 'content', colourTheme: 'dark', columns: [{ id: 'old-column-1', blocks: [textBlock('t', '<p>Stored long ago</p>')] }] }] });
    const html = (await visitor().get(page.fullUrl)).body;
    expect(html).toContain('<div class="page-section" data-colour-theme="dark"><div class="block block--html" id="block-t">');
  });

  it('refuses an unknown section type, a column count out of 1–4 and 61 blocks across columns, with field errors', async () => {
    const page = await createPage();
    const section = (extra: Record<string, unknown>) => ({ schemaVersion: 1, sections: [{ id: 's', type: 'content', columns: [{ id: 'c', blocks: [] }], ...extra }] });
    const put = (body: unknown) => admin.put(`${PAGES}/${page.id}/draft`, { version: 1, body });
    const unknownType = await put(section({ type: 'carousel' }));
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json()).toEqual({ message: 'The section type must be one of content.', errors: { 'body.sections.0.type': 'The section type must be one of content.' } });
    const columns = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `c${index}`, blocks: [] }));
    for (const count of [0, 5]) {
      const refused = await put(section({ columns: columns(count) }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: 'A section has 1 to 4 columns.', errors: { 'body.sections.0.columns': 'A section has 1 to 4 columns.' } });
    }
    const spread = (perColumn: number[]) => section({ columns: perColumn.map((count, column) => ({ id: `c${column}`, blocks: Array.from({ length: count }, (_, index) => textBlock(`b${column}-${index}`, '<p>x</p>')) })) });
    const tooMany = await put(spread([15, 15, 15, 16]));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: 'A page holds at most 60 blocks.', errors: { 'body.sections': 'A page holds at most 60 blocks.' } });
    expect((await put(spread([15, 15, 15, 15]))).statusCode).toBe(200);
    expect(((await admin.get(`${PAGES}/${page.id}`)).json() as ContentPageJson).version).toBe(2);
  });

  it('refuses a body with a bad setting or over 60 blocks, keyed under body., writing nothing', async () => {
    const page = await createPage();
    const bad = await admin.put(`${PAGES}/${page.id}/draft`, { version: 1, body: bodyOf({ id: 'gap', type: BLOCK_TYPES.spacer, settings: { height: 601 } }) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['body.sections.0.columns.0.blocks.0.settings.height']);
    expect(bad.json().message).toBe(bad.json().errors['body.sections.0.columns.0.blocks.0.settings.height']);

    const blocks = Array.from({ length: CONTENT_LIMITS.blocksPerLayout + 1 }, (_, index) => textBlock(`b${index}`, '<p>x</p>'));
    const tooMany = await admin.put(`${PAGES}/${page.id}/draft`, { version: 1, body: bodyOf(...blocks) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: 'A page holds at most 60 blocks.', errors: { 'body.sections': 'A page holds at most 60 blocks.' } });
    const sixty = await admin.put(`${PAGES}/${page.id}/draft`, { version: 1, body: bodyOf(...blocks.slice(0, 60)) });
    expect(sixty.statusCode).toBe(200);

    const notABody = await admin.put(`${PAGES}/${page.id}/draft`, { version: 2, body: { schemaVersion: 2, sections: 'no' } });
    expect(notABody.statusCode).toBe(400);
    expect(notABody.json().errors).toHaveProperty('body.sections');
    expect((await pageRow(page.id)).version).toBe(2);
  });

  it('two autosaves on one version: exactly one lands, the other is told to reload', async () => {
    const page = await createPage();
    const answers = await Promise.all(
      ['one', 'two'].map((word) => admin.put(`${PAGES}/${page.id}/draft`, { version: 1, body: bodyOf(textBlock('t', `<p>${word}</p>`)) })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const stale = answers.find((answer) => answer.statusCode === 409)!.json() as { message: string; current: ContentPageJson };
    expect(stale.message).toBe(OWNER_CONTENT_MESSAGES.pageChanged);
    // The 409 carries the winner's draft: the editor offers "Reload theirs" or "Keep mine" from it.
    expect(stale.current.version).toBe(2);
    const row = await pageRow(page.id);
    expect(stale.current.draftBody).toEqual(row.draft_body);
    expect(row.version).toBe(2);
    const winner = answers.find((answer) => answer.statusCode === 200)!;
    expect(winner.json().version).toBe(2);
  });

  it('two publishes on one version: one publishes and keeps one revision, the other is a 409', async () => {
    const page = await createPage();
    const version = await saveDraft(page, bodyOf(textBlock('t', '<p>race</p>')));
    const answers = await Promise.all([1, 2].map(() => admin.post(`${PAGES}/${page.id}/publish`, { version })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const revisions = await db().selectFrom('content_revisions').select('reason').where('target_id', '=', page.id).execute();
    expect(revisions).toEqual([{ reason: 'published' }]);
  });

  it('publishes the draft: the public page shows it at once (?format=json too); unpublish hides it at once', async () => {
    const page = await createPage();
    const marker = `published-marker-${counter}`;
    const version = await saveDraft(page, bodyOf(textBlock('t', `<p>${marker}</p>`)));
    expect(await publicStatus(page.fullUrl)).toBe(404);
    const published = await publish(page, version);
    expect(published).toMatchObject({ status: 'published', publishAt: null, hasDraft: false, draftBody: null, body: bodyOf(textBlock('t', `<p>${marker}</p>`)) });

    const html = await visitor().get(page.fullUrl);
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(marker);
    const json = await visitor().get(`${page.fullUrl}?format=json`);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.body).toContain(marker);

    const unpublished = await admin.post(`${PAGES}/${page.id}/unpublish`, { version: published.version });
    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.json()).toMatchObject({ status: 'draft', version: published.version + 1 });
    expect(await publicStatus(page.fullUrl)).toBe(404);
  });

  it('schedules: a future time is not live; once the time has passed the page is (no job flips it)', async () => {
    const page = await createPage();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await publish(page, page.version, future);
    expect(scheduled).toMatchObject({ status: 'scheduled', publishAt: future });
    expect(await publicStatus(page.fullUrl)).toBe(404);
    // An hour passes.
    await db().updateTable('site_pages').set({ publish_at: new Date(Date.now() - 1_000) }).where('id', '=', page.id).execute();
    notifyContentChanged(website.id); // what the cache's expiry does in time
    expect(await publicStatus(page.fullUrl)).toBe(200);
    expect((await pageRow(page.id)).status).toBe('scheduled');
  });

  it('a publish time already past publishes now; an impossible one is refused', async () => {
    const page = await createPage();
    const published = await publish(page, page.version, '2020-01-01T00:00:00Z');
    expect(published).toMatchObject({ status: 'published', publishAt: null });
    expect(await publicStatus(page.fullUrl)).toBe(200);
    const bad = await admin.post(`${PAGES}/${page.id}/publish`, { version: published.version, publishAt: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ publishAt: OWNER_CONTENT_MESSAGES.publishAt });
  });

  it('statuses draft, needs-review and private are not live; published and scheduled come from publish only', async () => {
    const page = await createPage();
    let version = (await publish(page, page.version)).version;
    for (const status of ['needs-review', 'private', 'draft'] as const) {
      const answer = await editor.put(`${PAGES}/${page.id}/status`, { version, status });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ status, publishAt: null });
      version = answer.json().version;
      expect(await publicStatus(page.fullUrl)).toBe(404);
    }
    const refused = await editor.put(`${PAGES}/${page.id}/status`, { version, status: 'published' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ status: OWNER_CONTENT_MESSAGES.status });
  });

  it('keeps a revision at each publish, newest first with who made it, and restores one as the draft', async () => {
    const page = await createPage('page', uniqueTitle('History'));
    const first = await publish(page, await saveDraft(page, bodyOf(textBlock('t', '<p>first words</p>'))));
    await admin.put(`${PAGES}/${page.id}`, { version: first.version, title: 'History, renamed' });
    const second = await publish({ id: page.id }, await saveDraft({ id: page.id, version: first.version + 1 }, bodyOf(textBlock('t', '<p>second words</p>'))));
    expect(second.title).toBe('History, renamed');

    const list = await viewer.get(`${PAGES}/${page.id}/revisions`);
    expect(list.statusCode).toBe(200);
    const { revisions } = list.json() as { revisions: Array<{ id: string; reason: string; title: string; version: number; createdBy: { email: string } | null }> };
    expect(revisions.map((revision) => [revision.reason, revision.title, revision.version])).toEqual([
      ['published', 'History, renamed', second.version],
      ['published', page.title, first.version],
    ]);
    expect(revisions[0]!.createdBy!.email).toMatch(/^admin-\d+-\d+@owner\.test$/);

    const restored = await editor.post(`${PAGES}/${page.id}/revisions/${revisions[1]!.id}/restore`, { version: second.version });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ title: page.title, hasDraft: true, draftBody: bodyOf(textBlock('t', '<p>first words</p>')), body: second.body });
    expect(((await admin.get(`${PAGES}/${page.id}/revisions`)).json().revisions as Array<{ reason: string }>)[0]!.reason).toBe('restored');
    // Live only once published.
    expect((await visitor().get(page.fullUrl)).body).toContain('second words');
    await publish(page, restored.json().version);
    expect((await visitor().get(page.fullUrl)).body).toContain('first words');

    const unknown = await admin.post(`${PAGES}/${page.id}/revisions/${newId()}/restore`, { version: 99 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No such revision.' });
  });

  it('sets the home page (one per website, not a folder): / shows it once it is live', async () => {
    const home = await createPage('page', uniqueTitle('Welcome'));
    const marker = `home-marker-${counter}`;
    const version = await saveDraft(home, bodyOf(textBlock('t', `<p>${marker}</p>`)));
    const answer = await admin.post(`${PAGES}/${home.id}/home`, {});
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ isHome: true, version: version + 1 });
    expect((await visitor().get('/')).body).not.toContain(marker);
    await publish(home, version + 1);
    const root = await visitor().get('/');
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain(marker);

    const next = await createPage();
    expect((await admin.post(`${PAGES}/${next.id}/home`, {})).json().isHome).toBe(true);
    expect((await pageRow(home.id)).is_home).toBe(false);
    const homes = await db().selectFrom('site_pages').select('id').where('website_id', '=', website.id).where('is_home', '=', true).execute();
    expect(homes).toEqual([{ id: next.id }]);

    const folder = await createPage('folder');
    const refused = await admin.post(`${PAGES}/${folder.id}/home`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: OWNER_PAGE_MESSAGES.folderHome });
  });

  it('two pages made home at once: one home page remains', async () => {
    const [first, second] = [await createPage(), await createPage()];
    const answers = await Promise.all([first, second].map((page) => admin.post(`${PAGES}/${page.id}/home`, {})));
    for (const answer of answers) {
      expect([200, 409]).toContain(answer.statusCode);
      if (answer.statusCode === 409) expect(answer.json()).toEqual({ message: OWNER_PAGE_MESSAGES.homeChanged });
    }
    const homes = await db().selectFrom('site_pages').select('id').where('website_id', '=', website.id).where('is_home', '=', true).where('deleted_at', 'is', null).execute();
    expect(homes).toHaveLength(1);
    expect([first.id, second.id]).toContain(homes[0]!.id);
  });

  it('answers 404 for a page that does not exist or was deleted', async () => {
    const missing = await admin.get(`${PAGES}/${newId()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such page.' });
    const page = await createPage();
    expect((await admin.delete(`${PAGES}/${page.id}`)).statusCode).toBe(200);
    expect((await admin.get(`${PAGES}/${page.id}`)).statusCode).toBe(404);
    expect((await admin.put(`${PAGES}/${page.id}/draft`, { version: 1, body: bodyOf() })).statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('a viewer reads and previews but changes nothing; an editor changes; a store manager may not', async () => {
    const page = await createPage();
    expect((await viewer.get(PAGES)).statusCode).toBe(200);
    expect((await viewer.get(`${PAGES}/${page.id}`)).statusCode).toBe(200);
    for (const who of [viewer, storeManager]) {
      for (const answer of [
        await who.post(PAGES, { kind: 'page', title: 'Nope' }),
        await who.put(`${PAGES}/${page.id}`, { version: 1, title: 'Nope' }),
        await who.put(`${PAGES}/${page.id}/draft`, { version: 1, body: bodyOf() }),
        await who.post(`${PAGES}/${page.id}/publish`, { version: 1 }),
        await who.delete(`${PAGES}/${page.id}`),
      ]) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json()).toEqual({ message: OWNER_MESSAGES.notAllowed });
      }
    }
    expect((await pageRow(page.id)).version).toBe(1);
    expect((await editor.put(`${PAGES}/${page.id}/draft`, { version: 1, body: bodyOf() })).statusCode).toBe(200);
    expect((await new TestVisitor(server.app).get(PAGES)).statusCode).toBe(401);
  });

  it('the preview reads: the draft (else the body), content:read, 404 when deleted', async () => {
    const page = await createPage();
    await saveDraft(page, bodyOf(textBlock('t', '<p>draft only</p>')));
    const preview = await readPageForPreview(db(), website, systemActor('test'), page.id);
    expect(preview.body).toEqual(bodyOf(textBlock('t', '<p>draft only</p>')));
    expect(preview.page.id).toBe(page.id);
    await expect(readPageForPreview(db(), website, systemActor('test'), newId())).rejects.toMatchObject({ kind: 'not-found', message: 'No such page.' });
    await expect(readItemForPreview(db(), website, systemActor('test'), newId())).rejects.toMatchObject({ kind: 'not-found', message: 'No such item.' });
    await expect(
      readPageForPreview(db(), website, { kind: 'visitor', cartToken: undefined, siteUser: undefined, sessionToken: undefined, address: '127.0.0.1' }, page.id),
    ).rejects.toMatchObject({ kind: 'unauthenticated' });
  });
});

describe('hostile input', () => {
  it('refuses NUL bytes, unknown fields, __proto__, deep JSON and huge bodies with a 4xx, writing nothing', async () => {
    const page = await createPage();
    const before = await pageRow(page.id);
    const nul = await admin.put(`${PAGES}/${page.id}`, { version: 1, title: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    const unknown = await admin.put(`${PAGES}/${page.id}`, { version: 1, title: 'x', isHome: true });
    expect(unknown.statusCode).toBe(400);
    const proto = await admin.request({
      method: 'PUT',
      url: `${PAGES}/${page.id}/draft`,
      headers: { 'content-type': 'application/json' },
      payload: `{"version":1,"body":{"schemaVersion":1,"sections":[{"id":"s","blocks":[{"id":"b","type":2,"settings":{"__proto__":{"polluted":true}}}]}]}}`,
    });
    expect(proto.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    // Deep JSON, sent as text (a client's JSON.stringify would overflow first): the app refuses past 32 levels;
    // below that, a kept block's settings past 16 levels are @vitrine/blocks' refusal.
    const nested = (levels: number) => `${'{"deeper":'.repeat(levels)}"bottom"${'}'.repeat(levels)}`;
    const draftWith = (settings: string) =>
      admin.request({
        method: 'PUT',
        url: `${PAGES}/${page.id}/draft`,
        headers: { 'content-type': 'application/json' },
        payload: `{"version":1,"body":{"schemaVersion":1,"sections":[{"id":"s","blocks":[{"id":"k","type":${BLOCK_TYPES.twitter},"settings":${settings}}]}]}}`,
      });
    const tooDeep = await draftWith(nested(100_000));
    expect([tooDeep.statusCode, tooDeep.json()]).toEqual([400, { message: 'The request body is nested too deeply.' }]);
    const deepSettings = await draftWith(nested(20));
    expect([deepSettings.statusCode, deepSettings.json()]).toEqual([
      400,
      { message: 'The block settings nest at most 16 levels deep.', errors: { 'body.sections.0.blocks.0.settings': 'The block settings nest at most 16 levels deep.' } },
    ]);

    const huge = await admin.put(`${PAGES}/${page.id}/draft`, { version: 1, body: bodyOf(textBlock('t', 'x'.repeat(3 * 1024 * 1024))) });
    expect(huge.statusCode).toBe(413);
    const hugeTitle = await admin.put(`${PAGES}/${page.id}`, { version: 1, title: 'x'.repeat(100_000) });
    expect(hugeTitle.statusCode).toBe(413);
    const longTitle = await admin.put(`${PAGES}/${page.id}`, { version: 1, title: 'x'.repeat(201) });
    expect(longTitle.statusCode).toBe(400);
    expect(longTitle.json().errors).toEqual({ title: OWNER_CONTENT_MESSAGES.title });

    expect(await pageRow(page.id)).toEqual(before);
    expect(await db().selectFrom('content_revisions').select('id').where('target_id', '=', page.id).execute()).toEqual([]);
  });
});

describe('items', () => {
  async function createItem(collection: { id: string }, body: Record<string, unknown>, by: TestVisitor = admin): Promise<ContentItemJson> {
    const answer = await by.post(`${PAGES}/${collection.id}/items`, body);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json() as ContentItemJson;
  }

  it('a blog takes posts (record type 1): fields, draft, publish sets publishedAt once, newest first', async () => {
    const blog = await createPage('blog', uniqueTitle('Journal'));
    const post = await createItem(blog, { title: 'Spring at the studio', excerpt: 'New glazes.', authorName: 'Mia', tags: ['ceramics', ' glaze '], categories: ['News'] });
    expect(post).toMatchObject({
      collectionId: blog.id,
      recordType: 1,
      title: 'Spring at the studio',
      urlId: 'spring-at-the-studio',
      fullUrl: `/${blog.urlId}/spring-at-the-studio`,
      status: 'draft',
      publishedAt: null,
      excerpt: 'New glazes.',
      authorName: 'Mia',
      tags: ['ceramics', 'glaze'],
      categories: ['News'],
      commentState: 0,
      version: 1,
    });
    const second = await createItem(blog, { title: 'Spring at the studio' });
    expect(second.urlId).toBe('spring-at-the-studio-2');

    const draft = await admin.put(`${ITEMS}/${post.id}/draft`, { version: 1, body: bodyOf(textBlock('t', '<p>Post text</p>')) });
    expect(draft.statusCode, draft.body).toBe(200);
    const published = await admin.post(`${ITEMS}/${post.id}/publish`, { version: draft.json().version });
    expect(published.statusCode, published.body).toBe(200);
    const firstPublishedAt = published.json().publishedAt as string;
    expect(published.json()).toMatchObject({ status: 'published', body: bodyOf(textBlock('t', '<p>Post text</p>')), draftBody: null });
    expect(firstPublishedAt).toMatch(/^\d{4}-/);
    const unpublished = await admin.post(`${ITEMS}/${post.id}/unpublish`, { version: published.json().version });
    const again = await admin.post(`${ITEMS}/${post.id}/publish`, { version: unpublished.json().version });
    expect(again.json().publishedAt).toBe(firstPublishedAt);

    const list = await viewer.get(`${PAGES}/${blog.id}/items`);
    expect(list.statusCode).toBe(200);
    // Newest first: the post first went live after the second was written.
    expect((list.json().items as Array<{ id: string }>).map((item) => item.id)).toEqual([post.id, second.id]);
    const published_ = await viewer.get(`${PAGES}/${blog.id}/items?status=published`);
    expect((published_.json().items as Array<{ id: string }>).map((item) => item.id)).toEqual([post.id]);

    const revisions = await viewer.get(`${ITEMS}/${post.id}/revisions`);
    expect((revisions.json().revisions as Array<{ reason: string }>).map((revision) => revision.reason)).toEqual(['published', 'unpublished', 'published']);
  });

  it('a scheduled post is not live until its time; a published one is, in a published blog', async () => {
    const blog = await createPage('blog');
    await publish(blog, blog.version);
    const post = await createItem(blog, { title: 'Scheduled post' });
    const scheduled = await admin.post(`${ITEMS}/${post.id}/publish`, { version: 1, publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', publishedAt: scheduled.json().publishAt });
    expect(await publicStatus(post.fullUrl)).toBe(404);
    await db().updateTable('site_items').set({ publish_at: new Date(Date.now() - 1_000) }).where('id', '=', post.id).execute();
    expect(await publicStatus(post.fullUrl)).toBe(200);
    const unpublished = await admin.post(`${ITEMS}/${post.id}/unpublish`, { version: scheduled.json().version });
    expect(unpublished.statusCode).toBe(200);
    expect(await publicStatus(post.fullUrl)).toBe(404);
  });

  it('pages a list with a cursor', async () => {
    const blog = await createPage('blog');
    for (let index = 0; index < 5; index++) await createItem(blog, { title: `Post ${index}` });
    const first = await admin.get(`${PAGES}/${blog.id}/items?limit=2`);
    expect(first.json().items).toHaveLength(2);
    const second = await admin.get(`${PAGES}/${blog.id}/items?limit=2&cursor=${first.json().nextCursor}`);
    const third = await admin.get(`${PAGES}/${blog.id}/items?limit=2&cursor=${second.json().nextCursor}`);
    expect(third.json()).toMatchObject({ nextCursor: null });
    const ids = [...first.json().items, ...second.json().items, ...third.json().items].map((item: { id: string }) => item.id);
    expect(new Set(ids).size).toBe(5);
    const bad = await admin.get(`${PAGES}/${blog.id}/items?cursor=nonsense`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(OWNER_CONTENT_MESSAGES.cursor);
    const page = await createPage('page');
    const notACollection = await admin.get(`${PAGES}/${page.id}/items`);
    expect(notACollection.statusCode).toBe(400);
    expect(notACollection.json()).toEqual({ message: OWNER_ITEM_MESSAGES.notACollection });
  });

  it('an events page takes events (12) with start, end and place, listed by start; the end may not come first', async () => {
    const events = await createPage('events');
    const late = await createItem(events, { title: 'Evening kiln opening', startAt: '2027-05-02T18:00:00Z', endAt: '2027-05-02T20:00:00Z' });
    const early = await createItem(events, {
      title: 'Morning class',
      startAt: '2027-05-01T09:00:00Z',
      location: { addressLine1: '1 Clay St', addressLine2: '', addressCountry: 'US', mapLat: 45.5, mapLng: -122.6 },
    });
    expect(late).toMatchObject({ recordType: 12, startAt: '2027-05-02T18:00:00.000Z', endAt: '2027-05-02T20:00:00.000Z' });
    expect(early.location).toEqual({ addressLine1: '1 Clay St', addressLine2: '', addressCountry: 'US', mapLat: 45.5, mapLng: -122.6 });
    const list = (await admin.get(`${PAGES}/${events.id}/items`)).json().items as Array<{ id: string }>;
    expect(list.map((item) => item.id)).toEqual([early.id, late.id]);

    const backwards = await admin.post(`${PAGES}/${events.id}/items`, { title: 'Backwards', startAt: '2027-05-02T18:00:00Z', endAt: '2027-05-02T17:00:00Z' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ message: OWNER_ITEM_MESSAGES.endBeforeStart, errors: { endAt: OWNER_ITEM_MESSAGES.endBeforeStart } });
    const moveEnd = await admin.put(`${ITEMS}/${late.id}`, { version: 1, endAt: '2027-05-01T00:00:00Z' });
    expect(moveEnd.statusCode).toBe(400);
  });

  it('refuses a tag over 50 characters and a category over 25, by index', async () => {
    const blog = await createPage('blog');
    const post = await createItem(blog, { title: 'Labels' });
    const answer = await admin.put(`${ITEMS}/${post.id}`, { version: 1, tags: ['ok', 't'.repeat(51)], categories: ['c'.repeat(26)] });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: 'A tag must be at most 50 characters.',
      errors: { 'tags.1': 'A tag must be at most 50 characters.', 'categories.0': 'A category must be at most 25 characters.' },
    });
    const fits = await admin.put(`${ITEMS}/${post.id}`, { version: 1, tags: ['t'.repeat(50)], categories: ['c'.repeat(25)], starred: true, commentState: 1 });
    expect(fits.statusCode, fits.body).toBe(200);
    expect(fits.json()).toMatchObject({ tags: ['t'.repeat(50)], categories: ['c'.repeat(25)], starred: true, commentState: 1, version: 2 });
  });

  it('a gallery holds 250 images at most, in the owner\'s order', async () => {
    const gallery = await createPage('gallery');
    const a = await createItem(gallery, { title: 'Image A' });
    const b = await createItem(gallery, { title: 'Image B' });
    expect([a.recordType, a.position, b.position]).toEqual([14, 0, 1]);
    const reordered = await admin.put(`${PAGES}/${gallery.id}/items/order`, { itemIds: [b.id, a.id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((reordered.json().items as Array<{ id: string; position: number }>).map((item) => [item.id, item.position])).toEqual([
      [b.id, 0],
      [a.id, 1],
    ]);
    const incomplete = await admin.put(`${PAGES}/${gallery.id}/items/order`, { itemIds: [b.id] });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().errors).toEqual({ itemIds: OWNER_CONTENT_MESSAGES.itemIds });

    await db()
      .insertInto('site_items')
      .values(
        Array.from({ length: 247 }, (_, index) => ({
          id: newId(),
          website_id: website.id,
          collection_id: gallery.id,
          record_type: 14,
          url_id: `filler-${index}`,
          title: `Filler ${index}`,
          position: index + 2,
        })),
      )
      .execute();
    // 249 now: two at once, one fits.
    const answers = await Promise.all(['Last', 'One too many'].map((title) => admin.post(`${PAGES}/${gallery.id}/items`, { title })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json()).toEqual({ message: 'A gallery holds at most 250 images.' });
    const count = await db().selectFrom('site_items').select(db().fn.countAll().as('n')).where('collection_id', '=', gallery.id).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(250);
  });

  it('two edits of one item version: one 200, one 409; delete; roles', async () => {
    const blog = await createPage('blog');
    const post = await createItem(blog, { title: 'Contested' }, editor);
    const answers = await Promise.all(['First', 'Second'].map((title) => admin.put(`${ITEMS}/${post.id}`, { version: 1, title })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({ message: 'This item was changed elsewhere. Reload to see the latest version.' });

    expect((await viewer.get(`${ITEMS}/${post.id}`)).statusCode).toBe(200);
    const refused = await storeManager.post(`${PAGES}/${blog.id}/items`, { title: 'Nope' });
    expect(refused.statusCode).toBe(403);
    expect((await viewer.delete(`${ITEMS}/${post.id}`)).statusCode).toBe(403);

    const deleted = await editor.delete(`${ITEMS}/${post.id}`);
    expect(deleted.json()).toEqual({ deleted: true, id: post.id });
    expect((await admin.get(`${ITEMS}/${post.id}`)).statusCode).toBe(404);
  });

  it('restores an item revision as its draft; the preview reads the draft with its collection', async () => {
    const blog = await createPage('blog');
    const post = await createItem(blog, { title: 'Versions' });
    const v2 = (await admin.put(`${ITEMS}/${post.id}/draft`, { version: 1, body: bodyOf(textBlock('t', '<p>one</p>')) })).json().version;
    const published = (await admin.post(`${ITEMS}/${post.id}/publish`, { version: v2 })).json();
    const v4 = (await admin.put(`${ITEMS}/${post.id}/draft`, { version: published.version, body: bodyOf(textBlock('t', '<p>two</p>')) })).json().version;
    const [revision] = (await admin.get(`${ITEMS}/${post.id}/revisions`)).json().revisions;
    const discarded = await admin.delete(`${ITEMS}/${post.id}/draft`);
    expect(discarded.json()).toMatchObject({ draftBody: null, version: v4 + 1 });
    const restored = await admin.post(`${ITEMS}/${post.id}/revisions/${revision.id}/restore`, { version: v4 + 1 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().draftBody).toEqual(bodyOf(textBlock('t', '<p>one</p>')));
    const preview = await readItemForPreview(db(), website, systemActor('test'), post.id);
    expect(preview.collection.id).toBe(blog.id);
    expect(preview.body).toEqual(bodyOf(textBlock('t', '<p>one</p>')));
  });

  it('deleting a collection takes its items with it', async () => {
    const blog = await createPage('blog');
    const post = await createItem(blog, { title: 'Goes too' });
    expect((await admin.delete(`${PAGES}/${blog.id}`)).statusCode).toBe(200);
    expect((await admin.get(`${ITEMS}/${post.id}`)).statusCode).toBe(404);
  });
});

describe('nothing lost (issue 34 item 6)', () => {
  it('a stale autosave is a 409 with the other person’s draft and version, and their draft stays', async () => {
    const page = await createPage();
    const theirs = bodyOf(textBlock('t', '<p>Theirs</p>'));
    const theirVersion = await saveDraft(page, theirs);
    const mine = await editor.put(`${PAGES}/${page.id}/draft`, { version: page.version, body: bodyOf(textBlock('t', '<p>Mine</p>')) });
    expect(mine.statusCode).toBe(409);
    const answer = mine.json() as { message: string; current: ContentPageJson };
    expect(answer.message).toBe('This page was changed elsewhere. Reload to see the latest version.');
    expect(answer.current).toMatchObject({ id: page.id, version: theirVersion, draftBody: theirs, hasDraft: true });
    expect((await pageRow(page.id)).draft_body).toEqual(theirs);
    // "Keep mine": saved on their version, knowingly.
    const kept = await editor.put(`${PAGES}/${page.id}/draft`, { version: theirVersion, body: bodyOf(textBlock('t', '<p>Mine</p>')) });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await pageRow(page.id)).draft_body).toEqual(bodyOf(textBlock('t', '<p>Mine</p>')));
  });

  it('a page the seed or a template wrote keeps its original as a revision at the first publish, and "Restore the original" brings it back', async () => {
    const id = newId();
    const original = bodyOf(textBlock('t', '<h2>As the template made it</h2>'));
    await db()
      .insertInto('site_pages')
      .values({ id, website_id: website.id, kind: 'page', url_id: `template-page-${++counter}`, title: 'From the template', status: 'published', body: JSON.stringify(original) })
      .execute();
    const page = (await admin.get(`${PAGES}/${id}`)).json() as ContentPageJson;
    const version = await saveDraft(page, bodyOf(textBlock('t', '<p>The owner’s words</p>')));
    const published = await publish(page, version);
    const list = (await admin.get(`${PAGES}/${id}/revisions`)).json() as { revisions: Array<{ id: string; reason: string; title: string; createdBy: unknown }> };
    expect(list.revisions.map((revision) => [revision.reason, revision.title, revision.createdBy])).toEqual([
      ['published', 'From the template', expect.anything()],
      ['original', 'From the template', null],
    ]);
    const restored = await admin.post(`${PAGES}/${id}/revisions/${list.revisions[1]!.id}/restore`, { version: published.version });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((restored.json() as ContentPageJson).draftBody).toEqual(original);
    // Only the first publish keeps the original: the second keeps none more.
    const again = await publish(page, (restored.json() as ContentPageJson).version);
    expect(again.body).toEqual(original);
    const reasons = ((await admin.get(`${PAGES}/${id}/revisions`)).json().revisions as Array<{ reason: string }>).map((revision) => revision.reason);
    expect(reasons.filter((reason) => reason === 'original')).toEqual(['original']);
  });

  it('a post the seed or a template wrote keeps its original at its first change (an edit or a publish), and restoring it brings it back', async () => {
    const blog = await createPage('blog');
    const original = bodyOf(textBlock('t', '<p>As the template wrote the post</p>'));
    const seeded = async (title: string) => {
      const id = newId();
      await db()
        .insertInto('site_items')
        .values({ id, website_id: website.id, collection_id: blog.id, record_type: 1, url_id: `seeded-${++counter}`, title, status: 'published', tags: ['linen'], body: JSON.stringify(original) })
        .execute();
      return id;
    };
    // First change a metadata edit: the original is kept before it, with the seed's title and body.
    const edited = await seeded('Seeded post');
    const renamed = await admin.put(`${ITEMS}/${edited}`, { version: 1, title: 'Renamed by the owner' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const list = (await admin.get(`${ITEMS}/${edited}/revisions`)).json() as { revisions: Array<{ id: string; reason: string; title: string; createdBy: unknown }> };
    expect(list.revisions.map((revision) => [revision.reason, revision.title, revision.createdBy])).toEqual([['original', 'Seeded post', null]]);
    const restored = await admin.post(`${ITEMS}/${edited}/revisions/${list.revisions[0]!.id}/restore`, { version: renamed.json().version });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ title: 'Seeded post', draftBody: original });
    // First change a publish of a new draft: original, then published; a second publish keeps no second original.
    const published = await seeded('Seeded post two');
    const draft = await admin.put(`${ITEMS}/${published}/draft`, { version: 1, body: bodyOf(textBlock('t', '<p>The owner’s words</p>')) });
    const first = await admin.post(`${ITEMS}/${published}/publish`, { version: draft.json().version });
    expect(first.statusCode, first.body).toBe(200);
    await admin.post(`${ITEMS}/${published}/publish`, { version: first.json().version });
    const reasons = ((await admin.get(`${ITEMS}/${published}/revisions`)).json().revisions as Array<{ reason: string }>).map((revision) => revision.reason);
    expect(reasons).toEqual(['published', 'published', 'original']);
  });

  it('an owner’s own new page has no "original": its first publish is its first revision', async () => {
    const page = await createPage();
    const version = await saveDraft(page, bodyOf(textBlock('t', '<p>New</p>')));
    await publish(page, version);
    const reasons = ((await admin.get(`${PAGES}/${page.id}/revisions`)).json().revisions as Array<{ reason: string }>).map((revision) => revision.reason);
    expect(reasons).toEqual(['published']);
  });

  it('migration 052 backfills an original revision for every live page without one, once, and none for drafts', async () => {
    const live = newId();
    const draft = newId();
    await db()
      .insertInto('site_pages')
      .values([
        { id: live, website_id: website.id, kind: 'page', url_id: `seeded-live-${++counter}`, title: 'Seeded', status: 'published', body: JSON.stringify(bodyOf(textBlock('t', '<p>Seed</p>'))) },
        { id: draft, website_id: website.id, kind: 'page', url_id: `seeded-draft-${++counter}`, title: 'Draft', status: 'draft', body: JSON.stringify(bodyOf()) },
      ])
      .execute();
    const migration = readFileSync(new URL('../db/migrations/052_original_page_revisions.sql', import.meta.url), 'utf8');
    await sql.raw(migration).execute(db());
    const kept = await db().selectFrom('content_revisions').select(['target_id', 'reason', 'created_by', 'snapshot']).where('target_id', 'in', [live, draft]).execute();
    expect(kept.map((row) => [row.target_id, row.reason, row.created_by, (row.snapshot as { title: string }).title])).toEqual([[live, 'original', null, 'Seeded']]);
    expect((kept[0]!.snapshot as { body: unknown }).body).toEqual(bodyOf(textBlock('t', '<p>Seed</p>')));
    // Run again: the page has a revision now, so nothing more is kept (and the fixed id would refuse a second).
    await sql.raw(migration).execute(db());
    expect(await db().selectFrom('content_revisions').select('id').where('target_id', '=', live).execute()).toHaveLength(1);
  });
});
