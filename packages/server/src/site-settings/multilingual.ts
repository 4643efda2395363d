import type { Kysely } from 'kysely';
import type { LanguagesBody, SiteUserLocaleBody } from '@vitrine/contracts';
import { siteUserOf, type Actor } from '../actor';
import type { Database, Website } from '../db/schema';
import { invalid, unauthenticated } from '../failures';
import { authorize } from '../authorize';
import { markTranslationDisconnected, readLanguages, saveLanguages, saveSiteUserLocale } from './queries';

/**
 * Multilingual settings (platform spec §3, §7). A self-hosted site has no translation service of its
 * own: "connected" means the environment names one (TRANSLATION_PROVIDER; none is built in, so by
 * default nothing is connected) and the owner has not disconnected it. DELETE /connection records the
 * disconnection; saving the languages again reconnects a configured service.
 */
export const MULTILINGUAL_MESSAGES = {
  invalid: 'Some languages are not valid.',
  duplicate: 'Each language may be listed once.',
  siteLanguage: "The site's own language is not an extra language.",
  signIn: 'Sign in to choose your language.',
} as const;

export interface TranslationConfig {
  /** The translation provider the environment configures, if any. */
  provider: string | undefined;
}

/** 'fr_ca' and 'FR-ca' are 'fr-CA': language lower case, script title case, region upper case. */
export function normaliseLanguageCode(code: string): string {
  const [language, ...rest] = code.split(/[-_]/);
  const subtags = rest.map((tag) => (tag.length === 4 ? tag[0].toUpperCase() + tag.slice(1).toLowerCase() : tag.length === 2 ? tag.toUpperCase() : tag.toLowerCase()));
  return [language.toLowerCase(), ...subtags].join('-');
}

function statusOf(config: TranslationConfig, disconnected: boolean) {
  const connected = config.provider !== undefined && !disconnected;
  return { connected, provider: connected ? config.provider! : null };
}

export async function getMultilingualSettings(db: Kysely<Database>, website: Website, actor: Actor, config: TranslationConfig) {
  authorize(actor, 'site:read');
  const stored = await readLanguages(db, website.id);
  return { defaultLanguage: website.locale, languages: stored.languages, ...statusOf(config, stored.translationDisconnected) };
}

export async function getMultilingualStatus(db: Kysely<Database>, website: Website, actor: Actor, config: TranslationConfig) {
  authorize(actor, 'site:read');
  return statusOf(config, (await readLanguages(db, website.id)).translationDisconnected);
}

export async function getLanguages(db: Kysely<Database>, website: Website, actor: Actor) {
  authorize(actor, 'site:read');
  return { languages: (await readLanguages(db, website.id)).languages };
}

/** PUT /api/multilingual/languages: the extra languages, normalised, each once, not the site's own. */
export async function updateLanguages(db: Kysely<Database>, website: Website, actor: Actor, input: LanguagesBody) {
  authorize(actor, 'site:write');
  const languages = input.languages.map(normaliseLanguageCode);
  const errors: Record<string, string> = {};
  const siteLanguage = normaliseLanguageCode(website.locale);
  languages.forEach((language, index) => {
    if (languages.indexOf(language) !== index) errors[`languages.${index}`] = MULTILINGUAL_MESSAGES.duplicate;
    else if (language === siteLanguage) errors[`languages.${index}`] = MULTILINGUAL_MESSAGES.siteLanguage;
  });
  if (Object.keys(errors).length > 0) throw invalid(MULTILINGUAL_MESSAGES.invalid, errors);
  await saveLanguages(db, website.id, languages);
  return { languages };
}

/** DELETE /api/multilingual/connection. */
export async function disconnectTranslation(db: Kysely<Database>, website: Website, actor: Actor) {
  authorize(actor, 'site:write');
  await markTranslationDisconnected(db, website.id);
  return { connected: false, provider: null };
}

/** POST /api/site-users/account/locale: any signed-in site user's own language. */
export async function setSiteUserLocale(db: Kysely<Database>, website: Website, actor: Actor, input: SiteUserLocaleBody) {
  const siteUser = siteUserOf(actor);
  if (!siteUser) throw unauthenticated(MULTILINGUAL_MESSAGES.signIn);
  const language = normaliseLanguageCode(input.language);
  await saveSiteUserLocale(db, website.id, siteUser.id, language);
  return { language };
}
