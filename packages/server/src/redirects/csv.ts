import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import { REDIRECT_LIMITS, REDIRECT_MESSAGES, type RedirectImportReply, type RedirectStatus } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, invalid, isFailure } from '../failures';
import { spreadsheetSafe } from '../spreadsheet-safe';
import { loadCompiledRules, notifyRedirectsChanged } from './rule-cache';
import { checkRedirect, writeOwnerRedirect, type CheckedRedirect } from './service';

/**
 * The redirects' CSV (Settings → URL redirects → Import / Export). Columns: Source, Target, Status (301 or 302;
 * empty: 301), Query (keep or drop; empty: keep). Shopify's redirect export (`Redirect from`, `Redirect to`) is read
 * as Source and Target, so a shop moving in brings its redirects as they are. Column names are matched in any case.
 *
 * All or nothing (decided, README): every row is checked — each on its own, then against the website's rules and the
 * file's earlier rows (loops, the same old address twice) — and a file with any refused row writes nothing and
 * answers 400 with each refused row in `errors`, keyed `row N: Column` (the header is row 1, as spreadsheets count).
 * A row whose old address already has a rule replaces that rule: importing an export again changes nothing.
 */

export const REDIRECT_CSV_COLUMNS = ['Source', 'Target', 'Status', 'Query'] as const;

const COLUMN_ALIASES: Record<string, (typeof REDIRECT_CSV_COLUMNS)[number]> = {
  source: 'Source',
  'redirect from': 'Source',
  from: 'Source',
  target: 'Target',
  'redirect to': 'Target',
  to: 'Target',
  status: 'Status',
  type: 'Status',
  query: 'Query',
};

/** A spreadsheet's apostrophe before a cell that looked like a formula, taken off again (the export adds it). */
const unsafeUndone = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

interface RowRefusal {
  row: number;
  column: string;
  message: string;
}

function refuse(refused: readonly RowRefusal[]): never {
  const errors: Record<string, string> = {};
  for (const { row, column, message } of [...refused].sort((a, b) => a.row - b.row)) errors[`row ${row}: ${column}`] ??= message;
  throw invalid(REDIRECT_MESSAGES.csvRefused(new Set(refused.map((entry) => entry.row)).size), errors);
}

/** The file's rows as rules, or every refused row (nothing read from the database). */
export function readRedirectCsv(text: string): Array<{ row: number; redirect: CheckedRedirect }> {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, max_record_size: REDIRECT_LIMITS.pathLength * 4 });
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^Invalid (Record Length|Opening Quote|Closing Quote): /, '') : 'unreadable';
    throw invalid(REDIRECT_MESSAGES.csvNotCsv(detail.slice(0, 200)));
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((name) => COLUMN_ALIASES[name.trim().toLowerCase()]);
  const at = (name: (typeof REDIRECT_CSV_COLUMNS)[number]) => columns.indexOf(name);
  if (at('Source') < 0 || at('Target') < 0) throw invalid(REDIRECT_MESSAGES.csvHeader);
  const refused: RowRefusal[] = [];
  const read: Array<{ row: number; redirect: CheckedRedirect }> = [];
  const firstRowOf = new Map<string, number>();
  rows.forEach((cells, index) => {
    const row = index + 2;
    const cell = (name: (typeof REDIRECT_CSV_COLUMNS)[number]) => (at(name) >= 0 ? unsafeUndone((cells[at(name)] ?? '').trim()) : '');
    if (cells.every((value) => value.trim() === '')) return;
    const statusText = cell('Status');
    const queryText = cell('Query').toLowerCase();
    if (statusText !== '' && statusText !== '301' && statusText !== '302') refused.push({ row, column: 'Status', message: REDIRECT_MESSAGES.csvStatus });
    if (queryText !== '' && queryText !== 'keep' && queryText !== 'drop') refused.push({ row, column: 'Query', message: REDIRECT_MESSAGES.csvQuery });
    const checked = checkRedirect({ source: cell('Source'), target: cell('Target'), status: (statusText === '302' ? 302 : 301) as RedirectStatus, keepQuery: queryText !== 'drop' });
    if ('errors' in checked) {
      for (const [field, message] of Object.entries(checked.errors)) refused.push({ row, column: field === 'source' ? 'Source' : field === 'target' ? 'Target' : 'Status', message });
      return;
    }
    const earlier = firstRowOf.get(checked.redirect.sourceKey);
    if (earlier !== undefined) {
      refused.push({ row, column: 'Source', message: REDIRECT_MESSAGES.csvAgain });
      return;
    }
    firstRowOf.set(checked.redirect.sourceKey, row);
    read.push({ row, redirect: checked.redirect });
  });
  if (refused.length > 0) refuse(refused);
  if (read.length === 0) throw invalid(REDIRECT_MESSAGES.csvEmpty);
  return read;
}

/** POST /api/owner/redirects/import: the body is the whole file (at most REDIRECT_LIMITS.csvMaxBytes, the route checks). */
export async function importRedirectsCsv(db: Kysely<Database>, website: Website, actor: Actor, text: string): Promise<RedirectImportReply> {
  authorize(actor, 'redirects:manage');
  const rows = readRedirectCsv(text);
  try {
    const reply = await inTransaction(db, async (trx) => {
      const rules = await loadCompiledRules(trx, website.id);
      const refused: RowRefusal[] = [];
      let created = 0;
      let updated = 0;
      for (const { row, redirect } of rows) {
        try {
          const written = await writeOwnerRedirect(trx, website.id, redirect, { rules, replaceSameSource: true });
          if (written.created) created += 1;
          else updated += 1;
        } catch (error) {
          if (!isFailure(error)) throw error;
          // A loop or the limit: reported as the row's, and the whole file is refused below.
          refused.push({ row, column: error.errors?.source ? 'Source' : 'Target', message: error.message });
        }
      }
      if (refused.length > 0) refuse(refused);
      return { created, updated };
    });
    notifyRedirectsChanged(website.id);
    return reply;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === '23505') throw conflict('A redirect was changed while the file was imported; nothing was imported. Please try again.');
    throw error;
  }
}

/** GET /api/owner/redirects/export.csv: every rule, sorted by old address (at most REDIRECT_LIMITS.rulesPerWebsite rows). */
export async function exportRedirectsCsv(db: Kysely<Database>, website: Website, actor: Actor): Promise<string> {
  authorize(actor, 'redirects:manage');
  const rows = await db
    .selectFrom('url_redirects')
    .select(['source', 'target', 'status', 'keep_query'])
    .where('website_id', '=', website.id)
    .orderBy('source_key')
    .orderBy('id')
    .execute();
  return stringify([
    [...REDIRECT_CSV_COLUMNS],
    ...rows.map((row) => [spreadsheetSafe(row.source), spreadsheetSafe(row.target), String(row.status), row.keep_query ? 'keep' : 'drop']),
  ]);
}
