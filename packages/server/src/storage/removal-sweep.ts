import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, ObjectRemovalKind } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { newId } from '../ids';
import { RepeatingJob, type JobLog } from '../jobs/repeating-job';

/**
 * Files removed once, across processes (issue 36 item 5). A deletion does not touch the store: it writes what it
 * leaves behind to `object_removals` in its own transaction (queueObjectRemovals), so a rolled-back deletion queues
 * nothing and a committed one cannot forget its files. The sweep of every listening process claims one row at a time
 * (`FOR UPDATE SKIP LOCKED`: two processes never take the same row), asks the kind's handler to remove the object —
 * the handler checks, in the same transaction, that nothing uses it any more — and deletes the row in that
 * transaction. A process that dies after removing and before committing leaves the row, and the next round removes
 * again, which is harmless (removing a missing object is not an error). A failed removal (the bucket unreachable) is
 * tried again later, with a growing pause, without holding up the rows behind it.
 *
 * Deletions another domain makes without knowing of the files (a lesson's page deleted by the content domain) are
 * found by feeders: each round first asks them to queue what they find (courses' deleted lessons' videos), so one
 * sweep, this one, removes every kind of object.
 */

type Db = Kysely<Database> | Transaction<Database>;

export interface QueuedRemoval {
  kind: ObjectRemovalKind;
  /** A picture's image id; a download's or a lesson video's storage key. */
  ref: string;
}

/** Queues objects for removal, in the caller's transaction (the one that deleted what pointed at them). */
export async function queueObjectRemovals(trx: Db, websiteId: string, removals: readonly QueuedRemoval[]): Promise<void> {
  const distinct = [...new Map(removals.map((removal) => [`${removal.kind}:${removal.ref}`, removal])).values()];
  if (distinct.length === 0) return;
  await trx
    .insertInto('object_removals')
    .values(distinct.map((removal) => ({ id: newId(), website_id: websiteId, kind: removal.kind, ref: removal.ref, not_before: new Date(), created_at: new Date() })))
    .execute();
}

/**
 * Removes one kind's object, in the claim's transaction: `removed` when it went, `kept` when something still uses it
 * (a picture another product or a page shows; a key another row points at), `absent` when it was already gone. Throws to be tried again later.
 */
export type RemovalHandler = (trx: Transaction<Database>, websiteId: string, ref: string) => Promise<'removed' | 'kept' | 'absent'>;

/** Queues what a domain's own rows say is left behind (in a transaction of its own); answers how many it queued. */
export type RemovalFeeder = (db: Kysely<Database>) => Promise<number>;

export interface RemovalOutcome extends QueuedRemoval {
  websiteId: string;
  outcome: 'removed' | 'kept' | 'absent' | 'failed';
}

/** How often each listening process looks for queued removals. */
export const DEFAULT_REMOVAL_SWEEP_INTERVAL_MS = 60_000;

/** The pause before a failed removal is tried again: 1 minute, doubling per attempt, at most a day. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 24 * 60 * 60_000);
}

/** Takes the next due row and removes its object (see above); undefined when nothing is due. */
export async function removeNextQueuedObject(db: Kysely<Database>, handlers: Readonly<Record<ObjectRemovalKind, RemovalHandler>>): Promise<RemovalOutcome | undefined> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('object_removals')
      .select(['id', 'website_id', 'kind', 'ref', 'attempts'])
      .where('not_before', '<=', sql<Date>`now()`)
      .orderBy('not_before')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return undefined;
    const removal = { kind: row.kind, ref: row.ref, websiteId: row.website_id };
    // A savepoint: a handler's failure is rolled back to it, leaving the claim's transaction usable to put the row off.
    await sql`SAVEPOINT object_removal`.execute(trx);
    try {
      const outcome = await handlers[row.kind](trx, row.website_id, row.ref);
      await sql`RELEASE SAVEPOINT object_removal`.execute(trx);
      await trx.deleteFrom('object_removals').where('id', '=', row.id).execute();
      return { ...removal, outcome };
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT object_removal`.execute(trx);
      await trx
        .updateTable('object_removals')
        .set({ attempts: row.attempts + 1, last_error: String((error as Error | undefined)?.message ?? error).slice(0, 500), not_before: new Date(Date.now() + retryDelayMs(row.attempts + 1)) })
        .where('id', '=', row.id)
        .execute();
      return { ...removal, outcome: 'failed' as const };
    }
  });
}

/** The sweep as a background job of every listening process (app.ts); tests call `runOnce()`. */
export class ObjectRemovalSweep {
  readonly #loop: RepeatingJob;
  readonly #batchSize: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly parts: { handlers: Readonly<Record<ObjectRemovalKind, RemovalHandler>>; feeders?: readonly RemovalFeeder[] },
    options: { intervalMs?: number; batchSize?: number; log?: JobLog } = {},
  ) {
    this.#batchSize = options.batchSize ?? 50;
    this.#loop = new RepeatingJob(async () => ({ moreWaiting: (await this.runOnce()).length >= this.#batchSize }), {
      name: 'object removal sweep', intervalMs: options.intervalMs ?? DEFAULT_REMOVAL_SWEEP_INTERVAL_MS, log: options.log,
    });
  }

  /** One round: the feeders' finds queued, then up to a batch of due rows handled; answers what happened to each. */
  async runOnce(): Promise<RemovalOutcome[]> {
    for (const feed of this.parts.feeders ?? []) await feed(this.db);
    const outcomes: RemovalOutcome[] = [];
    while (outcomes.length < this.#batchSize) {
      const outcome = await removeNextQueuedObject(this.db, this.parts.handlers);
      if (!outcome) break;
      outcomes.push(outcome);
    }
    return outcomes;
  }

  start(): void {
    this.#loop.start();
  }

  async stop(): Promise<void> {
    await this.#loop.stop();
  }
}
