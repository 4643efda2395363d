import type { Kysely } from 'kysely';
import { isValidEmail } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { inTransaction } from '../db/transactions';
import type { Database, Website } from '../db/schema';
import { invalid } from '../failures';
import { hashToken, newSecret } from '../ids';
import { isFeatureOn } from '../experiments';
import { enqueueMail, renderSiteMail, siteUrlOf, type MailSettings } from '../mail';
import { hashPassword } from './passwords';
import { SITE_USER_MESSAGES } from './service';

export const PASSWORD_RESET_MESSAGES = {
  linkNotValid: 'This reset link is not valid, has expired or has been used. Ask for a new one.',
  /** The one answer to a request, whether or not the email has an account. */
  sent: 'If an account uses this email, a link to choose a new password is on its way. It works for an hour.',
  changed: 'Your password is changed. Sign in with the new one.',
} as const;

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 60;
/** At most this many reset mails an hour for one account: a stranger cannot flood someone's inbox. */
export const RESETS_PER_HOUR = 3;

/**
 * The pages a reset link can open. Both set the password of any site user; the link names the one its reader
 * signs in on: the owner's pages for a contributor (and for everyone while shoppers' accounts are off), the
 * storefront's account page for a shopper.
 */
export const RESET_PAGES = { owner: '/config/reset-password', account: '/account/reset-password' } as const;
export type ResetPage = keyof typeof RESET_PAGES;

export const resetLinkUrl = (publicUrl: string, token: string, page: ResetPage) => `${publicUrl}${RESET_PAGES[page]}?token=${encodeURIComponent(token)}`;

async function resetPageFor(trx: Kysely<Database>, websiteId: string, siteUserId: string): Promise<ResetPage> {
  const contributor = await trx.selectFrom('contributors').select('role').where('website_id', '=', websiteId).where('site_user_id', '=', siteUserId).executeTakeFirst();
  if (contributor) return 'owner';
  return (await isFeatureOn(trx, websiteId, 'siteUserAccounts')) ? 'account' : 'owner';
}

/**
 * Mails a reset link to the account with this email, in one transaction with the token (no token without
 * its mail, no mail without its token). The answer never tells whether the account exists.
 */
export async function requestPasswordReset(
  db: Kysely<Database>,
  website: Website,
  _actor: Actor,
  input: { email: string },
  mail: MailSettings,
): Promise<{ sent: true }> {
  const email = input.email.trim().toLowerCase();
  if (!isValidEmail(email)) throw invalid(SITE_USER_MESSAGES.invalidEmail, { email: SITE_USER_MESSAGES.invalidEmail });
  await inTransaction(db, async (trx) => {
    const user = await trx.selectFrom('site_users').select('id').where('website_id', '=', website.id).where('email', '=', email).forUpdate().executeTakeFirst();
    if (!user) return;
    const recent = await trx
      .selectFrom('password_resets')
      .select(trx.fn.countAll<number>().as('n'))
      .where('site_user_id', '=', user.id)
      .where('created_at', '>', new Date(Date.now() - 3600_000))
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= RESETS_PER_HOUR) return;
    const token = newSecret();
    await trx
      .insertInto('password_resets')
      .values({ token_hash: hashToken(token), website_id: website.id, site_user_id: user.id, expires_at: new Date(Date.now() + RESET_LINK_MINUTES * 60_000) })
      .execute();
    const page = await resetPageFor(trx, website.id, user.id);
    const rendered = await renderSiteMail(trx, 'password-reset', website, { email, resetUrl: resetLinkUrl(siteUrlOf(mail, website), token, page) }, { publicUrl: siteUrlOf(mail, website) });
    await enqueueMail(trx, website, mail.from, { kind: 'transactional', template: 'password-reset', to: email, ...rendered, dailyQuota: 'exempt' });
  });
  return { sent: true };
}

/** Sets the new password with a link's token, once, and ends every session of the account. */
export async function resetPassword(
  db: Kysely<Database>,
  website: Website,
  _actor: Actor,
  input: { token: string; password: string },
): Promise<{ reset: true }> {
  if (input.password.length < 8) throw invalid(SITE_USER_MESSAGES.passwordTooShort, { password: SITE_USER_MESSAGES.passwordTooShort });
  if (input.password.length > 200) throw invalid(SITE_USER_MESSAGES.passwordTooLong, { password: SITE_USER_MESSAGES.passwordTooLong });
  const passwordHash = await hashPassword(input.password);
  await inTransaction(db, async (trx) => {
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('token_hash', '=', hashToken(input.token))
      .where('website_id', '=', website.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('site_user_id')
      .executeTakeFirst();
    if (!claimed) throw invalid(PASSWORD_RESET_MESSAGES.linkNotValid, { token: PASSWORD_RESET_MESSAGES.linkNotValid });
    await trx.updateTable('site_users').set({ password_hash: passwordHash }).where('id', '=', claimed.site_user_id).execute();
    // Whoever knew the old password is signed out, and the account's other reset links stop working.
    await trx.deleteFrom('site_user_sessions').where('site_user_id', '=', claimed.site_user_id).execute();
    await trx.updateTable('password_resets').set({ used_at: new Date() }).where('site_user_id', '=', claimed.site_user_id).where('used_at', 'is', null).execute();
  });
  return { reset: true };
}

/** Whether a link's token can still set a password (unused, within its hour): its page says so before anyone types. */
export async function isResetLinkLive(db: Kysely<Database>, website: Website, token: string): Promise<boolean> {
  if (token.length < 16 || token.length > 100) return false;
  const row = await db.selectFrom('password_resets').select('site_user_id')
    .where('token_hash', '=', hashToken(token)).where('website_id', '=', website.id).where('used_at', 'is', null).where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row !== undefined;
}
