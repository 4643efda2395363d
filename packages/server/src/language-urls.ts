import { catalogDomain, catalogLanguageOf } from '@vitrine/format/catalogs';

/**
 * The `/{lang}/…` address scheme (issue 39 item 2): every added language of a website (PUT
 * /api/multilingual/languages) has its pages under its own prefix (`/fr/`, `/fr-ca/`), the default language none.
 * This module is the scheme's pure part (addresses, links, alternates); http/language-prefix.ts applies it to requests.
 *
 * Fastify routes before any hook can read the website, so the prefix is taken off in the router's `rewriteUrl`
 * (synchronous, by its shape alone: a known ISO 639-1 language, optionally with a region), and the hook that runs once
 * the website is known keeps it when it is one of the website's languages. When it is not (a site without French,
 * or a page whose own address really is `/it/…`), the address is routed again as it was asked: a page with that slug
 * answers, anything else is the normal 404. An added language's prefix wins over a page with the same slug.
 */

const PREFIX_SHAPE = /^\/([a-z]{2}(?:-[a-z0-9]{2,8})?)(?=\/|\?|$)/;

/** Paths that never carry a language: the API, the owner app, static files. */
const UNPREFIXED = /^\/(?:api|config|assets|frames)(?:\/|\?|$)|^\/[^?]*\.[a-z0-9]+(?:\?|$)/i;

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const knownPrimary = new Map<string, boolean>();

/** 'fr' is a language; 'js' and 'ok' are not (an address's first segment of two letters is usually neither). */
function isKnownLanguage(primary: string): boolean {
  let known = knownPrimary.get(primary);
  if (known === undefined) {
    try {
      known = languageNames.of(primary) !== undefined;
    } catch {
      known = false;
    }
    knownPrimary.set(primary, known);
  }
  return known;
}

/** The URL prefix of a language tag, without its slash: 'fr-CA' → 'fr-ca'. */
export function languagePrefixOf(tag: string): string {
  return tag.replace(/_/g, '-').toLowerCase();
}

/** `/fr/shop?q=1` → { prefix: 'fr', rest: '/shop?q=1' }; undefined when the address has no language-like prefix. */
export function splitLanguagePrefix(url: string): { prefix: string; rest: string } | undefined {
  const match = PREFIX_SHAPE.exec(url);
  if (!match || !isKnownLanguage(match[1].split('-')[0])) return undefined;
  const after = url.slice(match[0].length);
  const rest = after === '' ? '/' : after.startsWith('?') ? `/${after}` : after;
  if (UNPREFIXED.test(rest)) return undefined;
  return { prefix: match[1], rest };
}

/** An address in a language: '/shop' under '/fr' is '/fr/shop'; '/' is '/fr/'. */
export function withLanguagePrefix(path: string, prefix: string | undefined): string {
  if (!prefix || !path.startsWith('/') || path.startsWith('//') || UNPREFIXED.test(path)) return path;
  return path === '/' ? `${prefix}/` : path.startsWith('/?') ? `${prefix}/${path.slice(1)}` : `${prefix}${path}`;
}

const INTERNAL_LINK = /(<(?:a|form|link)\b[^>]*?\s(?:href|action)=")(\/(?!\/)[^"]*)"/gi;

/**
 * A page's own links kept in its language: every root-relative `href`/`action` of its anchors and forms gets the
 * prefix (the API, the owner app and static files excepted). Done once on the rendered page, so every template,
 * the owner's header and footer HTML and the blocks keep the language without each knowing of it. `hreflang`
 * alternates and the canonical link are written with their full address, so they are untouched.
 */
export function prefixInternalLinks(html: string, prefix: string): string {
  return html.replace(INTERNAL_LINK, (whole, start: string, path: string) => {
    if (/\shreflang=|rel="(?:canonical|stylesheet|icon|apple-touch-icon|preload|modulepreload)"/.test(start)) return whole;
    if (path === prefix || path.startsWith(`${prefix}/`)) return whole;
    return `${start}${withLanguagePrefix(path, prefix)}"`;
  });
}

/** One alternate of a page: its language (hreflang) and its absolute address. */
export interface LanguageAlternate {
  hreflang: string;
  href: string;
  /** The language's own name (Intl.DisplayNames, in that language): the switcher's label. */
  name: string;
  /** The prefix ('' for the default language). */
  prefix: string;
  current: boolean;
  /** The suggestion banner's words, in this language (it suggests this language to one who prefers it). */
  suggestion: string;
  dismissLabel: string;
}

/** A language's name in itself: 'fr' → 'Français'. */
export function ownNameOf(tag: string): string {
  const locale = tag.replace(/_/g, '-');
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return locale;
  }
}

/**
 * A page's addresses in every language of the site (the default first), for the head's hreflang links, the
 * sitemap and the switcher. `path` is the page's unprefixed path (query kept: `?page=2` is the same list in French).
 */
export function languageAlternatesOf(origin: string, path: string, defaultTag: string, added: readonly string[], current: string | undefined): LanguageAlternate[] {
  const all = [{ tag: defaultTag, prefix: '' }, ...added.map((tag) => ({ tag, prefix: `/${languagePrefixOf(tag)}` }))];
  return all.map(({ tag, prefix }) => {
    const words = catalogDomain(catalogLanguageOf(tag), 'theme');
    return {
      hreflang: tag.replace(/_/g, '-'),
      href: `${origin}${withLanguagePrefix(path, prefix || undefined)}`,
      name: ownNameOf(tag),
      prefix,
      current: (current ?? '') === prefix,
      suggestion: words.languageSuggestion,
      dismissLabel: words.dismissLanguageSuggestion,
    };
  });
}
