import type { Kysely } from 'kysely';
import type { CreateCategoryBody, CreateStoreBody } from '@vitrine/contracts';
import type { Actor } from '../actor';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, notFound } from '../failures';
import { newId } from '../ids';
import { authorize } from '../authorize';
import { nextUnusedUrlId, urlIdOf } from './product-rules';

/**
 * Store creation (platform spec §3 "Site-owner helper entities", §4, §5): a product collection, then
 * its ROOT category. Adding the store to the main navigation is the site settings' UpdateNavigation.
 */

/** Product collections (stores) are collection type 13 (platform enumeration). */
export const STORE_COLLECTION_TYPE = 13;

/** The fallback store title (spec §5): used when the title leaves an address under 3 characters. */
export const FALLBACK_STORE_TITLE = 'Store';
export const STORE_URL_ID_MIN_LENGTH = 3;

/**
 * Addresses a store cannot take: the storefront's own pages and the server's prefixes, which answer
 * before a store at the same address would.
 */
export const RESERVED_STORE_URL_IDS: ReadonlySet<string> = new Set(['api', 'assets', 'cart', 'checkout', 'config', 'search', 'favicon-ico', 'storefront', 'theme']);

export const STORE_MESSAGES = {
  websiteNotFound: 'No such website.',
  storeNotFound: 'No such store.',
  rootExists: 'This store already has its root category.',
} as const;

/** The url id a store title asks for before collisions (spec §5): the title's, else the fallback title's. */
export function storeUrlIdBase(title: string): string {
  const fromTitle = urlIdOf(title);
  return fromTitle.length >= STORE_URL_ID_MIN_LENGTH ? fromTitle : urlIdOf(FALLBACK_STORE_TITLE);
}

/** The path's website must be the one this server serves: any other id is unknown here. */
function requireServedWebsite(website: Website, websiteId: string): void {
  if (websiteId !== website.id) throw notFound(STORE_MESSAGES.websiteNotFound);
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** POST /api/content-service/product/1.1/websites/:websiteId/products */
export async function createStore(db: Kysely<Database>, website: Website, actor: Actor, input: CreateStoreBody & { websiteId: string }): Promise<{ id: string }> {
  authorize(actor, 'store-settings:write');
  requireServedWebsite(website, input.websiteId);
  const title = input.title.trim() || FALLBACK_STORE_TITLE;
  const base = storeUrlIdBase(input.title);
  // Two stores created at once with one title: the second insert loses on the unique url id and tries the next number.
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(db, async (trx) => {
        const existing = await trx
          .selectFrom('collections')
          .select('url_id')
          .where('website_id', '=', website.id)
          .where((eb) => eb.or([eb('url_id', '=', base), eb('url_id', 'like', `${base}-%`)]))
          .execute();
        const taken = new Set([...RESERVED_STORE_URL_IDS, ...existing.map((row) => row.url_id)]);
        const id = newId();
        await trx
          .insertInto('collections')
          .values({
            id,
            website_id: website.id,
            url_id: nextUnusedUrlId(base, taken),
            title,
            navigation_title: input.navigationTitle?.trim() || title,
            description: input.description ?? '',
            type: STORE_COLLECTION_TYPE,
          })
          .execute();
        return { id };
      });
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error)) throw error;
    }
  }
}

/** POST …/products/:collectionId/categories: the store's ROOT category (LIST_VIEW, displayIndex 1). */
export async function createStoreCategory(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: CreateCategoryBody & { websiteId: string; collectionId: string },
): Promise<{ id: string }> {
  authorize(actor, 'store-settings:write');
  requireServedWebsite(website, input.websiteId);
  const store = await db
    .selectFrom('collections')
    .select('id')
    .where('website_id', '=', website.id)
    .where('id', '=', input.collectionId)
    .where('type', '=', STORE_COLLECTION_TYPE)
    .executeTakeFirst();
  if (!store) throw notFound(STORE_MESSAGES.storeNotFound);
  const id = newId();
  // One root per store: the partial unique index settles two racing creations.
  const inserted = await db
    .insertInto('categories')
    .values({
      id,
      website_id: website.id,
      collection_id: store.id,
      parent_category_id: null,
      display_name: input.displayName.trim() || input.displayName,
      type: 'ROOT',
      page_rendering: input.pageRendering,
      display_index: input.displayIndex,
    })
    .onConflict((oc) => oc.columns(['collection_id']).where('type', '=', 'ROOT').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw conflict(STORE_MESSAGES.rootExists);
  return { id };
}
