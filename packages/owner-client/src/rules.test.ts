import { describe, expect, it } from 'vitest';
import { CATALOG_LIMITS, OWNER_CATALOG_MESSAGES } from '@vitrine/contracts';
import {
  FALLBACK_STORE_TITLE, MASKED_PASSWORD, checkCategories, checkTags, checkUrl, isMaskedPassword, isValidUrl, maskedFieldValue, rootCategoryName,
  storeUrlId, withoutMaskedFields,
} from './rules';

describe('the store url id (platform spec §5)', () => {
  it('comes from the title', () => {
    expect(storeUrlId('Summer Sale')).toBe('summer-sale');
    expect(storeUrlId('  Café Crème  ')).toBe('cafe-creme');
  });

  it('comes from the fallback store title when the title gives under 3 characters', () => {
    expect(FALLBACK_STORE_TITLE).toBe('Store');
    for (const title of ['', '   ', 'AB', '!!', 'é!']) expect(storeUrlId(title), title).toBe('store');
    expect(storeUrlId('abc')).toBe('abc');
  });

  it('takes -N with the next unused N when taken', () => {
    expect(storeUrlId('Shop', ['shop'])).toBe('shop-1');
    expect(storeUrlId('Shop', ['shop', 'shop-1', 'shop-3'])).toBe('shop-2');
    expect(storeUrlId('', ['store', 'store-1'])).toBe('store-2');
    expect(storeUrlId('Shop', ['shop-1'])).toBe('shop');
  });

  it('names the root category after the title, within the category limit', () => {
    expect(rootCategoryName('Summer Sale')).toBe('Summer Sale');
    expect(rootCategoryName('A very long store title that goes on')).toBe('A very long store title t');
    expect([...rootCategoryName('é'.repeat(40))]).toHaveLength(CATALOG_LIMITS.categoryLength);
    expect(rootCategoryName('   ')).toBe('Store');
  });
});

describe('tags and categories (platform spec §5)', () => {
  it('allows tags of up to 50 characters and categories of up to 25, trimmed and each once', () => {
    expect(checkTags(['a'.repeat(50), ' summer ', 'summer'])).toEqual({ values: ['a'.repeat(50), 'summer'] });
    expect(checkCategories(['b'.repeat(25), 'Shirts'])).toEqual({ values: ['b'.repeat(25), 'Shirts'] });
  });

  it("refuses a longer or blank one with the contract's message", () => {
    expect(checkTags(['a'.repeat(51)]).error).toBe(OWNER_CATALOG_MESSAGES.tags);
    expect(checkTags(['  ']).error).toBe(OWNER_CATALOG_MESSAGES.tags);
    expect(checkCategories(['b'.repeat(26)]).error).toBe(OWNER_CATALOG_MESSAGES.categories);
    expect(checkTags(Array.from({ length: 101 }, (_, index) => `t${index}`)).error).toBe(OWNER_CATALOG_MESSAGES.tags);
  });

  it('counts characters, not UTF-16 units, as the server does', () => {
    expect(checkTags(['😀'.repeat(50)]).error).toBeUndefined();
    expect(checkTags(['😀'.repeat(51)]).error).toBe(OWNER_CATALOG_MESSAGES.tags);
  });
});

describe('the URL validator (platform spec §5)', () => {
  it('takes web and mail addresses and paths of this site, of up to 2083 characters', () => {
    const base = 'https://example.com/';
    for (const link of ['https://example.com', 'http://example.com/a?b=c#d', 'mailto:shop@example.com', '/', '/cart', base + 'a'.repeat(2083 - base.length)]) {
      expect(isValidUrl(link), link).toBe(true);
      expect(checkUrl(link)).toBeUndefined();
    }
  });

  it("refuses anything else with the spec's editor message", () => {
    const base = 'https://example.com/';
    for (const link of ['', 'example.com', 'javascript:alert(1)', '//evil.example', '/\\evil.example', 'https://exa mple.com', 'ftp://example.com', 'https://', base + 'a'.repeat(2084 - base.length)]) {
      expect(isValidUrl(link), link).toBe(false);
    }
    expect(checkUrl('example.com')).toBe('example.com is not a valid page URL');
  });
});

describe('the masked password (platform spec §5)', () => {
  it('is the placeholder __MASKED_FIELD__ for a stored secret', () => {
    expect(MASKED_PASSWORD).toBe('__MASKED_FIELD__');
    expect(maskedFieldValue('s3cret')).toBe('__MASKED_FIELD__');
    expect(maskedFieldValue('')).toBe('');
    expect(maskedFieldValue(null)).toBe('');
    expect(isMaskedPassword('__MASKED_FIELD__')).toBe(true);
    expect(isMaskedPassword('other')).toBe(false);
  });

  it('is never saved: fields still holding it are left out', () => {
    expect(withoutMaskedFields({ apiSecret: '__MASKED_FIELD__', currency: 'EUR', newSecret: 'typed' })).toEqual({ currency: 'EUR', newSecret: 'typed' });
  });
});
