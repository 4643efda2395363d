import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { DEFAULT_ANALYTICS_SETTINGS } from './settings';

/**
 * The rows one analytics call stores. Every value here has already been checked as storable (no NUL, no lone
 * surrogate, bounded sizes), so a batch only fails when the database does.
 */
export interface HitRow {
  website_id: string;
  kind: string;
  received_at: Date;
  visitor_id: string | null;
  visit_number: number | null;
  page_path: string;
  referrer_host: string | null;
  user_agent: string;
  is_bot: boolean;
  item_id: string | null;
  data: unknown;
}

export interface EventRow {
  website_id: string;
  event_id: string;
  tracker: 'clanker' | 'legacy';
  schema_name: string;
  received_at: Date;
  occurred_at: Date | null;
  visitor_id: string | null;
  visit_number: number | null;
  analytics_id: string | null;
  session_id: string | null;
  page_path: string;
  product_id: string | null;
  user_agent: string;
  is_bot: boolean;
  content: unknown;
}

export interface FailedEventRow {
  website_id: string;
  received_at: Date;
  source: 'clanker' | 'legacy' | 'census' | 'performance' | 'js-error';
  schema_name: string | null;
  reason: string;
  errors: Record<string, string> | null;
  body: string;
  user_agent: string;
}

/** One occurrence (or several identical ones) of a JavaScript error, added to its day's group. */
export interface JsErrorRow {
  website_id: string;
  day: string;
  fingerprint: string;
  message: string;
  first_frame: string;
  sample_stack: string;
  page_path: string;
  count: number;
  bot_count: number;
  seen_at: Date;
}

export interface PerformanceRow {
  website_id: string;
  received_at: Date;
  page_load_id: string;
  app: string;
  event: string;
  metric: string | null;
  value: number | null;
  page_path: string;
  is_bot: boolean;
  client_ts: number | null;
  data: unknown;
}

export interface AnalyticsRows {
  hits?: HitRow[];
  events?: EventRow[];
  failed?: FailedEventRow[];
  jsErrors?: JsErrorRow[];
  performance?: PerformanceRow[];
}

export type AnalyticsTable = 'analytics_hits' | 'analytics_events' | 'analytics_failed_events' | 'analytics_js_errors' | 'analytics_performance' | 'analytics_rollup_jobs';

export interface AnalyticsWriterOptions {
  /** A batch is written this long after its first row arrived… */
  batchDelayMs?: number;
  /** …or as soon as it holds this many rows. */
  batchMaxRows?: number;
  /** Batches committing at once; while they do, the next one gathers (group commit). */
  maxConcurrentBatches?: number;
  /** Called for every INSERT statement written (tests count statements with it). */
  onStatement?: (table: AnalyticsTable, rows: number) => void;
}

const iso = (date: Date) => date.toISOString();
const json = (value: unknown) => JSON.stringify(value ?? {});
/** The UTC day (YYYY-MM-DD) of a time. */
export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/*
 * One INSERT per table per batch, each a fixed statement text whatever the number of rows (the rows travel as
 * one array per column and are turned back into rows by unnest): PostgreSQL and PGlite plan it once and keep
 * it prepared, and no batch size runs into the 65,535 bind-parameter limit.
 */
const INSERT_HITS = `INSERT INTO analytics_hits (website_id, kind, received_at, visitor_id, visit_number, page_path, referrer_host, user_agent, is_bot, item_id, data)
SELECT w, k, r::timestamptz, v, n, p, h, u, b, i, d::jsonb
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[], $9::bool[], $10::text[], $11::text[]) AS t(w, k, r, v, n, p, h, u, b, i, d)`;

/** A retried event (same event_id on the same website) is stored once: the unique index and DO NOTHING. */
const INSERT_EVENTS = `INSERT INTO analytics_events (website_id, event_id, tracker, schema_name, received_at, occurred_at, visitor_id, visit_number, analytics_id, session_id, page_path, product_id, user_agent, is_bot, content)
SELECT w, e, tr, s, r::timestamptz, o::timestamptz, v, n, a, se, p, pr, u, b, c::jsonb
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::bool[], $15::text[])
  AS t(w, e, tr, s, r, o, v, n, a, se, p, pr, u, b, c)
ON CONFLICT (website_id, event_id) DO NOTHING`;

