import type { Kysely, Transaction } from 'kysely';
import { FIELD_MESSAGES, isValidEmail } from '@vitrine/contracts';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, forbidden, invalid, tooMany, unauthenticated } from '../failures';
import { hitSlidingWindow, type RateLimitStore } from '../http/rate-limit';
import { clientAddressKey } from '../http/client-address';
import { hashToken, newId, newSecret } from '../ids';
import { enqueuePlatformMail, renderPlatformMail } from '../mail';
import { codeNeeded, codeWrong, hashPassword, UNKNOWN_USER_HASH, verifyPassword, type SignInGuard } from '../site-users';
import { createAccountSession, deleteAccountSession, type NewAccountSession } from './sessions';
import { checkAccountSignInCode } from './totp';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * Platform accounts (issue 32): a person's one sign-in for every website they work on. They sign up with an email and
 * a password, confirm the address from a mailed link, then sign in on the platform's own host (with the authenticator
 * code when two-step sign-in is on). These services take the database, the caller and the input; there is no website:
 * an account is the platform's, not any website's.
 */

export const ACCOUNT_MESSAGES = {
  invalidEmail: FIELD_MESSAGES.email,
  passwordTooShort: FIELD_MESSAGES.passwordTooShort,
  passwordTooLong: FIELD_MESSAGES.passwordTooLong,
  refused: 'Your account could not be created. Check the fields marked.',
  emailTaken: 'An account with this email already exists. Sign in, or reset your password if you forgot it.',
  wrongCredentials: 'Your email or password is incorrect.',
  notConfirmed: 'Confirm your email address first: open the link we mailed you when you signed up.',
  tooManyAttempts: 'Too many sign-in attempts. Please try again later.',
  tooManySignUps: 'Too many sign-ups from this address. Please try again later.',
  confirmationSent: 'Check your mail: we sent you a link to confirm your address. It works for a day.',
  /** The one answer to "send it again", whether or not an unconfirmed account uses the address. */
  confirmationResent: 'If an unconfirmed account uses this email, a new confirmation link is on its way. It works for a day.',
  confirmLinkNotValid: 'This confirmation link is not valid, has expired or has been used. Sign in to ask for a new one.',
  confirmed: 'Your address is confirmed. Welcome to Vitrine!',
  resetSent: 'If an account uses this email, a link to choose a new password is on its way. It works for an hour.',
  resetLinkNotValid: 'This reset link is not valid, has expired or has been used. Ask for a new one.',
  passwordChanged: 'Your password is changed. Sign in with the new one.',
} as const;

/** How long a confirmation link works, and a reset link. */
export const CONFIRM_LINK_HOURS = 24;
export const RESET_LINK_MINUTES = 60;
/** At most this many mails an hour of one kind for one account: a stranger cannot flood someone's inbox. */
export const ACCOUNT_MAILS_PER_HOUR = 3;
/** Sign-ups per client address (an IPv6 client's /64) in any hour. */
export const SIGN_UPS_PER_HOUR = 10;
/** The sign-in throttle keys accounts by a scope and the email: the platform's own scope, apart from every website's. */
export const PLATFORM_SIGN_IN_SCOPE = 'platform';

const MIN_PASSWORD = 8;
const MAX_PASSWORD = 200;

/** Who is asking, on the platform's host. */
export interface PlatformCaller {
  /** The client address (after the trusted proxies): the sign-in throttle and the sign-up limit count by it. */
  address: string;
}

/** Where the platform's mail comes from and where its links point (PUBLIC_URL: the platform's address). */
export interface PlatformMailSettings {
  from: string;
  platformUrl: string;
}

export interface SignedInAccount {
  account: { id: string; email: string };
  session: NewAccountSession;
}

export const confirmLinkUrl = (platformUrl: string, token: string) => `${platformUrl}/signup/confirm?token=${encodeURIComponent(token)}`;
export const accountResetLinkUrl = (platformUrl: string, token: string) => `${platformUrl}/reset-password?token=${encodeURIComponent(token)}`;

function checkEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (!isValidEmail(email)) throw invalid(ACCOUNT_MESSAGES.invalidEmail, { email: ACCOUNT_MESSAGES.invalidEmail });
  return email;
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD) throw invalid(ACCOUNT_MESSAGES.passwordTooShort, { password: ACCOUNT_MESSAGES.passwordTooShort });
  if (password.length > MAX_PASSWORD) throw invalid(ACCOUNT_MESSAGES.passwordTooLong, { password: ACCOUNT_MESSAGES.passwordTooLong });
}

/** Every field's error at once (the sign-up form marks each). */
function signUpErrors(email: string, password: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isValidEmail(email)) errors.email = ACCOUNT_MESSAGES.invalidEmail;
  if (password.length < MIN_PASSWORD) errors.password = ACCOUNT_MESSAGES.passwordTooShort;
  else if (password.length > MAX_PASSWORD) errors.password = ACCOUNT_MESSAGES.passwordTooLong;
  return errors;
}

async function mailsThisHour(db: Db, accountId: string, purpose: 'confirm-email' | 'password-reset'): Promise<number> {
  const row = await db
    .selectFrom('platform_account_tokens')
    .select(db.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', new Date(Date.now() - 3600_000))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A confirmation link for the account and its mail, in the caller's transaction (no link without its mail). */
async function mailConfirmation(trx: Db, account: { id: string; email: string }, mail: PlatformMailSettings): Promise<void> {
  const token = newSecret();
  await trx
    .insertInto('platform_account_tokens')
    .values({ token_hash: hashToken(token), account_id: account.id, purpose: 'confirm-email', expires_at: new Date(Date.now() + CONFIRM_LINK_HOURS * 3600_000) })
    .execute();
  const rendered = renderPlatformMail('platform-confirm-email', { email: account.email, confirmUrl: confirmLinkUrl(mail.platformUrl, token) });
  await enqueuePlatformMail(trx, mail.from, { kind: 'transactional', template: 'platform-confirm-email', to: account.email, ...rendered });
}

/**
 * Creates an unconfirmed account and mails its confirmation link, in one transaction. Limited per client address
 * (SIGN_UPS_PER_HOUR); an address that has an account already is refused (409) with a pointer to sign-in and reset.
 */
export async function signUpAccount(
  db: Kysely<Database>,
  caller: PlatformCaller,
  input: { email: string; password: string },
  options: { mail: PlatformMailSettings; rateLimits: RateLimitStore },
): Promise<{ account: { id: string; email: string } }> {
  const email = input.email.trim().toLowerCase();
  const errors = signUpErrors(email, input.password);
  if (Object.keys(errors).length > 0) throw invalid(ACCOUNT_MESSAGES.refused, errors);
  const limit = await hitSlidingWindow(options.rateLimits, `platform-sign-up:${clientAddressKey(caller.address)}`, 3600_000, Date.now());
  if (limit.hits > SIGN_UPS_PER_HOUR) throw tooMany(ACCOUNT_MESSAGES.tooManySignUps, limit.retryAfterSeconds);
  const passwordHash = await hashPassword(input.password);
  return inTransaction(db, async (trx) => {
    const id = newId();
    const inserted = await trx
      .insertInto('platform_accounts')
      .values({ id, email, password_hash: passwordHash })
      .onConflict((onConflict) => onConflict.column('email').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw conflict(ACCOUNT_MESSAGES.emailTaken, { email: ACCOUNT_MESSAGES.emailTaken });
    await mailConfirmation(trx, { id, email }, options.mail);
    return { account: { id, email } };
  });
}

/** Mails a new confirmation link to an unconfirmed account (at most ACCOUNT_MAILS_PER_HOUR); the same answer whatever the case. */
export async function resendConfirmation(db: Kysely<Database>, _caller: PlatformCaller, input: { email: string }, mail: PlatformMailSettings): Promise<{ sent: true }> {
  const email = checkEmail(input.email);
  await inTransaction(db, async (trx) => {
    const account = await trx.selectFrom('platform_accounts').select(['id', 'email', 'confirmed_at']).where('email', '=', email).forUpdate().executeTakeFirst();
    if (!account || account.confirmed_at) return;
    if ((await mailsThisHour(trx, account.id, 'confirm-email')) >= ACCOUNT_MAILS_PER_HOUR) return;
    await mailConfirmation(trx, account, mail);
  });
  return { sent: true };
}

/** Whether a confirmation link still works (its page says so before anyone presses the button). */
export const isConfirmLinkLive = (db: Db, token: string) => isAccountTokenLive(db, token, 'confirm-email');

/**
 * Confirms the address from the mailed link, in the caller's transaction: the link is claimed once (every other
 * confirmation link of the account stops working) and the account is confirmed. Answers it, for the platform to link
 * its contributors and sign it in (platform/accounts-flow.ts).
 */
export async function confirmAccountEmail(trx: Transaction<Database>, input: { token: string }): Promise<{ id: string; email: string }> {
  const claimed =
    input.token.length >= 16 && input.token.length <= 100
      ? await trx
          .updateTable('platform_account_tokens')
          .set({ used_at: new Date() })
          .where('token_hash', '=', hashToken(input.token))
          .where('purpose', '=', 'confirm-email')
          .where('used_at', 'is', null)
          .where('expires_at', '>', new Date())
          .returning('account_id')
          .executeTakeFirst()
      : undefined;
  if (!claimed) throw invalid(ACCOUNT_MESSAGES.confirmLinkNotValid, { token: ACCOUNT_MESSAGES.confirmLinkNotValid });
  await trx.updateTable('platform_account_tokens').set({ used_at: new Date() }).where('account_id', '=', claimed.account_id).where('purpose', '=', 'confirm-email').where('used_at', 'is', null).execute();
  const account = await trx
    .updateTable('platform_accounts')
    .set({ confirmed_at: new Date() })
    .where('id', '=', claimed.account_id)
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  return account;
}

/** A session for an account, in the caller's transaction (after its confirmation). */
export async function startAccountSessionIn(trx: Db, account: { id: string; email: string }, rememberMe = false): Promise<SignedInAccount> {
  return { account, session: await createAccountSession(trx, account.id, rememberMe) };
}

/**
 * Signs in with email and password (and the authenticator code when two-step sign-in is on), through the same
 * throttle as the websites' sign-in, in the platform's own scope. An unconfirmed account with the right password is
 * told to confirm its address (403), and nothing more: a wrong password never learns whether the account exists.
 */
export async function signInAccount(
  db: Kysely<Database>,
  caller: PlatformCaller,
  input: { email: string; password: string; rememberMe?: boolean; totpCode?: string },
  options: { signInGuard: SignInGuard | undefined; totpKey: Buffer },
): Promise<SignedInAccount> {
  const email = checkEmail(input.email);
  checkPassword(input.password);
  const guard = options.signInGuard;
  if (guard) {
    const verdict = await guard.check(PLATFORM_SIGN_IN_SCOPE, email, caller.address);
    if (!verdict.allowed) throw tooMany(ACCOUNT_MESSAGES.tooManyAttempts, verdict.retryAfterSeconds);
  }
  const account = await db.selectFrom('platform_accounts').select(['id', 'email', 'password_hash', 'confirmed_at']).where('email', '=', email).executeTakeFirst();
  // An unknown email costs the same hashing time as a wrong password.
  const valid = await verifyPassword(input.password, account?.password_hash ?? UNKNOWN_USER_HASH);
  if (!account || !valid) {
    await guard?.recordFailure(PLATFORM_SIGN_IN_SCOPE, email, caller.address);
    throw unauthenticated(ACCOUNT_MESSAGES.wrongCredentials);
  }
  if (!account.confirmed_at) throw forbidden(ACCOUNT_MESSAGES.notConfirmed);
  const code = await checkAccountSignInCode(db, options.totpKey, account.id, input.totpCode);
  if (code === 'missing') throw codeNeeded();
  if (code === 'wrong') {
    await guard?.recordFailure(PLATFORM_SIGN_IN_SCOPE, email, caller.address);
    throw codeWrong();
  }
  await guard?.recordSuccess(PLATFORM_SIGN_IN_SCOPE, email, caller.address);
  return startAccountSessionIn(db, { id: account.id, email: account.email }, input.rememberMe === true);
}

/** Ends the browser's session (signing out without one is a success). */
export async function signOutAccount(db: Kysely<Database>, sessionToken: string | undefined): Promise<{ signedOut: true }> {
  if (sessionToken) await deleteAccountSession(db, sessionToken);
  return { signedOut: true };
}

/** Mails a reset link to the account with this email, in one transaction with its token; the same answer whatever the case. */
export async function requestAccountPasswordReset(db: Kysely<Database>, _caller: PlatformCaller, input: { email: string }, mail: PlatformMailSettings): Promise<{ sent: true }> {
  const email = checkEmail(input.email);
  await inTransaction(db, async (trx) => {
    const account = await trx.selectFrom('platform_accounts').select(['id', 'email']).where('email', '=', email).forUpdate().executeTakeFirst();
    if (!account) return;
    if ((await mailsThisHour(trx, account.id, 'password-reset')) >= ACCOUNT_MAILS_PER_HOUR) return;
    const token = newSecret();
    await trx
      .insertInto('platform_account_tokens')
      .values({ token_hash: hashToken(token), account_id: account.id, purpose: 'password-reset', expires_at: new Date(Date.now() + RESET_LINK_MINUTES * 60_000) })
      .execute();
    const rendered = renderPlatformMail('platform-password-reset', { email, resetUrl: accountResetLinkUrl(mail.platformUrl, token) });
    await enqueuePlatformMail(trx, mail.from, { kind: 'transactional', template: 'platform-password-reset', to: email, ...rendered });
  });
  return { sent: true };
}

/**
 * Sets a new password with a reset link's token, once; every session of the account ends and its other reset links
 * stop working. The mailed link proves the address, so an account not yet confirmed is confirmed by it too.
 */
export async function resetAccountPassword(db: Kysely<Database>, _caller: PlatformCaller, input: { token: string; password: string }): Promise<{ reset: true }> {
  checkPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  await inTransaction(db, async (trx) => {
    const claimed =
      input.token.length >= 16 && input.token.length <= 100
        ? await trx
            .updateTable('platform_account_tokens')
            .set({ used_at: new Date() })
            .where('token_hash', '=', hashToken(input.token))
            .where('purpose', '=', 'password-reset')
            .where('used_at', 'is', null)
            .where('expires_at', '>', new Date())
            .returning('account_id')
            .executeTakeFirst()
        : undefined;
    if (!claimed) throw invalid(ACCOUNT_MESSAGES.resetLinkNotValid, { token: ACCOUNT_MESSAGES.resetLinkNotValid });
    const accountId = claimed.account_id;
    await trx
      .updateTable('platform_accounts')
      .set((eb) => ({ password_hash: passwordHash, confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(new Date())) }))
      .where('id', '=', accountId)
      .execute();
    await trx.deleteFrom('platform_sessions').where('account_id', '=', accountId).execute();
    await trx.updateTable('platform_account_tokens').set({ used_at: new Date() }).where('account_id', '=', accountId).where('purpose', '=', 'password-reset').where('used_at', 'is', null).execute();
  });
  return { reset: true };
}

/** Whether a reset link still works (its page says so before anyone types). */
export const isAccountResetLinkLive = (db: Db, token: string) => isAccountTokenLive(db, token, 'password-reset');

/** Whether a one-time link of this purpose is unused and in time: hashed, as stored. */
async function isAccountTokenLive(db: Db, token: string, purpose: 'confirm-email' | 'password-reset'): Promise<boolean> {
  if (token.length < 16 || token.length > 100) return false;
  const row = await db
    .selectFrom('platform_account_tokens')
    .select('account_id')
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row !== undefined;
}

/** A confirmed account with this address (an invitation to it links the site user to the account: owner/setup.ts). */
export async function findConfirmedAccountByEmail(db: Db, email: string): Promise<{ id: string; email: string } | undefined> {
  return db
    .selectFrom('platform_accounts')
    .select(['id', 'email'])
    .where('email', '=', email.trim().toLowerCase())
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
}
