import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearMessageCache,
  formatMessage,
  isMessageCached,
  MESSAGE_CACHE_LIMIT,
  messageCacheSize,
} from './messages';
import { isPluralKey, PLURAL_CATEGORIES, pluralCategory, selectPlural } from './plurals';

describe('plurals', () => {
  it('knows the spec plural keys', () => {
    expect(PLURAL_CATEGORIES).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    for (const key of ['zero', 'one', 'two', 'few', 'many', 'other', '=0', '=12', '=1.5']) {
      expect(isPluralKey(key)).toBe(true);
    }
    for (const key of ['some', '=', '=x', 'One', '0', '=-1']) expect(isPluralKey(key)).toBe(false);
  });

  it.each([
    [1, 'en', 'one'],
    [0, 'en', 'other'],
    [2, 'en', 'other'],
    [0, 'ar', 'zero'],
    [2, 'ar', 'two'],
    [3, 'ar', 'few'],
    [11, 'ar', 'many'],
    [5, 'ru', 'many'],
    [22, 'ru', 'few'],
    [1, 'ja', 'other'],
  ] as const)('%d in %s is %s', (value, locale, category) => {
    expect(pluralCategory(value, locale)).toBe(category);
  });

  it('supports ordinal rules', () => {
    expect(pluralCategory(2, 'en', 'ordinal')).toBe('two');
    expect(pluralCategory(3, 'en', 'ordinal')).toBe('few');
  });

  it.each([
    [0, 'nothing'],
    [1, 'one item'],
    [2, 'many items'],
    [12, 'a dozen'],
  ])('selects the form for %d: exact =N first, then the category, then other', (value, expected) => {
    const forms = { '=0': 'nothing', '=12': 'a dozen', one: 'one item', other: 'many items' } as const;
    expect(selectPlural(value, forms)).toBe(expected);
  });

  it('falls back to other when the category has no form', () => {
    expect(selectPlural(3, { one: 'one', other: 'other' }, 'ar')).toBe('other');
    expect(selectPlural(3, { few: 'few', other: 'other' }, 'ar')).toBe('few');
  });

  it('rejects keys that are not plural keys', () => {
    expect(() => selectPlural(1, { some: 'x', other: 'y' } as never)).toThrow(new RangeError('Invalid plural key: some'));
  });
});

describe('formatMessage', () => {
  beforeEach(() => clearMessageCache());

  it.each([
    ['Hello {name}', { name: 'Ann' }, 'en-US', 'Hello Ann'],
    ['{count, plural, =0 {no items} one {# item} other {# items}}', { count: 0 }, 'en-US', 'no items'],
    ['{count, plural, =0 {no items} one {# item} other {# items}}', { count: 1 }, 'en-US', '1 item'],
    ['{count, plural, =0 {no items} one {# item} other {# items}}', { count: 1234 }, 'en-US', '1,234 items'],
    ['{n, number}', { n: 1234.5 }, 'de-DE', '1.234,5'],
    ['{place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', { place: 22 }, 'en-US', '22nd'],
    ['{kind, select, physical {Ships} other {Download}}', { kind: 'digital' }, 'en-US', 'Download'],
  ])('formats %j with %j in %s', (pattern, values, locale, expected) => {
    expect(formatMessage(pattern, values, locale)).toBe(expected);
  });

  it('throws when a value is missing or the pattern is malformed', () => {
    expect(() => formatMessage('Hello {name}', {})).toThrow();
    expect(() => formatMessage('Hello {name', { name: 'x' })).toThrow();
  });

  it('keeps at most 100 compiled patterns, dropping the least recently used', () => {
    expect(MESSAGE_CACHE_LIMIT).toBe(100);
    for (let index = 0; index < 100; index += 1) formatMessage(`pattern ${index}`);
    expect(messageCacheSize()).toBe(100);
    formatMessage('pattern 0'); // touch the oldest so it survives
    formatMessage('pattern 100');
    expect(messageCacheSize()).toBe(100);
    expect(isMessageCached('pattern 0')).toBe(true);
    expect(isMessageCached('pattern 1')).toBe(false);
    expect(isMessageCached('pattern 100')).toBe(true);
  });

  it('caches per locale', () => {
    formatMessage('{n, number}', { n: 1 }, 'en-US');
    formatMessage('{n, number}', { n: 1 }, 'de-DE');
    expect(messageCacheSize()).toBe(2);
  });
});
