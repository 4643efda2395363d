import { formatGiftCardCode } from '@vitrine/commerce/gift-cards';
import type { Kysely } from 'kysely';
import type { Database, Website } from '../db/schema';
import { newId } from '../ids';
import { drawGiftCardCode, giftCardCodeHash, loadGiftCardSecret } from './codes';

/** For tests: a card with a known code, as issuing would make it; answers the code as a shopper would type it. */
export async function makeTestGiftCard(
  db: Kysely<Database>,
  website: Pick<Website, 'id' | 'currency'>,
  cents: number,
  options: { balanceCents?: number; currency?: string; disabled?: boolean } = {},
): Promise<{ id: string; code: string }> {
  const code = drawGiftCardCode();
  const id = newId();
  const secret = await loadGiftCardSecret(db);
  await db
    .insertInto('gift_cards')
    .values({
      id, website_id: website.id, code_hash: giftCardCodeHash(secret, code), code_last4: code.slice(-4), initial_cents: cents,
      balance_cents: options.balanceCents ?? cents, currency: options.currency ?? website.currency, disabled_at: options.disabled ? new Date() : null,
    })
    .execute();
  return { id, code: formatGiftCardCode(code) };
}
