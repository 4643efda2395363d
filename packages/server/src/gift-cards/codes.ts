import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { giftCardCodeFromBytes, GIFT_CARD_CODE_LENGTH } from '@vitrine/commerce/gift-cards';
import type { Database } from '../db/schema';
import { loadServerSecret } from '../http/server-secrets';

/** The server secret the codes' hashes are keyed with: a database copy alone cannot tell a code from its hash. */
export const GIFT_CARD_SECRET_NAME = 'gift-cards';

/** A new code: 16 characters of the unambiguous alphabet from 16 bytes of the system's secure generator (80 bits). */
export function drawGiftCardCode(): string {
  return giftCardCodeFromBytes(randomBytes(GIFT_CARD_CODE_LENGTH));
}

/** What is stored and looked up for a normalised code: HMAC-SHA256 under the server's gift card secret. */
export function giftCardCodeHash(secret: string, normalisedCode: string): string {
  return createHmac('sha256', secret).update(normalisedCode).digest('hex');
}

/**
 * The secret, created by the first process (or transaction) that needs it. Read first: balances are asked on every
 * cart read that names a code, and a plain read there beats an INSERT … ON CONFLICT each time.
 */
export async function loadGiftCardSecret(db: Kysely<Database>): Promise<string> {
  const stored = await db.selectFrom('server_secrets').select('value').where('name', '=', GIFT_CARD_SECRET_NAME).executeTakeFirst();
  return stored?.value ?? loadServerSecret(db, GIFT_CARD_SECRET_NAME);
}
