import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages';
import { CATALOG_LANGUAGES, EN, catalogDomain, catalogFor, catalogLanguageOf, fillPlaceholders, localizeMessage, translate } from './index';

type Ast = ReturnType<IntlMessageFormat['getAst']>;

/** The argument names a pattern uses, its plural/select branches included (element types 1–6 carry a name). */
function placeholdersOf(ast: Ast, into = new Set<string>()): Set<string> {
  for (const element of ast) {
    const node = element as { type: number; value?: unknown; options?: Record<string, { value: Ast }> };
    if (node.type >= 1 && node.type <= 6 && typeof node.value === 'string') into.add(`${node.type}:${node.value}`);
    for (const option of Object.values(node.options ?? {})) placeholdersOf(option.value, into);
  }
  return into;
}

const englishEntries = Object.entries(EN).flatMap(([domain, messages]) =>
  Object.entries(messages).map(([key, pattern]) => [`${domain}.${key}`, pattern as string] as const));

describe('message catalogs', () => {
  it('ship English, French, German and Spanish', () => {
    expect(CATALOG_LANGUAGES).toEqual(['en', 'fr', 'de', 'es']);
  });

  it.each(CATALOG_LANGUAGES)('%s has every key of the English catalog and no other', (language) => {
    const catalog = catalogFor(language);
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(EN).sort());
    for (const [domain, messages] of Object.entries(EN)) {
      const translated = catalog[domain as keyof typeof EN] as Record<string, string>;
      expect(Object.keys(translated).sort(), domain).toEqual(Object.keys(messages).sort());
      for (const [key, pattern] of Object.entries(translated)) expect(pattern.trim(), `${language} ${domain}.${key}`).not.toBe('');
    }
  });

  it.each(CATALOG_LANGUAGES)('every %s translation parses and uses the English placeholders', (language) => {
    const catalog = catalogFor(language) as unknown as Record<string, Record<string, string>>;
    for (const [path, english] of englishEntries) {
      const [domain, key] = path.split('.');
      const pattern = catalog[domain][key];
      const parsed = new IntlMessageFormat(pattern, language);
      expect([...placeholdersOf(parsed.getAst())].sort(), `${language} ${path}`)
        .toEqual([...placeholdersOf(new IntlMessageFormat(english, 'en').getAst())].sort());
    }
  });

  it('translations differ from English where a word must (no key left untranslated by copy and paste)', () => {
    // Proper nouns and shared words ('Menu', 'CAPTCHA'…) may match; the bulk of a catalog may not.
    for (const language of ['fr', 'de', 'es'] as const) {
      const catalog = catalogFor(language) as unknown as Record<string, Record<string, string>>;
      const same = englishEntries.filter(([path, english]) => catalog[path.split('.')[0]][path.split('.')[1]] === english);
      expect(same.map(([path]) => path), language).toEqual(language === 'fr' ? ['theme.menu'] : []);
    }
  });

  it('English patterns read the same raw as formatted, so the constants can be the patterns themselves', () => {
    for (const [path, pattern] of englishEntries) {
      const names = [...placeholdersOf(new IntlMessageFormat(pattern, 'en').getAst())];
      if (names.length === 0) expect(formatMessage(pattern, {}, 'en'), path).toBe(pattern);
      else if (names.every((name) => name.startsWith('1:'))) {
        // Simple placeholders: the browser's fillPlaceholders agrees with intl-messageformat given strings.
        const values = Object.fromEntries(names.map((name) => [name.slice(2), `<${name.slice(2)}>`]));
        expect(fillPlaceholders(pattern, values), path).toBe(formatMessage(pattern, values, 'en'));
      }
    }
  });

  it('formats plurals and placeholders per language', () => {
    expect(translate('en', 'theme', 'itemCount', { count: 1 })).toBe('1 item');
    expect(translate('en', 'theme', 'itemCount', { count: 3 })).toBe('3 items');
    expect(translate('fr', 'theme', 'itemCount', { count: 1 })).toBe('1 article');
    expect(translate('fr', 'theme', 'itemCount', { count: 0 })).toBe('0 article');
    expect(translate('es', 'theme', 'itemCount', { count: 2 })).toBe('2 artículos');
    expect(translate('de', 'coupon', 'minSubtotal', { amount: '5,00 €' })).toBe('Fügen Sie noch 5,00 € hinzu, um diesen Gutscheincode zu nutzen.');
    expect(catalogDomain('fr', 'restock').emailBlank).toBe('L’adresse e-mail ne peut pas être vide');
  });

  it('maps a locale to its catalog language, English for any other', () => {
    expect(catalogLanguageOf('fr-CA')).toBe('fr');
    expect(catalogLanguageOf('de_AT')).toBe('de');
    expect(catalogLanguageOf('ES')).toBe('es');
    expect(catalogLanguageOf('en-US')).toBe('en');
    expect(catalogLanguageOf('ja-JP')).toBe('en');
    expect(catalogLanguageOf(undefined)).toBe('en');
  });

  it('localizes an English message by its words, filled placeholders included; other text stays', () => {
    expect(localizeMessage('Email cannot be blank', 'fr')).toBe('L’adresse e-mail ne peut pas être vide');
    expect(localizeMessage('This field is required.', 'de')).toBe('Dieses Feld ist erforderlich.');
    expect(localizeMessage('Quantity must be between 1 and 9999.', 'fr')).toBe('La quantité doit être comprise entre 1 et 9999.');
    expect(localizeMessage("We don't ship to Canada.", 'es')).toBe('No enviamos a Canada.');
    expect(localizeMessage('Select a country.', 'fr')).toBe('Choisissez un pays.');
    expect(localizeMessage('The owner wrote this.', 'fr')).toBe('The owner wrote this.');
    expect(localizeMessage('Email cannot be blank', 'en')).toBe('Email cannot be blank');
  });
});
