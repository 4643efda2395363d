import { requestJson } from './api/http';
import { readSiteUserInfo } from './api/site-user-info';

/**
 * The suggestion of the visitor's own language (issue 39 item 2): never a redirect, never for bots. The page is the
 * same for every visitor (it stays in the page cache): it carries the site's languages (`#vitrine-languages`, the
 * theme's layouts) and this chunk, loaded only on such pages, compares them with `navigator.languages` (what the
 * browser sends as Accept-Language). When the visitor prefers another of the site's languages than the one they
 * read, a small banner above the header offers it, in that language; "No thanks" is remembered, and so is a language
 * picked in the switcher (its links are watched here), so the banner never argues with a choice.
 *
 * The switcher is the site's translation widget (platform spec §7): a signed-in site user's pick is also stored with
 * POST /api/site-users/account/locale, only when the language is not a custom code of the configured languages.
 */

export interface SiteLanguage {
  hreflang: string;
  /** The language's address prefix ('/fr'; '' for the default language). */
  prefix?: string;
  href: string;
  name: string;
  current: boolean;
  suggestion: string;
  dismissLabel: string;
}

/** localStorage: the visitor said "No thanks", or picked a language themselves (the host's own storage). */
export const LANGUAGE_CHOICE_KEY = 'vitrine-language-choice';

const BOT = /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|lighthouse/i;

const primaryOf = (tag: string) => tag.toLowerCase().split('-')[0];

/**
 * The language to suggest: the first of the browser's languages the site has, when it is not the one being read;
 * undefined otherwise. A region-exact match wins over a language-only one ('fr-CA' before 'fr').
 */
export function languageToSuggest(languages: readonly SiteLanguage[], preferred: readonly string[]): SiteLanguage | undefined {
  const current = languages.find((language) => language.current);
  for (const wanted of preferred) {
    const match =
      languages.find((language) => language.hreflang.toLowerCase() === wanted.toLowerCase()) ??
      languages.find((language) => primaryOf(language.hreflang) === primaryOf(wanted));
    if (!match) continue;
    return match === current || (current && primaryOf(current.hreflang) === primaryOf(match.hreflang)) ? undefined : match;
  }
  return undefined;
}

function readLanguages(root: Document): SiteLanguage[] {
  try {
    const parsed = JSON.parse(root.getElementById('vitrine-languages')?.textContent ?? 'null') as { alternates?: SiteLanguage[] } | null;
    return Array.isArray(parsed?.alternates) ? parsed.alternates : [];
  } catch {
    return [];
  }
}

function remember(storage: Storage | undefined, value: string) {
  try {
    storage?.setItem(LANGUAGE_CHOICE_KEY, value);
  } catch {
    // Storage refused (private mode, full): the banner may show again, which is harmless.
  }
}

function remembered(storage: Storage | undefined): boolean {
  try {
    return Boolean(storage?.getItem(LANGUAGE_CHOICE_KEY));
  } catch {
    return false;
  }
}

/** Shows the suggestion when it applies and watches the switcher; returns the banner shown, if any. */
const standardNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** A custom code (private use 'x-…', or one no standard names): the spec's locale call is not made for it. */
export function isCustomLanguageCode(tag: string): boolean {
  if (/^x-|-x-/i.test(tag)) return true;
  try {
    return standardNames.of(tag) === undefined;
  } catch {
    return true;
  }
}

/** The spec's locale call for a signed-in site user who picked `language`; resolves whatever its answer (the page goes on). */
export async function storeSiteUserLocale(language: string, cookieHeader?: string): Promise<boolean> {
  if (!readSiteUserInfo(cookieHeader)?.authenticated || isCustomLanguageCode(language)) return false;
  try {
    await requestJson('POST', '/api/site-users/account/locale', { language });
    return true;
  } catch {
    return false;
  }
}

/** Addresses that never carry a language (the server's rule, language-urls.ts): the API, the owner app, files. */
const UNPREFIXED = /^\/(?:api|config|assets|frames)(?:\/|$)|\.[a-z0-9]+$/i;

/**
 * Links the islands draw in the browser (the cart drawer's Checkout and View cart, the cart pill) are written
 * without the page's language; the server prefixes only the HTML it sends. So a click on a same-site link that
 * lacks the page's prefix gets it just before the browser follows it.
 */
export function keepLanguageInLinks(root: Document, prefix: string): () => void {
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link || link.hasAttribute('hreflang') || link.hasAttribute('download')) return;
    const url = new URL(link.href, root.location.href);
    if (url.origin !== root.location.origin || UNPREFIXED.test(url.pathname)) return;
    if (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`)) return;
    link.setAttribute('href', `${prefix}${url.pathname === '/' ? '/' : url.pathname}${url.search}${url.hash}`);
  };
  root.addEventListener('click', onClick, true);
  return () => root.removeEventListener('click', onClick, true);
}

export function startLanguageSuggestion(
  root: Document = document,
  browser: { languages: readonly string[]; userAgent: string } = navigator,
  storage: Storage | undefined = globalThis.localStorage,
): HTMLElement | undefined {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-language-choice]')) {
    link.addEventListener('click', (event) => {
      const language = link.dataset.languageChoice ?? '';
      remember(storage, language || 'chosen');
      if (!language || isCustomLanguageCode(language) || !readSiteUserInfo()?.authenticated) return;
      // Signed in: the pick is stored first (platform spec §7), then the page in that language is opened.
      event.preventDefault();
      void storeSiteUserLocale(language).finally(() => location.assign(link.href));
    });
  }
  const languages = readLanguages(root);
  const reading = languages.find((language) => language.current)?.prefix;
  if (reading) keepLanguageInLinks(root, reading);
  if (BOT.test(browser.userAgent) || remembered(storage)) return undefined;
  const suggested = languageToSuggest(languages, browser.languages);
  if (!suggested) return undefined;
  const banner = root.createElement('aside');
  banner.className = 'language-suggestion';
  banner.lang = suggested.hreflang;
  banner.setAttribute('aria-label', suggested.name);
  const text = root.createElement('p');
  text.append(`${suggested.suggestion} `);
  const link = root.createElement('a');
  link.href = suggested.href;
  link.hreflang = suggested.hreflang;
  link.textContent = suggested.name;
  link.addEventListener('click', () => remember(storage, suggested.hreflang));
  text.append(link);
  const dismiss = root.createElement('button');
  dismiss.type = 'button';
  dismiss.textContent = suggested.dismissLabel;
  dismiss.addEventListener('click', () => {
    remember(storage, 'dismissed');
    banner.remove();
    // Focus would be lost with the button: it goes to the page's first link (the skip link) instead.
    root.querySelector<HTMLElement>('.skip-link, a')?.focus();
  });
  banner.append(text, dismiss);
  // After the skip link, which stays the page's first stop.
  const skip = root.querySelector('.skip-link');
  if (skip) skip.after(banner);
  else root.body.prepend(banner);
  return banner;
}
