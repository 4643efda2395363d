import { REDIRECT_LIMITS, REDIRECT_MESSAGES, type RedirectStatus } from '@vitrine/contracts';

/**
 * The redirect rules' own logic, pure: how an address is written down to be matched, what makes a rule valid, which
 * rule answers a path, and where it sends the visitor.
 *
 * Matching (decided here, README "URL redirects"): on the path only (never the query), percent-decoded, in any case
 * (`/Old-Page` and `/old-page` are one address: old shops' links vary in case and a rule only answers a 404), and
 * with or without a trailing slash (WooCommerce's `/product/slug/` and `/product/slug` are one address). An exact
 * rule wins over a wildcard; of two wildcards the longer prefix wins. A wildcard `/products/*` matches every path
 * under `/products/` (not `/products` itself) and carries the rest, as the visitor wrote it, into the target's `*`.
 */

/** The first path segments the platform answers itself: never redirected, never counted as missed. */
export const PLATFORM_SEGMENTS: ReadonlySet<string> = new Set(['api', 'config', 'assets', 'images', 'downloads', 'frames']);

export interface RedirectRule {
  id: string;
  source: string;
  /** sourceKeyOf(source): the exact key, or a wildcard's `prefix/*`. */
  sourceKey: string;
  target: string;
  status: RedirectStatus;
  keepQuery: boolean;
}

