import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { JobLog } from '../jobs/repeating-job';

/** How often each process adds its counts to website_request_days. */
export const DEFAULT_REQUEST_DAYS_FLUSH_MS = 5_000;

/** The UTC day of a moment, as the table stores it. */
export const utcDayOf = (moment: Date): string => moment.toISOString().slice(0, 10);

/**
 * Requests a day per website, cheap on the hot path: a request only bumps an entry of an in-memory map keyed by
 * (website, UTC day); every few seconds, and when the server closes, the map is swapped for an empty one and its
 * counts are added to website_request_days by one upsert. Adding (never setting) makes it safe across processes.
 * A crash loses at most the last few seconds' counts, which is acceptable for an operator's overview (README).
 */
export class RequestDayCounter {
  #pending = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { flushMs?: number; log?: JobLog; now?: () => Date } = {},
  ) {}

  /** One answered request of a website. */
  record(websiteId: string): void {
    const key = `${websiteId} ${utcDayOf(this.options.now?.() ?? new Date())}`;
    this.#pending.set(key, (this.#pending.get(key) ?? 0) + 1);
  }

  /** Adds the counts gathered so far to the table (one statement); a failed flush puts them back for the next. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#flushNow());
    return this.#flushing;
  }

  async #flushNow(): Promise<void> {
    if (this.#pending.size === 0) return;
    const batch = this.#pending;
    this.#pending = new Map();
    const rows = [...batch].map(([key, requests]) => {
      const [websiteId, day] = key.split(' ') as [string, string];
      return { website_id: websiteId, day, requests };
    });
    try {
      await this.db
        .insertInto('website_request_days')
        .values(rows)
        .onConflict((conflict) => conflict.columns(['website_id', 'day']).doUpdateSet({ requests: sql`website_request_days.requests + excluded.requests` }))
        .execute();
    } catch (error) {
      // A website purged meanwhile fails its foreign key: those counts are dropped, the others kept for the next try.
      const existing = new Set(
        (await this.db.selectFrom('websites').select('id').where('id', 'in', [...new Set(rows.map((row) => row.website_id))]).execute().catch(() => rows.map((row) => ({ id: row.website_id })))).map((row) => row.id),
      );
      for (const [key, count] of batch) if (existing.has(key.split(' ')[0]!)) this.#pending.set(key, (this.#pending.get(key) ?? 0) + count);
      this.options.log?.warn({ err: error }, 'request counts flush failed; trying again');
    }
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.flush(), this.options.flushMs ?? DEFAULT_REQUEST_DAYS_FLUSH_MS);
    this.#timer.unref();
  }

  /** Stops the timer and flushes what is left (the server's close). */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }
}

/** A website's requests on the given UTC days (0 for a day without a row), in the order asked. */
export async function requestsOnDays(db: Kysely<Database>, websiteIds: readonly string[], days: readonly string[]): Promise<Map<string, number[]>> {
  const answer = new Map<string, number[]>(websiteIds.map((id) => [id, days.map(() => 0)]));
  if (websiteIds.length === 0 || days.length === 0) return answer;
  const rows = await db
    .selectFrom('website_request_days')
    .select(['website_id', 'requests', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day_text')])
    .where('website_id', 'in', [...websiteIds])
    .where('day', 'in', [...days])
    .execute();
  for (const row of rows) {
    const at = days.indexOf(row.day_text);
    if (at >= 0) answer.get(row.website_id)![at] = Number(row.requests);
  }
  return answer;
}

/** Today and yesterday (UTC) of a moment: what the operator's views show. */
export function todayAndYesterday(now = new Date()): [string, string] {
  return [utcDayOf(now), utcDayOf(new Date(now.getTime() - 86_400_000))];
}
