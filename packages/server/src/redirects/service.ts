import { sql, type Kysely, type Transaction } from 'kysely';
import {
  REDIRECT_LIMITS,
  REDIRECT_MESSAGES,
  type NotFoundReportReply,
  type RedirectBody,
  type RedirectJson,
  type RedirectListReply,
  type RedirectOrigin,
  type RedirectStatus,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, invalid, notFound } from '../failures';
import { newId } from '../ids';
import { decodePageCursor, encodePageCursor } from '../page-cursor';
import { loadCompiledRules, notifyRedirectsChanged } from './rule-cache';
import { checkSource, checkTarget, compileRules, locationOf, matchRule, sourceKeyOf, targetKeyOf, type CompiledRules, type RedirectRule } from './rules';

/** Hops followed when checking a new rule for a loop; a longer chain is refused as one. */
const MAX_CHAIN = 50;

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, '\\$&')}%`;

function redirectJsonOf(row: { id: string; source: string; target: string; status: number; keep_query: boolean; origin: RedirectOrigin; updated_at: Date }): RedirectJson {
  return { id: row.id, source: row.source, target: row.target, status: row.status as RedirectStatus, keepQuery: row.keep_query, origin: row.origin, updatedAt: new Date(row.updated_at).toISOString() };
}

export interface CheckedRedirect {
  source: string;
  sourceKey: string;
  target: string;
  status: RedirectStatus;
  keepQuery: boolean;
}

/** The rule as it will be stored, or the field errors refusing it (no database needed). */
export function checkRedirect(body: RedirectBody): { redirect: CheckedRedirect } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const source = checkSource(body.source);
  if ('error' in source) errors.source = source.error;
  else {
    const targetProblem = checkTarget(body.target, source.key);
    if (targetProblem) errors.target = targetProblem;
  }
  if (body.status !== 301 && body.status !== 302) errors.status = REDIRECT_MESSAGES.status;
  if (Object.keys(errors).length > 0 || 'error' in source) return { errors };
  return { redirect: { source: body.source.trim(), sourceKey: source.key, target: body.target.trim(), status: body.status, keepQuery: body.keepQuery } };
}

/**
 * Whether adding `rule` to `rules` would send some visitor round in a circle: its target followed through the rules
 * (exact and wildcard) comes back to an address the rule itself answers. Only local targets without `*` are followed
 * (a wildcard's loops are refused by checkTarget's prefix rule).
 */
export function wouldLoop(rules: CompiledRules, rule: RedirectRule): boolean {
  if (targetKeyOf(rule.target) === undefined) return false;
  const withRule = compileRules([...rules.exact.values(), ...rules.wildcards.map((entry) => entry.rule)].filter((other) => other.id !== rule.id && other.sourceKey !== rule.sourceKey).concat(rule));
  let current = rule.target;
  for (let hop = 0; hop < MAX_CHAIN; hop++) {
    const match = matchRule(withRule, current);
    if (!match) return false;
    if (match.rule.id === rule.id) return true;
    current = locationOf(match, current);
    if (!current.startsWith('/') || current.startsWith('//')) return false;
  }
  return true;
}

/**
 * Points the rules that led to `fromKey` at `to` instead (A→B then B→C makes A→C): one hop for the visitor. A rule
 * that would then lead to itself is removed. Only for an address known to have left (a page's, post's or product's
 * old address): an owner's rule may start from a page that exists, which a rule leading there must keep reaching.
 */
async function collapseChainsInto(trx: Transaction<Database>, websiteId: string, fromKey: string, to: string): Promise<void> {
  if (to.includes('*')) return;
  const toKey = targetKeyOf(to);
  const candidates = await trx
    .selectFrom('url_redirects')
    .select(['id', 'source_key', 'target'])
    .where('website_id', '=', websiteId)
    .where(sql<boolean>`lower(target) LIKE ${likePrefix(fromKey)}`)
    .execute();
  for (const candidate of candidates) {
    if (targetKeyOf(candidate.target) !== fromKey) continue;
    if (candidate.source_key === toKey) await trx.deleteFrom('url_redirects').where('id', '=', candidate.id).execute();
    else await trx.updateTable('url_redirects').set({ target: to, updated_at: new Date() }).where('id', '=', candidate.id).execute();
  }
}

/** The not-found report's paths a rule of this key now answers leave the report. */
async function forgetMissesOf(trx: Transaction<Database>, websiteId: string, sourceKey: string): Promise<void> {
  const query = trx.deleteFrom('not_found_paths').where('website_id', '=', websiteId);
  if (sourceKey.endsWith('/*')) await query.where(sql<boolean>`lower(path) LIKE ${likePrefix(sourceKey.slice(0, -1))}`).execute();
  else await query.where(sql<boolean>`lower(path) = ${sourceKey}`).execute();
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/**
 * Writes the owner's rule (a new one without `id`) inside `trx`: refused when it would loop, when another rule
 * starts from its address (409) or past the website's limit; its address leaves the not-found report.
 * The CSV import passes the rules compiled so far (`rules`), to check each row against the file's earlier rows.
 */
export async function writeOwnerRedirect(
  trx: Transaction<Database>,
  websiteId: string,
  redirect: CheckedRedirect,
  options: { id?: string; rules?: CompiledRules; replaceSameSource?: boolean } = {},
): Promise<{ row: RedirectJson; created: boolean }> {
  const rules = options.rules ?? (await loadCompiledRules(trx, websiteId));
  const existingForSource = rules.exact.get(redirect.sourceKey) ?? rules.wildcards.find((entry) => entry.rule.sourceKey === redirect.sourceKey)?.rule;
  if (existingForSource && existingForSource.id !== options.id && !options.replaceSameSource) throw conflict(REDIRECT_MESSAGES.taken, { source: REDIRECT_MESSAGES.taken });
  const id = options.id ?? existingForSource?.id ?? newId();
  const rule: RedirectRule = { id, ...redirect };
  if (wouldLoop(rules, rule)) throw invalid(REDIRECT_MESSAGES.loop, { target: REDIRECT_MESSAGES.loop });
  const now = new Date();
  const columns = { source: redirect.source, source_key: redirect.sourceKey, target: redirect.target, status: redirect.status, keep_query: redirect.keepQuery, origin: 'owner' as const, updated_at: now };
  let created = false;
  let row;
  if (options.id || existingForSource) {
    row = await trx.updateTable('url_redirects').set(columns).where('website_id', '=', websiteId).where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) throw notFound(REDIRECT_MESSAGES.notFound);
  } else {
    const count = rules.exact.size + rules.wildcards.length;
    if (count >= REDIRECT_LIMITS.rulesPerWebsite) throw invalid(REDIRECT_MESSAGES.tooMany);
    row = await trx.insertInto('url_redirects').values({ id, website_id: websiteId, created_at: now, ...columns }).returningAll().executeTakeFirstOrThrow();
    created = true;
  }
  // No chain is collapsed into an owner's rule: its old address may be a page that exists (a rule from /shop never
  // answers), and a rule leading there must keep landing on that page. A visitor follows the chain hop by hop instead.
  await forgetMissesOf(trx, websiteId, redirect.sourceKey);
  // The rules compiled for the import's next rows: this one in, chains as collapsed (re-read only when they moved).
  if (options.rules) {
    options.rules.exact.delete(redirect.sourceKey);
    const fresh = compileRules([...options.rules.exact.values(), ...options.rules.wildcards.map((entry) => entry.rule).filter((other) => other.sourceKey !== redirect.sourceKey), rule]);
    options.rules.exact = fresh.exact;
    options.rules.wildcards = fresh.wildcards;
  }
  return { row: redirectJsonOf(row), created };
}

function checkedOrRefused(body: RedirectBody): CheckedRedirect {
  const checked = checkRedirect(body);
  if ('errors' in checked) throw invalid(Object.values(checked.errors)[0]!, checked.errors);
  return checked.redirect;
}

async function writeAndNotify<T>(db: Kysely<Database>, website: Website, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    const result = await inTransaction(db, work);
    notifyRedirectsChanged(website.id);
    return result;
  } catch (error) {
    // Two owners adding the same address at once: the second insert loses on the unique key.
    if (isUniqueViolation(error)) throw conflict(REDIRECT_MESSAGES.taken, { source: REDIRECT_MESSAGES.taken });
    throw error;
  }
}

/** GET /api/owner/redirects */
export async function listRedirects(db: Kysely<Database>, website: Website, actor: Actor, input: { cursor?: string; q?: string }): Promise<RedirectListReply> {
  authorize(actor, 'redirects:manage');
  const after = decodePageCursor(input.cursor, 2);
  if (input.cursor !== undefined && !after) throw invalid(REDIRECT_MESSAGES.cursor, { cursor: REDIRECT_MESSAGES.cursor });
  const search = input.q?.trim().toLowerCase();
  let query = db.selectFrom('url_redirects').where('website_id', '=', website.id);
  if (search) query = query.where((eb) => eb.or([eb(sql`lower(source)`, 'like', `%${search.replace(/[\\%_]/g, '\\$&')}%`), eb(sql`lower(target)`, 'like', `%${search.replace(/[\\%_]/g, '\\$&')}%`)]));
  const [rows, total] = await Promise.all([
    (after ? query.where((eb) => eb.or([eb('source_key', '>', after[0]!), eb.and([eb('source_key', '=', after[0]!), eb('id', '>', after[1]!)])])) : query)
      .selectAll()
      .orderBy('source_key')
      .orderBy('id')
      .limit(REDIRECT_LIMITS.pageSize + 1)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  const page = rows.slice(0, REDIRECT_LIMITS.pageSize);
  const last = page[page.length - 1];
  return {
    redirects: page.map(redirectJsonOf),
    nextCursor: rows.length > REDIRECT_LIMITS.pageSize && last ? encodePageCursor([last.source_key, last.id]) : null,
    total: Number(total.count),
  };
}

/** POST /api/owner/redirects */
export async function createRedirect(db: Kysely<Database>, website: Website, actor: Actor, body: RedirectBody) {
  authorize(actor, 'redirects:manage');
  const checked = checkedOrRefused(body);
  const { row } = await writeAndNotify(db, website, (trx) => writeOwnerRedirect(trx, website.id, checked));
  return { redirect: row };
}

/** PUT /api/owner/redirects/:redirectId */
export async function updateRedirect(db: Kysely<Database>, website: Website, actor: Actor, input: RedirectBody & { redirectId: string }) {
  authorize(actor, 'redirects:manage');
  const { redirectId, ...body } = input;
  const checked = checkedOrRefused(body);
  const { row } = await writeAndNotify(db, website, async (trx) => {
    const existing = await trx.selectFrom('url_redirects').select('id').where('website_id', '=', website.id).where('id', '=', redirectId).forUpdate().executeTakeFirst();
    if (!existing) throw notFound(REDIRECT_MESSAGES.notFound);
    return writeOwnerRedirect(trx, website.id, checked, { id: redirectId });
  });
  return { redirect: row };
}

/** DELETE /api/owner/redirects/:redirectId */
export async function deleteRedirect(db: Kysely<Database>, website: Website, actor: Actor, input: { redirectId: string }) {
  authorize(actor, 'redirects:manage');
  const deleted = await db.deleteFrom('url_redirects').where('website_id', '=', website.id).where('id', '=', input.redirectId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw notFound(REDIRECT_MESSAGES.notFound);
  notifyRedirectsChanged(website.id);
  return { deleted: true as const, id: input.redirectId };
}

/** GET /api/owner/redirects/not-found */
export async function getNotFoundReport(db: Kysely<Database>, website: Website, actor: Actor): Promise<NotFoundReportReply> {
  authorize(actor, 'redirects:manage');
  const rows = await db
    .selectFrom('not_found_paths')
    .selectAll()
    .where('website_id', '=', website.id)
    .orderBy('hits', 'desc')
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .limit(REDIRECT_LIMITS.notFoundShown)
    .execute();
  return {
    paths: rows.map((row) => ({ id: row.id, path: row.path, hits: Number(row.hits), firstSeenAt: new Date(row.first_seen_at).toISOString(), lastSeenAt: new Date(row.last_seen_at).toISOString() })),
  };
}

/** DELETE /api/owner/redirects/not-found/:pathId */
export async function dismissNotFoundPath(db: Kysely<Database>, website: Website, actor: Actor, input: { pathId: string }) {
  authorize(actor, 'redirects:manage');
  const deleted = await db.deleteFrom('not_found_paths').where('website_id', '=', website.id).where('id', '=', input.pathId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw notFound(REDIRECT_MESSAGES.notFoundPathId);
  return { deleted: true as const, id: input.pathId };
}

// ---------------------------------------------------------------------------------------------
// Called by other domains inside their own transactions (their fronts never write this table)

/**
 * A page's, post's or product's address changed from `from` to `to` (both paths of this site; a collection passes
 * `/old/*` → `/new/*` too, for its items): a 301 from the old address, written in the caller's transaction. The new
 * address is a page now, so rules starting from it go (they could never answer, and would loop); rules that led to
 * the old address lead to the new one (chains collapse); the old address leaves the not-found report. No limit
 * applies: the owner's change of address is never refused for it.
 */
