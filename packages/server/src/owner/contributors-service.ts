import type { Kysely, Transaction } from 'kysely';
import {
  CONTRIBUTOR_INVITATION_DAYS,
  CONTRIBUTOR_MESSAGES,
  CONTRIBUTOR_ROLES,
  isContributorRole,
  isValidEmail,
  roleName,
  type ContributorInvitationJson,
  type ContributorJson,
  type ContributorRole,
  type ContributorsReply,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import { inTransaction } from '../db/transactions';
import type { Database, Website } from '../db/schema';
import { conflict, invalid, notFound } from '../failures';
import { hashToken, newSecret } from '../ids';
import { enqueueMail, renderMail, siteUrlOf, type MailSettings } from '../mail';
import { takeQuota } from '../quotas';
import { setupLinkUrl } from './setup';

/**
 * The contributors panel's service: who works on the website, invitations by mail, role changes, removal.
 * An invitation is a set-up link (owner_invitations) made for one email, mailed through the outbox in the
 * same transaction; redeeming it is the set-up link's redemption (setup.ts: create the account or confirm
 * it by its password, get the role). Every call needs `contributors:manage`.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** 'storeManager' → 'store manager': the role as a sentence says it. */
export const roleLabel = (role: ContributorRole): string => roleName(role).replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);

/** The signed-in owner's account id (an API key or the system has none: nobody is "you"). */
function callerOf(actor: Actor): { id: string; email: string } | null {
  const who = authorize(actor, 'contributors:manage');
  return who !== 'system' && 'siteUser' in who ? who.siteUser : null;
}

const time = (value: Date | string) => new Date(value).getTime();

function invitationJson(row: { token_hash: string; email: string | null; role: number; created_at: Date | string; expires_at: Date | string }): ContributorInvitationJson {
  const role = row.role as ContributorRole;
  return { invitationId: row.token_hash, email: row.email ?? '', role, roleName: roleName(role), status: 'invited', invited: time(row.created_at), expires: time(row.expires_at) };
}

async function readContributor(db: Db, website: Website, siteUserId: string, you: string | undefined): Promise<ContributorJson | undefined> {
  const row = await db
    .selectFrom('contributors as c')
    .innerJoin('site_users as u', 'u.id', 'c.site_user_id')
    .select(['c.site_user_id', 'u.email', 'c.role', 'c.created_at'])
    .where('c.website_id', '=', website.id)
    .where('c.site_user_id', '=', siteUserId)
    .executeTakeFirst();
  if (!row || !isContributorRole(row.role)) return undefined;
  return { siteUserId: row.site_user_id, email: row.email, role: row.role, roleName: roleName(row.role), status: 'accepted', since: time(row.created_at), you: row.site_user_id === you };
}

