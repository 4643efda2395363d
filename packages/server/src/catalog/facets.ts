import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database, Website } from '../db/schema';
import { filtersParameter, optionParamOf, type ShopFilters, type ShopScope, type ShopSort } from './filters';

type Db = Kysely<Database> | Transaction<Database>;

/** One value of an option (Size: M) with the products it would list, the other filters applied. */
export interface OptionFacetValue {
  value: string;
  count: number;
  selected: boolean;
}

/** An option of the listed products (every value any of them has), as a filter. */
export interface OptionFacet {
  /** optionKeyOf(name): how the SQL and the filters name it. */
  key: string;
  /** The address name of its filter (`size`, or `option-tag` for an option named Tag). */
  param: string;
  /** As the owner wrote it (the first spelling met). */
  name: string;
  values: OptionFacetValue[];
}

export interface TagFacet {
  tag: string;
  count: number;
  selected: boolean;
}

/** What the filters can offer, each count with every other filter applied (standard faceting). */
export interface ShopFacets {
  /** The products listed with every filter applied, on all pages. */
  total: number;
  /** The lowest and highest shown prices among the products the other filters leave (minor units); null when none. */
  priceRange: { minCents: number; maxCents: number } | null;
  /** The products in stock, the other filters applied. */
  inStockCount: number;
  options: OptionFacet[];
  tags: TagFacet[];
}

export interface FacetRequest {
  scope: ShopScope;
  /** The collection's id (scope collection) or the search's text (scope search). */
  within: string;
  filters: ShopFilters;
  /** Product types the website does not list (paywall products; gift cards while their flag is off). */
  hiddenProductTypes: readonly number[];
  /** Units sold by product id, for sort=best-selling (the orders domain counts them; pages passes them in). */
  unitsSoldByProduct?: Readonly<Record<string, number>>;
  /** The page's first result (0-based) and how many to answer. */
  offset: number;
  limit: number;
}

export interface FacetAnswer {
  /** The page's product ids, in the sort's order. */
  ids: string[];
  facets: ShopFacets;
}

// The option's key, as optionKeyOf computes it in TypeScript (catalog/filters.ts): trimmed, lower-cased, each space
// a '-'. No regular expression: it runs for every option of every variant listed (a third of the statement's time).
const OPTION_KEY_SQL = `lower(replace(btrim(o.item ->> 'optionName'), ' ', '-'))`;

const SCOPES: Record<ShopScope, { where: string; rank: string }> = {
  collection: { where: 'p.collection_id = $2::text', rank: '0::real' },
  search: {
    where: `p.search_document @@ websearch_to_tsquery('english', $2::text)`,
    rank: `ts_rank(p.search_document, websearch_to_tsquery('english', $2::text))`,
  },
};

/** Each sort's ORDER BY over `matched` (a fixed list: nothing from the address reaches the SQL text). */
const ORDERS: Record<ShopSort, string> = {
  featured: 'display_index, id',
  relevance: 'rank DESC, display_index, id',
  'price-asc': 'shown_price ASC NULLS LAST, display_index, id',
  'price-desc': 'shown_price DESC NULLS LAST, display_index, id',
  newest: 'created_at DESC, display_index, id',
  'best-selling': 'sold DESC, display_index, id',
};

/**
 * The facets and one page of the filtered, sorted list, in one statement (the same SQL on PGlite and PostgreSQL).
 *
 * A product matches when its tags hold one of the tags asked for and ONE of its variants (on sale, not archived)
 * meets every variant filter at once: its shown price (the sale price when on sale; a digital product's own price)
 * within the range, in stock (unlimited or a positive quantity; digital products and gift cards always are) when
 * asked, and one of the values asked for each option. So "M, in stock" never lists a shirt whose M is sold out.
 *
 * Each count applies every filter but its own: an option value's count is the products with a variant having that
 * value and meeting the other filters (`fails <@ ARRAY[key]`: it fails no option group but, perhaps, this one);
 * a tag's, the matching products' (the tag group excepted) with that tag; in stock, the products with an in-stock
 * variant meeting the price and options; the price range, the prices of the variants meeting stock and options.
 * An option group no variant of the scope has is ignored (an address's utm_source is not a filter).
 * Gift cards' denominations are not offered as an option filter.
 */
