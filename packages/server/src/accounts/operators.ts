import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { notFound } from '../failures';

/**
 * The platform operator role (migration 044): an account that may use {PLATFORM_DOMAIN}/operator. It is separate from
 * the websites' roles — being an operator gives no role on any website, and owning websites makes no one an
 * operator — and it is granted and revoked only from the shell (`npm run platform -- operators …`), never by a page.
 */
export const OPERATOR_ROLE_MESSAGES = {
  noAccount: 'No platform account has this email address. The person signs up first.',
} as const;

const normal = (email: string) => email.trim().toLowerCase();

/** Makes the account of `email` an operator (already one: unchanged). Answers whether it was newly granted. */
export async function grantOperator(db: Kysely<Database>, email: string): Promise<boolean> {
  const account = await db.selectFrom('platform_accounts').select(['id', 'operator_since']).where('email', '=', normal(email)).executeTakeFirst();
  if (!account) throw notFound(OPERATOR_ROLE_MESSAGES.noAccount);
  if (account.operator_since) return false;
  await db.updateTable('platform_accounts').set({ operator_since: new Date() }).where('id', '=', account.id).execute();
  return true;
}

/** Takes the role away (not one: unchanged). Answers whether it was revoked. */
export async function revokeOperator(db: Kysely<Database>, email: string): Promise<boolean> {
  const account = await db.selectFrom('platform_accounts').select(['id', 'operator_since']).where('email', '=', normal(email)).executeTakeFirst();
  if (!account) throw notFound(OPERATOR_ROLE_MESSAGES.noAccount);
  if (!account.operator_since) return false;
  await db.updateTable('platform_accounts').set({ operator_since: null }).where('id', '=', account.id).execute();
  return true;
}

export async function listOperators(db: Kysely<Database>): Promise<{ email: string; operatorSince: Date }[]> {
  const rows = await db.selectFrom('platform_accounts').select(['email', 'operator_since']).where('operator_since', 'is not', null).orderBy('email').execute();
  return rows.map((row) => ({ email: row.email, operatorSince: row.operator_since! }));
}

/** Read on every request of the operator page, so a revoke takes effect at once. */
export async function isOperator(db: Kysely<Database>, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('platform_accounts').select('operator_since').where('id', '=', accountId).executeTakeFirst();
  return Boolean(row?.operator_since);
}
