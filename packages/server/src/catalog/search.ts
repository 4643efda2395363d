import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database, Website } from '../db/schema';
import { loadedProductOf, productJsonSelect, type ProductJsonValue } from './queries';
import type { ProductItemJson } from './product-item';

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
 * The search, one statement. The product's stored document (title A, tags and option values B,
 * excerpt C, body D; migrations 005 and 006, GIN-indexed) must match the whole query (websearch
 * syntax: words in any order, "a phrase", -not, or); results by rank, then display order, one page of
 * them with the count of all. Highlights are made for the page's products only.
 */
const SEARCH_SQL = `
  WITH query AS (SELECT websearch_to_tsquery('english', $2) AS q),
  found AS (
    SELECT p.id, p.display_index, ts_rank(p.search_document, query.q) AS rank, count(*) OVER () AS total
    FROM products p CROSS JOIN query
    WHERE p.website_id = $1 AND p.search_document @@ query.q AND p.archived_at IS NULL
    ORDER BY rank DESC, p.display_index, p.id
    LIMIT $6 OFFSET $7
  )
  SELECT found.rank, found.total,
    ts_headline('english', translate(p.title, $3, ''), query.q, $4) AS title_marks,
    ts_headline('english', translate(p.excerpt || ' ' || p.body, $3, ''), query.q, $5) AS snippet_marks,
    (SELECT COALESCE(json_agg(ts_headline('english', translate(term, $3, ''), query.q, $4) ORDER BY kind, term), '[]')
      FROM (SELECT 1 AS kind, jsonb_array_elements_text(p.tags) AS term
            UNION SELECT 2, option_value.value FROM variants v, jsonb_to_recordset(v.option_values) AS option_value(value text)
              WHERE v.product_id = p.id AND v.archived_at IS NULL) terms
      WHERE term <> '') AS term_marks,
    ${productJsonSelect('$1', 'found.id')} AS product_json
  FROM found JOIN products p ON p.id = found.id CROSS JOIN query
  ORDER BY found.rank DESC, found.display_index, found.id`;

const TITLE_OPTIONS = `HighlightAll=true, StartSel=${START}, StopSel=${STOP}`;
const SNIPPET_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=24, MinWords=10, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/** The count when the requested page is past the last one (its statement answers no rows). */
const COUNT_SQL = `SELECT count(*) AS total FROM products p WHERE p.website_id = $1 AND p.search_document @@ websearch_to_tsquery('english', $2) AND p.archived_at IS NULL`;

/**
 * Products of the website matching the query, best first, one page of them, each with its highlighted
 * title, snippet and matching tags or options. An empty query, or one of stop words only, finds nothing.
 */
export async function searchProducts(db: Db, website: Website, query: string, page = 1): Promise<SearchResults> {
  const text = query.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  const pageNumber = Math.min(Math.max(1, Math.trunc(page) || 1), SEARCH_MAX_PAGE);
  const empty: SearchResults = { items: [], total: 0, page: pageNumber, pageSize: SEARCH_PAGE_SIZE };
  if (!text) return empty;
  const { rows } = await db.executeQuery<{
    rank: number; total: string | number; title_marks: string; snippet_marks: string; term_marks: string[]; product_json: ProductJsonValue | null;
  }>(
    CompiledQuery.raw(SEARCH_SQL, [
      website.id, text, START + STOP, TITLE_OPTIONS, SNIPPET_OPTIONS, SEARCH_PAGE_SIZE, (pageNumber - 1) * SEARCH_PAGE_SIZE,
    ]),
  );
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && pageNumber > 1) {
    const counted = await db.executeQuery<{ total: string | number }>(CompiledQuery.raw(COUNT_SQL, [website.id, text]));
    total = Number(counted.rows[0]?.total ?? 0);
  }
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
  return { ...empty, items, total };
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
