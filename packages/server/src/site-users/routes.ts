import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { ServerContext } from '../context';
import type { Database } from '../db/schema';
import { CART_COOKIE, clearCartCookie, createCart, findCartByToken, findSiteUserCart, setCartCookie } from '../cart/store';
import { MAX_QUANTITY } from '@vitrine/commerce/add-to-cart';
import { isValidEmail } from '../cart/input';
import { HttpError, badRequest, conflict, requireObjectBody } from '../http/errors';
import type { RateLimitStore } from '../http/rate-limit';
import { newId } from '../ids';
import { UNKNOWN_USER_HASH, hashPassword, verifyPassword } from './passwords';
import {
  SESSION_COOKIE,
  clearSessionCookies,
  createSession,
  currentSession,
  deleteSession,
  setSessionCookies,
} from './sessions';

export const SITE_USER_MESSAGES = {
  invalidEmail: 'Email is not valid.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 200 characters.',
  emailTaken: 'An account with this email already exists.',
  wrongCredentials: 'Your email or password is incorrect.',
  notSignedIn: 'You are not signed in.',
  tooManyAttempts: 'Too many sign-in attempts. Please try again later.',
} as const;

/** Password guessing is limited per account, whatever addresses the guesses come from. */
export const SIGN_IN_LIMIT = { max: 10, windowMs: 15 * 60_000 };

const MIN_PASSWORD = 8;
const MAX_PASSWORD = 200;

function readCredentials(body: Record<string, unknown>): { email: string; password: string } {
  if (!isValidEmail(body.email)) throw badRequest(SITE_USER_MESSAGES.invalidEmail, { email: SITE_USER_MESSAGES.invalidEmail });
  const password = body.password;
  if (typeof password !== 'string' || password.length < MIN_PASSWORD) {
    throw badRequest(SITE_USER_MESSAGES.passwordTooShort, { password: SITE_USER_MESSAGES.passwordTooShort });
  }
  if (password.length > MAX_PASSWORD) throw badRequest(SITE_USER_MESSAGES.passwordTooLong, { password: SITE_USER_MESSAGES.passwordTooLong });
  return { email: body.email.toLowerCase(), password };
}

/**
 * Signing in brings the visitor's anonymous cart along: it becomes the user's cart when the user has
 * none, otherwise its entries move into the user's cart. The cart cookie then names the user's cart.
 */
async function adoptAnonymousCart(
  trx: Transaction<Database>,
  context: ServerContext,
  request: FastifyRequest,
  siteUserId: string,
): Promise<string | undefined> {
  const websiteId = context.website.id;
  const userCart = await findSiteUserCart(trx, websiteId, siteUserId, true);
  const token = request.cookies[CART_COOKIE];
  const anonymous = token ? await findCartByToken(trx, websiteId, token, true) : undefined;
  const adoptable = anonymous && anonymous.kind === 'standard' && !anonymous.is_purchased && anonymous.site_user_id === null;
  if (!adoptable) return userCart?.token;
  if (!userCart) {
    await trx.updateTable('carts').set({ site_user_id: siteUserId, updated_at: new Date() }).where('id', '=', anonymous.id).execute();
    return anonymous.token;
  }
  // One line per plain variant: units of a variant already in the user's cart join that line
  // (up to the 9999 cap); personalised lines and new variants move over as they are.
  const userEntries = await trx.selectFrom('cart_entries').selectAll().where('cart_id', '=', userCart.id).execute();
  const anonymousEntries = await trx.selectFrom('cart_entries').selectAll().where('cart_id', '=', anonymous.id).execute();
  for (const entry of anonymousEntries) {
    const same = entry.additional_fields === null
      ? userEntries.find((candidate) => candidate.variant_id === entry.variant_id && candidate.additional_fields === null)
      : undefined;
    if (same) {
      same.quantity = Math.min(MAX_QUANTITY, same.quantity + entry.quantity);
      await trx.updateTable('cart_entries').set({ quantity: same.quantity }).where('id', '=', same.id).execute();
      await trx.deleteFrom('cart_entries').where('id', '=', entry.id).execute();
    } else {
      await trx.updateTable('cart_entries').set({ cart_id: userCart.id }).where('id', '=', entry.id).execute();
    }
  }
  await trx.deleteFrom('carts').where('id', '=', anonymous.id).execute();
  return userCart.token;
}

