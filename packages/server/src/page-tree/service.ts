/**
 * The site editor's page tree (issue 18): the main navigation (site-settings) holds the order, folders and which
 * pages are linked; the pages are the content domain's. Creating a page links it, deleting one unlinks it, in one
 * transaction with the page's own change.
 */
import type { Kysely } from 'kysely';
import type { ContentPageJson, CreateContentPageBody, PageSummaryJson, PageTreeJson, UpdateContentNavigationBody } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import { createContentPage, deleteContentPage, listPageSummaryRows, notifyContentChanged, pageSummaryOf, contentPageOf } from '../content';
import { inTransaction } from '../db/transactions';
import type { Database, Website } from '../db/schema';
import { invalid, isFailure } from '../failures';
import { editMainNavigation, readMainNavigation, type StoreForLink } from '../site-settings';
import { buildPageTree, linksPage, navigationItemsFor, PAGE_TREE_MESSAGES, withoutPage, withPageLinked } from './tree-rules';

type Db = Parameters<typeof listPageSummaryRows>[0];

async function pagesById(db: Db, websiteId: string): Promise<Map<string, PageSummaryJson>> {
  return new Map((await listPageSummaryRows(db, websiteId)).map((row) => [row.id, pageSummaryOf(row)]));
}

const storesById = (stores: readonly StoreForLink[]) => new Map(stores.map((store) => [store.id, store]));

async function readTree(db: Db, websiteId: string): Promise<PageTreeJson> {
  const [navigation, pages] = await Promise.all([readMainNavigation(db, websiteId), pagesById(db, websiteId)]);
  return buildPageTree(navigation.items, pages, storesById(navigation.stores));
}

export async function getPageTree(db: Kysely<Database>, website: Website, actor: Actor): Promise<PageTreeJson> {
  authorize(actor, 'content:read');
  return readTree(db, website.id);
}

/** Reorders the main navigation, nests pages in folders, hides pages (left out); all or nothing. */
export async function arrangePageTree(db: Kysely<Database>, website: Website, actor: Actor, input: UpdateContentNavigationBody): Promise<PageTreeJson> {
  authorize(actor, 'content:write');
  await inTransaction(db, async (trx) => {
    const pages = await pagesById(trx, website.id);
    await editMainNavigation(trx, website.id, (current, stores) => {
      const order = navigationItemsFor(input, current, pages, storesById(stores));
      if ('errors' in order) throw invalid(PAGE_TREE_MESSAGES.invalid, order.errors);
      return order.items;
    });
  });
  notifyContentChanged(website.id);
  return readTree(db, website.id);
}

/** A new draft page, linked at the end of the navigation (or of its folder) unless inNavigation is false. */
export async function createPage(db: Kysely<Database>, website: Website, actor: Actor, input: CreateContentPageBody): Promise<ContentPageJson> {
  authorize(actor, 'content:write');
  const linked = input.inNavigation !== false;
  const create = () => inTransaction(db, async (trx) => {
    if (linked && input.folderId !== undefined) {
      const folder = (await listPageSummaryRows(trx, website.id)).find((page) => page.id === input.folderId);
      if (folder?.kind !== 'folder') throw invalid(PAGE_TREE_MESSAGES.folderId, { folderId: PAGE_TREE_MESSAGES.folderId });
      if (input.kind === 'folder') throw invalid(PAGE_TREE_MESSAGES.folderInFolder, { folderId: PAGE_TREE_MESSAGES.folderInFolder });
    }
    const page = await createContentPage(trx, website, actor, input);
    if (linked) await editMainNavigation(trx, website.id, (items) => withPageLinked(items, page.id, input.folderId));
    return page;
  });
  let row;
  try {
    row = await create();
  } catch (error) {
    // Two pages from one title at once: the one that lost the url id derives the next one.
    if (!(isFailure(error) && error.kind === 'conflict' && input.urlId === undefined)) throw error;
    row = await create();
  }
  notifyContentChanged(website.id);
  return contentPageOf(row);
}

/** Deletes a page (not the home page) and takes it out of the navigation; a folder's pages take its place. */
export async function deletePage(db: Kysely<Database>, website: Website, actor: Actor, input: { pageId: string }): Promise<{ deleted: true; id: string }> {
  authorize(actor, 'content:write');
  await inTransaction(db, async (trx) => {
    await deleteContentPage(trx, website, actor, input.pageId);
    const { items } = await readMainNavigation(trx, website.id);
    if (linksPage(items, input.pageId)) await editMainNavigation(trx, website.id, (current) => withoutPage(current, input.pageId));
  });
  notifyContentChanged(website.id);
  return { deleted: true, id: input.pageId };
}
