import type { FastifyInstance } from 'fastify';
import type { SignInRouteParts } from '../site-users';
import { isFailure } from '../failures';
import { setCartCookie, setSessionCookies } from '../http/cookies';
import { plainPage } from '../http/plain-page';
import { HANDOFF_MESSAGES, HANDOFF_PATH, redeemHandoff } from './handoff';

/**
 * The hand-off's landing on a website's own host (issue 32): `GET /config/handoff?token=…` redeems the one-time token
 * made on the platform's host and starts an ordinary owner session here (host-only cookies, as the owner sign-in
 * does), then 303s to /config. Registered with the website's routes (its request context gives the website and the
 * visitor), and only in platform mode. A used, foreign or stale token gets a plain page pointing back to the
 * platform's "Your websites".
 */
export function registerHandoffRoutes(app: FastifyInstance, context: SignInRouteParts): void {
  if (!context.websites.isPlatform) return;
  const { db, secureCookies } = context;
  app.get(HANDOFF_PATH, async (request, reply) => {
    const token = (request.query as { token?: unknown }).token;
    try {
      const signedIn = await redeemHandoff(db, request.website, request.actor, { token: typeof token === 'string' ? token.slice(0, 101) : '' }, { cartMergePolicy: context.cartMergePolicy });
      setSessionCookies(reply, signedIn.session, signedIn.siteUser.id, secureCookies);
      if (signedIn.cartToken) setCartCookie(reply, signedIn.cartToken, secureCookies);
      return reply.header('cache-control', 'no-store').redirect('/config', 303);
    } catch (error) {
      if (!isFailure(error)) throw error;
      const status = error.kind === 'forbidden' ? 403 : 400;
      return reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          plainPage({
            heading: status === 403 ? 'No access to this website' : 'This sign-in link cannot be used',
            lines: [error.message],
            link: { href: `${context.mail.publicUrl}/websites`, text: 'Go to your websites' },
          }),
        );
    }
  });
}
