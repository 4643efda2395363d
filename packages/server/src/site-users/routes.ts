import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  beginTotpContract, confirmTotpContract, disableTotpContract, getSiteUserContract, requestPasswordResetContract, resetPasswordContract,
  signInContract, signOutContract, signUpContract,
} from '@vitrine/contracts';
import type { CartMergePolicy } from '../cart';
import type { MailSettings } from '../mail';
import type { SharedParts } from '../shared';
import { clearCartCookie, clearSessionCookies, setCartCookie, setSessionCookies } from '../http/cookies';
import { currentAccount, signIn, signOut, signUp, type SignedIn, type SignInGuard } from './service';
import { beginTotp, confirmTotp, disableTotp } from './totp';
import { requestPasswordReset, resetPassword } from './password-reset';

/**
 * What signing in and out takes, here and on the owner's and the members' sign-in pages: the platform, what
 * signing in does to carts, the password-guessing guard, the key sealing authenticator secrets, and mail (resets).
 */
export interface SignInRouteParts extends SharedParts {
  cartMergePolicy: CartMergePolicy;
  signInGuard: SignInGuard | undefined;
  totpKey: Buffer;
  mail: MailSettings;
  /** One website per process, or many (PLATFORM_DOMAIN): the sign-in pages then link the platform's sign-in. */
  websites: { readonly isPlatform: boolean; readonly platformDomain: string | undefined };
}

/** Site-user accounts: sign-up (ours), sign-in and sign-out (platform spec §7). */
export function registerSiteUserRoutes(fastify: FastifyInstance, context: SignInRouteParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, secureCookies } = context;
  const options = { cartMergePolicy: context.cartMergePolicy, signInGuard: context.signInGuard, totpKey: context.totpKey };

  const answerSignedIn = (reply: FastifyReply, signedIn: SignedIn) => {
    setSessionCookies(reply, signedIn.session, signedIn.siteUser.id, secureCookies);
    if (signedIn.cartToken) setCartCookie(reply, signedIn.cartToken, secureCookies);
    return { xsrfToken: signedIn.xsrfToken, siteUser: signedIn.siteUser };
  };

  app.route({
    ...signUpContract,
    // No session yet, so no XSRF token to echo: the crumb guards it.
    config: { siteUserXsrf: false },
    handler: async ({ website, actor, body }, reply) => {
      const signedIn = await signUp(db, website, actor, body, options);
      reply.status(201);
      return answerSignedIn(reply, signedIn);
    },
  });

  app.route({
    ...signInContract,
    config: { siteUserXsrf: false },
    handler: async ({ website, actor, body }, reply) => answerSignedIn(reply, await signIn(db, website, actor, body, options)),
  });

  app.route({
    ...getSiteUserContract,
    handler: async ({ actor }) => currentAccount(actor),
  });

  /** cloneCart=true leaves a copy of the user's cart with the signed-out browser; otherwise the browser's cart is dropped. */
  app.route({
    ...signOutContract,
    // Ending a session needs only the crumb: a stolen cookie that signs itself out does no harm.
    config: { siteUserXsrf: false },
    handler: async ({ website, actor, query }, reply) => {
      const { cartToken } = await signOut(db, website, actor, { cloneCart: query.cloneCart === 'true' }, options);
      clearSessionCookies(reply, secureCookies);
      if (cartToken) setCartCookie(reply, cartToken, secureCookies);
      else clearCartCookie(reply, secureCookies);
      return { signedOut: true as const };
    },
  });

  // Two-step sign-in: signed-in calls, so they need X-SiteUser-XSRF-Token like every signed-in change.
  app.route({ ...beginTotpContract, handler: async ({ website, actor }) => beginTotp(db, website, actor, context.totpKey) });
  app.route({ ...confirmTotpContract, handler: async ({ website, actor, body }) => confirmTotp(db, website, actor, context.totpKey, body) });
  app.route({ ...disableTotpContract, handler: async ({ website, actor, body }) => disableTotp(db, website, actor, context.totpKey, body) });

  // Password reset: nobody is signed in (or the one who is forgot nothing), so no XSRF token to echo; the crumb guards it.
  app.route({
    ...requestPasswordResetContract,
    config: { siteUserXsrf: false },
    handler: async ({ website, actor, body }) => requestPasswordReset(db, website, actor, body, context.mail),
  });
  app.route({
    ...resetPasswordContract,
    config: { siteUserXsrf: false },
    handler: async ({ website, actor, body }) => resetPassword(db, website, actor, body),
  });
}
