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

/** A product found by a search, with where the query's words are in its title and description. */
export interface SearchResultItem extends ProductItemJson {
  search: {
    rank: number;
    /** The whole title, its matching words marked. */
    title: HighlightSegment[];
    /** Up to two fragments of the excerpt and body around the matching words (HTML dropped); empty when none matches. */
    snippet: HighlightSegment[];
  };
}

/** The longest query read; the rest is ignored. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** The most results one search answers. */
export const SEARCH_RESULT_LIMIT = 48;

// ts_headline marks matches with these two control characters; they are removed from the text first,
// so a product cannot forge a mark, and the marks never reach HTML: the text is split on them.
const START = '\u0002';
const STOP = '\u0003';

/**
 * The search, one statement. The product's stored document (title A, tags B, excerpt C, body D;
 * migration 005) joined with its variants' option values (B) must match the whole query
 * (websearch syntax: words in any order, "a phrase", -not, or); results by rank, then display order.
 */
const SEARCH_SQL = `
  WITH query AS (SELECT websearch_to_tsquery('english', $2) AS q),
  found AS (
    SELECT p.id, p.display_index,
      ts_rank(p.search_document || options.document, query.q) AS rank,
      ts_headline('english', translate(p.title, $3, ''), query.q, $4) AS title_marks,
      ts_headline('english', translate(p.excerpt || ' ' || p.body, $3, ''), query.q, $5) AS snippet_marks
    FROM products p
    CROSS JOIN query
    CROSS JOIN LATERAL (
      SELECT setweight(to_tsvector('english', COALESCE(string_agg(option_value.value, ' '), '')), 'B') AS document
      FROM variants v, jsonb_to_recordset(v.option_values) AS option_value(value text)
      WHERE v.product_id = p.id
    ) options
    WHERE p.website_id = $1 AND (p.search_document || options.document) @@ query.q
    ORDER BY rank DESC, p.display_index, p.id
    LIMIT ${SEARCH_RESULT_LIMIT}
  )
  SELECT found.rank, found.title_marks, found.snippet_marks, ${productJsonSelect('$1', 'found.id')} AS product_json
  FROM found ORDER BY found.rank DESC, found.display_index, found.id`;

const TITLE_OPTIONS = `HighlightAll=true, StartSel=${START}, StopSel=${STOP}`;
const SNIPPET_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=24, MinWords=10, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * Products of the website matching the query, best first, each with its highlighted title and
 * snippet. An empty query, or one of stop words only, finds nothing.
 */
export async function searchProducts(db: Db, website: Website, query: string): Promise<SearchResultItem[]> {
  const text = query.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  if (!text) return [];
  const { rows } = await db.executeQuery<{ rank: number; title_marks: string; snippet_marks: string; product_json: ProductJsonValue | null }>(
    CompiledQuery.raw(SEARCH_SQL, [website.id, text, START + STOP, TITLE_OPTIONS, SNIPPET_OPTIONS]),
  );
  const results: SearchResultItem[] = [];
  for (const row of rows) {
    if (!row.product_json) continue;
    const { item } = loadedProductOf(row.product_json, website);
    const snippet = segmentsOf(row.snippet_marks);
    results.push({
      ...item,
      search: {
        rank: Number(row.rank),
        title: segmentsOf(row.title_marks),
        // Without a match in the description, ts_headline answers its first words: no snippet then.
        snippet: snippet.some((segment) => segment.match) ? snippet : [],
      },
    });
  }
  return results;
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
