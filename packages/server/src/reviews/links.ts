import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { REVIEW_LIMITS } from '@vitrine/contracts';
import type { Database } from '../db/schema';
import { loadServerSecret } from '../http/server-secrets';

/** How long a review-request link works after its mail is written. */
export const REVIEW_LINK_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * The review-request mail's link (`/reviews/request?token=…`, page type 209):
 * `<base64url(websiteId \n orderId \n expiresAt seconds)>.<HMAC-SHA256>` under the shared server secret 'reviews',
 * compared with timingSafeEqual. Whoever holds it may review the lines of that one order, as the buyer who got the
 * mail; nothing is stored, the signature is the proof, and the expiry is inside what is signed.
 */
export class ReviewRequestLinks {
  constructor(private readonly secret: string) {}

  issue(websiteId: string, orderId: string, expiresAt: Date): string {
    const payload = Buffer.from(`${websiteId}\n${orderId}\n${Math.floor(expiresAt.getTime() / 1000)}`).toString('base64url');
    return `${payload}.${this.#sign(payload)}`;
  }

  /** The order a token names on this website while it has not expired; undefined for anything else. */
  read(websiteId: string, token: string, now: Date = new Date()): string | undefined {
    if (token.length > REVIEW_LIMITS.tokenMax) return undefined;
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return undefined;
    const expected = Buffer.from(this.#sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const [signedWebsite, orderId, expires, more] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
    if (signedWebsite !== websiteId || !orderId || more !== undefined || !/^[0-9]{1,12}$/.test(expires ?? '')) return undefined;
    return Number(expires) * 1000 > now.getTime() ? orderId : undefined;
  }

  /** The page's path (mail prefixes PUBLIC_URL). */
  path(websiteId: string, orderId: string, expiresAt: Date): string {
    return `/reviews/request?token=${encodeURIComponent(this.issue(websiteId, orderId, expiresAt))}`;
  }

  #sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`review-request:${payload}`).digest('base64url');
  }
}

const loaded = new WeakMap<object, Promise<ReviewRequestLinks>>();

/** The links of this database's secret, loaded once per database handle. */
export function reviewLinksFor(db: Kysely<Database>): Promise<ReviewRequestLinks> {
  let links = loaded.get(db);
  if (!links) {
    links = loadServerSecret(db, 'reviews').then((secret) => new ReviewRequestLinks(secret));
    loaded.set(db, links);
    links.catch(() => loaded.delete(db));
  }
  return links;
}
