import { formatMessage, type MessageValue } from '../messages';
import type { Catalog, CatalogDomain } from './catalog-types';
import { DE } from './de';
import { EN } from './en';
import { ES } from './es';
import { FR } from './fr';

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

export { fillPlaceholders } from './fill';
