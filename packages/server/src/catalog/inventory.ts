import { sql, type Kysely } from 'kysely';
import { CATALOG_LIMITS, type InventoryQuery, type InventoryReply, type InventorySort } from '@vitrine/contracts';
import type { Actor } from '../actor';
import type { Database, VariantRow, Website } from '../db/schema';
import { invalid } from '../failures';
import { authorize } from '../authorize';
import { ownerVariantJson } from './manage';
import { pricedProductOf, shownPriceOf } from './shown-price';

/**
 * The inventory panel's list: products with their variants, searched by title or sku, sorted by name,
 * stock or price, in keyset pages. The cursor carries the last row's sort key and id, so a page never
 * repeats or skips a row when rows are added meanwhile, and the id breaks ties (order is total).
 */

export const INVENTORY_MESSAGES = {
  cursor: 'cursor is not valid: start again from the first page.',
  cursorOtherOrder: 'cursor belongs to another sort order: start again from the first page.',
} as const;

type Direction = 'asc' | 'desc';

interface Cursor {
  sort: InventorySort;
  direction: Direction;
  key: string | number;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.direction, cursor.key, cursor.id])).toString('base64url');
}

/** The cursor, or undefined when it was not made by encodeCursor. */
export function decodeCursor(text: string): Cursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 4) return undefined;
    const [sort, direction, key, id] = value as unknown[];
    if (sort !== 'name' && sort !== 'stock' && sort !== 'price') return undefined;
    if (direction !== 'asc' && direction !== 'desc') return undefined;
    if (typeof id !== 'string' || id.length > 64) return undefined;
    if (sort === 'name' ? typeof key !== 'string' || key.length > CATALOG_LIMITS.titleLength * 4 : !Number.isSafeInteger(key)) return undefined;
    return { sort, direction, key: key as string | number, id };
  } catch {
    return undefined;
  }
}

/** '%', '_' and '\' match themselves in a LIKE pattern. */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

const SORT_KEYS: Record<InventorySort, string> = { name: 'name_key', stock: 'stock_key', price: 'price_key' };

interface InventoryRow {
  id: string;
  title: string;
  product_type: number;
  collection_id: string;
  archived: boolean;
  on_sale: boolean;
  price_cents: number | string;
  sale_price_cents: number | string;
  name_key: string;
  price_key: string | number;
  stock_key: string | number;
  unlimited: boolean;
}

/** GET /api/owner/products */
export async function listInventory(db: Kysely<Database>, website: Website, actor: Actor, query: InventoryQuery): Promise<InventoryReply> {
  authorize(actor, 'catalog:read');
  const sort: InventorySort = query.sort ?? 'name';
  const direction: Direction = query.direction ?? 'asc';
  const limit = Math.min(query.limit ? Number(query.limit) : CATALOG_LIMITS.inventoryPageSize, CATALOG_LIMITS.inventoryMaxPageSize);
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (query.cursor && !cursor) throw invalid(INVENTORY_MESSAGES.cursor, { cursor: INVENTORY_MESSAGES.cursor });
  if (cursor && (cursor.sort !== sort || cursor.direction !== direction)) throw invalid(INVENTORY_MESSAGES.cursorOtherOrder, { cursor: INVENTORY_MESSAGES.cursorOtherOrder });

  const words = query.q?.trim() ?? '';
  const search = words
    ? sql`AND (p.title ILIKE ${likeContaining(words)} OR EXISTS (SELECT 1 FROM variants sv WHERE sv.product_id = p.id AND sv.archived_at IS NULL AND sv.sku ILIKE ${likeContaining(words)}))`
    : sql``;
  const archived = query.archived === 'true' ? sql`` : sql`AND p.archived_at IS NULL`;
  const key = sql.ref(SORT_KEYS[sort]);
  const order = sql.raw(direction === 'asc' ? 'ASC' : 'DESC');
  const after = cursor
    ? sql`WHERE (${key}, id) ${sql.raw(direction === 'asc' ? '>' : '<')} (${sort === 'name' ? sql`${cursor.key}::text` : sql`${cursor.key}::bigint`}, ${cursor.id})`
    : sql``;

  const { rows } = await sql<InventoryRow>`
    WITH listed AS (
      SELECT p.id, p.title, p.product_type, p.collection_id, p.archived_at IS NOT NULL AS archived, p.on_sale, p.price_cents, p.sale_price_cents,
        lower(p.title) AS name_key,
        COALESCE((SELECT min(v.price_cents) FROM variants v WHERE v.product_id = p.id AND v.archived_at IS NULL), 0)::bigint AS price_key,
        COALESCE((SELECT sum(v.qty_in_stock) FROM variants v WHERE v.product_id = p.id AND v.archived_at IS NULL AND NOT v.unlimited), 0)::bigint AS stock_key,
        EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.archived_at IS NULL AND v.unlimited) AS unlimited
      FROM products p
      WHERE p.website_id = ${website.id} ${archived} ${search}
    )
    SELECT * FROM listed ${after}
    ORDER BY ${key} ${order}, id ${order}
    LIMIT ${limit + 1}`.execute(db);

  const page = rows.slice(0, limit);
  const variants = page.length
    ? await db.selectFrom('variants').selectAll().where('product_id', 'in', page.map((row) => row.id)).where('archived_at', 'is', null).orderBy('product_id').orderBy('display_index').orderBy('id').execute()
    : [];
  const byProduct = new Map<string, VariantRow[]>();
  for (const variant of variants) byProduct.set(variant.product_id, [...(byProduct.get(variant.product_id) ?? []), variant]);

  const last = page.at(-1);
  const sortKeyOf = (row: InventoryRow) => (sort === 'name' ? row.name_key : Number(sort === 'stock' ? row.stock_key : row.price_key));
  return {
    products: page.map((row) => {
      const rows = byProduct.get(row.id) ?? [];
      const priced = pricedProductOf({ ...row, price_cents: Number(row.price_cents), sale_price_cents: Number(row.sale_price_cents) }, rows, website.currency);
      const pricedVariants = priced.structuredContent!.variants!;
      return {
        id: row.id,
        title: row.title,
        productType: row.product_type,
        storeId: row.collection_id,
        archived: row.archived,
        priceCents: Number(row.price_key),
        totalStock: Number(row.stock_key),
        unlimited: row.unlimited,
        shownPrice: shownPriceOf(priced),
        variants: rows.map((variant, index) => ({ ...ownerVariantJson(variant), shownPrice: shownPriceOf(priced, pricedVariants[index]) })),
      };
    }),
    nextCursor: rows.length > limit && last ? encodeCursor({ sort, direction, key: sortKeyOf(last), id: last.id }) : null,
  };
}
