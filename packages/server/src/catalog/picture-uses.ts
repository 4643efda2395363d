import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, ProductImageRecord } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Where the catalog shows a picture, for the media library (images/media.ts, handed this by app.ts): a product's
 * pictures (`products.images`, the copies image-copies.ts keeps), a variant's (`variants.image_ids`), a product's
 * or a store's SEO picture. Archived products count: restored, they would show it again.
 */

interface Place {
  key: string;
  kind: 'product' | 'store';
  id: string;
  title: string;
  detail: string;
}

const showsPicture = (imageId: string) => sql<boolean>`products.images @> jsonb_build_array(jsonb_build_object('id', ${imageId}::text))`;

export async function catalogPlacesOfPicture(db: Db, websiteId: string, imageId: string): Promise<Place[]> {
  const products = await db
    .selectFrom('products')
    .select(['id', 'title'])
    .select((eb) => [showsPicture(imageId).as('in_pictures'), eb('seo_image_id', '=', imageId).as('as_seo')])
    .where('website_id', '=', websiteId)
    .where((eb) => eb.or([showsPicture(imageId), eb('seo_image_id', '=', imageId)]))
    .orderBy('title')
    .execute();
  const variants = await db
    .selectFrom('variants')
    .innerJoin('products', 'products.id', 'variants.product_id')
    .select(['products.id', 'products.title'])
    .distinct()
    .where('variants.website_id', '=', websiteId)
    .where(sql<boolean>`variants.image_ids @> jsonb_build_array(${imageId}::text)`)
    .orderBy('products.title')
    .execute();
  const stores = await db.selectFrom('collections').select(['id', 'title']).where('website_id', '=', websiteId).where('seo_image_id', '=', imageId).orderBy('title').execute();
  const places: Place[] = [];
  for (const product of products) {
    if (product.in_pictures) places.push({ key: `product:${product.id}`, kind: 'product', id: product.id, title: product.title, detail: '' });
    if (product.as_seo) places.push({ key: `product-seo:${product.id}`, kind: 'product', id: product.id, title: product.title, detail: 'SEO picture' });
  }
  for (const product of variants) places.push({ key: `variant:${product.id}`, kind: 'product', id: product.id, title: product.title, detail: 'variant' });
  for (const store of stores) places.push({ key: `store-seo:${store.id}`, kind: 'store', id: store.id, title: store.title, detail: 'SEO picture' });
  return places;
}

/**
 * Shows another picture in every place of the catalog: a product's copy of the old one becomes the new one's
 * (in the same position; dropped where the product already shows the new one, so no product lists a picture twice).
 */
async function replacePicture(trx: Transaction<Database>, websiteId: string, fromId: string, to: { productRecord: ProductImageRecord }): Promise<void> {
  const toId = to.productRecord.id;
  await sql`
    UPDATE products SET images = COALESCE((
      SELECT jsonb_agg(CASE WHEN element->>'id' = ${fromId}::text THEN ${JSON.stringify(to.productRecord)}::jsonb ELSE element END ORDER BY position)
      FROM jsonb_array_elements(products.images) WITH ORDINALITY AS pictures(element, position)
      WHERE NOT (element->>'id' = ${fromId}::text AND products.images @> jsonb_build_array(jsonb_build_object('id', ${toId}::text)))
    ), '[]'::jsonb)
    WHERE website_id = ${websiteId} AND images @> jsonb_build_array(jsonb_build_object('id', ${fromId}::text))`.execute(trx);
  await sql`
    UPDATE variants SET image_ids = COALESCE((
      SELECT jsonb_agg(distinct_id ORDER BY first_position) FROM (
        SELECT CASE WHEN id = ${fromId}::text THEN ${toId}::text ELSE id END AS distinct_id, min(position) AS first_position
        FROM jsonb_array_elements_text(variants.image_ids) WITH ORDINALITY AS pictures(id, position)
        GROUP BY 1
      ) AS renamed
    ), '[]'::jsonb)
    WHERE website_id = ${websiteId} AND image_ids @> jsonb_build_array(${fromId}::text)`.execute(trx);
  await trx.updateTable('products').set({ seo_image_id: toId }).where('website_id', '=', websiteId).where('seo_image_id', '=', fromId).execute();
  await trx.updateTable('collections').set({ seo_image_id: toId }).where('website_id', '=', websiteId).where('seo_image_id', '=', fromId).execute();
}

/** Takes the picture out of every product and variant (the SEO columns empty themselves: ON DELETE SET NULL, migration 037). */
async function detachPicture(trx: Transaction<Database>, websiteId: string, imageId: string): Promise<void> {
  await sql`
    UPDATE products SET images = COALESCE((
      SELECT jsonb_agg(element ORDER BY position)
      FROM jsonb_array_elements(products.images) WITH ORDINALITY AS pictures(element, position)
      WHERE element->>'id' <> ${imageId}::text
    ), '[]'::jsonb)
    WHERE website_id = ${websiteId} AND images @> jsonb_build_array(jsonb_build_object('id', ${imageId}::text))`.execute(trx);
  await sql`
    UPDATE variants SET image_ids = image_ids - ${imageId}::text
    WHERE website_id = ${websiteId} AND image_ids @> jsonb_build_array(${imageId}::text)`.execute(trx);
}

/** The catalog's PictureUser (images/media.ts); `forget` is this process's pages' cache of products. */
export function catalogPictureUser(cache: { forgetAll(): void }) {
  return {
    placesOf: catalogPlacesOfPicture,
    replace: replacePicture,
    detach: detachPicture,
    changed: () => cache.forgetAll(),
  };
}