/** The contributors (admins first, then by when they joined) and the invitations still pending (newest first). */
export async function listContributors(db: Kysely<Database>, website: Website, actor: Actor): Promise<ContributorsReply> {
  const you = callerOf(actor)?.id;
  const rows = await db
    .selectFrom('contributors as c')
    .innerJoin('site_users as u', 'u.id', 'c.site_user_id')
    .select(['c.site_user_id', 'u.email', 'c.role', 'c.created_at'])
    .where('c.website_id', '=', website.id)
    .orderBy('c.created_at')
    .orderBy('u.email')
    .execute();
  const contributors = rows
    .filter((row) => isContributorRole(row.role))
    .map((row): ContributorJson => {
      const role = row.role as ContributorRole;
      return { siteUserId: row.site_user_id, email: row.email, role, roleName: roleName(role), status: 'accepted', since: time(row.created_at), you: row.site_user_id === you };
    })
    .sort((a, b) => Number(b.role === CONTRIBUTOR_ROLES.admin) - Number(a.role === CONTRIBUTOR_ROLES.admin));
  const invitations = await db
    .selectFrom('owner_invitations')
    .select(['token_hash', 'email', 'role', 'created_at', 'expires_at'])
    .where('website_id', '=', website.id)
    .where('email', 'is not', null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .execute();
  return { contributors, invitations: invitations.map(invitationJson) };
}

/**
 * Invites `email` with `role`: a one-time link for that address only, valid CONTRIBUTOR_INVITATION_DAYS days,
 * mailed through the outbox in the same transaction (no link without its mail, no mail without its link). A
 * pending invitation to the same address is replaced (its link stops working); a contributor already there is 409.
 */
export async function inviteContributor(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { email: string; role: number },
  mail: MailSettings,
): Promise<{ invitation: ContributorInvitationJson }> {
  const caller = callerOf(actor);
  const email = input.email.trim().toLowerCase();
  if (!isValidEmail(email)) throw invalid(CONTRIBUTOR_MESSAGES.email, { email: CONTRIBUTOR_MESSAGES.email });
  if (!isContributorRole(input.role)) throw invalid(CONTRIBUTOR_MESSAGES.role, { role: CONTRIBUTOR_MESSAGES.role });
  const role = input.role;
  return inTransaction(db, async (trx) => {
    const existing = await trx
      .selectFrom('contributors as c')
      .innerJoin('site_users as u', 'u.id', 'c.site_user_id')
      .select('c.site_user_id')
      .where('c.website_id', '=', website.id)
      .where('u.email', '=', email)
      .executeTakeFirst();
    if (existing) throw conflict(CONTRIBUTOR_MESSAGES.alreadyContributor, { email: CONTRIBUTOR_MESSAGES.alreadyContributor });
    const now = new Date();
    await trx.updateTable('owner_invitations').set({ used_at: now }).where('website_id', '=', website.id).where('email', '=', email).where('used_at', 'is', null).execute();
    // Contributors and open invitations count together (each invitation is a contributor to come); the one just
    // replaced no longer counts. 403 at the limit, nothing changed.
    await takeQuota(trx, website.id, 'contributors', 1);
    const token = newSecret();
    const expiresAt = new Date(now.getTime() + CONTRIBUTOR_INVITATION_DAYS * 86_400_000);
    const row = await trx
      .insertInto('owner_invitations')
      .values({ token_hash: hashToken(token), website_id: website.id, role, email, expires_at: expiresAt, created_at: now })
      .returning(['token_hash', 'email', 'role', 'created_at', 'expires_at'])
      .executeTakeFirstOrThrow();
    const rendered = renderMail('contributor-invitation', website, {
      email,
      invitedBy: caller?.email ?? `An admin of ${website.site_title}`,
      roleLabel: roleLabel(role),
      days: CONTRIBUTOR_INVITATION_DAYS,
      inviteUrl: setupLinkUrl(siteUrlOf(mail, website), token),
    }, { publicUrl: siteUrlOf(mail, website) });
    await enqueueMail(trx, website, mail.from, { kind: 'transactional', template: 'contributor-invitation', to: email, ...rendered });
    return { invitation: invitationJson(row) };
  });
}

/** Cancels a pending invitation: its link stops working. */
export async function cancelContributorInvitation(db: Kysely<Database>, website: Website, actor: Actor, invitationId: string): Promise<{ cancelled: true }> {
  callerOf(actor);
  const cancelled = await db
    .updateTable('owner_invitations')
    .set({ used_at: new Date() })
    .where('website_id', '=', website.id)
    .where('token_hash', '=', invitationId)
    .where('email', 'is not', null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('token_hash')
    .executeTakeFirst();
  if (!cancelled) throw notFound(CONTRIBUTOR_MESSAGES.invitationNotFound);
  return { cancelled: true };
}

/**
 * Locks the website's admin rows and the target's, and refuses a change that would leave no admin. Two admins
 * demoting each other at once queue on the locks: the second sees one admin left and is refused.
 */
async function guardLastAdmin(trx: Transaction<Database>, website: Website, siteUserId: string, staysAdmin: boolean): Promise<number> {
  const admins = await trx
    .selectFrom('contributors')
    .select('site_user_id')
    .where('website_id', '=', website.id)
    .where('role', '=', CONTRIBUTOR_ROLES.admin)
    .orderBy('site_user_id')
    .forUpdate()
    .execute();
  const target = await trx.selectFrom('contributors').select('role').where('website_id', '=', website.id).where('site_user_id', '=', siteUserId).forUpdate().executeTakeFirst();
  if (!target) throw notFound(CONTRIBUTOR_MESSAGES.notFound);
  if (target.role === CONTRIBUTOR_ROLES.admin && !staysAdmin && admins.length <= 1) throw conflict(CONTRIBUTOR_MESSAGES.lastAdmin);
  return target.role;
}

/** Gives a contributor another role. Your own role is not yours to change (409), nor may the last admin go (409). */
export async function changeContributorRole(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  siteUserId: string,
  input: { role: number },
): Promise<{ contributor: ContributorJson }> {
  const caller = callerOf(actor);
  if (!isContributorRole(input.role)) throw invalid(CONTRIBUTOR_MESSAGES.role, { role: CONTRIBUTOR_MESSAGES.role });
  const role = input.role;
  if (caller?.id === siteUserId) throw conflict(CONTRIBUTOR_MESSAGES.ownRole);
  return inTransaction(db, async (trx) => {
    await guardLastAdmin(trx, website, siteUserId, role === CONTRIBUTOR_ROLES.admin);
    await trx.updateTable('contributors').set({ role }).where('website_id', '=', website.id).where('site_user_id', '=', siteUserId).execute();
    return { contributor: (await readContributor(trx, website, siteUserId, caller?.id))! };
  });
}

/** Removes a contributor: the account stays (a site user without a role), and its next owner call is refused. */
export async function removeContributor(db: Kysely<Database>, website: Website, actor: Actor, siteUserId: string): Promise<{ removed: true }> {
  const caller = callerOf(actor);
  if (caller?.id === siteUserId) throw conflict(CONTRIBUTOR_MESSAGES.removeSelf);
  return inTransaction(db, async (trx) => {
    await guardLastAdmin(trx, website, siteUserId, false);
    await trx.deleteFrom('contributors').where('website_id', '=', website.id).where('site_user_id', '=', siteUserId).execute();
    return { removed: true as const };
  });
}
