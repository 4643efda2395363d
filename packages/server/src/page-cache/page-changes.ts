/**
 * Which requests may change what a website's pages show (issue 35 item 2), decided on the routed path.
 *
 * The rule is conservative: every state change that succeeded invalidates its website's cached pages, except the
 * shopper's frequent calls that never change a page anyone else sees — tracking, the cart, sign-in, a lesson's
 * progress, a form's key. Owner edits, orders (stock), payments' webhooks, comments, reviews, likes, sign-ups,
 * settings and design all invalidate, and a new kind of call does too until it is listed here. Work that runs
 * without a request (an unpaid order expiring, a renewal) announces itself (page-cache/change-feed.ts), and
 * scheduled publishing ends entries at its time (rendered-page-cache.ts).
 */

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routed paths (Fastify's route URL, parameters unfilled) whose success shows on no page. */
const PAGE_NEUTRAL_PREFIXES = [
  '/api/census/',
  '/api/events/',
  '/api/v1/clanker/',
  '/api/performance/',
  '/api/experiments/exposures',
  '/api/commerce/fullstory/',
  '/api/commerce/shopping-cart/',
  '/api/3/commerce/cart/',
  '/api/commerce/gift-cards/balance',
  '/api/form/FormSubmissionKey',
  '/api/rest/forms/validate/',
  '/api/site-users/account/session',
  '/api/site-users/account/totp',
  '/api/site-users/account/password-reset',
  '/api/site-users/account/locale',
  '/api/courses/lessons/',
  '/api/captcha/',
  '/api/crumb',
] as const;

/** Whether a finished request may have changed its website's pages. */
export function mayChangePages(method: string, routeUrl: string | undefined, status: number): boolean {
  if (!STATE_CHANGING.has(method) || status >= 400) return false;
  // An unrouted request (404 of Fastify) changed nothing.
  if (routeUrl === undefined) return false;
  return !PAGE_NEUTRAL_PREFIXES.some((prefix) => routeUrl.startsWith(prefix));
}
