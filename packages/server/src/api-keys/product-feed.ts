import type { Kysely } from 'kysely';
import { PRODUCT_FEED_MESSAGES, type ProductFeedSettingsJson, type SavePixelBody } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import { minorUnitsToDecimalString } from '../catalog';
import type { Database, ProductImageRecord, Website } from '../db/schema';
import { notFound } from '../failures';
import { newSecret } from '../ids';
import { plainTextOf, productFeedXml, type FeedItem } from './feed-xml';

/**
 * The dynamic ads feed (platform spec §2: URL copy, pixel id save). The feed is public by an unguessable
 * token in its URL: an ads platform fetches it without signing in, and it shows only what the storefront
 * already shows, but nobody can list it without the URL, and rotating the token cuts off a leaked one.
 * The token is stored as it is (not hashed), because the panel shows the URL again for copying.
 */

export const FEED_PATH_PREFIX = '/api/product-feed/';

const feedUrlOf = (origin: string, token: string) => `${origin}${FEED_PATH_PREFIX}${token}`;

/** The website's feed row, made on first use with a fresh token (two first uses at once keep one). */
async function feedRow(db: Kysely<Database>, website: Website) {
  await db.insertInto('product_feeds').values({ website_id: website.id, token: newSecret() }).onConflict((oc) => oc.column('website_id').doNothing()).execute();
  return db.selectFrom('product_feeds').selectAll().where('website_id', '=', website.id).executeTakeFirstOrThrow();
}

const settingsJson = (origin: string, row: { token: string; pixel_id: string | null }): ProductFeedSettingsJson => ({
  feedUrl: feedUrlOf(origin, row.token),
  pixelId: row.pixel_id,
});

/** GET /api/owner/product-feed */
export async function getProductFeedSettings(db: Kysely<Database>, website: Website, actor: Actor, origin: string): Promise<ProductFeedSettingsJson> {
  authorize(actor, 'store-settings:read');
  return settingsJson(origin, await feedRow(db, website));
}

/** POST /api/owner/product-feed/token: a new URL; the old one answers 404 from now on. */
export async function rotateProductFeedToken(db: Kysely<Database>, website: Website, actor: Actor, origin: string): Promise<ProductFeedSettingsJson> {
  authorize(actor, 'store-settings:write');
  const row = await db
    .insertInto('product_feeds')
    .values({ website_id: website.id, token: newSecret() })
    .onConflict((oc) => oc.column('website_id').doUpdateSet((eb) => ({ token: eb.ref('excluded.token'), updated_at: new Date() })))
    .returningAll()
    .executeTakeFirstOrThrow();
  return settingsJson(origin, row);
}

/** PUT /api/owner/product-feed/pixel: the format is the contract's (digits), null removes it. */
export async function saveProductFeedPixel(db: Kysely<Database>, website: Website, actor: Actor, input: SavePixelBody, origin: string): Promise<ProductFeedSettingsJson> {
  authorize(actor, 'store-settings:write');
  const row = await db
    .insertInto('product_feeds')
    .values({ website_id: website.id, token: newSecret(), pixel_id: input.pixelId })
    .onConflict((oc) => oc.column('website_id').doUpdateSet({ pixel_id: input.pixelId, updated_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
  return settingsJson(origin, row);
}

const absolute = (origin: string, address: string) => {
  try {
    return new URL(address, origin).href;
  } catch {
    return undefined;
  }
};

const priceText = (cents: number, currency: string) => `${minorUnitsToDecimalString(cents, currency)} ${currency}`;

/** Digital products (2) and gift cards (4) never run out. */
const NEVER_OUT_OF_STOCK = new Set([2, 4]);

/**
 * GET /api/product-feed/:feedToken: one item per variant of every product not archived, in display order.
 * Read-only over the catalog's tables (the catalog's storefront reads do not carry what the feed needs).
 */
export async function renderProductFeed(db: Kysely<Database>, website: Website, feedToken: string, origin: string): Promise<string> {
  const feed = await db.selectFrom('product_feeds').select('website_id').where('token', '=', feedToken).where('website_id', '=', website.id).executeTakeFirst();
  if (!feed) throw notFound(PRODUCT_FEED_MESSAGES.feedToken);
  const products = await db
    .selectFrom('products')
    .innerJoin('collections', 'collections.id', 'products.collection_id')
    .select([
      'products.id', 'products.url_id', 'products.title', 'products.excerpt', 'products.body', 'products.product_type', 'products.images',
      'products.asset_url', 'collections.url_id as collection_url_id',
    ])
    .where('products.website_id', '=', website.id)
    .where('products.archived_at', 'is', null)
    .orderBy('products.collection_id')
    .orderBy('products.display_index')
    .orderBy('products.id')
    .execute();
  const variants = await db
    .selectFrom('variants')
    .select(['id', 'product_id', 'sku', 'option_values', 'price_cents', 'sale_price_cents', 'on_sale', 'qty_in_stock', 'unlimited', 'image_ids'])
    .where('website_id', '=', website.id)
    .where('archived_at', 'is', null)
    .orderBy('product_id')
    .orderBy('display_index')
    .execute();
  const variantsOf = new Map<string, typeof variants>();
  for (const variant of variants) {
    const list = variantsOf.get(variant.product_id);
    if (list) list.push(variant);
    else variantsOf.set(variant.product_id, [variant]);
  }
  const currency = website.currency;
  const items: FeedItem[] = [];
  for (const product of products) {
    const own = variantsOf.get(product.id) ?? [];
    const images: ProductImageRecord[] = product.images ?? [];
    const description = plainTextOf(product.excerpt) || plainTextOf(product.body) || product.title;
    const link = absolute(origin, `/${product.collection_url_id}/p/${product.url_id}`)!;
    for (const variant of own) {
      const options = variant.option_values.map((option) => option.value).join(' / ');
      const image = images.find((candidate) => variant.image_ids.includes(candidate.id)) ?? images[0];
      const imageAddress = image?.assetUrl ?? product.asset_url ?? undefined;
      const inStock = NEVER_OUT_OF_STOCK.has(product.product_type) || variant.unlimited || variant.qty_in_stock > 0;
      items.push({
        id: variant.sku || variant.id,
        title: own.length > 1 && options ? `${product.title} – ${options}` : product.title,
        description,
        link,
        imageLink: imageAddress ? absolute(origin, imageAddress) : undefined,
        availability: inStock ? 'in stock' : 'out of stock',
        price: priceText(variant.price_cents, currency),
        salePrice: variant.on_sale && variant.sale_price_cents < variant.price_cents ? priceText(variant.sale_price_cents, currency) : undefined,
        itemGroupId: own.length > 1 ? product.id : undefined,
        brand: website.site_title,
        condition: 'new',
      });
    }
  }
  return productFeedXml({ title: website.site_title, link: `${origin}/`, description: `Products of ${website.site_title}` }, items);
}
