import type { Kysely, Transaction } from 'kysely';
import { CONTRIBUTOR_ROLES, isValidEmail, type ContributorRole } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { inTransaction } from '../db/transactions';
import type { Database, Website } from '../db/schema';
import { invalid } from '../failures';
import { hashToken, newSecret } from '../ids';
import { confirmOrCreateAccount, findOrCreateLinkedSiteUser, linkSiteUserToAccount, startSessionIn, type SignedIn } from '../site-users';
import { findConfirmedAccountByEmail } from '../accounts';
import { authorize, type Owner } from '../authorize';

export const SETUP_MESSAGES = {
  linkNotValid: 'This set-up link is not valid, has expired or has been used. Ask for a new one.',
  otherEmail: 'This set-up link was made for another email address.',
  otherAccount: 'This invitation was made for another email address: sign in with the account of the address it was sent to.',
} as const;

/** How long a set-up link works. */
export const SETUP_LINK_HOURS = 24;

export interface SetupLink {
  token: string;
  expiresAt: Date;
  role: ContributorRole;
  email: string | null;
}

/** True while the website has no admin: the first start then prints a set-up link. */
export async function needsFirstAdmin(db: Kysely<Database>, website: Website): Promise<boolean> {
  const admin = await db
    .selectFrom('contributors')
    .select('site_user_id')
    .where('website_id', '=', website.id)
    .where('role', '=', CONTRIBUTOR_ROLES.admin)
    .executeTakeFirst();
  return admin === undefined;
}

/**
 * A one-time link that makes its holder a contributor with `role` (for `email` only, when given). Only
 * the token's hash is stored. A new first-admin link (no email) retires the unused ones before it, so
 * each start of an owner-less server leaves one working link, the one it printed.
 */
export async function createSetupLink(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { role: ContributorRole; email?: string; hours?: number },
): Promise<SetupLink> {
  authorize(actor, 'contributors:manage');
  const email = input.email?.trim().toLowerCase() || null;
  if (email !== null && !isValidEmail(email)) throw invalid('Please enter a valid email', { email: 'Please enter a valid email' });
  return db.transaction().execute((trx) => writeSetupLink(trx, website.id, { role: input.role, email, hours: input.hours }));
}

/**
 * Writes a one-time set-up link in the caller's transaction (a new website's first admin is invited this way in the
 * transaction that creates the website: platform/create-website.ts). A link for no particular email replaces any
 * earlier unused one of the website's.
 */
export async function writeSetupLink(
  trx: Transaction<Database>,
  websiteId: string,
  input: { role: ContributorRole; email: string | null; hours?: number },
): Promise<SetupLink> {
  const token = newSecret();
  const expiresAt = new Date(Date.now() + (input.hours ?? SETUP_LINK_HOURS) * 3600_000);
  if (input.email === null) {
    await trx
      .updateTable('owner_invitations')
      .set({ used_at: new Date() })
      .where('website_id', '=', websiteId)
      .where('email', 'is', null)
      .where('used_at', 'is', null)
      .execute();
  }
  await trx.insertInto('owner_invitations').values({ token_hash: hashToken(token), website_id: websiteId, role: input.role, email: input.email, expires_at: expiresAt }).execute();
  return { token, expiresAt, role: input.role, email: input.email };
}

/**
 * What a set-up link is for, without using it: an invitation (made for one email, by an admin) or a
 * first-admin link (no email). Undefined when it is unknown, used or expired.
 */
export async function describeSetupLink(db: Kysely<Database>, website: Website, token: string): Promise<{ email: string | null; role: ContributorRole } | undefined> {
  const row = await db
    .selectFrom('owner_invitations')
    .select(['email', 'role'])
    .where('token_hash', '=', hashToken(token))
    .where('website_id', '=', website.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row ? { email: row.email, role: row.role as ContributorRole } : undefined;
}

/** The address of a set-up link on this server. */
export const setupLinkUrl = (origin: string, token: string) => `${origin.replace(/\/$/, '')}/config/setup?token=${encodeURIComponent(token)}`;

/**
 * Redeems a set-up link, all or nothing: the link is claimed (once: two tabs racing with the same link
 * cannot both win), the account is created or confirmed by its password, it gets the link's role, and
 * it is signed in. Any refusal leaves the link usable.
 */
export async function redeemSetupLink(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { token: string; email: string; password: string },
): Promise<{ signedIn: SignedIn; owner: Owner }> {
  return inTransaction(db, async (trx) => {
    const claimed = await trx
      .updateTable('owner_invitations')
      .set({ used_at: new Date() })
      .where('token_hash', '=', hashToken(input.token))
      .where('website_id', '=', website.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning(['role', 'email'])
      .executeTakeFirst();
    if (!claimed) throw invalid(SETUP_MESSAGES.linkNotValid, { token: SETUP_MESSAGES.linkNotValid });
    if (claimed.email !== null && claimed.email !== input.email.trim().toLowerCase()) {
      throw invalid(SETUP_MESSAGES.otherEmail, { email: SETUP_MESSAGES.otherEmail });
    }
    const account = await confirmOrCreateAccount(trx, website, { email: input.email, password: input.password });
    const role = claimed.role as ContributorRole;
    await addContributorIn(trx, website.id, account.id, role);
    // An invitation made for an address that has a platform account links the two (issue 32): the mailed link proved
    // the address, so the website appears among that account's websites with this role. A link made for no address
    // (the first admin's, printed by the shell) proves nothing about the email typed into it, and links nothing.
    if (claimed.email !== null) {
      const platformAccount = await findConfirmedAccountByEmail(trx, claimed.email);
      if (platformAccount) await linkSiteUserToAccount(trx, website.id, account.id, platformAccount.id);
    }
    const signedIn = await startSessionIn(trx, website, actor, { id: account.id, email: account.email }, false);
    return { signedIn, owner: { siteUser: { id: account.id, email: account.email }, role } };
  });
}

/** Gives a site user a contributor role on the website (or changes it), in the caller's transaction. */
export async function addContributorIn(trx: Transaction<Database>, websiteId: string, siteUserId: string, role: ContributorRole): Promise<void> {
  await trx
    .insertInto('contributors')
    .values({ website_id: websiteId, site_user_id: siteUserId, role })
    .onConflict((conflict) => conflict.columns(['website_id', 'site_user_id']).doUpdateSet({ role }))
    .execute();
}

/**
 * Accepts an invitation with a platform account signed in on the platform's host (issue 32), in the caller's
 * transaction: the link is claimed once, it must have been made for the account's own address (or for no address in
 * particular: whoever holds it), and the account's site
 * user on the website (linked, or made now without a password of its own) gets the link's role. Any refusal leaves
 * the link usable.
 */
export async function redeemSetupLinkForAccount(
  trx: Transaction<Database>,
  website: Website,
  input: { token: string; account: { id: string; email: string } },
): Promise<{ siteUserId: string; role: ContributorRole }> {
  const claimed = await trx
    .updateTable('owner_invitations')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hashToken(input.token))
    .where('website_id', '=', website.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['role', 'email'])
    .executeTakeFirst();
  if (!claimed) throw invalid(SETUP_MESSAGES.linkNotValid, { token: SETUP_MESSAGES.linkNotValid });
  if (claimed.email !== null && claimed.email !== input.account.email) throw invalid(SETUP_MESSAGES.otherAccount, { email: SETUP_MESSAGES.otherAccount });
  const siteUser = await findOrCreateLinkedSiteUser(trx, website.id, input.account);
  const role = claimed.role as ContributorRole;
  await addContributorIn(trx, website.id, siteUser.id, role);
  return { siteUserId: siteUser.id, role };
}
