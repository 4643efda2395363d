import type { Kysely, Transaction } from 'kysely';
import type { Database, Website } from '../db/schema';
import { contributorEmailsWith } from '../owner';

/** Who is mailed a submission when the form's storage is 'keep-and-email': every contributor who may read forms. */
export async function formRecipients(db: Kysely<Database> | Transaction<Database>, website: Website): Promise<string[]> {
  return contributorEmailsWith(db, website.id, 'forms:read');
}
