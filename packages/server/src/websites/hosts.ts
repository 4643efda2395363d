/**
 * Host names as the platform compares them (issue 32). Pure: no database, no Fastify.
 * A Host header is lower-cased, stripped of its port and of a trailing dot, so `Shop.Example.COM.:443`
 * and `shop.example.com` name one website.
 */
export function normalHostOf(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  let host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) {
    // An IPv6 literal: [::1]:3000 → [::1]
    const end = host.indexOf(']');
    return end < 0 ? host : host.slice(0, end + 1);
  }
  const colon = host.lastIndexOf(':');
  if (colon >= 0) host = host.slice(0, colon);
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/** What a host is on a platform with this domain: the platform itself, one of its websites' subdomains, or another name. */
export type HostKind = { kind: 'platform' } | { kind: 'subdomain'; identifier: string } | { kind: 'custom'; host: string };

export function hostKindOf(host: string, platformDomain: string): HostKind {
  if (host === platformDomain) return { kind: 'platform' };
  const suffix = `.${platformDomain}`;
  if (host.endsWith(suffix)) {
    const label = host.slice(0, -suffix.length);
    // One label only: a.b.vitrine.example is no website's (never a wildcard match across levels).
    return isWebsiteIdentifier(label) ? { kind: 'subdomain', identifier: label } : { kind: 'custom', host };
  }
  return { kind: 'custom', host };
}

/**
 * A website identifier is its subdomain's label: 3–63 lower-case letters, digits and inner hyphens (a DNS label).
 * Shorter names are kept for the platform (www, api…) by RESERVED_IDENTIFIERS, not by length alone.
 */
export const WEBSITE_IDENTIFIER_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const RESERVED_IDENTIFIERS: ReadonlySet<string> = new Set([
  'www', 'api', 'app', 'admin', 'config', 'operator', 'platform', 'mail', 'smtp', 'static', 'assets', 'cdn', 'status', 'help', 'support', 'docs', 'blog',
]);

export function isWebsiteIdentifier(label: string): boolean {
  return WEBSITE_IDENTIFIER_PATTERN.test(label);
}

/** A custom domain an owner may add: two or more DNS labels, no IP address, not the platform's own names. */
export function isCustomDomainName(host: string, platformDomain: string | undefined): boolean {
  if (host.length > 253 || !host.includes('.')) return false;
  if (/^[0-9.]+$/.test(host) || host.includes(':') || host.includes('[')) return false;
  if (platformDomain && (host === platformDomain || host.endsWith(`.${platformDomain}`))) return false;
  return host.split('.').every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label)) && !/^[0-9]+$/.test(host.split('.').at(-1)!);
}
