import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { newId } from '../ids';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * Site users who are platform accounts (issue 32, migration 042): on each website a person works on, their site
 * user carries their platform account's id (at most one per account and website). The website's own rules stay as
 * they are: its contributors row decides the role, its sessions are its own. Only this domain writes the link.
 */

/**
 * What a site user made for a platform account has instead of a password: no password matches it (verifyPassword
 * reads only `scrypt$…`), so the account signs in on the website through the platform's hand-off; a password reset on
 * the website gives it a password of its own.
 */
export const PLATFORM_ACCOUNT_PASSWORD_MARKER = 'platform-account';

export interface LinkedSiteUser {
  id: string;
  email: string;
}

/** The account's site user on this website, if any. */
export async function findLinkedSiteUser(db: Db, websiteId: string, accountId: string): Promise<LinkedSiteUser | undefined> {
  return db
    .selectFrom('site_users')
    .select(['id', 'email'])
    .where('website_id', '=', websiteId)
    .where('platform_account_id', '=', accountId)
    .executeTakeFirst();
}

/** The platform account a website's site user is, or null (the website's own account, or one-site mode). */
export async function platformAccountOfSiteUser(db: Db, websiteId: string, siteUserId: string): Promise<string | null> {
  const row = await db.selectFrom('site_users').select('platform_account_id').where('website_id', '=', websiteId).where('id', '=', siteUserId).executeTakeFirst();
  return row?.platform_account_id ?? null;
}

/**
 * Links a site user to an account, unless it is linked already or the account already has another site user on this
 * website (then that link stays). Answers whether this site user is now the account's.
 */
export async function linkSiteUserToAccount(trx: Db, websiteId: string, siteUserId: string, accountId: string): Promise<boolean> {
  await trx
    .updateTable('site_users')
    .set({ platform_account_id: accountId })
    .where('website_id', '=', websiteId)
    .where('id', '=', siteUserId)
    .where('platform_account_id', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('site_users as other').select('other.id').where('other.website_id', '=', websiteId).where('other.platform_account_id', '=', accountId))),
    )
    .execute();
  return (await platformAccountOfSiteUser(trx, websiteId, siteUserId)) === accountId;
}

/**
 * The account's site user on this website: the linked one; else the website's account with the same (confirmed)
 * address, linked now. Undefined when the website has neither.
 */
export async function findOrLinkSiteUser(trx: Db, websiteId: string, account: { id: string; email: string }): Promise<LinkedSiteUser | undefined> {
  const linked = await findLinkedSiteUser(trx, websiteId, account.id);
  if (linked) return linked;
  const sameAddress = await trx
    .selectFrom('site_users')
    .select(['id', 'email'])
    .where('website_id', '=', websiteId)
    .where('email', '=', account.email)
    .where('platform_account_id', 'is', null)
    .executeTakeFirst();
  if (!sameAddress) return undefined;
  return (await linkSiteUserToAccount(trx, websiteId, sameAddress.id, account.id)) ? sameAddress : undefined;
}

/**
 * The account's site user on this website, made when there is none (a website created by the account, an invitation
 * accepted with it): linked, with the account's address and no password of its own.
 */
export async function findOrCreateLinkedSiteUser(trx: Db, websiteId: string, account: { id: string; email: string }): Promise<LinkedSiteUser> {
  const found = await findOrLinkSiteUser(trx, websiteId, account);
  if (found) return found;
  const id = newId();
  await trx
    .insertInto('site_users')
    .values({ id, website_id: websiteId, email: account.email, password_hash: PLATFORM_ACCOUNT_PASSWORD_MARKER, platform_account_id: account.id })
    .execute();
  return { id, email: account.email };
}

/**
 * Links, on every website, the contributors whose address is the account's (confirmed just now) and who are not
 * linked yet: someone invited to a website before they signed up finds it among their websites. Answers how many.
 */
export async function linkContributorsByEmail(trx: Db, account: { id: string; email: string }): Promise<number> {
  const result = await sql<{ id: string }>`
    UPDATE site_users u SET platform_account_id = ${account.id}
    WHERE u.email = ${account.email}
      AND u.platform_account_id IS NULL
      AND EXISTS (SELECT 1 FROM contributors c WHERE c.website_id = u.website_id AND c.site_user_id = u.id)
      AND NOT EXISTS (SELECT 1 FROM site_users o WHERE o.website_id = u.website_id AND o.platform_account_id = ${account.id})
    RETURNING u.id`.execute(trx);
  return result.rows.length;
}