/** Percent-decoded when it decodes (a stray % stays as it is). */
function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A path without its query or fragment, decoded, without a trailing slash (the root stays `/`); its case kept. */
export function normalPathOf(url: string): string {
  const path = decoded(url.split(/[?#]/, 1)[0] ?? '/');
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** What a source (or a request's path) is matched on: normalPathOf in lower case. */
export const sourceKeyOf = (path: string): string => normalPathOf(path).toLowerCase();

const isWildcardKey = (key: string): boolean => key.endsWith('/*');
const CONTROL = /[\u0000-\u001f\u007f\s]/;

/** The first segment of a path, lower case (`/API/x` → `api`). */
const firstSegmentOf = (key: string): string => key.split('/')[1] ?? '';

const WORDPRESS_ID_SOURCE = /^\/\?(p|page_id)=[0-9]{1,18}$/i;

/** The source's key, or the message refusing it. */
export function checkSource(source: string): { key: string } | { error: string } {
  const text = source.trim();
  // WordPress's plain links to a post or page (`/?p=123`, `/?page_id=45`): the one query a source may carry, answered
  // by the home page's route (NotFoundAnswers.oldIdRedirectFor), since `/` itself is never a 404.
  if (WORDPRESS_ID_SOURCE.test(text)) return { key: text.toLowerCase() };
  if (!text.startsWith('/') || text.startsWith('//') || text.length > REDIRECT_LIMITS.pathLength || CONTROL.test(text) || /[?#]/.test(text)) return { error: REDIRECT_MESSAGES.source };
  const stars = text.split('*').length - 1;
  if (stars > 1 || (stars === 1 && !text.endsWith('/*'))) return { error: REDIRECT_MESSAGES.source };
  // A wildcard keeps its "/*"; the rest is normalised as a request's path is.
  const key = stars === 1 ? `${sourceKeyOf(text.slice(0, -2)).replace(/\/$/, '')}/*` : sourceKeyOf(text);
  if (key === '/' || key === '/*') return { error: REDIRECT_MESSAGES.sourceRoot };
  if (PLATFORM_SEGMENTS.has(firstSegmentOf(key))) return { error: REDIRECT_MESSAGES.sourcePlatform };
  return { key };
}

/** The message refusing a target for a source of this key, or undefined when it may be used. */
export function checkTarget(target: string, sourceKey: string): string | undefined {
  const text = target.trim();
  if (text.length === 0 || text.length > REDIRECT_LIMITS.pathLength || CONTROL.test(text)) return REDIRECT_MESSAGES.target;
  if (text.split('*').length - 1 > 1) return REDIRECT_MESSAGES.target;
  if (text.includes('*') && !isWildcardKey(sourceKey)) return REDIRECT_MESSAGES.targetStar;
  // A path of this site, never `//host` (a browser reads that as another site's address).
  const local = text.startsWith('/') && !text.startsWith('//');
  if (!local) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return REDIRECT_MESSAGES.target;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return REDIRECT_MESSAGES.target;
    return undefined;
  }
  const targetKey = sourceKeyOf(text.replace('*', ''));
  if (!isWildcardKey(sourceKey)) return targetKey === sourceKey ? REDIRECT_MESSAGES.same : undefined;
  // `/a/*` → `/a/b/*` would match its own answers again, deeper each time.
  const prefix = sourceKey.slice(0, -1);
  if (`${targetKey}/`.startsWith(prefix)) return REDIRECT_MESSAGES.wildcardLoop;
  return undefined;
}

/** The target as a key to follow chains by: a local path without `*`; undefined for an address elsewhere or a wildcard's. */
export function targetKeyOf(target: string): string | undefined {
  return target.startsWith('/') && !target.startsWith('//') && !target.includes('*') ? sourceKeyOf(target) : undefined;
}

/** A website's rules, ready to match: exact ones by key, wildcards longest prefix first. */
export interface CompiledRules {
  exact: Map<string, RedirectRule>;
  wildcards: Array<{ prefix: string; rule: RedirectRule }>;
}

export function compileRules(rules: readonly RedirectRule[]): CompiledRules {
  const exact = new Map<string, RedirectRule>();
  const wildcards: CompiledRules['wildcards'] = [];
  for (const rule of rules) {
    if (isWildcardKey(rule.sourceKey)) wildcards.push({ prefix: rule.sourceKey.slice(0, -1), rule });
    else exact.set(rule.sourceKey, rule);
  }
  wildcards.sort((a, b) => b.prefix.length - a.prefix.length);
  return { exact, wildcards };
}

export interface RuleMatch {
  rule: RedirectRule;
  /** A wildcard's rest of the path, as the visitor wrote it (decoded); '' for an exact rule. */
  rest: string;
}

/** The rule answering a request's path, if any. */
/** Shopify's `/collections/{collection}/products/{product}` (a key: lower case, no trailing slash). */
const COLLECTION_SCOPED_PRODUCT = /^\/collections\/[^/]+\/products\/([^/]+)$/;

export function matchRule(rules: CompiledRules, url: string): RuleMatch | undefined {
  const path = normalPathOf(url);
  const key = path.toLowerCase();
  const exact = rules.exact.get(key);
  if (exact) return { rule: exact, rest: '' };
  // Shopify's collection-scoped product address is the same product as its `/products/{handle}`: the rule for that
  // one (a Shopify CSV import writes it) answers it too, before any wildcard of the longer path.
  const scoped = COLLECTION_SCOPED_PRODUCT.exec(key);
  const canonical = scoped ? rules.exact.get(`/products/${scoped[1]}`) : undefined;
  if (canonical) return { rule: canonical, rest: '' };
  for (const { prefix, rule } of rules.wildcards) {
    if (key.length > prefix.length && key.startsWith(prefix)) return { rule, rest: path.slice(prefix.length) };
  }
  return undefined;
}

/**
 * A Location header's value: characters outside printable ASCII percent-encoded (UTF-8), so an owner's `/über` or a
 * query's raw bytes never make an invalid header; what is already encoded stays as it is.
 */
const headerSafe = (location: string): string => location.replace(/[^\x21-\x7e]/gu, (character) => encodeURIComponent(character));

/** Where the visitor goes: the target, the wildcard's rest in its `*`, and the request's query when the rule keeps it. */
export function locationOf(match: RuleMatch, url: string): string {
  return headerSafe(unencodedLocationOf(match, url));
}

function unencodedLocationOf({ rule, rest }: RuleMatch, url: string): string {
  let location = rule.target.includes('*') ? rule.target.replace('*', encodeURI(rest).replace(/[?#]/g, encodeURIComponent)) : rule.target;
  const queryAt = url.indexOf('?');
  const query = queryAt >= 0 ? url.slice(queryAt + 1).split('#', 1)[0]! : '';
  if (rule.keepQuery && query) {
    const hashAt = location.indexOf('#');
    const [base, hash] = hashAt >= 0 ? [location.slice(0, hashAt), location.slice(hashAt)] : [location, ''];
    location = `${base}${base.includes('?') ? '&' : '?'}${query}${hash}`;
  }
  return location;
}

/**
 * A visitor's missed path worth counting for the not-found report, normalised (normalPathOf), or undefined: the
 * platform's own paths, scripts' probes for other software (WordPress's admin and login, PHP and ASP pages, dot
 * files such as /.env and /.git, backups and configuration files) and over-long paths are not counted (README).
 * Pictures and other files are: a shop moving in may want to redirect its old image addresses.
 */
export function countablePathOf(url: string): string | undefined {
  const path = normalPathOf(url);
  if (path === '/' || path.length > 300 || CONTROL.test(path)) return undefined;
  const key = path.toLowerCase();
  const first = firstSegmentOf(key);
  if (PLATFORM_SEGMENTS.has(first) || first.startsWith('wp-') || first === 'xmlrpc.php' || first === 'cgi-bin' || first === 'phpmyadmin') return undefined;
  if (key.split('/').some((segment) => segment.startsWith('.') && segment.length > 1)) return undefined;
  if (/\.(php\d?|aspx?|jsp|cgi|env|ini|sql|bak|old|swp|ya?ml|log|git|sh|conf|config)$/.test(key)) return undefined;
  return path;
}

/** `/?p=123` or `/?page_id=45` (the first of them in the query) for the home page's address with one; else undefined. */
export function wordPressIdKeyOf(url: string): string | undefined {
  const [path, query = ''] = url.split('#', 1)[0]!.split('?', 2) as [string, string?];
  if (path !== '/' && path !== '') return undefined;
  const match = /(?:^|&)(p|page_id)=([0-9]{1,18})(?:&|$)/.exec(query);
  return match ? `/?${match[1]}=${match[2]}` : undefined;
}
