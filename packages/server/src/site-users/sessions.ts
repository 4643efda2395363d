import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { hashToken, newSecret } from '../ids';

type Db = Kysely<Database> | Transaction<Database>;

const REMEMBER_ME_SECONDS = 30 * 24 * 60 * 60;
const SESSION_SECONDS = 24 * 60 * 60;


export interface SiteUserSession {
  siteUserId: string;
  email: string;
  xsrfToken: string;
  /** The contributor role on this website (owners), null for shoppers: read in the same statement. */
  role: number | null;
}

export async function findSession(db: Db, websiteId: string, token: string | undefined): Promise<SiteUserSession | undefined> {
  if (!token || token.length > 100) return undefined;
  const row = await db
    .selectFrom('site_user_sessions')
    .innerJoin('site_users', 'site_users.id', 'site_user_sessions.site_user_id')
    .leftJoin('contributors', (join) =>
      join.onRef('contributors.site_user_id', '=', 'site_users.id').onRef('contributors.website_id', '=', 'site_user_sessions.website_id'),
    )
    .select(['site_users.id as siteUserId', 'site_users.email as email', 'site_user_sessions.xsrf_token as xsrfToken', 'contributors.role as role'])
    .where('site_user_sessions.token_hash', '=', hashToken(token))
    .where('site_user_sessions.website_id', '=', websiteId)
    .where('site_user_sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  return row;
}

export async function createSession(
  db: Db,
  websiteId: string,
  siteUserId: string,
  rememberMe: boolean,
): Promise<{ token: string; xsrfToken: string; maxAgeSeconds: number | undefined }> {
  const token = newSecret();
  const xsrfToken = newSecret();
  const lifetime = rememberMe ? REMEMBER_ME_SECONDS : SESSION_SECONDS;
  await db
    .insertInto('site_user_sessions')
    .values({
      token_hash: hashToken(token),
      website_id: websiteId,
      site_user_id: siteUserId,
      xsrf_token: xsrfToken,
      expires_at: new Date(Date.now() + lifetime * 1000),
    })
    .execute();
  // Without remember-me the cookie lasts as long as the browser session (and the row a day at most).
  return { token, xsrfToken, maxAgeSeconds: rememberMe ? REMEMBER_ME_SECONDS : undefined };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('site_user_sessions').where('token_hash', '=', hashToken(token)).execute();
}
