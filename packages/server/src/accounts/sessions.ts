import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { hashToken, newSecret } from '../ids';

type Db = Kysely<Database> | Transaction<Database>;

/** As a site user's: a day, or 30 days with "Keep me signed in". */
export const ACCOUNT_SESSION_SECONDS = 24 * 60 * 60;
export const ACCOUNT_REMEMBER_ME_SECONDS = 30 * 24 * 60 * 60;

/** A signed-in browser on the platform's host, read from its session cookie. */
export interface AccountSession {
  accountId: string;
  email: string;
  /** Echoed by every signed-in form (a hidden field): a cookie alone, planted or stolen, changes nothing. */
  xsrfToken: string;
}

export interface NewAccountSession {
  token: string;
  xsrfToken: string;
  /** The cookie's Max-Age: none (the browser's session) without remember-me. */
  maxAgeSeconds: number | undefined;
}

export async function createAccountSession(db: Db, accountId: string, rememberMe: boolean): Promise<NewAccountSession> {
  const token = newSecret();
  const xsrfToken = newSecret();
  const lifetime = rememberMe ? ACCOUNT_REMEMBER_ME_SECONDS : ACCOUNT_SESSION_SECONDS;
  await db
    .insertInto('platform_sessions')
    .values({ token_hash: hashToken(token), account_id: accountId, xsrf_token: xsrfToken, expires_at: new Date(Date.now() + lifetime * 1000) })
    .execute();
  return { token, xsrfToken, maxAgeSeconds: rememberMe ? ACCOUNT_REMEMBER_ME_SECONDS : undefined };
}

/** The live session a cookie names (one statement), or undefined. */
export async function findAccountSession(db: Db, token: string | undefined): Promise<AccountSession | undefined> {
  if (!token || token.length > 100) return undefined;
  return db
    .selectFrom('platform_sessions as s')
    .innerJoin('platform_accounts as a', 'a.id', 's.account_id')
    .select(['a.id as accountId', 'a.email as email', 's.xsrf_token as xsrfToken'])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.expires_at', '>', new Date())
    .executeTakeFirst();
}

export async function deleteAccountSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('platform_sessions').where('token_hash', '=', hashToken(token)).execute();
}
