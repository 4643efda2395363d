// databases: both — reorders at once on the navigation rows
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentPageJson, NavigationNodeJson, PageTreeJson } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import { newId } from '../ids';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { PAGE_TREE_MESSAGES } from './tree-rules';

/*
 * The page tree on a real server and database: the main navigation's order, folders and hidden pages as the
 * editor sees and arranges them, pages linked when made and unlinked when deleted, and the public header showing
 * only the live pages of the navigation.
 */

const PAGES = '/api/owner/content/pages';
const NAVIGATION = '/api/owner/content/navigation';

let server: TestServer;
let admin: TestVisitor;
let viewer: TestVisitor;
beforeAll(async () => {
  server = await openTestServer({ rateLimit: { max: 100_000 } });
  [admin, viewer] = await Promise.all([ownerVisitor(server, 'admin'), ownerVisitor(server, 'viewer')]);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function tree(): Promise<PageTreeJson> {
  const answer = await viewer.get(PAGES);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as PageTreeJson;
}

async function createPage(body: Record<string, unknown>): Promise<ContentPageJson> {
  const answer = await admin.post(PAGES, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as ContentPageJson;
}

const outline = (nodes: NavigationNodeJson[]): unknown[] => nodes.map((node) => (node.children.length > 0 ? [node.kind, node.title, outline(node.children)] : [node.kind, node.title]));
const arrangement = (nodes: NavigationNodeJson[]) => nodes.map((node) => ({ id: node.id, ...(node.children.length > 0 ? { children: node.children.map((child) => ({ id: child.id })) } : {}) }));
const storedNavigation = () => server.database.db.selectFrom('site_navigations').selectAll().orderBy('field_name').execute();
const headerOf = async () => (await new TestVisitor(server.app).get('/shop')).body;

describe('the page tree', () => {
  it('reads the main navigation (links, the store); every other page is listed once as not linked', async () => {
    const start = await tree();
    const shop = start.navigation.find((node) => node.kind === 'store')!;
    expect(shop).toMatchObject({ title: 'Shop', urlId: 'shop', fullUrl: '/shop', status: 'published', children: [] });
    for (const link of start.navigation.filter((node) => node.kind === 'link')) expect(link.id).toMatch(/^link:\d+$/);
    const pages = await server.database.db.selectFrom('site_pages').select('id').where('deleted_at', 'is', null).execute();
    const linked = start.navigation.flatMap((node) => [node, ...node.children]).filter((node) => node.kind !== 'store' && node.kind !== 'link');
    expect([...linked, ...start.notLinked].map((page) => page.id).sort()).toEqual(pages.map((page) => page.id).sort());
  });

  it('links a new page before the closing Cart link, in its folder when named, or nowhere when asked', async () => {
    const before = await tree();
    const about = await createPage({ kind: 'page', title: 'Tree about' });
    const folder = await createPage({ kind: 'folder', title: 'Tree folder' });
    const faq = await createPage({ kind: 'page', title: 'Tree faq', folderId: folder.id });
    const hidden = await createPage({ kind: 'page', title: 'Tree hidden', inNavigation: false });
    const now = await tree();
    // A link's id is where it sits ('link:4'), so links are compared by their address.
    const key = (node: NavigationNodeJson) => (node.kind === 'link' ? `link ${node.fullUrl}` : node.id);
    const beforeKeys = before.navigation.map(key);
    const cartAt = before.navigation.at(-1)?.externalLink === '/cart' ? beforeKeys.length - 1 : beforeKeys.length;
    expect(now.navigation.map(key)).toEqual([...beforeKeys.slice(0, cartAt), about.id, folder.id, ...beforeKeys.slice(cartAt)]);
    expect(outline(now.navigation.filter((node) => node.id === folder.id))).toEqual([['folder', 'Tree folder', [['page', 'Tree faq']]]]);
    expect(now.notLinked.map((page) => page.id)).toEqual([...before.notLinked.map((page) => page.id), hidden.id].sort((a, b) => {
      const title = (id: string) => [...before.notLinked, { id: hidden.id, title: 'Tree hidden' }].find((page) => page.id === id)!.title;
      return title(a).localeCompare(title(b)) || a.localeCompare(b);
    }));
    expect(now.navigation.find((node) => node.id === about.id)).toMatchObject({ status: 'draft', hasDraft: false, urlId: 'tree-about', children: [] });
    expect(now.navigation.find((node) => node.id === folder.id)!.children[0]!.id).toBe(faq.id);

    const notAFolder = await admin.post(PAGES, { kind: 'page', title: 'Nested wrong', folderId: about.id });
    expect(notAFolder.statusCode).toBe(400);
    expect(notAFolder.json()).toEqual({ message: PAGE_TREE_MESSAGES.folderId, errors: { folderId: PAGE_TREE_MESSAGES.folderId } });
    const folderInFolder = await admin.post(PAGES, { kind: 'folder', title: 'Nested folder', folderId: folder.id });
    expect(folderInFolder.statusCode).toBe(400);
    expect(folderInFolder.json()).toEqual({ message: PAGE_TREE_MESSAGES.folderInFolder, errors: { folderId: PAGE_TREE_MESSAGES.folderInFolder } });
  });

  it('reorders, nests in a folder and hides, keeping the links and the store; the answer is the new tree', async () => {
    const unlinked = await createPage({ kind: 'page', title: 'Tree unlinked', inNavigation: false });
    const before = await tree();
    const byTitle = (title: string) => before.navigation.find((node) => node.title === title)!;
    const [about, folder, shop] = [byTitle('Tree about'), byTitle('Tree folder'), byTitle('Shop')];
    const links = before.navigation.filter((node) => node.kind === 'link');
    const others = before.navigation.filter((node) => ![about.id, folder.id, shop.id].includes(node.id) && node.kind !== 'link');
    const navigation = [
      ...links.map((link) => ({ id: link.id })),
      { id: unlinked.id },
      { id: folder.id, children: [{ id: about.id }, { id: folder.children[0]!.id }] },
      { id: shop.id },
      ...arrangement(others),
    ];
    const answer = await admin.put(NAVIGATION, { navigation });
    expect(answer.statusCode, answer.body).toBe(200);
    const arranged = (answer.json() as PageTreeJson).navigation;
    expect(arranged.map((node) => node.title)).toEqual([...links.map((link) => link.title), 'Tree unlinked', 'Tree folder', 'Shop', ...others.map((node) => node.title)]);
    expect(outline(arranged.filter((node) => node.id === folder.id))).toEqual([['folder', 'Tree folder', [['page', 'Tree about'], ['page', 'Tree faq']]]]);
    expect((await tree()).navigation).toEqual(arranged);

    // Hide Tree about: left out, it is not linked any more.
    const withoutAbout = arrangement(arranged).map((entry) => (entry.children ? { ...entry, children: entry.children.filter((child) => child.id !== about.id) } : entry));
    const hidden = (await admin.put(NAVIGATION, { navigation: withoutAbout })).json() as PageTreeJson;
    expect(hidden.notLinked.map((page) => page.title)).toContain('Tree about');
    expect(outline(hidden.navigation.filter((node) => node.id === folder.id))).toEqual([['folder', 'Tree folder', [['page', 'Tree faq']]]]);
  });

  it('refuses unknown and repeated ids, children under a page, a folder in a folder: 400, nothing written', async () => {
    const now = await tree();
    const before = await storedNavigation();
    const folder = now.navigation.find((node) => node.kind === 'folder' && node.children.length > 0)!;
    const page = now.navigation.find((node) => node.kind === 'page' && node.children.length === 0)!;
    const otherFolder = await createPage({ kind: 'folder', title: 'Second folder', inNavigation: false });
    const afterCreate = await storedNavigation();
    const cases: Array<[unknown, Record<string, string>]> = [
      [[{ id: newId() }], { 'navigation.0.id': PAGE_TREE_MESSAGES.unknownId }],
      [[{ id: 'link:99' }], { 'navigation.0.id': PAGE_TREE_MESSAGES.unknownId }],
      [[{ id: page.id }, { id: page.id }], { 'navigation.1.id': PAGE_TREE_MESSAGES.duplicate }],
      [[{ id: page.id, children: [{ id: folder.children[0]!.id }] }], { 'navigation.0.children': PAGE_TREE_MESSAGES.notAFolder }],
      [[{ id: folder.id, children: [{ id: otherFolder.id }] }], { 'navigation.0.children.0.id': PAGE_TREE_MESSAGES.folderInFolder }],
    ];
    expect(afterCreate).toEqual(before);
    for (const [navigation, errors] of cases) {
      const answer = await admin.put(NAVIGATION, { navigation });
      expect(answer.statusCode, JSON.stringify(navigation)).toBe(400);
      expect(answer.json()).toEqual({ message: PAGE_TREE_MESSAGES.invalid, errors });
    }
    expect(await storedNavigation()).toEqual(before);
    const forbidden = await viewer.put(NAVIGATION, { navigation: [] });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: OWNER_MESSAGES.notAllowed });
  });

  it('the public header shows a linked page only once it is live', async () => {
    const page = await createPage({ kind: 'page', title: 'Opening hours' });
    expect(await headerOf()).not.toContain('href="/opening-hours"');
    const published = await admin.post(`${PAGES}/${page.id}/publish`, { version: page.version });
    expect(published.statusCode).toBe(200);
    expect(await headerOf()).toContain('href="/opening-hours"');
    const unpublished = await admin.post(`${PAGES}/${page.id}/unpublish`, { version: published.json().version });
    expect(unpublished.statusCode).toBe(200);
    expect(await headerOf()).not.toContain('href="/opening-hours"');
  });

  it('deleting a page unlinks it; a folder\'s pages take its place; the home page cannot go', async () => {
    const folder = await createPage({ kind: 'folder', title: 'Archive' });
    const inside = await createPage({ kind: 'page', title: 'Old news', folderId: folder.id });
    const deleted = await admin.delete(`${PAGES}/${folder.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true, id: folder.id });
    const after = await tree();
    expect(after.navigation.map((node) => node.id)).toContain(inside.id);
    expect(after.navigation.map((node) => node.id)).not.toContain(folder.id);
    expect(after.notLinked.map((node) => node.id)).not.toContain(folder.id);

    expect((await admin.post(`${PAGES}/${inside.id}/home`, {})).statusCode).toBe(200);
    expect((await tree()).homePageId).toBe(inside.id);
    const refused = await admin.delete(`${PAGES}/${inside.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'This is the home page. Make another page the home page before deleting it.' });
    expect((await tree()).navigation.map((node) => node.id)).toContain(inside.id);
  });

  it('two pages made at once from one title get two url ids, both linked', async () => {
    const answers = await Promise.all([1, 2].map(() => admin.post(PAGES, { kind: 'page', title: 'Same Title' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers.map((answer) => answer.json().urlId).sort()).toEqual(['same-title', 'same-title-2']);
    const linked = (await tree()).navigation.map((node) => node.id);
    for (const answer of answers) expect(linked).toContain(answer.json().id);
  });
});
