import type { Kysely, Transaction } from 'kysely';
import { FIELD_MESSAGES, isValidEmail } from '@vitrine/contracts';
import { FEATURE_FLAG_MESSAGES, requireFeature } from '../experiments';
import { cartTokenOf, siteUserOf, type Actor } from '../actor';
import { defaultCartMergePolicy, type CartMergePolicy } from '../cart';
import type { Database, Website } from '../db/schema';
import { conflict, invalid, tooMany, unauthenticated } from '../failures';
import { newId } from '../ids';
import { inTransaction } from '../db/transactions';
import { recordWebhookEvent } from '../webhooks';
import { UNKNOWN_USER_HASH, hashPassword, verifyPassword } from './passwords';
import { createSession, deleteSession } from './sessions';
import { checkSignInCode, codeNeeded, codeWrong } from './totp';

export const SITE_USER_MESSAGES = {
  invalidEmail: FIELD_MESSAGES.email,
  passwordTooShort: FIELD_MESSAGES.passwordTooShort,
  passwordTooLong: FIELD_MESSAGES.passwordTooLong,
  emailTaken: 'An account with this email already exists.',
  wrongCredentials: 'Your email or password is incorrect.',
  notSignedIn: 'You are not signed in.',
  tooManyAttempts: 'Too many sign-in attempts. Please try again later.',
} as const;

const MIN_PASSWORD = 8;
const MAX_PASSWORD = 200;

export interface Credentials {
  email: string;
  password: string;
}

export interface SignInInput extends Credentials {
  rememberMe?: boolean;
  /** The authenticator app's code, for accounts with two-step sign-in on (site-users/totp.ts). */
  totpCode?: string;
}

/** Guards sign-in against password guessing (site-users/sign-in-throttle.ts is the default). */
export interface SignInGuard {
  check(websiteId: string, email: string, address: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
  recordFailure(websiteId: string, email: string, address: string): Promise<void>;
  recordSuccess(websiteId: string, email: string, address: string): Promise<void>;
}

export interface SiteUserServiceOptions {
  cartMergePolicy?: CartMergePolicy;
  signInGuard?: SignInGuard;
  /** Seals authenticator secrets (totpKeyFrom the server secret 'totp'); needed only for accounts with two-step sign-in. */
  totpKey?: Buffer;
}

export interface SignedIn {
  siteUser: { id: string; email: string };
  xsrfToken: string;
  /** The new session: the route puts it in the HttpOnly cookie. */
  session: { token: string; maxAgeSeconds: number | undefined };
  /** The cart the user has from now on (the browser's cart cookie), if any. */
  cartToken: string | undefined;
}

/** The same rules the schema states, kept here too: services are called by more than HTTP routes. */
function checkCredentials({ email, password }: Credentials): Credentials {
  if (!isValidEmail(email)) throw invalid(SITE_USER_MESSAGES.invalidEmail, { email: SITE_USER_MESSAGES.invalidEmail });
  if (password.length < MIN_PASSWORD) throw invalid(SITE_USER_MESSAGES.passwordTooShort, { password: SITE_USER_MESSAGES.passwordTooShort });
  if (password.length > MAX_PASSWORD) throw invalid(SITE_USER_MESSAGES.passwordTooLong, { password: SITE_USER_MESSAGES.passwordTooLong });
  return { email: email.toLowerCase(), password };
}

const addressOf = (actor: Actor) => (actor.kind === 'visitor' ? actor.address : 'system');

async function startSession(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  siteUser: { id: string; email: string },
  rememberMe: boolean,
  policy: CartMergePolicy,
): Promise<SignedIn> {
  return db.transaction().execute((trx) => startSessionIn(trx, website, actor, siteUser, rememberMe, policy));
}

/** Signs the user in inside the caller's transaction (the owner set-up signs in with the account it makes). */
export async function startSessionIn(
  trx: Transaction<Database>,
  website: Website,
  actor: Actor,
  siteUser: { id: string; email: string },
  rememberMe: boolean,
  policy: CartMergePolicy = defaultCartMergePolicy,
): Promise<SignedIn> {
  const session = await createSession(trx, website.id, siteUser.id, rememberMe);
  const cartToken = await policy.onSignIn(trx, website.id, siteUser.id, cartTokenOf(actor));
  return { siteUser, xsrfToken: session.xsrfToken, session: { token: session.token, maxAgeSeconds: session.maxAgeSeconds }, cartToken };
}

/**
 * The account with these credentials inside the caller's transaction: an existing one when the password
 * is right (a wrong one is refused as at sign-in), else a new one. For the owner set-up link, whose
 * holder may already shop on the site.
 */
export async function confirmOrCreateAccount(
  trx: Transaction<Database>,
  website: Website,
  input: Credentials,
): Promise<{ id: string; email: string; created: boolean }> {
  const { email, password } = checkCredentials(input);
  const existing = await trx
    .selectFrom('site_users')
    .select(['id', 'password_hash'])
    .where('website_id', '=', website.id)
    .where('email', '=', email)
    .executeTakeFirst();
  if (existing) {
    if (!(await verifyPassword(password, existing.password_hash))) throw unauthenticated(SITE_USER_MESSAGES.wrongCredentials);
    return { id: existing.id, email, created: false };
  }
  const id = newId();
  await trx.insertInto('site_users').values({ id, website_id: website.id, email, password_hash: await hashPassword(password) }).execute();
  return { id, email, created: true };
}

/** Creates an account and signs it in. */
export async function signUp(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: Credentials,
  options: SiteUserServiceOptions = {},
): Promise<SignedIn> {
  // Shoppers' accounts are the site user accounts feature (flag 29): switched off, nobody new signs up.
  await requireFeature(db, website.id, 'siteUserAccounts', FEATURE_FLAG_MESSAGES.siteUserAccountsOff);
  const { email, password } = checkCredentials(input);
  const passwordHash = await hashPassword(password);
  const id = newId();
  // The account and its customer.created webhook event (webhooks/) in one transaction.
  await inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('site_users')
      .values({ id, website_id: website.id, email, password_hash: passwordHash })
      .onConflict((onConflict) => onConflict.columns(['website_id', 'email']).doNothing())
      .returning('created_at')
      .executeTakeFirst();
    if (!inserted) throw conflict(SITE_USER_MESSAGES.emailTaken, { email: SITE_USER_MESSAGES.emailTaken });
    await recordWebhookEvent(trx, website, 'customer.created', { id, email, firstName: null, lastName: null, createdAt: inserted.created_at.toISOString() });
  });
  // The address an account was created from counts as one its owner signed in from (sign-in-throttle.ts).
  await options.signInGuard?.recordSuccess(website.id, email, addressOf(actor));
  return startSession(db, website, actor, { id, email }, false, options.cartMergePolicy ?? defaultCartMergePolicy);
}

