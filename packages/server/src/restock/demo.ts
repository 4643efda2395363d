import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { stableId } from '../ids';
import { subscribeToNewsletter } from '../newsletter';

/** Shoppers already waiting in the demo store, so the owner's restock view has something to show and send. */
export const DEMO_RESTOCK_SIGN_UPS: ReadonlyArray<{ productSlug: string; sku: string; email: string; joinMailingList: boolean }> = [
  { productSlug: 'linen-shirt', sku: 'SHIRT-M-NAVY', email: 'ava.morgan@example.com', joinMailingList: true },
  { productSlug: 'linen-shirt', sku: 'SHIRT-M-NAVY', email: 'sam.okafor@example.com', joinMailingList: false },
  { productSlug: 'linen-shirt', sku: 'SHIRT-M-NAVY', email: 'lena.fischer@example.net', joinMailingList: false },
  { productSlug: 'vintage-lamp', sku: 'LAMP', email: 'noah.tremblay@example.org', joinMailingList: true },
  { productSlug: 'vintage-lamp', sku: 'LAMP', email: 'mia.rossi@example.com', joinMailingList: false },
];

/**
 * Writes the demo's sign-ups (called by the demo seed inside its transaction). Ids follow the catalog's
 * stable naming, so they match the demo products on every database.
 */
export async function seedDemoRestockSignUps(trx: Kysely<Database>, websiteId: string, websiteIdentifier: string): Promise<void> {
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  await trx
    .insertInto('restock_signups')
    .values(DEMO_RESTOCK_SIGN_UPS.map((signUp, index) => ({
      id: stableId(`restock:${websiteIdentifier}:${signUp.sku}:${signUp.email}`),
      website_id: websiteId,
      product_id: stableId(`product:${websiteIdentifier}:${signUp.productSlug}`),
      variant_id: stableId(`variant:${websiteIdentifier}:${signUp.sku}`),
      email: signUp.email,
      join_mailing_list: signUp.joinMailingList,
      created_at: minutesAgo((DEMO_RESTOCK_SIGN_UPS.length - index) * 90),
    })))
    .execute();
  // Those who opted in are on the newsletter list, as a real sign-up would have put them.
  // Their language is the site's, as a sign-up on its pages records it (restock/sign-up.ts).
  const language = (await trx.selectFrom('websites').select('locale').where('id', '=', websiteId).executeTakeFirst())?.locale ?? null;
  for (const signUp of DEMO_RESTOCK_SIGN_UPS) if (signUp.joinMailingList) await subscribeToNewsletter(trx, websiteId, signUp.email, 'restock', language);
}
