import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Adds an address to the store's newsletter list (an address already on it stays as it was). */
export async function subscribeToNewsletter(db: Db, websiteId: string, email: string, source: string): Promise<void> {
  await db
    .insertInto('newsletter_subscribers')
    .values({ website_id: websiteId, email: email.trim().toLowerCase(), source })
    .onConflict((conflict) => conflict.columns(['website_id', 'email']).doNothing())
    .execute();
}
