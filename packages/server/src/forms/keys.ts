import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { FORM_MESSAGES } from '@vitrine/forms';
import { FORM_SUBMISSION_KEY_LIFETIME_SECONDS } from '@vitrine/contracts';
import type { Database, Website } from '../db/schema';
import { unauthenticated } from '../failures';

type Db = Kysely<Database> | Transaction<Database>;

const hashOf = (key: string) => createHash('sha256').update(`form-key:${key}`).digest('base64url');

/**
 * POST /api/form/FormSubmissionKey: a random key for one submission, bound to the visitor it was handed to
 * and expiring after FORM_SUBMISSION_KEY_LIFETIME_SECONDS. Only its hash is stored; expired keys are swept
 * as new ones are made.
 */
export async function issueSubmissionKey(db: Kysely<Database>, website: Website, visitor: string, now = new Date()): Promise<{ key: string; expiresAt: string }> {
  const key = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + FORM_SUBMISSION_KEY_LIFETIME_SECONDS * 1000);
  await db.deleteFrom('form_submission_keys').where('expires_at', '<', now).execute();
  await db.insertInto('form_submission_keys').values({ key_hash: hashOf(key), website_id: website.id, visitor, expires_at: expiresAt }).execute();
  return { key, expiresAt: expiresAt.toISOString() };
}

/**
 * Uses a key up, inside the submission's transaction: one conditional update, so of two racing submissions
 * with one key only one can win. A key that is unknown, another visitor's, expired or used is a 401, which
 * the widget shows as the spec's 'Unable to submit form. Please try again later.'
 */
export async function useSubmissionKey(db: Db, website: Website, visitor: string, key: string, now = new Date()): Promise<void> {
  const used = await db
    .updateTable('form_submission_keys')
    .set({ used_at: now })
    .where('key_hash', '=', hashOf(key))
    .where('website_id', '=', website.id)
    .where('visitor', '=', visitor)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw unauthenticated(FORM_MESSAGES.unauthorized);
}
