import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/** PostgreSQL's answers to contention that a fresh attempt can succeed past. */
const RETRYABLE_CODES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

export const isRetryableContention = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && RETRYABLE_CODES.has(String((error as { code?: unknown }).code));

export interface TransactionOptions {
  /** Attempts in all, the first included. */
  attempts?: number;
  /** The first back-off; each later one doubles, with up to as much again of random jitter. */
  baseDelayMs?: number;
}

/**
 * Runs `work` in a transaction, and again (from the start, in a new transaction) when the database
 * refuses it for contention: a deadlock or a serialization failure. Locks are taken in one global order
 * everywhere (carts before stock, stock by variant id), so deadlocks should not happen; this is the
 * second line, so that contention is never a 500. `work` must be safe to run again: everything it does
 * is in the rolled-back transaction, and outside effects carry idempotency keys made before the call.
 */
export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 10;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= attempts || !isRetryableContention(error)) throw error;
      const delay = baseDelayMs * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * delay));
    }
  }
}
