import type { Kysely, Transaction } from 'kysely';
import { isContributorRole, roleMay, type ContributorRole, type Permission } from '@vitrine/contracts';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The addresses of the website's contributors whose role has `permission` (who to tell about a form submission). */
export async function contributorEmailsWith(db: Db, websiteId: string, permission: Permission): Promise<string[]> {
  const rows = await db
    .selectFrom('contributors as c')
    .innerJoin('site_users as u', 'u.id', 'c.site_user_id')
    .select(['u.email', 'c.role'])
    .where('c.website_id', '=', websiteId)
    .orderBy('c.created_at')
    .execute();
  return rows.filter((row) => isContributorRole(row.role) && roleMay(row.role, permission)).map((row) => row.email);
}

/** The contributor role of a site user on the website, undefined when it has none. */
export async function contributorRoleOf(db: Db, websiteId: string, siteUserId: string): Promise<ContributorRole | undefined> {
  const row = await db.selectFrom('contributors').select('role').where('website_id', '=', websiteId).where('site_user_id', '=', siteUserId).executeTakeFirst();
  return row && isContributorRole(row.role) ? row.role : undefined;
}

/** A website a platform account works on, with its role there (issue 32). */
export interface AccountWebsite {
  websiteId: string;
  identifier: string;
  title: string;
  role: ContributorRole;
}

/**
 * The websites a platform account is a contributor on — through its linked site user on each, whose contributors row
 * decides the role — by name. Deleted websites are left out; suspended ones stay (their owner still sees them).
 */
export async function websitesOfAccount(db: Db, accountId: string): Promise<AccountWebsite[]> {
  const rows = await db
    .selectFrom('site_users as u')
    .innerJoin('contributors as c', (join) => join.onRef('c.site_user_id', '=', 'u.id').onRef('c.website_id', '=', 'u.website_id'))
    .innerJoin('websites as w', 'w.id', 'u.website_id')
    .select(['w.id', 'w.identifier', 'w.site_title', 'c.role'])
    .where('u.platform_account_id', '=', accountId)
    .where('w.deleted_at', 'is', null)
    .orderBy('w.site_title')
    .orderBy('w.identifier')
    .execute();
  return rows.filter((row) => isContributorRole(row.role)).map((row) => ({ websiteId: row.id, identifier: row.identifier, title: row.site_title, role: row.role as ContributorRole }));
}
