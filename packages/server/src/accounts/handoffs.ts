import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { hashToken, newSecret } from '../ids';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * How long a hand-off token works: long enough for one redirect from the platform's host to a website's, too short
 * to be worth copying out of a browser's history.
 */
export const HANDOFF_SECONDS = 60;

/**
 * A one-time token that signs `accountId` in on one website's host (platform/handoff.ts redeems it there). Only its
 * hash is stored. The account's hand-offs that ran out an hour ago or more are swept on the way.
 */
export async function createHandoff(db: Db, accountId: string, websiteId: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecret();
  const expiresAt = new Date(now.getTime() + HANDOFF_SECONDS * 1000);
  await db.deleteFrom('platform_handoffs').where('account_id', '=', accountId).where('expires_at', '<', new Date(now.getTime() - 3600_000)).execute();
  await db.insertInto('platform_handoffs').values({ token_hash: hashToken(token), account_id: accountId, website_id: websiteId, expires_at: expiresAt, created_at: now }).execute();
  return { token, expiresAt };
}

/**
 * Claims a hand-off for this website, once: a conditional update, so two requests racing with one token cannot both
 * win, and a token made for another website, used, or past its 60 seconds claims nothing. Answers the account, with
 * its address (confirmed: only a confirmed account can sign in on the platform to make one).
 */
export async function claimHandoff(db: Db, websiteId: string, token: string): Promise<{ accountId: string; email: string } | undefined> {
  if (token.length < 16 || token.length > 100) return undefined;
  const claimed = await db
    .updateTable('platform_handoffs')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('website_id', '=', websiteId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('account_id')
    .executeTakeFirst();
  if (!claimed) return undefined;
  const account = await db.selectFrom('platform_accounts').select(['id', 'email']).where('id', '=', claimed.account_id).executeTakeFirstOrThrow();
  return { accountId: account.id, email: account.email };
}
