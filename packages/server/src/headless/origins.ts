import { HEADLESS_MESSAGES } from '@vitrine/contracts';

/**
 * The origins a browser may read the headless API from (CORS, per website). Exact origins only — a scheme (http or
 * https), a host and an optional port, as a browser sends them in `Origin` — so the comparison on every request is a
 * plain string match. `*` is refused on purpose: the owner names each frontend, and an answer never tells an unnamed
 * site it may read (a server-side client sends no Origin and needs no CORS at all).
 */

/** The origin as a browser's Origin header spells it (lower-case host, no default port, no trailing slash), or an error message. */
export function normaliseOrigin(raw: string): { origin: string } | { error: string } {
  const text = raw.trim();
  if (text === '*' || text.includes('*')) return { error: HEADLESS_MESSAGES.wildcard };
  if (!/^https?:\/\/[^/?#\s]+\/?$/i.test(text)) return { error: HEADLESS_MESSAGES.origin };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: HEADLESS_MESSAGES.origin };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname) return { error: HEADLESS_MESSAGES.origin };
  return { origin: url.origin };
}

/** The list, normalised and de-duplicated in its order; a bad entry is named by its index (`origins.2`). */
export function normaliseOrigins(raw: readonly string[]): { origins: string[] } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const origins: string[] = [];
  raw.forEach((entry, index) => {
    const result = normaliseOrigin(entry);
    if ('error' in result) errors[`origins.${index}`] = result.error;
    else if (!origins.includes(result.origin)) origins.push(result.origin);
  });
  return Object.keys(errors).length > 0 ? { errors } : { origins };
}