async function signIn(
  context: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  siteUserId: string,
  rememberMe: boolean,
) {
  const { session, cartToken } = await context.db.transaction().execute(async (trx) => {
    const session = await createSession(trx, context.website.id, siteUserId, rememberMe);
    const cartToken = await adoptAnonymousCart(trx, context, request, siteUserId);
    return { session, cartToken };
  });
  setSessionCookies(reply, session, siteUserId, context.secureCookies);
  if (cartToken) setCartCookie(reply, cartToken, context.secureCookies);
  return session;
}

/** Site-user accounts: sign-up (ours), sign-in and sign-out (platform spec §7). */
export function registerSiteUserRoutes(app: FastifyInstance, context: ServerContext, attempts: RateLimitStore): void {
  app.post('/api/site-users/account', async (request, reply) => {
    const { email, password } = readCredentials(requireObjectBody(request.body));
    const passwordHash = await hashPassword(password);
    const siteUserId = newId();
    const inserted = await context.db
      .insertInto('site_users')
      .values({ id: siteUserId, website_id: context.website.id, email, password_hash: passwordHash })
      .onConflict((onConflict) => onConflict.columns(['website_id', 'email']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw conflict(SITE_USER_MESSAGES.emailTaken, { email: SITE_USER_MESSAGES.emailTaken });
    const session = await signIn(context, request, reply, siteUserId, false);
    reply.status(201);
    return { xsrfToken: session.xsrfToken, siteUser: { id: siteUserId, email } };
  });

  app.post('/api/site-users/account/session', async (request, reply) => {
    const body = requireObjectBody(request.body);
    const { email, password } = readCredentials(body);
    const tries = await attempts.hit(`sign-in:${context.website.id}:${email}`, SIGN_IN_LIMIT.windowMs, Date.now());
    if (tries > SIGN_IN_LIMIT.max) throw new HttpError(429, SITE_USER_MESSAGES.tooManyAttempts);
    const user = await context.db
      .selectFrom('site_users')
      .select(['id', 'password_hash'])
      .where('website_id', '=', context.website.id)
      .where('email', '=', email)
      .executeTakeFirst();
    const valid = await verifyPassword(password, user?.password_hash ?? UNKNOWN_USER_HASH);
    if (!user || !valid) throw new HttpError(401, SITE_USER_MESSAGES.wrongCredentials);
    const session = await signIn(context, request, reply, user.id, body.rememberMe === true);
    return { xsrfToken: session.xsrfToken, siteUser: { id: user.id, email } };
  });

  app.get('/api/site-users/account', async (request) => {
    const session = await currentSession(context.db, context.website.id, request);
    if (!session) throw new HttpError(401, SITE_USER_MESSAGES.notSignedIn);
    return { siteUser: { id: session.siteUserId, email: session.email } };
  });

  /** cloneCart=true leaves a copy of the user's cart with the signed-out browser; otherwise the browser's cart is dropped. */
  app.delete<{ Querystring: { cloneCart?: string } }>('/api/site-users/account/session', async (request, reply) => {
    const session = await currentSession(context.db, context.website.id, request);
    const token = request.cookies[SESSION_COOKIE];
    let clonedToken: string | undefined;
    if (session && token) {
      clonedToken = await context.db.transaction().execute(async (trx) => {
        await deleteSession(trx, token);
        if (request.query.cloneCart !== 'true') return undefined;
        const userCart = await findSiteUserCart(trx, context.website.id, session.siteUserId);
        if (!userCart) return undefined;
        const copy = await createCart(trx, context.website.id, 'standard');
        const entries = await trx.selectFrom('cart_entries').selectAll().where('cart_id', '=', userCart.id).execute();
        if (entries.length > 0) {
          await trx
            .insertInto('cart_entries')
            .values(entries.map((entry) => ({ ...entry, id: newId(), cart_id: copy.id })))
            .execute();
        }
        return copy.token;
      });
    }
    clearSessionCookies(reply);
    if (clonedToken) setCartCookie(reply, clonedToken, context.secureCookies);
    else clearCartCookie(reply);
    return { signedOut: true };
  });
}
