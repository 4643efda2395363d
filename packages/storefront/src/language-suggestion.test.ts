// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isCustomLanguageCode, keepLanguageInLinks, LANGUAGE_CHOICE_KEY, languageToSuggest, storeSiteUserLocale, startLanguageSuggestion, type SiteLanguage } from './language-suggestion';

const language = (hreflang: string, name: string, current: boolean, suggestion: string, dismissLabel: string): SiteLanguage => ({
  hreflang,
  href: `http://shop.example${hreflang === 'en-US' ? '' : `/${hreflang.toLowerCase()}`}/shop`,
  name,
  current,
  suggestion,
  dismissLabel,
});

const SITE = [
  language('en-US', 'American English', true, 'This site is also in your language:', 'No thanks'),
  language('fr', 'Français', false, 'Ce site existe aussi dans votre langue :', 'Non merci'),
  language('de-DE', 'Deutsch (Deutschland)', false, 'Diese Website gibt es auch in Ihrer Sprache:', 'Nein danke'),
];
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function pageWith(languages: SiteLanguage[]) {
  document.body.innerHTML = `
    <a class="skip-link" href="#main">Skip to content</a>
    <header><nav class="language-switcher" aria-label="Language"><ul>${languages
      .map((entry) => `<li><a href="${entry.href}" data-language-choice="${entry.hreflang}">${entry.name}</a></li>`)
      .join('')}</ul></nav></header>
    <main id="main"></main>
    <script type="application/json" id="vitrine-languages">${JSON.stringify({ alternates: languages })}</script>`;
}

let storage: Storage;
beforeEach(() => {
  localStorage.clear();
  storage = localStorage;
  pageWith(SITE);
});

describe('which language to suggest', () => {
  it('the first of the browser’s languages the site has, unless it is the one being read', () => {
    expect(languageToSuggest(SITE, ['fr-FR', 'fr', 'en'])?.hreflang).toBe('fr');
    expect(languageToSuggest(SITE, ['de-AT', 'de'])?.hreflang).toBe('de-DE');
    expect(languageToSuggest(SITE, ['en-GB', 'fr'])).toBeUndefined();
    expect(languageToSuggest(SITE, ['ja', 'it'])).toBeUndefined();
    const readingFrench = SITE.map((entry) => ({ ...entry, current: entry.hreflang === 'fr' }));
    expect(languageToSuggest(readingFrench, ['fr-CA'])).toBeUndefined();
    expect(languageToSuggest(readingFrench, ['en-US', 'fr'])?.hreflang).toBe('en-US');
  });
});

describe('the suggestion banner', () => {
  it('offers French, in French, after the skip link, to a French browser reading English; No thanks removes it and is remembered', () => {
    const banner = startLanguageSuggestion(document, { languages: ['fr-FR', 'fr'], userAgent: CHROME }, storage)!;
    expect(banner.previousElementSibling?.className).toBe('skip-link');
    expect(banner.getAttribute('lang')).toBe('fr');
    expect(banner.querySelector('p')?.textContent).toBe('Ce site existe aussi dans votre langue : Français');
    expect(banner.querySelector('a')?.getAttribute('href')).toBe('http://shop.example/fr/shop');
    const dismiss = banner.querySelector('button')!;
    expect(dismiss.textContent).toBe('Non merci');
    expect(dismiss.getAttribute('type')).toBe('button');
    dismiss.click();
    expect(document.querySelector('.language-suggestion')).toBeNull();
    expect(document.activeElement?.className).toBe('skip-link');
    expect(storage.getItem(LANGUAGE_CHOICE_KEY)).toBe('dismissed');
    pageWith(SITE);
    expect(startLanguageSuggestion(document, { languages: ['fr-FR'], userAgent: CHROME }, storage)).toBeUndefined();
    expect(document.querySelector('.language-suggestion')).toBeNull();
  });

  it('never for a bot, nor for a browser that prefers the language shown', () => {
    expect(startLanguageSuggestion(document, { languages: ['fr'], userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }, storage)).toBeUndefined();
    expect(startLanguageSuggestion(document, { languages: ['en-US', 'fr'], userAgent: CHROME }, storage)).toBeUndefined();
    expect(document.querySelector('.language-suggestion')).toBeNull();
  });

  it('a language picked in the switcher is remembered: the banner does not argue with it', () => {
    startLanguageSuggestion(document, { languages: ['en-US'], userAgent: CHROME }, storage);
    const english = document.querySelector<HTMLAnchorElement>('a[data-language-choice="en-US"]')!;
    english.addEventListener('click', (event) => event.preventDefault());
    english.click();
    expect(storage.getItem(LANGUAGE_CHOICE_KEY)).toBe('en-US');
    pageWith(SITE);
    expect(startLanguageSuggestion(document, { languages: ['fr'], userAgent: CHROME }, storage)).toBeUndefined();
  });

  it('a page without the site’s languages shows nothing', () => {
    document.body.innerHTML = '<main></main>';
    expect(startLanguageSuggestion(document, { languages: ['fr'], userAgent: CHROME }, storage)).toBeUndefined();
  });
});

describe('the spec’s locale call (platform §7) for a signed-in site user’s pick', () => {
  afterEach(() => vi.unstubAllGlobals());
  const signedIn = `SiteUserInfo=${encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId: 'su_1' }))}`;

  it('posts the language, only for a signed-in site user and a standard code', async () => {
    const calls: Array<[string, RequestInit | undefined]> = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return new Response(url === '/api/crumb' ? JSON.stringify({ crumb: 'c' }) : JSON.stringify({ language: 'fr' }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    expect(await storeSiteUserLocale('fr', signedIn)).toBe(true);
    const posted = calls.find(([url]) => url === '/api/site-users/account/locale');
    expect(posted?.[1]?.method).toBe('POST');
    expect(posted?.[1]?.body).toBe(JSON.stringify({ language: 'fr' }));
    calls.length = 0;
    expect(await storeSiteUserLocale('x-pirate', signedIn)).toBe(false);
    expect(await storeSiteUserLocale('fr', '')).toBe(false);
    expect(calls).toEqual([]);
  });

  it('a custom code is private use or one no standard names', () => {
    expect(isCustomLanguageCode('fr')).toBe(false);
    expect(isCustomLanguageCode('de-DE')).toBe(false);
    expect(isCustomLanguageCode('x-pirate')).toBe(true);
    expect(isCustomLanguageCode('en-x-corp')).toBe(true);
    expect(isCustomLanguageCode('qq')).toBe(true);
  });
});

describe('links the islands draw keep the page’s language', () => {
  it('a same-site link without the prefix gets it when clicked; the API, files, other sites and prefixed links do not', () => {
    document.body.innerHTML = `
      <a id="checkout" href="/checkout">Checkout</a><a id="home" href="/">Home</a><a id="done" href="/fr/cart">Cart</a>
      <a id="api" href="/api/crumb">API</a><a id="file" href="/downloads/guide.pdf">Guide</a><a id="away" href="https://example.org/x">Away</a>`;
    const stop = keepLanguageInLinks(document, '/fr');
    const click = (id: string) => {
      const link = document.getElementById(id)!;
      link.addEventListener('click', (event) => event.preventDefault(), { once: true });
      link.click();
      return link.getAttribute('href');
    };
    expect(click('checkout')).toBe('/fr/checkout');
    expect(click('home')).toBe('/fr/');
    expect(click('done')).toBe('/fr/cart');
    expect(click('api')).toBe('/api/crumb');
    expect(click('file')).toBe('/downloads/guide.pdf');
    expect(click('away')).toBe('https://example.org/x');
    stop();
  });
});
