import type { ErrorBody } from '@vitrine/contracts';
import { catalogLanguageOf, localizeMessage, type CatalogLanguage } from '@vitrine/format/catalogs';

/** The language a request's visitor reads: the locale Intl formats with, and the interface-string catalog. */
export interface VisitorLanguage {
  /** A BCP 47 tag ('fr-FR'): dates, numbers and money are formatted with it. */
  locale: string;
  /** The catalog of interface strings (theme, cart, checkout, forms, restock); English for a language without one. */
  catalog: CatalogLanguage;
}

/** 'fr_FR' → 'fr-FR': Intl wants hyphens; the stored locale may carry the legacy underscore. */
const intlLocaleOf = (tag: string) => tag.replace(/_/g, '-');

const languageOf = (tag: string) => intlLocaleOf(tag).split('-')[0].toLowerCase();

/**
 * The visitor's language for a request (issue 39): the site's default language, unless the page being shown is in
 * another of the site's added languages (PUT /api/multilingual/languages). Today no page is in another language,
 * so every request reads the default; the `/{lang}/…` URL scheme (issue 39 item 2) will pass the page's language
 * here and nothing else has to change: the renderer, the islands' messages and the formatters all read this.
 */
export function visitorLanguageFor(
  site: { locale: string },
  page: { language?: string | null } = {},
  addedLanguages: readonly string[] = [],
): VisitorLanguage {
  const requested = page.language ? languageOf(page.language) : null;
  const added = requested ? addedLanguages.find((tag) => languageOf(tag) === requested) : undefined;
  const locale = intlLocaleOf(added ?? site.locale);
  return { locale, catalog: catalogLanguageOf(locale) };
}

/**
 * The visitor's language a page context carries (`visitorLanguage`, set by the page's builder), else the one its
 * website's default language gives: every page renders with one, whoever built its context.
 */
export function visitorLanguageOfContext(context: object): VisitorLanguage {
  const given = (context as { visitorLanguage?: VisitorLanguage }).visitorLanguage;
  if (given && typeof given.locale === 'string' && typeof given.catalog === 'string') return given;
  const language = (context as { website?: { language?: unknown } }).website?.language;
  return visitorLanguageFor({ locale: typeof language === 'string' && language ? language : 'en-US' });
}

/**
 * A refusal's message and field messages in the visitor's language (app.ts gives it to the error handler): the rules answer
 * with the English catalog's words, and a site in another language answers with its catalog's. English sites and
 * requests with no website (the operator's) are untouched.
 */
export function localizeErrorBodyForVisitor(website: { locale: string } | undefined, body: ErrorBody): ErrorBody {
  if (!website) return body;
  const language = visitorLanguageFor(website).catalog;
  if (language === 'en') return body;
  return {
    ...body,
    message: localizeMessage(body.message, language),
    ...(body.errors ? { errors: Object.fromEntries(Object.entries(body.errors).map(([field, message]) => [field, localizeMessage(message, language)])) } : {}),
  };
}
