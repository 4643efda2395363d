import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { loadServerSecret } from '../http/server-secrets';

/**
 * The page-unlock cookie: which password pages this browser opened, each with the lock's version (a new password
 * bumps it, so an old unlock stops counting). `<base64url(websiteId \n pageId:version …)>.<HMAC-SHA256>` under the
 * shared server secret 'page-unlock'; HttpOnly, SameSite=Lax. Nothing is stored server-side.
 */
export const UNLOCK_COOKIE = 'vitrine_unlock';
/** At most this many pages per cookie: the oldest unlock is dropped first. */
const MAX_UNLOCKED = 20;

export interface UnlockedPage {
  pageId: string;
  version: number;
}

export class PageUnlockCookie {
  constructor(private readonly secret: string) {}

  write(websiteId: string, pages: readonly UnlockedPage[]): string {
    const kept = pages.slice(-MAX_UNLOCKED);
    const payload = Buffer.from([websiteId, ...kept.map((page) => `${page.pageId}:${page.version}`)].join('\n')).toString('base64url');
    return `${payload}.${this.#sign(payload)}`;
  }

  /** The pages a cookie value unlocks on this website; none for anything we did not sign. */
  read(websiteId: string, value: string | undefined): UnlockedPage[] {
    if (!value || value.length > 4000) return [];
    const [payload, signature, extra] = value.split('.');
    if (!payload || !signature || extra !== undefined) return [];
    const expected = Buffer.from(this.#sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return [];
    const [signedWebsite, ...entries] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
    if (signedWebsite !== websiteId) return [];
    return entries.flatMap((entry) => {
      const [pageId, version] = entry.split(':');
      return pageId && /^[0-9]{1,9}$/.test(version ?? '') ? [{ pageId, version: Number(version) }] : [];
    });
  }

  #sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`page-unlock:${payload}`).digest('base64url');
  }
}

const loaded = new WeakMap<object, Promise<PageUnlockCookie>>();

/** This database's cookie signer, loaded once per database handle. */
export function unlockCookieFor(db: Kysely<Database>): Promise<PageUnlockCookie> {
  let cookie = loaded.get(db);
  if (!cookie) {
    cookie = loadServerSecret(db, 'page-unlock').then((secret) => new PageUnlockCookie(secret));
    loaded.set(db, cookie);
    cookie.catch(() => loaded.delete(db));
  }
  return cookie;
}