function facetSql(scope: ShopScope, sort: ShopSort): string {
  const { where, rank } = SCOPES[scope];
  return `
  WITH f AS (SELECT $3::jsonb AS j, $5::jsonb AS sales),
  scope AS (
    SELECT p.id, p.display_index, p.created_at, p.tags, p.product_type, p.on_sale, p.price_cents, p.sale_price_cents, ${rank} AS rank
    FROM products p
    WHERE p.website_id = $1 AND p.archived_at IS NULL AND p.product_type <> ALL ($4::int[]) AND ${where}
  ),
  v AS (
    SELECT s.id AS product_id,
      CASE WHEN s.product_type = 2 THEN CASE WHEN s.on_sale THEN s.sale_price_cents ELSE s.price_cents END
           WHEN va.id IS NULL THEN NULL
           WHEN va.on_sale THEN va.sale_price_cents ELSE va.price_cents END AS price,
      (s.product_type IN (2, 4) OR COALESCE(va.unlimited OR va.qty_in_stock > 0, false)) AS in_stock,
      CASE WHEN s.product_type = 4 OR va.id IS NULL THEN '{}'::jsonb ELSE COALESCE((
        SELECT jsonb_object_agg(${OPTION_KEY_SQL}, jsonb_build_array(btrim(o.item ->> 'optionName'), o.item ->> 'value', o.n))
        FROM jsonb_array_elements(va.option_values) WITH ORDINALITY AS o(item, n)
        WHERE btrim(o.item ->> 'optionName') <> '' AND o.item ->> 'value' <> ''), '{}'::jsonb) END AS opts,
      ARRAY[s.display_index, COALESCE(va.display_index, 0)] AS position
    FROM scope s LEFT JOIN variants va ON va.product_id = s.id AND va.website_id = $1 AND va.archived_at IS NULL
  ),
  groups AS MATERIALIZED (
    SELECT g.key, g.value AS vals FROM f CROSS JOIN jsonb_each(f.j -> 'options') AS g
    WHERE EXISTS (SELECT 1 FROM v WHERE v.opts ? g.key)
  ),
  vf AS (
    SELECT v.*,
      ((f.j ->> 'priceMin') IS NULL OR COALESCE(v.price >= (f.j ->> 'priceMin')::bigint, false))
        AND ((f.j ->> 'priceMax') IS NULL OR COALESCE(v.price <= (f.j ->> 'priceMax')::bigint, false)) AS price_ok,
      (NOT (f.j ->> 'available')::boolean OR v.in_stock) AS stock_ok,
      ARRAY(SELECT g.key FROM groups g WHERE NOT COALESCE(g.vals ? (v.opts -> g.key ->> 1), false)) AS fails
    FROM v CROSS JOIN f
  ),
  pv AS (
    SELECT product_id,
      bool_or(price_ok AND stock_ok AND cardinality(fails) = 0) AS passes,
      bool_or(in_stock AND price_ok AND cardinality(fails) = 0) AS in_stock_passes,
      min(price) FILTER (WHERE stock_ok AND cardinality(fails) = 0) AS low,
      max(price) FILTER (WHERE stock_ok AND cardinality(fails) = 0) AS high,
      min(price) AS shown_price
    FROM vf GROUP BY product_id
  ),
  pp AS (
    SELECT s.*, pv.passes, pv.in_stock_passes, pv.low, pv.high, pv.shown_price, COALESCE((f.sales ->> s.id)::bigint, 0) AS sold,
      (jsonb_array_length(f.j -> 'tags') = 0 OR s.tags ?| ARRAY(SELECT jsonb_array_elements_text(f.j -> 'tags'))) AS tag_ok
    FROM scope s JOIN pv ON pv.product_id = s.id CROSS JOIN f
  ),
  matched AS (SELECT * FROM pp WHERE passes AND tag_ok)
  SELECT
    (SELECT count(*) FROM matched) AS total,
    (SELECT COALESCE(json_agg(id ORDER BY n), '[]') FROM (SELECT id, row_number() OVER (ORDER BY ${ORDERS[sort]}) AS n FROM matched) ranked
      WHERE n > $7::int AND n <= $7::int + $6::int) AS ids,
    (SELECT json_build_object('min', min(low), 'max', max(high)) FROM pp WHERE tag_ok) AS price_range,
    (SELECT count(*) FROM pp WHERE tag_ok AND in_stock_passes) AS in_stock,
    (SELECT COALESCE(json_agg(json_build_object('tag', tag, 'count', n) ORDER BY lower(tag), tag), '[]') FROM (
      SELECT tag, count(*) FILTER (WHERE passes) AS n FROM (
        SELECT DISTINCT t.tag, pp.id, pp.passes FROM pp CROSS JOIN jsonb_array_elements_text(pp.tags) AS t(tag) WHERE btrim(t.tag) <> '') tagged
      GROUP BY tag) tag_counts) AS tags,
    (SELECT COALESCE(json_agg(json_build_object('key', key, 'name', name, 'value', value, 'count', n) ORDER BY first_of_key, key, first_of_value, value), '[]') FROM (
      SELECT key, min(name) AS name, value, count(*) FILTER (WHERE counted) AS n, min(first_of_value) AS first_of_value,
        min(min(first_of_key)) OVER (PARTITION BY key) AS first_of_key
      FROM (
        -- Each product once per value (hashed, not sorted): whether one of its variants with it meets the other filters.
        SELECT o.key, o.entry ->> 1 AS value, vf.product_id, min(o.entry ->> 0) AS name,
          bool_or(pp.tag_ok AND vf.price_ok AND vf.stock_ok AND vf.fails <@ ARRAY[o.key]) AS counted,
          min(vf.position) AS first_of_value, min(ARRAY[vf.position[1], (o.entry ->> 2)::int, vf.position[2]]) AS first_of_key
        FROM vf JOIN pp ON pp.id = vf.product_id CROSS JOIN jsonb_each(vf.opts) AS o(key, entry)
        GROUP BY o.key, o.entry ->> 1, vf.product_id) per_product
      GROUP BY key, value) option_counts) AS options`;
}

