import type { Kysely } from 'kysely';
import { roleName, type ContributorRole } from '@vitrine/contracts';
import { confirmAccountEmail, startAccountSessionIn, type PlatformCaller, type SignedInAccount } from '../accounts';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { invalid } from '../failures';
import { describeSetupLink, redeemSetupLinkForAccount, SETUP_MESSAGES } from '../owner';
import { linkContributorsByEmail } from '../site-users';
import { findWebsiteByIdentifier } from '../websites';

/*
 * What the platform's pages do across domains (issue 32): confirming an account's address (and finding the websites
 * it was invited to before it signed up), and accepting a website's invitation with the account signed in on the
 * platform's host.
 */

export const INVITATION_MESSAGES = {
  notValid: "This invitation is not valid, has expired or has been used. Ask the website's admin for a new one.",
} as const;

/**
 * Confirms the address from the mailed link and signs the account in, in one transaction; every website where this
 * address is already a contributor (invited before the account existed) is linked to it.
 */
export async function confirmAccount(db: Kysely<Database>, _caller: PlatformCaller, input: { token: string }): Promise<SignedInAccount & { linkedWebsites: number }> {
  return inTransaction(db, async (trx) => {
    const account = await confirmAccountEmail(trx, input);
    const linkedWebsites = await linkContributorsByEmail(trx, account);
    return { ...(await startAccountSessionIn(trx, account)), linkedWebsites };
  });
}

/** What an invitation link offers, for the platform's acceptance page; undefined when unknown, used or expired. */
export async function describeInvitation(
  db: Kysely<Database>,
  input: { identifier: string; token: string },
): Promise<{ websiteId: string; siteTitle: string; email: string | null; role: ContributorRole; roleName: string } | undefined> {
  if (input.token.length < 16 || input.token.length > 100) return undefined;
  const found = await findWebsiteByIdentifier(db, input.identifier.toLowerCase());
  if (!found || found.website.deleted_at) return undefined;
  const link = await describeSetupLink(db, found.website, input.token);
  return link ? { websiteId: found.website.id, siteTitle: found.website.site_title, email: link.email, role: link.role, roleName: roleName(link.role) } : undefined;
}

/**
 * Accepts a website's invitation with the signed-in account: the link is redeemed for the account (made for its address,
 * or for nobody in particular) and its site user there gets the role. "Open" then takes the browser there signed in.
 */
export async function acceptInvitationWithAccount(
  db: Kysely<Database>,
  account: { id: string; email: string },
  input: { identifier: string; token: string },
): Promise<{ website: Website; role: ContributorRole }> {
  const found = input.token.length >= 16 && input.token.length <= 100 ? await findWebsiteByIdentifier(db, input.identifier.toLowerCase()) : undefined;
  if (!found || found.website.deleted_at) throw invalid(SETUP_MESSAGES.linkNotValid, { token: SETUP_MESSAGES.linkNotValid });
  const website = found.website;
  const { role } = await inTransaction(db, (trx) => redeemSetupLinkForAccount(trx, website, { token: input.token, account }));
  return { website, role };
}
