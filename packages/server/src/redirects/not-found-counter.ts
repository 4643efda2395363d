import { sql, type Kysely } from 'kysely';
import { REDIRECT_LIMITS } from '@vitrine/contracts';
import type { Database } from '../db/schema';
import { newId } from '../ids';

/** How often each process adds its counts to not_found_paths. */
export const DEFAULT_NOT_FOUND_FLUSH_MS = 5_000;

interface Miss {
  hits: number;
  lastSeen: Date;
}

/** What the counter reports when a flush fails (the app's logger). */
export interface CounterLog {
  warn(details: object, message: string): void;
}

/**
 * The not-found report's counts, cheap on the hot path (like request-days/counter.ts): a 404 only bumps an entry of
 * an in-memory map keyed by website and path; every few seconds, and when the server closes, the map is swapped for
 * an empty one and its counts are added to not_found_paths by one upsert (adding, never setting: safe across
 * processes). Abuse is capped twice: a process keeps at most REDIRECT_LIMITS.notFoundPathsPerWebsite distinct paths
 * per website between flushes, and the table takes a new path of a website only while it lists fewer than that
 * (paths already listed keep counting). A crash loses at most the last few seconds' counts.
 */
export class NotFoundCounter {
  #pending = new Map<string, Map<string, Miss>>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { flushMs?: number; log?: CounterLog; now?: () => Date } = {},
  ) {}

  /** One missed path (already normalised, countablePathOf) of a website. */
  record(websiteId: string, path: string): void {
    let paths = this.#pending.get(websiteId);
    if (!paths) this.#pending.set(websiteId, (paths = new Map()));
    const now = this.options.now?.() ?? new Date();
    const miss = paths.get(path);
    if (miss) {
      miss.hits += 1;
      miss.lastSeen = now;
    } else if (paths.size < REDIRECT_LIMITS.notFoundPathsPerWebsite) paths.set(path, { hits: 1, lastSeen: now });
  }

  /** Adds the counts gathered so far to the table (one statement); a failed flush drops them (a report, not a ledger). */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#flushNow());
    return this.#flushing;
  }

  async #flushNow(): Promise<void> {
    if (this.#pending.size === 0) return;
    const batch = this.#pending;
    this.#pending = new Map();
    const rows = [...batch].flatMap(([websiteId, paths]) => [...paths].map(([path, miss]) => sql`(${newId()}, ${websiteId}, ${path}, ${String(miss.hits)}, ${miss.lastSeen.toISOString()})`));
    if (rows.length === 0) return;
    try {
      // A new path of a website is taken only while the website lists fewer than the cap, counting the batch's own new
      // paths in order (row_number), so the cap holds exactly within a statement.
      await sql`INSERT INTO not_found_paths (id, website_id, path, hits, first_seen_at, last_seen_at)
        SELECT r.id, r.website_id, r.path, r.hits, r.seen, r.seen
        FROM (
          SELECT l.*, row_number() OVER (PARTITION BY l.website_id, l.listed ORDER BY l.hits DESC, l.path) AS place
          FROM (
            SELECT v.id, v.website_id, v.path, v.hits::bigint AS hits, v.seen::timestamptz AS seen,
              EXISTS (SELECT 1 FROM not_found_paths n WHERE n.website_id = v.website_id AND n.path = v.path) AS listed
            FROM (VALUES ${sql.join(rows)}) AS v(id, website_id, path, hits, seen)
          ) AS l
        ) AS r
        WHERE EXISTS (SELECT 1 FROM websites w WHERE w.id = r.website_id)
          -- A miss counted just before the owner made a rule for it (the report's Redirect…) is not listed again.
          AND NOT EXISTS (SELECT 1 FROM url_redirects u WHERE u.website_id = r.website_id AND u.source_key = lower(r.path))
          AND (r.listed OR (SELECT count(*) FROM not_found_paths n WHERE n.website_id = r.website_id) + r.place <= ${REDIRECT_LIMITS.notFoundPathsPerWebsite})
        ON CONFLICT (website_id, path) DO UPDATE SET hits = not_found_paths.hits + excluded.hits,
          last_seen_at = GREATEST(not_found_paths.last_seen_at, excluded.last_seen_at)`.execute(this.db);
    } catch (error) {
      this.options.log?.warn({ err: error }, 'not-found counts flush failed; these counts are dropped');
    }
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.flush(), this.options.flushMs ?? DEFAULT_NOT_FOUND_FLUSH_MS);
    this.#timer.unref();
  }

  /** Stops the timer and flushes what is left (the server's close). */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }
}