const INSERT_FAILED = `INSERT INTO analytics_failed_events (website_id, received_at, source, schema_name, reason, errors, body, user_agent)
SELECT w, r::timestamptz, s, n, re, e::jsonb, b, u
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS t(w, r, s, n, re, e, b, u)`;

/** Groups add up: the batch's rows are merged by key first (one statement may not touch a row twice). */
const UPSERT_JS_ERRORS = `INSERT INTO analytics_js_errors AS g (website_id, day, fingerprint, message, first_frame, sample_stack, page_path, count, bot_count, first_seen_at, last_seen_at)
SELECT w, d, f, m, ff, st, p, c, bc, fs::timestamptz, ls::timestamptz
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::int[], $10::text[], $11::text[])
  AS t(w, d, f, m, ff, st, p, c, bc, fs, ls)
ON CONFLICT (website_id, day, fingerprint) DO UPDATE SET
  count = g.count + EXCLUDED.count,
  bot_count = g.bot_count + EXCLUDED.bot_count,
  first_seen_at = LEAST(g.first_seen_at, EXCLUDED.first_seen_at),
  last_seen_at = GREATEST(g.last_seen_at, EXCLUDED.last_seen_at),
  sample_stack = EXCLUDED.sample_stack,
  page_path = EXCLUDED.page_path`;

const INSERT_PERFORMANCE = `INSERT INTO analytics_performance (website_id, received_at, page_load_id, app, event, metric, value, page_path, is_bot, client_ts, data)
SELECT w, r::timestamptz, l, a, e, m, v, p, b, ts, d::jsonb
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::text[], $9::bool[], $10::int8[], $11::text[])
  AS t(w, r, l, a, e, m, v, p, b, ts, d)`;

/** A day with data gets its rollup job (due at once); an existing one is left as it is. */
const ENSURE_JOBS = `INSERT INTO analytics_rollup_jobs (website_id, day, due_at)
SELECT w, d, now() FROM unnest($1::text[], $2::text[]) AS t(w, d)
ON CONFLICT (website_id, day) DO NOTHING`;

interface Pending {
  rows: AnalyticsRows;
  count: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const rowCount = (rows: AnalyticsRows) =>
  (rows.hits?.length ?? 0) + (rows.events?.length ?? 0) + (rows.failed?.length ?? 0) + (rows.jsErrors?.length ?? 0) + (rows.performance?.length ?? 0);

/**
 * Appends analytics rows in batches (group commit). Each call's rows join the batch being gathered; the batch is
 * written after a few milliseconds or once it holds `batchMaxRows` rows, in one transaction holding one INSERT
 * per table, and every call waits for that commit before it answers: what was acknowledged is stored, nothing
 * acknowledged lives only in memory. While batches commit, the next one keeps gathering, so under load batches
 * grow instead of queueing. Should a batch fail, each call's rows are written on their own, so one call's
 * failure is never another's.
 */
export class AnalyticsWriter {
  readonly #options: Required<Omit<AnalyticsWriterOptions, 'onStatement'>> & Pick<AnalyticsWriterOptions, 'onStatement'>;
  #gathering: Pending[] = [];
  #gatheredRows = 0;
  #timer: NodeJS.Timeout | undefined;
  #inFlight = new Set<Promise<void>>();
  #closed = false;
  /** (website, day) pairs whose rollup job this process has already made sure of. */
  readonly #jobsEnsured = new Set<string>();
  /** Batches and statements written, and rows in them. */
  readonly stats = { batches: 0, statements: 0, rows: 0 };