/** Signs in with email and password; the guard decides whether this address may try now. */
export async function signIn(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: SignInInput,
  options: SiteUserServiceOptions = {},
): Promise<SignedIn> {
  const { email, password } = checkCredentials(input);
  const address = addressOf(actor);
  const guard = options.signInGuard;
  if (guard) {
    const verdict = await guard.check(website.id, email, address);
    if (!verdict.allowed) throw tooMany(SITE_USER_MESSAGES.tooManyAttempts, verdict.retryAfterSeconds);
  }
  const user = await db
    .selectFrom('site_users')
    .select(['id', 'password_hash'])
    .where('website_id', '=', website.id)
    .where('email', '=', email)
    .executeTakeFirst();
  // An unknown email costs the same hashing time as a wrong password: no telling which it was.
  const valid = await verifyPassword(password, user?.password_hash ?? UNKNOWN_USER_HASH);
  if (!user || !valid) {
    await guard?.recordFailure(website.id, email, address);
    throw unauthenticated(SITE_USER_MESSAGES.wrongCredentials);
  }
  // Two-step sign-in: a missing code is not a failed guess (the client asks for it); a wrong one is.
  const code = await checkSignInCode(db, options.totpKey, user.id, input.totpCode);
  if (code === 'missing') throw codeNeeded();
  if (code === 'wrong') {
    await guard?.recordFailure(website.id, email, address);
    throw codeWrong();
  }
  await guard?.recordSuccess(website.id, email, address);
  return startSession(db, website, actor, { id: user.id, email }, input.rememberMe === true, options.cartMergePolicy ?? defaultCartMergePolicy);
}

/** The signed-in account, or a failure when nobody is signed in. */
export function currentAccount(actor: Actor): { siteUser: { id: string; email: string } } {
  const siteUser = siteUserOf(actor);
  if (!siteUser) throw unauthenticated(SITE_USER_MESSAGES.notSignedIn);
  return { siteUser: { id: siteUser.id, email: siteUser.email } };
}

/**
 * Ends the actor's session. cloneCart leaves a copy of the user's cart with the browser (its token is
 * answered); otherwise the browser's cart is dropped. Signing out without a session is a success.
 */
export async function signOut(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { cloneCart: boolean },
  options: SiteUserServiceOptions = {},
): Promise<{ signedOut: true; cartToken: string | undefined }> {
  const siteUser = siteUserOf(actor);
  const sessionToken = actor.kind === 'visitor' ? actor.sessionToken : undefined;
  if (!siteUser || !sessionToken) return { signedOut: true, cartToken: undefined };
  const policy = options.cartMergePolicy ?? defaultCartMergePolicy;
  const cartToken = await db.transaction().execute(async (trx) => {
    await deleteSession(trx, sessionToken);
    return policy.onSignOut(trx, website.id, siteUser.id, input.cloneCart);
  });
  return { signedOut: true, cartToken };
}
