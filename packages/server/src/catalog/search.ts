import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database, Website } from '../db/schema';
import { loadedProductOf, productJsonSelect, type ProductJsonValue } from './queries';
import type { ProductItemJson } from './product-item';
import { filterProducts, type ShopFacets } from './facets';
import { parseShopFilters, type ShopFilters } from './filters';

type Db = Kysely<Database> | Transaction<Database>;

/** One run of text in a highlighted snippet; `match` runs are the query's words. The theme escapes every run. */
export interface HighlightSegment {
  text: string;
  match: boolean;
}

/** A product found by a search, with where the query's words are in its title, description, tags and options. */
export interface SearchResultItem extends ProductItemJson {
  search: {
    rank: number;
    /** The whole title, its matching words marked. */
    title: HighlightSegment[];
    /** Up to two fragments of the excerpt and body around the matching words (HTML dropped); empty when none matches. */
    snippet: HighlightSegment[];
    /**
     * The tags and option values holding a word of the query, each with that word marked: a product found
     * by its tag ('wool') or an option ('Navy') says why, even when its title and description do not.
     */
    matchedTerms: HighlightSegment[][];
  };
}

/** One page of results, and how many there are in all. */
export interface SearchResults {
  items: SearchResultItem[];
  /** Every product matching the query, on all pages. */
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** The filters each match could be narrowed by, counted over all the matches (catalog/facets.ts). */
  facets: ShopFacets;
}

/** The longest query read; the rest is ignored. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Results per page. */
export const SEARCH_PAGE_SIZE = 48;
/** The last page a search answers (beyond it, the page is empty): 48 × 100 results. */
export const SEARCH_MAX_PAGE = 100;

// ts_headline marks matches with these two control characters; they are removed from the text first,
// so a product cannot forge a mark, and the marks never reach HTML: the text is split on them.
const START = '\u0002';
const STOP = '\u0003';

/**
 * The highlights of one page of results. Which products match (the product's stored document — title A, tags and
 * option values B, excerpt C, body D; migrations 005 and 006, GIN-indexed — must match the whole query, websearch
 * syntax: words in any order, "a phrase", -not, or), the shop's filters, the sort and the page are the facet
 * statement's (catalog/facets.ts, scope search): this one takes its page of ids, in order, and marks the query's
 * words in each product's title, description, tags and option values.
 */
const HIGHLIGHT_SQL = `
  WITH query AS (SELECT websearch_to_tsquery('english', $2) AS q),
  found AS (SELECT id, n FROM jsonb_array_elements_text($6::jsonb) WITH ORDINALITY AS page(id, n))
  SELECT ts_rank(p.search_document, query.q) AS rank,
    ts_headline('english', translate(p.title, $3, ''), query.q, $4) AS title_marks,
    ts_headline('english', translate(p.excerpt || ' ' || p.body, $3, ''), query.q, $5) AS snippet_marks,
    (SELECT COALESCE(json_agg(ts_headline('english', translate(term, $3, ''), query.q, $4) ORDER BY kind, term), '[]')
      FROM (SELECT 1 AS kind, jsonb_array_elements_text(p.tags) AS term
            UNION SELECT 2, option_value.value FROM variants v, jsonb_to_recordset(v.option_values) AS option_value(value text)
              WHERE v.product_id = p.id AND v.archived_at IS NULL) terms
      WHERE term <> '') AS term_marks,
    ${productJsonSelect('$1', 'found.id')} AS product_json
  FROM found JOIN products p ON p.id = found.id AND p.website_id = $1 CROSS JOIN query
  ORDER BY found.n`;

const TITLE_OPTIONS = `HighlightAll=true, StartSel=${START}, StopSel=${STOP}`;
const SNIPPET_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=24, MinWords=10, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/** What narrows and orders a search besides its words (the shop's filters; pages/ says what is hidden and sold). */
export interface SearchOptions {
  filters?: ShopFilters;
  hiddenProductTypes?: readonly number[];
  unitsSoldByProduct?: Readonly<Record<string, number>>;
}

/**
 * Products of the website matching the query and the filters, in the sort's order (best first by default), one page
 * of them, each with its highlighted title, snippet and matching tags or options, and the facets of all the matches.
 * An empty query, or one of stop words only, finds nothing.
 */
export async function searchProducts(db: Db, website: Website, query: string, page = 1, options: SearchOptions = {}): Promise<SearchResults> {
  const text = query.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  const pageNumber = Math.min(Math.max(1, Math.trunc(page) || 1), SEARCH_MAX_PAGE);
  const filters = options.filters ?? parseShopFilters({}, website.currency, 'search').filters;
  const empty: SearchResults = { items: [], total: 0, page: pageNumber, pageSize: SEARCH_PAGE_SIZE, facets: emptyFacets() };
  if (!text) return empty;
  const { ids, facets } = await filterProducts(db, website, {
    scope: 'search', within: text, filters, hiddenProductTypes: options.hiddenProductTypes ?? [],
    unitsSoldByProduct: options.unitsSoldByProduct, offset: (pageNumber - 1) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE,
  });
  const { rows } = ids.length === 0 ? { rows: [] } : await db.executeQuery<{
    rank: number; title_marks: string; snippet_marks: string; term_marks: string[]; product_json: ProductJsonValue | null;
  }>(CompiledQuery.raw(HIGHLIGHT_SQL, [website.id, text, START + STOP, TITLE_OPTIONS, SNIPPET_OPTIONS, JSON.stringify(ids)]));
  const items: SearchResultItem[] = [];
  for (const row of rows) {
    if (!row.product_json) continue;
    const { item } = loadedProductOf(row.product_json, website);
    const snippet = segmentsOf(row.snippet_marks);
    items.push({
      ...item,
      search: {
        rank: Number(row.rank),
        title: segmentsOf(row.title_marks),
        // Without a match in the description, ts_headline answers its first words: no snippet then.
        snippet: snippet.some((segment) => segment.match) ? snippet : [],
        // Every tag and option value is marked; those where no word of the query was marked are dropped.
        matchedTerms: row.term_marks.map(segmentsOf).filter((term) => term.some((segment) => segment.match)),
      },
    });
  }
  return { ...empty, items, total: facets.total, facets };
}

/** The facets of no results. */
export function emptyFacets(): ShopFacets {
  return { total: 0, priceRange: null, inStockCount: 0, options: [], tags: [] };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: '\u00a0' };

/**
 * Splits ts_headline's output on its marks. The text keeps what the merchant wrote, minus tags
 * (the text-search parser drops them), with the common entities read back into characters: the theme
 * escapes it again when it prints it.
 */
export function segmentsOf(marked: string): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  const push = (raw: string, match: boolean) => {
    const text = raw.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '').replace(/\s+/g, ' ');
    if (!text) return;
    const last = segments.at(-1);
    if (last && last.match === match) last.text += text;
    else segments.push({ text, match });
  };
  let rest = marked.trim();
  while (rest) {
    const start = rest.indexOf(START);
    if (start === -1) {
      push(rest, false);
      break;
    }
    push(rest.slice(0, start), false);
    const stop = rest.indexOf(STOP, start + 1);
    const end = stop === -1 ? rest.length : stop;
    push(rest.slice(start + 1, end), true);
    rest = rest.slice(end + 1);
  }
  return segments;
}
