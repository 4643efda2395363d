/**
 * What names one rendered page in the server's page cache (issue 35 item 2): the host and path, and the query
 * parameters that can change the page, sorted so `?b=1&a=2` and `?a=2&b=1` share one entry. Campaign parameters
 * (utm_*, click ids) never change the HTML, so they are left out and a shared link's visits share one entry.
 *
 * The website is not in the key: each website's entries live under its own id (rendered-page-cache.ts), so a
 * second website can never be answered with the first one's page. Language: a page's language is in its address
 * (`/fr/…`, issue 39: the key is made of the address as asked, prefix included, so /fr/x and /x are two entries),
 * never the Accept-Language header (the language suggestion is made in the browser, the page stays one).
 */

const CAMPAIGN_PARAMETER = /^(utm_[a-z]+|gclid|gbraid|wbraid|fbclid|msclkid|dclid|mc_cid|mc_eid|_ga|_gl)$/i;

/** Keys longer than this (addresses made up by crawlers) are not cached: they would only fill the cache. */
export const MAX_PAGE_KEY_LENGTH = 1_024;

/** The cache key of a page request, or undefined when it should not be cached (an over-long address). */
export function pageCacheKeyOf(host: string, url: string): string | undefined {
  const question = url.indexOf('?');
  const path = question === -1 ? url : url.slice(0, question);
  const query = question === -1 ? '' : url.slice(question + 1);
  const kept = query === '' ? [] : [...new URLSearchParams(query)].filter(([name]) => !CAMPAIGN_PARAMETER.test(name));
  kept.sort(([a, aValue], [b, bValue]) => (a === b ? (aValue < bValue ? -1 : aValue > bValue ? 1 : 0) : a < b ? -1 : 1));
  const key = `${host.toLowerCase()}${path}${kept.length > 0 ? `?${new URLSearchParams(kept).toString()}` : ''}`;
  return key.length > MAX_PAGE_KEY_LENGTH ? undefined : key;
}
