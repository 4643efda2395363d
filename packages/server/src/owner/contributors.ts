import type { Kysely, Transaction } from 'kysely';
import { isContributorRole, roleMay, type Permission } from '@vitrine/contracts';
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
