// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_CHOICE_KEY, languageToSuggest, startLanguageSuggestion, type SiteLanguage } from './language-suggestion';

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
