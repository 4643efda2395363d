import { useQuery } from '@tanstack/react-query';
import type { disconnectTranslationContract, getMultilingualSettingsContract, updateLanguagesContract } from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';

/** The languages section's calls (type-only imports of the contracts). */
export const LANGUAGES_ROUTES = {
  settings: callRoute<typeof getMultilingualSettingsContract>('GET', '/api/multilingual/settings'),
  update: callRoute<typeof updateLanguagesContract>('PUT', '/api/multilingual/languages'),
  disconnect: callRoute<typeof disconnectTranslationContract>('DELETE', '/api/multilingual/connection'),
} as const;

export interface MultilingualSettings {
  defaultLanguage: string;
  languages: string[];
  connected: boolean;
  provider: string | null;
}

export const languagesKeys = { all: ['multilingual'] as const };

export function useMultilingualSettings() {
  const client = useOwnerClient();
  return useQuery<MultilingualSettings>({
    queryKey: languagesKeys.all,
    queryFn: () => client.call(LANGUAGES_ROUTES.settings) as Promise<MultilingualSettings>,
  });
}

export function useSaveLanguages() {
  const client = useOwnerClient();
  return useOwnerMutation<string[], { languages: string[] }>({
    mutationFn: (languages) => client.call(LANGUAGES_ROUTES.update, { body: { languages } }) as Promise<{ languages: string[] }>,
    invalidates: [languagesKeys.all],
  });
}

export function useDisconnectTranslation() {
  const client = useOwnerClient();
  return useOwnerMutation<void, { connected: boolean; provider: string | null }>({
    mutationFn: () => client.call(LANGUAGES_ROUTES.disconnect) as Promise<{ connected: boolean; provider: string | null }>,
    invalidates: [languagesKeys.all],
  });
}

/** The contract's SITE_SETTINGS_LIMITS.languages (a test checks they agree). */
export const LANGUAGES_LIMIT = 20;

/** Languages offered in "Add a language" (codes as the server normalises them); names come from Intl.DisplayNames. */
export const OFFERED_LANGUAGES = [
  'ar', 'bg', 'ca', 'cs', 'da', 'de', 'el', 'en', 'en-GB', 'en-US', 'es', 'es-MX', 'et', 'fa', 'fi', 'fr', 'fr-CA', 'he', 'hi', 'hr',
  'hu', 'id', 'is', 'it', 'ja', 'ko', 'lt', 'lv', 'ms', 'nb', 'nl', 'pl', 'pt', 'pt-BR', 'ro', 'ru', 'sk', 'sl', 'sr', 'sv',
  'th', 'tl', 'tr', 'uk', 'vi', 'zh-Hans', 'zh-Hant',
] as const;

/** 'fr_ca' and 'FR-ca' are 'fr-CA' (the server's normaliseLanguageCode). */
export function normaliseLanguageCode(code: string): string {
  const [language = '', ...rest] = code.trim().split(/[-_]/);
  const subtags = rest.map((tag) => (tag.length === 4 ? tag[0]!.toUpperCase() + tag.slice(1).toLowerCase() : tag.length === 2 ? tag.toUpperCase() : tag.toLowerCase()));
  return [language.toLowerCase(), ...subtags].join('-');
}

/** A language's name in the owner's locale ('French (Canada)'), or the code itself when the browser has none. */
export function languageName(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale, 'en'], { type: 'language', fallback: 'none' }).of(code);
    return name && name !== code ? name : code;
  } catch {
    return code;
  }
}

/** What "Add a language" offers: the list less the site's language and those already added, sorted by name. */
export function addableLanguages(defaultLanguage: string, languages: readonly string[], locale: string): Array<{ code: string; name: string }> {
  const taken = new Set([normaliseLanguageCode(defaultLanguage), ...languages.map(normaliseLanguageCode)]);
  return OFFERED_LANGUAGES.filter((code) => !taken.has(code))
    .map((code) => ({ code, name: languageName(code, locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** Adds a language (normalised; the site's own and one already there are refused with a reason). */
export function withLanguage(defaultLanguage: string, languages: readonly string[], code: string): { languages: string[]; error?: string } {
  const next = normaliseLanguageCode(code);
  if (next === normaliseLanguageCode(defaultLanguage)) return { languages: [...languages], error: LANGUAGES_TEXTS.isSiteLanguage };
  if (languages.includes(next)) return { languages: [...languages], error: LANGUAGES_TEXTS.alreadyAdded };
  if (languages.length >= LANGUAGES_LIMIT) return { languages: [...languages], error: LANGUAGES_TEXTS.tooMany };
  return { languages: [...languages, next] };
}

export const LANGUAGES_TEXTS = {
  heading: 'Site languages',
  siteLanguage: 'Site language',
  siteLanguageHelp: 'The language the site is written in (the website’s locale).',
  languages: 'More languages',
  languagesHelp: `Languages the site is also offered in, ${LANGUAGES_LIMIT} at most.`,
  none: 'No other language yet.',
  add: 'Add a language',
  addButton: 'Add',
  remove: (name: string) => `Remove ${name}`,
  isSiteLanguage: 'That is the site’s own language.',
  alreadyAdded: 'That language is already on the list.',
  tooMany: `A site is offered in ${LANGUAGES_LIMIT} more languages at most.`,
  save: 'Save languages',
  saving: 'Saving…',
  saved: 'Saved.',
  translation: 'Translation service',
  connected: (provider: string) => `Connected to ${provider}.`,
  notConnected: 'No translation service is connected.',
  notConnectedHelp: 'A server administrator connects one with TRANSLATION_PROVIDER; saving the languages connects it again after a disconnection.',
  disconnect: 'Disconnect',
  confirmTitle: 'Disconnect the translation service?',
  confirmMessage: 'Pages in other languages are no longer translated until you save the languages again.',
  confirmLabel: 'Disconnect',
  disconnected: 'Disconnected.',
  readOnly: 'Your role may read these settings but not change them.',
} as const;