  constructor(
    private readonly db: Kysely<Database>,
    options: AnalyticsWriterOptions = {},
  ) {
    this.#options = {
      batchDelayMs: options.batchDelayMs ?? DEFAULT_ANALYTICS_SETTINGS.batchDelayMs,
      batchMaxRows: options.batchMaxRows ?? DEFAULT_ANALYTICS_SETTINGS.batchMaxRows,
      maxConcurrentBatches: options.maxConcurrentBatches ?? DEFAULT_ANALYTICS_SETTINGS.maxConcurrentBatches,
      onStatement: options.onStatement,
    };
  }

  /** Stores the rows with the next batch; resolves once that batch has committed. */
  append(rows: AnalyticsRows): Promise<void> {
    const count = rowCount(rows);
    if (count === 0) return Promise.resolve();
    if (this.#closed) return Promise.reject(new Error('The analytics writer is closed.'));
    return new Promise<void>((resolve, reject) => {
      this.#gathering.push({ rows, count, resolve, reject });
      this.#gatheredRows += count;
      if (this.#gatheredRows >= this.#options.batchMaxRows) this.#flush();
      else this.#timer ??= setTimeout(() => this.#flush(), this.#options.batchDelayMs);
    });
  }

  /** Writes what is gathered now and waits for every batch in flight. */
  async flush(): Promise<void> {
    while (this.#gathering.length > 0 || this.#inFlight.size > 0) {
      this.#flush();
      await Promise.race(this.#inFlight);
    }
  }

  /** Writes what is left, then refuses new rows. */
  async close(): Promise<void> {
    await this.flush();
    this.#closed = true;
  }

  #flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#gathering.length === 0) return;
    // Every slot busy: the batch keeps growing, and the first batch to finish writes it.
    if (this.#inFlight.size >= this.#options.maxConcurrentBatches) return;
    const batch = this.#gathering;
    this.#gathering = [];
    this.#gatheredRows = 0;
    const written = this.#write(batch).finally(() => {
      this.#inFlight.delete(written);
      if (this.#gathering.length > 0) {
        if (this.#gatheredRows >= this.#options.batchMaxRows || !this.#timer) this.#flush();
      }
    });
    this.#inFlight.add(written);
  }

  async #write(batch: Pending[]): Promise<void> {
    try {
      await this.#insert(batch);
      for (const pending of batch) pending.resolve();
      return;
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
    }
    // The batch failed as a whole: each call's rows alone, so only the ones that fail again are refused.
    for (const pending of batch) {
      try {
        await this.#insert([pending]);
        pending.resolve();
      } catch (error) {
        pending.reject(error);
      }
    }
  }

  async #insert(batch: Pending[]): Promise<void> {
    const all = (pick: (rows: AnalyticsRows) => unknown[] | undefined) => batch.flatMap((pending) => pick(pending.rows) ?? []);
    const hits = all((rows) => rows.hits) as HitRow[];
    // Sorted, so that two processes inserting the same keys lock them in the same order.
    const events = (all((rows) => rows.events) as EventRow[]).sort((a, b) => (a.website_id + a.event_id < b.website_id + b.event_id ? -1 : 1));
    const failed = all((rows) => rows.failed) as FailedEventRow[];
    const jsErrors = mergeJsErrors(all((rows) => rows.jsErrors) as JsErrorRow[]);
    const performance = all((rows) => rows.performance) as PerformanceRow[];
    const days = new Map<string, { website: string; day: string }>();
    for (const row of [...hits, ...events, ...performance]) {
      const day = utcDay(row.received_at);
      const key = `${row.website_id}|${day}`;
      if (!this.#jobsEnsured.has(key)) days.set(key, { website: row.website_id, day });
    }
    await inTransaction(this.db, async (trx) => {
      if (hits.length > 0) {
        await this.#run(trx, 'analytics_hits', INSERT_HITS, hits.length, [
          hits.map((row) => row.website_id), hits.map((row) => row.kind), hits.map((row) => iso(row.received_at)), hits.map((row) => row.visitor_id),
          hits.map((row) => row.visit_number), hits.map((row) => row.page_path), hits.map((row) => row.referrer_host), hits.map((row) => row.user_agent),
          hits.map((row) => row.is_bot), hits.map((row) => row.item_id), hits.map((row) => json(row.data)),
        ]);
      }
      if (events.length > 0) {
        await this.#run(trx, 'analytics_events', INSERT_EVENTS, events.length, [
          events.map((row) => row.website_id), events.map((row) => row.event_id), events.map((row) => row.tracker), events.map((row) => row.schema_name),
          events.map((row) => iso(row.received_at)), events.map((row) => (row.occurred_at ? iso(row.occurred_at) : null)), events.map((row) => row.visitor_id),
          events.map((row) => row.visit_number), events.map((row) => row.analytics_id), events.map((row) => row.session_id), events.map((row) => row.page_path),
          events.map((row) => row.product_id), events.map((row) => row.user_agent), events.map((row) => row.is_bot), events.map((row) => json(row.content)),
        ]);
      }
      if (failed.length > 0) {
        await this.#run(trx, 'analytics_failed_events', INSERT_FAILED, failed.length, [
          failed.map((row) => row.website_id), failed.map((row) => iso(row.received_at)), failed.map((row) => row.source), failed.map((row) => row.schema_name),
          failed.map((row) => row.reason), failed.map((row) => (row.errors ? JSON.stringify(row.errors) : null)), failed.map((row) => row.body), failed.map((row) => row.user_agent),
        ]);
      }
      if (jsErrors.length > 0) {
        await this.#run(trx, 'analytics_js_errors', UPSERT_JS_ERRORS, jsErrors.length, [
          jsErrors.map((row) => row.website_id), jsErrors.map((row) => row.day), jsErrors.map((row) => row.fingerprint), jsErrors.map((row) => row.message),
          jsErrors.map((row) => row.first_frame), jsErrors.map((row) => row.sample_stack), jsErrors.map((row) => row.page_path), jsErrors.map((row) => row.count),
          jsErrors.map((row) => row.bot_count), jsErrors.map((row) => iso(row.first_seen)), jsErrors.map((row) => iso(row.seen_at)),
        ]);
      }
      if (performance.length > 0) {
        await this.#run(trx, 'analytics_performance', INSERT_PERFORMANCE, performance.length, [
          performance.map((row) => row.website_id), performance.map((row) => iso(row.received_at)), performance.map((row) => row.page_load_id),
          performance.map((row) => row.app), performance.map((row) => row.event), performance.map((row) => row.metric), performance.map((row) => row.value),
          performance.map((row) => row.page_path), performance.map((row) => row.is_bot), performance.map((row) => row.client_ts), performance.map((row) => json(row.data)),
        ]);
      }
      if (days.size > 0) {
        const pairs = [...days.values()];
        await this.#run(trx, 'analytics_rollup_jobs', ENSURE_JOBS, pairs.length, [pairs.map((pair) => pair.website), pairs.map((pair) => pair.day)]);
      }
    });
    for (const key of days.keys()) this.#jobsEnsured.add(key);
    this.stats.batches += 1;
  }

  async #run(trx: Transaction<Database>, table: AnalyticsTable, text: string, rows: number, columns: unknown[][]): Promise<void> {
    await trx.executeQuery(CompiledQuery.raw(text, columns));
    this.stats.statements += 1;
    this.stats.rows += rows;
    this.#options.onStatement?.(table, rows);
  }
}

/** The batch's error occurrences added up by group, in key order (one upsert may touch each group once). */
function mergeJsErrors(rows: JsErrorRow[]): Array<JsErrorRow & { first_seen: Date }> {
  const groups = new Map<string, JsErrorRow & { first_seen: Date }>();
  for (const row of rows) {
    const key = `${row.website_id}|${row.day}|${row.fingerprint}`;
    const group = groups.get(key);
    if (!group) {
      groups.set(key, { ...row, first_seen: row.seen_at });
      continue;
    }
    group.count += row.count;
    group.bot_count += row.bot_count;
    if (row.seen_at < group.first_seen) group.first_seen = row.seen_at;
    if (row.seen_at >= group.seen_at) Object.assign(group, { seen_at: row.seen_at, sample_stack: row.sample_stack, page_path: row.page_path });
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, group]) => group);
}
