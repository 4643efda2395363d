import type { Kysely } from 'kysely';
import type { RedirectStatus } from '@vitrine/contracts';
import type { Database } from '../db/schema';
import { compileRules, type CompiledRules } from './rules';

/**
 * How long a process may answer from its copy of a website's rules. A write through this process forgets the copy
 * at once (notifyRedirectsChanged, also from the automatic redirects other domains' transactions write); other
 * processes see it when their copy expires, as with the catalog cache (pages/catalog-cache.ts).
 */
export const REDIRECT_CACHE_TTL_MS = 5_000;

/** Websites whose rules one process keeps at once; past this the cache starts over. */
const MAX_WEBSITES = 2_000;

type Listener = (websiteId: string) => void;
const listeners = new Set<Listener>();

/**
 * Tells this process's rule caches that a website's rules changed. Listeners are the apps' caches (one each): a
 * website id may name websites of two databases in the tests, and forgetting both copies costs one read.
 */
export function notifyRedirectsChanged(websiteId: string): void {
  for (const listener of listeners) listener(websiteId);
}

/** Reads every rule of a website, compiled for matching. */
export async function loadCompiledRules(db: Kysely<Database>, websiteId: string): Promise<CompiledRules> {
  const rows = await db
    .selectFrom('url_redirects')
    .select(['id', 'source', 'source_key', 'target', 'status', 'keep_query'])
    .where('website_id', '=', websiteId)
    .execute();
  return compileRules(rows.map((row) => ({ id: row.id, source: row.source, sourceKey: row.source_key, target: row.target, status: row.status as RedirectStatus, keepQuery: row.keep_query })));
}

/**
 * Each website's rules, in memory, keyed by website (the app owns one cache, so one database): a 404 asks it
 * before answering, so a missed address costs no query while the copy is fresh.
 */
export class RedirectRuleCache {
  readonly #entries = new Map<string, { expires: number; rules: Promise<CompiledRules> }>();
  readonly #forget: Listener = (websiteId) => this.#entries.delete(websiteId);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { ttlMs?: number; now?: () => number } = {},
  ) {
    listeners.add(this.#forget);
  }

  rulesFor(websiteId: string): Promise<CompiledRules> {
    const now = this.options.now?.() ?? Date.now();
    const cached = this.#entries.get(websiteId);
    if (cached && cached.expires > now) return cached.rules;
    if (this.#entries.size >= MAX_WEBSITES) this.#entries.clear();
    const rules = loadCompiledRules(this.db, websiteId);
    this.#entries.set(websiteId, { expires: now + (this.options.ttlMs ?? REDIRECT_CACHE_TTL_MS), rules });
    // A failed read is not kept: the next 404 tries again.
    rules.catch(() => {
      if (this.#entries.get(websiteId)?.rules === rules) this.#entries.delete(websiteId);
    });
    return rules;
  }

  /** Stops listening for changes (the app's close). */
  close(): void {
    listeners.delete(this.#forget);
    this.#entries.clear();
  }
}
