import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { CartEntryRow, CartKind, CartRow, Database, ProductRow, VariantRow } from '../db/schema';
import { newId, newSecret } from '../ids';
import { currentSession } from '../site-users/sessions';

type Db = Kysely<Database> | Transaction<Database>;

/** Holds the cart token. Readable by scripts: the storefront loads the cart only when it exists (spec §4). */
export const CART_COOKIE = 'CART';
const CART_COOKIE_SECONDS = 14 * 24 * 60 * 60;

export interface CartLine {
  entry: CartEntryRow;
  product: ProductRow;
  variant: VariantRow;
}

/**
 * With `lock`, the cart row is locked for the rest of the transaction (concurrent changes to one cart
 * queue up) and its updated_at is touched in the same round trip.
 */
export async function findCartByToken(db: Db, websiteId: string, token: string, lock = false): Promise<CartRow | undefined> {
  if (!token || token.length > 100) return undefined;
  if (lock) {
    return db
      .updateTable('carts')
      .set({ updated_at: new Date() })
      .where('website_id', '=', websiteId)
      .where('token', '=', token)
      .returningAll()
      .executeTakeFirst();
  }
  return db.selectFrom('carts').selectAll().where('website_id', '=', websiteId).where('token', '=', token).executeTakeFirst();
}

export async function findSiteUserCart(db: Db, websiteId: string, siteUserId: string, lock = false): Promise<CartRow | undefined> {
  const newest = db
    .selectFrom('carts')
    .select('id')
    .where('website_id', '=', websiteId)
    .where('site_user_id', '=', siteUserId)
    .where('kind', '=', 'standard')
    .where('is_purchased', '=', false)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(1);
  if (lock) {
    return db.updateTable('carts').set({ updated_at: new Date() }).where('id', '=', newest).returningAll().executeTakeFirst();
  }
  return db.selectFrom('carts').selectAll().where('id', '=', newest).executeTakeFirst();
}

/**
 * The visitor's own cart: a signed-in site user's cart follows the user; otherwise the cart cookie's.
 * Purchased carts and other kinds (express, subscription) are never the visitor's cart.
 */
export async function findVisitorCart(
  db: Db,
  websiteId: string,
  request: FastifyRequest,
  forUpdate = false,
): Promise<{ cart: CartRow | undefined; siteUserId: string | undefined }> {
  const session = await currentSession(db, websiteId, request);
  if (session) return { cart: await findSiteUserCart(db, websiteId, session.siteUserId, forUpdate), siteUserId: session.siteUserId };
  const token = request.cookies[CART_COOKIE];
  if (!token) return { cart: undefined, siteUserId: undefined };
  const cart = await findCartByToken(db, websiteId, token, forUpdate);
  const usable = cart && cart.kind === 'standard' && !cart.is_purchased && cart.site_user_id === null;
  return { cart: usable ? cart : undefined, siteUserId: undefined };
}

export async function createCart(db: Db, websiteId: string, kind: CartKind, siteUserId?: string): Promise<CartRow> {
  return db
    .insertInto('carts')
    .values({ id: newId(), website_id: websiteId, token: newSecret(), kind, site_user_id: siteUserId ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listCartLines(db: Db, cartId: string): Promise<CartLine[]> {
  const rows = await db
    .selectFrom('cart_entries as e')
    .innerJoin('products as p', 'p.id', 'e.product_id')
    .innerJoin('variants as v', 'v.id', 'e.variant_id')
    .selectAll('e')
    .select([
      'p.id as p_id', 'p.website_id as p_website_id', 'p.collection_id as p_collection_id', 'p.url_id as p_url_id',
      'p.title as p_title', 'p.excerpt as p_excerpt', 'p.body as p_body', 'p.asset_url as p_asset_url',
      'p.product_type as p_product_type', 'p.price_cents as p_price_cents', 'p.sale_price_cents as p_sale_price_cents',
      'p.on_sale as p_on_sale', 'p.is_subscribable as p_is_subscribable', 'p.subscription_plan as p_subscription_plan',
      'p.additional_fields_form_id as p_additional_fields_form_id', 'p.additional_fields_form as p_additional_fields_form',
      'p.use_custom_add_button_text as p_use_custom_add_button_text', 'p.custom_add_button_text as p_custom_add_button_text',
      'p.variant_option_ordering as p_variant_option_ordering', 'p.merchandising as p_merchandising',
      'p.display_index as p_display_index', 'p.created_at as p_created_at',
      'v.id as v_id', 'v.website_id as v_website_id', 'v.product_id as v_product_id', 'v.sku as v_sku',
      'v.option_values as v_option_values', 'v.price_cents as v_price_cents', 'v.sale_price_cents as v_sale_price_cents',
      'v.on_sale as v_on_sale', 'v.qty_in_stock as v_qty_in_stock', 'v.unlimited as v_unlimited',
      'v.image_ids as v_image_ids', 'v.display_index as v_display_index',
    ])
    .where('e.cart_id', '=', cartId)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
  return rows.map((row) => ({
    entry: {
      id: row.id, website_id: row.website_id, cart_id: row.cart_id, product_id: row.product_id,
      variant_id: row.variant_id, quantity: row.quantity, additional_fields: row.additional_fields, created_at: row.created_at,
    },
    product: {
      id: row.p_id, website_id: row.p_website_id, collection_id: row.p_collection_id, url_id: row.p_url_id,
      title: row.p_title, excerpt: row.p_excerpt, body: row.p_body, asset_url: row.p_asset_url,
      product_type: row.p_product_type, price_cents: row.p_price_cents, sale_price_cents: row.p_sale_price_cents,
      on_sale: row.p_on_sale, is_subscribable: row.p_is_subscribable, subscription_plan: row.p_subscription_plan,
      additional_fields_form_id: row.p_additional_fields_form_id, additional_fields_form: row.p_additional_fields_form,
      use_custom_add_button_text: row.p_use_custom_add_button_text, custom_add_button_text: row.p_custom_add_button_text,
      variant_option_ordering: row.p_variant_option_ordering, merchandising: row.p_merchandising,
      display_index: row.p_display_index, created_at: row.p_created_at,
    },
    variant: {
      id: row.v_id, website_id: row.v_website_id, product_id: row.v_product_id, sku: row.v_sku,
      option_values: row.v_option_values, price_cents: row.v_price_cents, sale_price_cents: row.v_sale_price_cents,
      on_sale: row.v_on_sale, qty_in_stock: row.v_qty_in_stock, unlimited: row.v_unlimited,
      image_ids: row.v_image_ids, display_index: row.v_display_index,
    },
  }));
}

export function setCartCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(CART_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure, maxAge: CART_COOKIE_SECONDS });
}

export function clearCartCookie(reply: FastifyReply): void {
  reply.clearCookie(CART_COOKIE, { path: '/' });
}

