import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * What pages may load. Everything comes from our own origin: one module script from /assets/,
 * the theme's stylesheet, product pictures, and fetch calls to /api/. Island props travel in
 * data attributes and the cart in a JSON data block (never executed), so no inline script is
 * needed and none is allowed.
 *
 * Styles: islands carry a few inline `style` attributes they cannot work without (the floating
 * cart pill, visually hidden labels, the gallery's layout variables), and server-rendered HTML
 * keeps them, so style attributes are allowed (`style-src-attr 'unsafe-inline'`). `<style>`
 * elements and stylesheets stay limited to our origin (`style-src-elem 'self'`); `style-src`
 * repeats 'unsafe-inline' only for browsers that predate the -elem/-attr split.
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'style-src-elem': ["'self'"],
  'style-src-attr': ["'unsafe-inline'"],
  // Images from our own origin only: the favicon is /assets/theme/favicon.svg (it was a data: URL).
  'img-src': ["'self'"],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
};

/**
 * The Content-Security-Policy header's value; behind HTTPS it also upgrades stray http: links. `extra` adds sources
 * to some directives (a directive not in the policy starts from 'self', as default-src would have it).
 */
export function contentSecurityPolicy(secure: boolean, extra: Readonly<Record<string, readonly string[]>> = {}): string {
  const directives: Record<string, readonly string[]> = { ...CSP_DIRECTIVES };
  for (const [name, sources] of Object.entries(extra)) directives[name] = [...new Set([...(directives[name] ?? ["'self'"]), ...sources])];
  const parts = Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(' ')}`);
  if (secure) parts.push('upgrade-insecure-requests');
  return parts.join(';');
}

/** The media-src extra of `contentSecurityPolicy` for a store's origins (none: no media-src, 'self' by default-src). */
export function mediaSourcesOf(sources: readonly string[] | undefined): Record<string, readonly string[]> {
  return sources && sources.length > 0 ? { 'media-src': ["'self'", ...sources] } : {};
}

/** The policy on plain HTTP (what tests and a local `npm start` see). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy(false);

/** HSTS: one year, this host only (a shop on the apex domain must not force every subdomain onto HTTPS). */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Security headers on every answer — pages, JSON calls, errors and assets alike (a hook on every
 * request, set before routing, so even a 404 or a 500 carries them). HSTS only when the site is
 * served over HTTPS, which `secureCookies` (COOKIE_SECURE) already says.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    secureCookies: boolean;
    /** Origins media may play from besides ours (media-src): the bucket lesson videos redirect to. */
    mediaSources?: readonly string[];
    /** More sources for some routes only (the checkout pages when Stripe is on: payments/content-security.ts). */
    routeSources?: { routes: readonly string[]; sources: Readonly<Record<string, readonly string[]>> };
  },
): Promise<void> {
  const secure = options.secureCookies;
  const directives: Record<string, string[] | null> = Object.fromEntries(
    Object.entries(CSP_DIRECTIVES).map(([name, sources]) => [name, [...sources]]),
  );
  const media = mediaSourcesOf(options.mediaSources);
  if (media['media-src']) directives['media-src'] = [...media['media-src']];
  // Helmet adds upgrade-insecure-requests unless told otherwise; only HTTPS sites want it.
  directives['upgrade-insecure-requests'] = secure ? [] : null;
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    // The checkout must never be framed (clickjacking): CSP frame-ancestors, and this for old browsers.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: secure ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
    // Helmet's other defaults stay: nosniff, Cross-Origin-Opener-Policy and -Resource-Policy
    // same-origin, Origin-Agent-Cluster, X-DNS-Prefetch-Control off, X-Permitted-Cross-Domain-Policies
    // none, X-Download-Options noopen, X-XSS-Protection 0.
  });
  const routeSources = options.routeSources;
  if (routeSources) {
    const routes = new Set(routeSources.routes);
    const widened = contentSecurityPolicy(secure, { ...routeSources.sources, ...media });
    // After helmet's hook (registered above): the matched route's pattern decides, never the URL's spelling.
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.url !== undefined && routes.has(request.routeOptions.url)) reply.raw.setHeader('content-security-policy', widened);
    });
  }
}

/**
 * Lets this origin alone frame an answer (the owner app's Design screen frames storefront pages with
 * `?design-preview=draft` to show the draft styles): the page's policy, whatever it already widened, keeps every
 * directive but frame-ancestors, and it is never stored by a cache nor indexed.
 */
export function allowSameOriginFraming(reply: FastifyReply): void {
  const policy = reply.raw.getHeader('content-security-policy');
  if (typeof policy === 'string') reply.raw.setHeader('content-security-policy', policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
  reply.raw.setHeader('x-frame-options', 'SAMEORIGIN');
  reply.raw.setHeader('x-robots-tag', 'noindex');
  reply.header('cache-control', 'no-store');
}
