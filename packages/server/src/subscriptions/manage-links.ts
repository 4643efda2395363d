import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { loadServerSecret } from '../http/server-secrets';

/**
 * The shopper's link to manage one subscription (`/subscriptions/manage?token=…`), in the renewal mails and on the
 * subscription confirmed page: `<base64url(websiteId \n subscriptionId)>.<HMAC-SHA256>` under the shared server
 * secret 'subscriptions'. Whoever holds the link may see and cancel that subscription, as the shopper who got the
 * mail; it does not expire (a renewal a year later still needs it). Nothing is stored: the signature is the proof.
 */
export class SubscriptionManageLinks {
  constructor(private readonly secret: string) {}

  issue(websiteId: string, subscriptionId: string): string {
    const payload = Buffer.from(`${websiteId}\n${subscriptionId}`).toString('base64url');
    return `${payload}.${this.#sign(payload)}`;
  }

  /** The subscription a token names on this website, or undefined for anything we did not sign. */
  read(websiteId: string, token: string): string | undefined {
    if (token.length > 400) return undefined;
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return undefined;
    const expected = Buffer.from(this.#sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const [signedWebsite, subscriptionId, more] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
    return signedWebsite === websiteId && subscriptionId && more === undefined ? subscriptionId : undefined;
  }

  /** The page's path (relative: the page links to it; mail prefixes PUBLIC_URL). */
  path(websiteId: string, subscriptionId: string): string {
    return `/subscriptions/manage?token=${encodeURIComponent(this.issue(websiteId, subscriptionId))}`;
  }

  #sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`subscription-manage:${payload}`).digest('base64url');
  }
}

const loaded = new WeakMap<object, Promise<SubscriptionManageLinks>>();

/** The links of this database's secret, loaded once per database handle. */
export function manageLinksFor(db: Kysely<Database>): Promise<SubscriptionManageLinks> {
  let links = loaded.get(db);
  if (!links) {
    links = loadServerSecret(db, 'subscriptions').then((secret) => new SubscriptionManageLinks(secret));
    loaded.set(db, links);
    links.catch(() => loaded.delete(db));
  }
  return links;
}
