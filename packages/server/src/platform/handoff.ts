import type { Kysely } from 'kysely';
import { roleName, type ContributorRole } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { claimHandoff, createHandoff } from '../accounts';
import type { CartMergePolicy } from '../cart';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { forbidden, invalid, notFound } from '../failures';
import { siteUrlOf, type MailSettings } from '../mail';
import { contributorRoleOf, websitesOfAccount } from '../owner';
import { findOrLinkSiteUser, startSessionIn, type SignedIn } from '../site-users';
import { findWebsiteById } from '../websites';

/*
 * The hand-off (issue 32): the platform's host and a website's host share no cookie, ever. "Open" on the platform
 * makes a one-time token for the account and that website (60 seconds) and sends the browser to the website's own
 * /config/handoff with it; the website's server (the same database) claims it once and starts an ordinary owner
 * session on its host, as its own sign-in does.
 */

export const HANDOFF_MESSAGES = {
  notValid: 'This sign-in link has expired or has been used. Open the website again from your websites.',
  notYours: 'This is not one of your websites.',
  notContributor: 'Your account does not manage this website any more. Ask one of its admins for an invitation.',
} as const;

/** The path a hand-off lands on, on the website's host. */
export const HANDOFF_PATH = '/config/handoff';

/** A website of the account's, as "Your websites" and the owner app's switcher show it. */
export interface AccountWebsiteView {
  websiteId: string;
  identifier: string;
  title: string;
  /** The website's own address (its subdomain, which sends a visitor on to its primary custom domain). */
  address: string;
  role: ContributorRole;
  /** The role in words: 'admin', 'store manager'. */
  roleLabel: string;
}

export const roleLabelOf = (role: ContributorRole) => roleName(role).replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);

/** The account's websites with its role on each, by name. */
export async function accountWebsites(db: Kysely<Database>, account: { id: string }, mail: Pick<MailSettings, 'publicUrl' | 'platformDomain'>): Promise<AccountWebsiteView[]> {
  const websites = await websitesOfAccount(db, account.id);
  return websites.map((website) => ({ ...website, address: siteUrlOf(mail, website), roleLabel: roleLabelOf(website.role) }));
}

/**
 * "Open": a hand-off token for one of the account's websites, and where to send the browser with it. A website the
 * account does not work on is not found (404), whether or not it exists.
 */
export async function openWebsiteForAccount(
  db: Kysely<Database>,
  account: { id: string },
  input: { websiteId: string },
  mail: Pick<MailSettings, 'publicUrl' | 'platformDomain'>,
): Promise<{ location: string; website: Website }> {
  const mine = (await websitesOfAccount(db, account.id)).some((website) => website.websiteId === input.websiteId);
  const website = mine ? await findWebsiteById(db, input.websiteId) : undefined;
  if (!website || website.deleted_at) throw notFound(HANDOFF_MESSAGES.notYours);
  const { token } = await createHandoff(db, account.id, website.id);
  return { location: handoffUrl(mail, website, token), website };
}

/** The address a hand-off token is redeemed at, on the website's own host. */
export const handoffUrl = (mail: Pick<MailSettings, 'publicUrl' | 'platformDomain'>, website: Pick<Website, 'identifier'>, token: string) =>
  `${siteUrlOf(mail, website)}${HANDOFF_PATH}?token=${encodeURIComponent(token)}`;

/**
 * Redeems a hand-off on the website's host, all or nothing: the token is claimed once (made for this website, unused,
 * within its 60 seconds), the account's site user here is found (linked, or the website's account with the same
 * confirmed address, linked now), it must be a contributor (its contributors row decides the role), and a session
 * starts on this host. A refusal writes nothing.
 */
export async function redeemHandoff(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { token: string },
  options: { cartMergePolicy?: CartMergePolicy } = {},
): Promise<SignedIn> {
  return inTransaction(db, async (trx) => {
    // A conditional update: of two requests racing with one token, the second finds it used (on PostgreSQL it waits
    // for the first's row lock, then sees used_at set).
    const account = await claimHandoff(trx, website.id, input.token);
    if (!account) throw invalid(HANDOFF_MESSAGES.notValid, { token: HANDOFF_MESSAGES.notValid });
    const siteUser = await findOrLinkSiteUser(trx, website.id, { id: account.accountId, email: account.email });
    const role = siteUser ? await contributorRoleOf(trx, website.id, siteUser.id) : undefined;
    if (!siteUser || role === undefined) throw forbidden(HANDOFF_MESSAGES.notContributor);
    return startSessionIn(trx, website, actor, siteUser, false, options.cartMergePolicy);
  });
}
