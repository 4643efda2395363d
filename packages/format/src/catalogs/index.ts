import { formatMessage, type MessageValue } from '../messages';
import type { Catalog, CatalogDomain } from './catalog-types';
import { DE } from './de';
import { EN } from './en';
import { ES } from './es';
import { FR } from './fr';
import { fillPlaceholders } from './fill';

export { fillPlaceholders } from './fill';

export type { Catalog, CatalogDomain } from './catalog-types';
export { EN } from './en';

/** The languages Vitrine ships interface strings for; English is the source and the fallback. */
export const CATALOG_LANGUAGES = ['en', 'fr', 'de', 'es'] as const;
export type CatalogLanguage = (typeof CATALOG_LANGUAGES)[number];

const CATALOGS: Record<CatalogLanguage, Catalog> = { en: EN, fr: FR, de: DE, es: ES };

/**
 * The catalog language for a locale or language tag ('fr-CA', 'fr_FR', 'FR' → 'fr'); any language without a
 * catalog reads English.
 */
export function catalogLanguageOf(locale: string | null | undefined): CatalogLanguage {
  const language = (locale ?? '').split(/[-_]/)[0].toLowerCase();
  return (CATALOG_LANGUAGES as readonly string[]).includes(language) ? (language as CatalogLanguage) : 'en';
}

export function catalogFor(language: CatalogLanguage): Catalog {
  return CATALOGS[language];
}

/** One domain's patterns in a language (what the server hands an island: only the domains it reads). */
export function catalogDomain<Domain extends CatalogDomain>(language: CatalogLanguage, domain: Domain): Catalog[Domain] {
  return CATALOGS[language][domain];
}

/** A message of a catalog, formatted with intl-messageformat (plurals, numbers) for that language. */
export function translate<Domain extends CatalogDomain>(
  language: CatalogLanguage,
  domain: Domain,
  key: keyof Catalog[Domain] & string,
  values: Record<string, MessageValue> = {},
): string {
  const pattern = (CATALOGS[language][domain] as Record<string, string>)[key];
  return formatMessage(pattern, values, language);
}


interface EnglishPattern {
  domain: CatalogDomain;
  key: string;
  /** The English words with each `{name}` a capture, for a message whose placeholders are filled. */
  filled: RegExp | null;
  names: string[];
}

let englishPatterns: { exact: Map<string, EnglishPattern>; filled: EnglishPattern[] } | null = null;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function englishPatternsOf() {
  if (englishPatterns) return englishPatterns;
  const exact = new Map<string, EnglishPattern>();
  const filled: EnglishPattern[] = [];
  for (const [domain, messages] of Object.entries(EN)) {
    for (const [key, english] of Object.entries(messages as Record<string, string>)) {
      const names = [...english.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const simple = names.length > 0 && !/\{\w+,/.test(english);
      const entry: EnglishPattern = {
        domain: domain as CatalogDomain,
        key,
        names,
        filled: simple ? new RegExp(`^${english.split(/\{\w+\}/).map(escapeRegExp).join('(.+?)')}$`) : null,
      };
      if (!exact.has(english)) exact.set(english, entry);
      if (entry.filled) filled.push(entry);
    }
  }
  englishPatterns = { exact, filled };
  return englishPatterns;
}

/**
 * A message in another language, looked up by its English words: the rules (commerce, forms, restock) answer in
 * English, and the server's error handler hands the visitor the same message from their catalog. A message whose
 * simple placeholders were filled in English ('Quantity must be between 1 and 9999.') is matched too, its values
 * carried over as they were. Text that is no catalog message (the owner's own words) is returned as it is.
 */
export function localizeMessage(message: string, language: CatalogLanguage): string {
  if (language === 'en') return message;
  const { exact, filled } = englishPatternsOf();
  const pattern = (found: EnglishPattern) => (CATALOGS[language][found.domain] as Record<string, string>)[found.key];
  const found = exact.get(message);
  if (found && found.names.length === 0) return pattern(found);
  for (const candidate of filled) {
    const match = candidate.filled!.exec(message);
    if (match) return fillPlaceholders(pattern(candidate), Object.fromEntries(candidate.names.map((name, index) => [name, match[index + 1]])));
  }
  return message;
}
