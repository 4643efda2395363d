/**
 * Tells a shared cache in front of the server (Varnish with deploy/varnish.vcl, or anything that takes the same call)
 * that a website's pages changed (issue 35 item 5): `PURGE {CDN_PURGE_URL}` with `Surrogate-Key: w-{websiteId}`, the
 * key every page of the website carries (surrogate-keys.ts). The address is the operator's (an environment variable,
 * never an owner's), so no SSRF guard applies; a purge that fails is logged, and the shared cache's own s-maxage
 * bounds what it may still serve.
 */

export interface CdnPurger {
  purgeWebsite(websiteId: string): Promise<void>;
}

/** How long one purge may take before it is given up (the page is already invalid in the server). */
const PURGE_TIMEOUT_MS = 2_000;

export function httpCdnPurger(url: string, log: (message: string) => void = console.error): CdnPurger {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('CDN_PURGE_URL must be an http:// or https:// address.');
  return {
    async purgeWebsite(websiteId) {
      try {
        const answer = await fetch(target, { method: 'PURGE', headers: { 'surrogate-key': `w-${websiteId}` }, signal: AbortSignal.timeout(PURGE_TIMEOUT_MS) });
        await answer.arrayBuffer();
        if (!answer.ok) log(`CDN purge of website ${websiteId} answered ${answer.status}`);
      } catch (error) {
        log(`CDN purge of website ${websiteId} failed: ${(error as Error).message}`);
      }
    },
  };
}