const compiledSql = new Map<string, string>();
/** The statement for a scope and sort (built once each); exported for EXPLAIN (bench/shop-filters). */
export function sqlFor(scope: ShopScope, sort: ShopSort): string {
  const key = `${scope}:${sort}`;
  let text = compiledSql.get(key);
  if (!text) compiledSql.set(key, (text = facetSql(scope, sort)));
  return text;
}

interface FacetRow {
  total: string | number;
  ids: string[];
  price_range: { min: number | string | null; max: number | string | null } | null;
  in_stock: string | number;
  tags: { tag: string; count: number | string }[];
  options: { key: string; name: string; value: string; count: number | string }[];
}

/** The website's products in the request's scope, filtered and sorted, one page of ids, and the facets. */
export async function filterProducts(db: Db, website: Website, request: FacetRequest): Promise<FacetAnswer> {
  const { filters } = request;
  const { rows } = await db.executeQuery<FacetRow>(CompiledQuery.raw(sqlFor(request.scope, filters.sort), [
    website.id,
    request.within,
    filtersParameter(filters),
    [...request.hiddenProductTypes],
    JSON.stringify(request.unitsSoldByProduct ?? {}),
    request.limit,
    request.offset,
  ]));
  const row = rows[0]!;
  const options: OptionFacet[] = [];
  for (const entry of row.options) {
    let option = options.at(-1);
    if (!option || option.key !== entry.key) {
      option = { key: entry.key, param: optionParamOf(entry.key), name: entry.name, values: [] };
      options.push(option);
    }
    option.values.push({ value: entry.value, count: Number(entry.count), selected: Object.hasOwn(filters.options, entry.key) && filters.options[entry.key]!.includes(entry.value) });
  }
  const range = row.price_range;
  return {
    ids: row.ids,
    facets: {
      total: Number(row.total),
      priceRange: range && range.min !== null && range.max !== null ? { minCents: Number(range.min), maxCents: Number(range.max) } : null,
      inStockCount: Number(row.in_stock),
      options,
      tags: row.tags.map((tag) => ({ tag: tag.tag, count: Number(tag.count), selected: filters.tags.includes(tag.tag) })),
    },
  };
}
