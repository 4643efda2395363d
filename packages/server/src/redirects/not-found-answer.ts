import type { RedirectStatus } from '@vitrine/contracts';
import type { NotFoundCounter } from './not-found-counter';
import type { RedirectRuleCache } from './rule-cache';
import { countablePathOf, locationOf, matchRule, PLATFORM_SEGMENTS, wordPressIdKeyOf } from './rules';

export interface RedirectAnswer {
  location: string;
  status: RedirectStatus;
}

/**
 * What a website's storefront does with an address that has no page (README "URL redirects"): asked only once the
 * request is known to be a 404 — by the pages' not-found answer (pages/routes.ts) and by the catch-all GET route for
 * paths no route matches (redirects/routes.ts) — so a rule never hides a page that exists. A matching rule answers
 * its redirect; otherwise the miss is counted for the not-found report. GET and HEAD only: a form's POST to an old
 * address is not followed.
 */
export class NotFoundAnswers {
  constructor(
    readonly rules: RedirectRuleCache,
    readonly misses: NotFoundCounter,
  ) {}

  async redirectFor(websiteId: string, method: string, url: string): Promise<RedirectAnswer | undefined> {
    if (method !== 'GET' && method !== 'HEAD') return undefined;
    if (PLATFORM_SEGMENTS.has((url.split(/[/?#]/)[1] ?? '').toLowerCase())) return undefined;
    const match = matchRule(await this.rules.rulesFor(websiteId), url);
    if (match) return { location: locationOf(match, url), status: match.rule.status };
    const countable = countablePathOf(url);
    if (countable) this.misses.record(websiteId, countable);
    return undefined;
  }

  /**
   * The home page's address with a WordPress post or page id (`/?p=123`, `/?page_id=45`) that an import recorded
   * (recordImportedIdAddress); undefined for any other address, without a lookup.
   */
  async oldIdRedirectFor(websiteId: string, method: string, url: string): Promise<RedirectAnswer | undefined> {
    if (method !== 'GET' && method !== 'HEAD') return undefined;
    const key = wordPressIdKeyOf(url);
    if (!key) return undefined;
    const rule = (await this.rules.rulesFor(websiteId)).exact.get(key);
    return rule ? { location: locationOf({ rule, rest: '' }, url), status: rule.status } : undefined;
  }
}
