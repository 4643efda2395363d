/**
 * What a page that confirms a Stripe payment must be allowed to load, beside our own origin (Stripe's list:
 * https://docs.stripe.com/security/guide#content-security-policy): Stripe.js, the frames of its Payment Element and
 * of 3-D Secure, and its API. Only the checkout pages get these, and only when Stripe is configured.
 */
export const STRIPE_CHECKOUT_SOURCES: Readonly<Record<string, readonly string[]>> = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
};

/** The storefront's checkout pages (pages/routes.ts), as Fastify names their routes. */
export const CHECKOUT_PAGE_ROUTES: readonly string[] = ['/checkout', '/checkout/subscription'];