export async function recordAddressMove(trx: Transaction<Database>, websiteId: string, from: string, to: string): Promise<void> {
  const source = checkSource(from);
  if ('error' in source) return;
  const target = checkTarget(to, source.key);
  if (target) return;
  const toKey = to.endsWith('/*') ? checkSource(to) : { key: sourceKeyOf(to) };
  if ('key' in toKey) await trx.deleteFrom('url_redirects').where('website_id', '=', websiteId).where('source_key', '=', toKey.key).execute();
  const now = new Date();
  await trx
    .insertInto('url_redirects')
    .values({ id: newId(), website_id: websiteId, source: from, source_key: source.key, target: to, status: 301, keep_query: true, origin: 'automatic', created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.columns(['website_id', 'source_key']).doUpdateSet({ source: from, target: to, status: 301, keep_query: true, origin: 'automatic', updated_at: now }))
    .execute();
  await collapseChainsInto(trx, websiteId, source.key, to);
  await forgetMissesOf(trx, websiteId, source.key);
  notifyRedirectsChanged(websiteId);
}

/**
 * A product imported from another platform's CSV had this address there (Shopify's `/products/{handle}`): a 301 to
 * its address here, unless the owner has a rule of their own for it (an earlier import's rule is replaced).
 */
export async function recordImportedAddress(trx: Transaction<Database>, websiteId: string, from: string, to: string): Promise<boolean> {
  const source = checkSource(from);
  if ('error' in source || checkTarget(to, source.key)) return false;
  const now = new Date();
  await trx
    .insertInto('url_redirects')
    .values({ id: newId(), website_id: websiteId, source: from, source_key: source.key, target: to, status: 301, keep_query: true, origin: 'import', created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.columns(['website_id', 'source_key']).doUpdateSet({ target: to, updated_at: now }).where('url_redirects.origin', '=', 'import'))
    .execute();
  await forgetMissesOf(trx, websiteId, source.key);
  notifyRedirectsChanged(websiteId);
  return true;
}

/**
 * A WordPress plain link (`/?p=123` for a post, `/?page_id=45` for a page) that led to an imported page or post:
 * kept as a rule whose source is that address (`origin` import), answered by the home page's route before it
 * renders (NotFoundAnswers.oldIdRedirectFor), as `/` itself is never a 404. An owner's own rule is never replaced.
 */
export async function recordImportedIdAddress(trx: Transaction<Database>, websiteId: string, query: 'p' | 'page_id', id: string, to: string): Promise<boolean> {
  const source = `/?${query}=${id}`;
  const checked = checkSource(source);
  if ('error' in checked || checkTarget(to, checked.key)) return false;
  const now = new Date();
  await trx
    .insertInto('url_redirects')
    .values({ id: newId(), website_id: websiteId, source, source_key: source, target: to, status: 301, keep_query: false, origin: 'import', created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.columns(['website_id', 'source_key']).doUpdateSet({ target: to, updated_at: now }).where('url_redirects.origin', '=', 'import'))
    .execute();
  notifyRedirectsChanged(websiteId);
  return true;
}
