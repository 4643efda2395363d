import type { Kysely } from 'kysely';
import { SEO_MESSAGES, type OwnerStoreJson, type UpdateStoreBody } from '@vitrine/contracts';
import type { Actor } from '../actor';
import type { Collection, Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { invalid, notFound } from '../failures';
import { imageAssetUrl, productImageRecords } from '../images';
import { authorize } from '../authorize';
import { seoColumnsOf, seoFieldsJson } from './seo-fields';
import { STORE_COLLECTION_TYPE, STORE_MESSAGES } from './stores';

type Db = Parameters<typeof productImageRecords>[0];

/**
 * The owner's stores (product collections, type 13): what a product's store may be, and each store's SEO
 * fields. Site pages (About, Journal, …) share the navigation with stores but are never stores: a product
 * saved into one is refused ('No such store.'), so they are never offered.
 */

type StoreRow = Pick<Collection, 'id' | 'title' | 'url_id' | 'description' | 'seo_title' | 'seo_description' | 'seo_image_id'> & { seo_image_filename: string | null };

const storeRows = (db: Db, websiteId: string) =>
  db
    .selectFrom('collections')
    .leftJoin('images', (join) => join.onRef('images.id', '=', 'collections.seo_image_id').onRef('images.website_id', '=', 'collections.website_id'))
    .select([
      'collections.id', 'collections.title', 'collections.url_id', 'collections.description',
      'collections.seo_title', 'collections.seo_description', 'collections.seo_image_id', 'images.filename as seo_image_filename',
    ])
    .where('collections.website_id', '=', websiteId)
    .where('collections.type', '=', STORE_COLLECTION_TYPE);

function ownerStoreJson(row: StoreRow): OwnerStoreJson {
  return {
    id: row.id,
    title: row.title,
    urlId: row.url_id,
    fullUrl: `/${row.url_id}`,
    description: row.description,
    ...seoFieldsJson(row, row.seo_image_id && row.seo_image_filename ? imageAssetUrl(row.seo_image_id, row.seo_image_filename) : undefined),
  };
}

/** GET /api/owner/stores: oldest first, as a new product's default store is the oldest. */
export async function listOwnerStores(db: Kysely<Database>, website: Website, actor: Actor): Promise<{ stores: OwnerStoreJson[] }> {
  authorize(actor, 'catalog:read');
  const rows = await storeRows(db, website.id).orderBy('collections.created_at').orderBy('collections.id').execute();
  return { stores: rows.map(ownerStoreJson) };
}

/** PUT /api/owner/stores/:storeId: the SEO fields sent; the picture must be one uploaded to this website. */
export async function updateOwnerStore(db: Kysely<Database>, website: Website, actor: Actor, input: UpdateStoreBody & { storeId: string }): Promise<{ store: OwnerStoreJson }> {
  authorize(actor, 'store-settings:write');
  const { storeId, ...body } = input;
  await inTransaction(db, async (trx) => {
    const store = await trx.selectFrom('collections').select('id').where('website_id', '=', website.id).where('id', '=', storeId).where('type', '=', STORE_COLLECTION_TYPE).forUpdate().executeTakeFirst();
    if (!store) throw notFound(STORE_MESSAGES.storeNotFound);
    // Locked FOR SHARE: the picture cannot be deleted before this write commits.
    if (body.seoImageId && (await productImageRecords(trx, website.id, [body.seoImageId])).length === 0) {
      throw invalid(SEO_MESSAGES.seoImageUnknown, { seoImageId: SEO_MESSAGES.seoImageUnknown });
    }
    const columns = seoColumnsOf(body);
    if (Object.keys(columns).length > 0) await trx.updateTable('collections').set(columns).where('id', '=', storeId).execute();
  });
  const row = await storeRows(db, website.id).where('collections.id', '=', storeId).executeTakeFirstOrThrow();
  return { store: ownerStoreJson(row) };
}
