import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { CartEntryRow, CartKind, CartRow, Database, ProductRow, VariantRow } from '../db/schema';
import { newId, newSecret } from '../ids';
import { productJsonSelect, type ProductJsonValue } from '../catalog';

type Db = Kysely<Database> | Transaction<Database>;

/** Whose cart a call is about: a signed-in site user's (it follows them), else the browser's cart token. */
export interface CartOwner {
  siteUserId: string | undefined;
  cartToken: string | undefined;
}

/** Cart tokens are 32 characters; anything far longer is not one of ours and is not looked up. */
const MAX_TOKEN_LENGTH = 100;
const usable = (token: string | undefined) => (token && token.length <= MAX_TOKEN_LENGTH ? token : undefined);

/**
 * With `lock`, the cart row is locked for the rest of the transaction (concurrent changes to one cart
 * queue up) and its updated_at is touched in the same round trip: a new row version, which is what tells
 * a transaction waiting in lockingRead (below) to read the lines again. Signing in uses this.
 */
export async function findCartByToken(db: Db, websiteId: string, token: string, lock = false): Promise<CartRow | undefined> {
  if (!usable(token)) return undefined;
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

export async function createCart(db: Db, websiteId: string, kind: CartKind, siteUserId?: string): Promise<CartRow> {
  return db
    .insertInto('carts')
    .values({ id: newId(), website_id: websiteId, token: newSecret(), kind, site_user_id: siteUserId ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** What a cart line needs of its product: the entry's answer and the order line (not the page-only fields). */
export type CartProduct = Pick<
  ProductRow,
  'id' | 'website_id' | 'collection_id' | 'url_id' | 'title' | 'asset_url' | 'product_type' | 'is_subscribable' | 'subscription_plan' | 'archived_at'
>;

export interface CartLine {
  entry: CartEntryRow;
  product: CartProduct;
  variant: VariantRow;
  /** The variant's own first picture (the Navy shirt shows navy), when it names one. */
  variantImageUrl?: string | null;
}

/** The picture of a variant: its first image id among the product's images. */
export function variantImageUrlOf(images: readonly { id: string; assetUrl: string }[] | undefined, imageIds: readonly string[]): string | null {
  const first = imageIds[0];
  return (first && images?.find((image) => image.id === first)?.assetUrl) || null;
}

/*
 * The cart statements are written once, here, as SQL text: no query building per request. Each reads
 * the cart row and its lines (entry, product, variant) in one round trip, one row per line; a cart
 * without lines gives one row whose line columns are null.
 */
const CART_COLUMNS = `c.id, c.website_id, c.token, c.kind, c.site_user_id, c.is_purchased, c.order_id, c.created_at, c.updated_at, c.checkout`;
const LINE_COLUMNS = `
  e.id AS e_id, e.website_id AS e_website_id, e.cart_id AS e_cart_id, e.product_id AS e_product_id, e.variant_id AS e_variant_id,
  e.quantity AS e_quantity, e.additional_fields AS e_additional_fields, e.created_at AS e_created_at,
  p.id AS p_id, p.website_id AS p_website_id, p.collection_id AS p_collection_id, p.url_id AS p_url_id, p.title AS p_title,
  p.asset_url AS p_asset_url, p.product_type AS p_product_type, p.is_subscribable AS p_is_subscribable,
  p.subscription_plan AS p_subscription_plan, p.archived_at AS p_archived_at,
  v.id AS v_id, v.website_id AS v_website_id, v.product_id AS v_product_id, v.sku AS v_sku, v.option_values AS v_option_values,
  v.price_cents AS v_price_cents, v.sale_price_cents AS v_sale_price_cents, v.on_sale AS v_on_sale,
  v.qty_in_stock AS v_qty_in_stock, v.unlimited AS v_unlimited, v.image_ids AS v_image_ids, v.display_index AS v_display_index, v.weight_grams AS v_weight_grams, v.archived_at AS v_archived_at,
  (SELECT img->>'assetUrl' FROM jsonb_array_elements(p.images) AS img WHERE img->>'id' = v.image_ids->>0 LIMIT 1) AS variant_image_url`;
const LINE_JOINS = `
  LEFT JOIN cart_entries e ON e.cart_id = c.id
  LEFT JOIN products p ON p.id = e.product_id
  LEFT JOIN variants v ON v.id = e.variant_id`;
const LINE_ORDER = `ORDER BY e.created_at, e.id`;

/** The newest open standard cart of a site user (a signed-in user's cart follows the user). */
const NEWEST_USER_CART = `SELECT id FROM carts
  WHERE website_id = $1 AND site_user_id = $2 AND kind = 'standard' AND is_purchased = false
  ORDER BY created_at DESC, id LIMIT 1`;

const READ_BY_TOKEN = `SELECT ${CART_COLUMNS}, ${LINE_COLUMNS} FROM carts c ${LINE_JOINS}
  WHERE c.website_id = $1 AND c.token = $2 ${LINE_ORDER}`;
const READ_USER_CART = `SELECT ${CART_COLUMNS}, ${LINE_COLUMNS} FROM carts c ${LINE_JOINS}
  WHERE c.id = (${NEWEST_USER_CART}) ${LINE_ORDER}`;
const READ_BY_ID = `SELECT ${CART_COLUMNS}, ${LINE_COLUMNS} FROM carts c ${LINE_JOINS} WHERE c.id = $1 ${LINE_ORDER}`;

/*
 * Locking reads. The lock (FOR UPDATE, in a CTE of its own) returns the newest committed version of the
 * cart row, after waiting for any transaction holding it; the rest of the statement reads from the
 * statement's snapshot, which may be older than that wait. Both versions' xmin come back: when they
 * differ, another transaction changed the cart while we waited, and the lines are read again (a new
 * statement, a new snapshot, the lock already ours). Every change to a cart's lines also updates its
 * cart row (touchCart), so an unchanged xmin means unchanged lines. PGlite runs one transaction at a
 * time, so there it never waits and never reads twice.
 */
const lockingRead = (lockedCarts: string) => `WITH locked AS MATERIALIZED (
    SELECT id, xmin::text AS locked_version FROM carts WHERE ${lockedCarts} FOR UPDATE
  )
  SELECT ${CART_COLUMNS}, c.xmin::text AS seen_version, locked.locked_version, ${LINE_COLUMNS}
  FROM locked JOIN carts c ON c.id = locked.id ${LINE_JOINS} ${LINE_ORDER}`;
const LOCK_BY_TOKEN = lockingRead('website_id = $1 AND token = $2');
const LOCK_USER_CART = lockingRead(`id = (${NEWEST_USER_CART})`);

/** Row columns under a prefix, as the joined statements name them (e_id, p_title, v_sku, …). */
type Prefixed<T, P extends string> = { [K in keyof T as `${P}${K & string}`]: T[K] };

/** One row of a cart read: the cart's columns, then its line's entry, product and variant columns. */
type CartLineRow = CartRow &
  Omit<Prefixed<CartEntryRow, 'e_'>, 'e_id'> & { e_id: string | null } &
  Prefixed<CartProduct, 'p_'> &
  Prefixed<VariantRow, 'v_'> & { seen_version?: string; locked_version?: string; variant_image_url?: string | null };

export interface CartWithLines {
  cart: CartRow;
  lines: CartLine[];
}

function cartOf(row: CartLineRow): CartRow {
  return {
    id: row.id, website_id: row.website_id, token: row.token, kind: row.kind, site_user_id: row.site_user_id,
    is_purchased: row.is_purchased, order_id: row.order_id, created_at: row.created_at, updated_at: row.updated_at,
    checkout: row.checkout ?? {},
  };
}

function lineOf(row: CartLineRow): CartLine {
  return {
    entry: {
      id: row.e_id!, website_id: row.e_website_id, cart_id: row.e_cart_id, product_id: row.e_product_id,
      variant_id: row.e_variant_id, quantity: row.e_quantity, additional_fields: row.e_additional_fields, created_at: row.e_created_at,
    },
    product: {
      id: row.p_id, website_id: row.p_website_id, collection_id: row.p_collection_id, url_id: row.p_url_id, title: row.p_title,
      asset_url: row.p_asset_url, product_type: row.p_product_type, is_subscribable: row.p_is_subscribable,
      subscription_plan: row.p_subscription_plan, archived_at: row.p_archived_at,
    },
    variant: {
      id: row.v_id, website_id: row.v_website_id, product_id: row.v_product_id, sku: row.v_sku,
      option_values: row.v_option_values, price_cents: row.v_price_cents, sale_price_cents: row.v_sale_price_cents,
      on_sale: row.v_on_sale, qty_in_stock: row.v_qty_in_stock, unlimited: row.v_unlimited,
      image_ids: row.v_image_ids, display_index: row.v_display_index, weight_grams: row.v_weight_grams, archived_at: row.v_archived_at,
    },
    variantImageUrl: row.variant_image_url ?? null,
  };
}

async function runCartRead(db: Db, text: string, parameters: unknown[]): Promise<{ found?: CartWithLines; stale: boolean }> {
  const { rows } = await db.executeQuery<CartLineRow>(CompiledQuery.raw(text, parameters));
  if (rows.length === 0) return { stale: false };
  const first = rows[0];
  // A line whose variant the owner archived (the product's options were reshaped) is no longer sold: the cart
  // leaves it out of every read — entries, totals, limits, checkout — as a store drops a deleted variant's line.
  // Its row stays (nothing is written by a read) and goes with the cart.
  const lines = first.e_id === null ? [] : rows.filter((row) => row.v_archived_at === null).map(lineOf);
  return { found: { cart: cartOf(first), lines }, stale: first.seen_version !== first.locked_version };
}

/** Locks the cart (see lockingRead) and reads its lines, reading them again if they changed during the wait. */
async function lockedCartRead(trx: Transaction<Database>, text: string, parameters: unknown[]): Promise<CartWithLines | undefined> {
  const first = await runCartRead(trx, text, parameters);
  if (!first.stale) return first.found;
  // The lock is ours now; this statement's snapshot comes after the other transaction's commit.
  return (await runCartRead(trx, READ_BY_ID, [first.found!.cart.id])).found;
}

/*
 * The add-to-cart read: the product with its variants, and the visitor's cart locked with its lines,
 * in one statement. The product comes as one JSON column (its row, its collection's address, its
 * variants in display order: what loadProductItem reads); the cart rows as in lockingRead, with
 * null cart columns when the visitor has no cart.
 */
const PRODUCT_JSON = `${productJsonSelect('$1', '$2')} AS product_json`;
const productWithLockedCart = (lockedCarts: string | undefined) =>
  lockedCarts === undefined
    ? `SELECT ${PRODUCT_JSON}`
    : `WITH locked AS MATERIALIZED (SELECT id, xmin::text AS locked_version FROM carts WHERE ${lockedCarts} FOR UPDATE)
  SELECT ${PRODUCT_JSON}, ${CART_COLUMNS}, c.xmin::text AS seen_version, locked.locked_version, ${LINE_COLUMNS}
  FROM (SELECT 1) AS one
  LEFT JOIN (locked JOIN carts c ON c.id = locked.id) ON true
  ${LINE_JOINS} ${LINE_ORDER}`;
const PRODUCT_ONLY = productWithLockedCart(undefined);
const PRODUCT_AND_CART_BY_TOKEN = productWithLockedCart('website_id = $1 AND token = $3');
const PRODUCT_AND_USER_CART = productWithLockedCart(`id = (${NEWEST_USER_CART.replace('$2', '$3')})`);

/**
 * For add-to-cart: the product (undefined when unknown on this website) and the visitor's own cart,
 * locked, with its lines (see readVisitorCart), in one round trip (two for a signed-in visitor).
 */
export async function readProductAndLockVisitorCart(
  trx: Transaction<Database>,
  websiteId: string,
  productId: string,
  owner: CartOwner,
): Promise<{ product: ProductJsonValue | undefined; found: CartWithLines | undefined }> {
  const { siteUserId } = owner;
  const usableToken = siteUserId ? undefined : usable(owner.cartToken);
  const [text, parameters] = siteUserId
    ? [PRODUCT_AND_USER_CART, [websiteId, productId, siteUserId]]
    : usableToken
      ? [PRODUCT_AND_CART_BY_TOKEN, [websiteId, productId, usableToken]]
      : [PRODUCT_ONLY, [websiteId, productId]];
  const { rows } = await trx.executeQuery<CartLineRow & { product_json: ProductJsonValue | null }>(CompiledQuery.raw(text, parameters));
  const first = rows[0];
  const product = first?.product_json ?? undefined;
  let found: CartWithLines | undefined;
  if (first && first.id) {
    found = { cart: cartOf(first), lines: first.e_id === null ? [] : rows.map(lineOf) };
    // Changed while this transaction waited for its lock: read the lines again (see lockingRead).
    if (first.seen_version !== first.locked_version) found = (await runCartRead(trx, READ_BY_ID, [found.cart.id])).found;
  }
  return { product, found: found && isVisitorsCart(found.cart, siteUserId) ? found : undefined };
}

/** A cart by its token with its lines, without locking. */
export async function readCartByToken(db: Db, websiteId: string, token: string): Promise<CartWithLines | undefined> {
  if (!usable(token)) return undefined;
  return (await runCartRead(db, READ_BY_TOKEN, [websiteId, token])).found;
}

/** A cart by its token with its lines, locked for the rest of the transaction. */
export async function lockCartByToken(trx: Transaction<Database>, websiteId: string, token: string): Promise<CartWithLines | undefined> {
  if (!usable(token)) return undefined;
  return lockedCartRead(trx, LOCK_BY_TOKEN, [websiteId, token]);
}

const isVisitorsCart = (cart: CartRow, siteUserId: string | undefined) =>
  cart.kind === 'standard' && !cart.is_purchased && cart.site_user_id === (siteUserId ?? null);

/**
 * The visitor's own cart and its lines, in one round trip. With a transaction, the cart is locked:
 * concurrent changes to one cart queue up, and each sees the lines the one before it wrote.
 */
export async function readVisitorCart(
  db: Db,
  websiteId: string,
  owner: CartOwner,
  lockIn?: Transaction<Database>,
): Promise<CartWithLines | undefined> {
  const { siteUserId } = owner;
  let found: CartWithLines | undefined;
  if (siteUserId) {
    const parameters = [websiteId, siteUserId];
    found = lockIn ? await lockedCartRead(lockIn, LOCK_USER_CART, parameters) : (await runCartRead(db, READ_USER_CART, parameters)).found;
  } else {
    const token = owner.cartToken;
    found = token ? (lockIn ? await lockCartByToken(lockIn, websiteId, token) : await readCartByToken(db, websiteId, token)) : undefined;
  }
  return found && isVisitorsCart(found.cart, siteUserId) ? found : undefined;
}

/*
 * Changes to a cart's lines. Each also updates its cart row, in the same statement (a CTE, no extra
 * round trip): a new row version tells a transaction that waited for the cart's lock to read the
 * lines again (see lockingRead).
 */
const TOUCH_CART = `touched AS (UPDATE carts SET updated_at = now() WHERE id = $1)`;
const INSERT_ENTRY = `WITH ${TOUCH_CART}
  INSERT INTO cart_entries (id, website_id, cart_id, product_id, variant_id, quantity, additional_fields)
  VALUES ($2, $3, $1, $4, $5, $6, $7) RETURNING *`;
const SET_ENTRY_QUANTITY = `WITH ${TOUCH_CART} UPDATE cart_entries SET quantity = $3 WHERE id = $2 AND cart_id = $1`;
const SET_ENTRY_ADDITIONAL_FIELDS = `WITH ${TOUCH_CART} UPDATE cart_entries SET additional_fields = $3 WHERE id = $2 AND cart_id = $1`;
const DELETE_ENTRY = `WITH ${TOUCH_CART} DELETE FROM cart_entries WHERE id = $2 AND cart_id = $1`;
/** A new cart and its first line, in one statement. */
const CREATE_CART_WITH_ENTRY = `WITH new_cart AS (
    INSERT INTO carts (id, website_id, token, kind, site_user_id) VALUES ($1, $2, $3, $4, $5) RETURNING *
  ), new_entry AS (
    INSERT INTO cart_entries (id, website_id, cart_id, product_id, variant_id, quantity, additional_fields)
    SELECT $6, $2, new_cart.id, $7, $8, $9, $10 FROM new_cart RETURNING *
  )
  SELECT ${CART_COLUMNS.replaceAll('c.', 'new_cart.')},
    e.id AS e_id, e.website_id AS e_website_id, e.cart_id AS e_cart_id, e.product_id AS e_product_id,
    e.variant_id AS e_variant_id, e.quantity AS e_quantity, e.additional_fields AS e_additional_fields, e.created_at AS e_created_at
  FROM new_cart, new_entry e`;

export interface NewEntry {
  productId: string;
  variantId: string;
  quantity: number;
  additionalFields: string | null;
}

export async function insertEntry(trx: Transaction<Database>, cart: CartRow, entry: NewEntry): Promise<CartEntryRow> {
  const parameters = [cart.id, newId(), cart.website_id, entry.productId, entry.variantId, entry.quantity, entry.additionalFields];
  const { rows } = await trx.executeQuery<CartEntryRow>(CompiledQuery.raw(INSERT_ENTRY, parameters));
  return rows[0];
}

export async function setEntryQuantity(trx: Transaction<Database>, cartId: string, entryId: string, quantity: number): Promise<void> {
  await trx.executeQuery(CompiledQuery.raw(SET_ENTRY_QUANTITY, [cartId, entryId, quantity]));
}

export async function setEntryAdditionalFields(trx: Transaction<Database>, cartId: string, entryId: string, fields: string | null): Promise<void> {
  await trx.executeQuery(CompiledQuery.raw(SET_ENTRY_ADDITIONAL_FIELDS, [cartId, entryId, fields]));
}

export async function deleteEntry(trx: Transaction<Database>, cartId: string, entryId: string): Promise<void> {
  await trx.executeQuery(CompiledQuery.raw(DELETE_ENTRY, [cartId, entryId]));
}

/** Creates a cart holding one line, in one round trip. */
export async function createCartWithEntry(
  trx: Transaction<Database>,
  websiteId: string,
  kind: CartKind,
  siteUserId: string | undefined,
  entry: NewEntry,
): Promise<{ cart: CartRow; entry: CartEntryRow }> {
  const parameters = [
    newId(), websiteId, newSecret(), kind, siteUserId ?? null,
    newId(), entry.productId, entry.variantId, entry.quantity, entry.additionalFields,
  ];
  const { rows } = await trx.executeQuery<CartLineRow>(CompiledQuery.raw(CREATE_CART_WITH_ENTRY, parameters));
  const row = rows[0];
  const { entry: created } = lineOf(row);
  return { cart: cartOf(row), entry: created };
}

/** Checkout's mark on the cart it bought, in the checkout's transaction. */
export async function markCartPurchased(trx: Transaction<Database>, cartId: string, orderId: string): Promise<void> {
  await trx.updateTable('carts').set({ is_purchased: true, order_id: orderId, updated_at: new Date() }).where('id', '=', cartId).execute();
}
