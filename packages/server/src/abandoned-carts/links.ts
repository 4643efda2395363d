import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { loadServerSecret } from '../http/server-secrets';

/** How long a reminder's link restores its cart. */
export const RESTORE_LINK_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const TOKEN_MAX = 300;

/**
 * The reminder's link (`/cart/restore?token=…`): `<base64url(websiteId \n cartId \n expiresAt seconds)>.<HMAC-SHA256>`
 * under the server secret 'abandoned-carts'. Whoever holds it gets that cart as their own on any device: nothing is
 * stored, the signature is the proof, the expiry is inside what is signed (as reviews/links.ts).
 */
export class CartRestoreLinks {
  constructor(private readonly secret: string) {}

  issue(websiteId: string, cartId: string, expiresAt: Date): string {
    const payload = Buffer.from(`${websiteId}\n${cartId}\n${Math.floor(expiresAt.getTime() / 1000)}`).toString('base64url');
    return `${payload}.${this.#sign(payload)}`;
  }

  /** The cart a token names on this website while it has not expired; undefined for anything else. */
  read(websiteId: string, token: string, now: Date = new Date()): string | undefined {
    if (token.length > TOKEN_MAX) return undefined;
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return undefined;
    const expected = Buffer.from(this.#sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const [signedWebsite, cartId, expires, more] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
    if (signedWebsite !== websiteId || !cartId || more !== undefined || !/^[0-9]{1,12}$/.test(expires ?? '')) return undefined;
    return Number(expires) * 1000 > now.getTime() ? cartId : undefined;
  }

  path(websiteId: string, cartId: string, expiresAt: Date): string {
    return `/cart/restore?token=${encodeURIComponent(this.issue(websiteId, cartId, expiresAt))}`;
  }

  #sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`cart-restore:${payload}`).digest('base64url');
  }
}

const loaded = new WeakMap<object, Promise<CartRestoreLinks>>();

/** The links of this database's secret, loaded once per database handle. */
export function cartRestoreLinksFor(db: Kysely<Database>): Promise<CartRestoreLinks> {
  let links = loaded.get(db);
  if (!links) {
    links = loadServerSecret(db, 'abandoned-carts').then((secret) => new CartRestoreLinks(secret));
    loaded.set(db, links);
    links.catch(() => loaded.delete(db));
  }
  return links;
}
