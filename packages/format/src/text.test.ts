import { describe, expect, it } from 'vitest';
import {
  BYTES_IN_MB,
  deriveStoreUrlId,
  humanizeFileSize,
  isBlank,
  isValidUrlLength,
  MAX_PATH_INDEX,
  MAX_URL_LENGTH,
  slugify,
  toIndex,
  truncate,
} from './text';

describe('truncate', () => {
  const sentence = 'The quick brown fox jumps over the lazy dog.';

  it('defaults to 100 characters and "..." (storefront.md §9)', () => {
    const long = 'a'.repeat(150);
    expect(truncate(long)).toBe(`${'a'.repeat(100)}...`);
    expect(truncate('a'.repeat(100))).toBe('a'.repeat(100));
  });

  it.each([
    [sentence, 100, '...', sentence],
    [sentence, 44, '...', sentence],
    [sentence, 19, '...', 'The quick brown fox...'],
    [sentence, 18, '...', 'The quick brown...'],
    [sentence, 10, '…', 'The quick…'],
    [sentence, 0, '...', '...'],
    ['abcdefghij', 5, '...', 'abcde...'],
    ['😀😀😀😀', 2, '', '😀😀'],
    ['', 5, '...', ''],
  ])('truncate(%j, %i, %j) is %j', (text, max, ellipsis, expected) => {
    expect(truncate(text, max, ellipsis)).toBe(expected);
  });
});

describe('isBlank', () => {
  it.each([[''], ['   '], ['\t\n'], ['\u200b'], ['\u200c\u200d'], ['\ufeff'], [' \u2060 '], ['\u00a0'], [null], [undefined]])(
    '%j is blank (zero-width characters count as blank)',
    (text) => {
      expect(isBlank(text)).toBe(true);
    },
  );

  it.each([['a'], [' a '], ['\u200ba'], ['0'], ['.']])('%j is not blank', (text) => {
    expect(isBlank(text)).toBe(false);
  });
});

describe('store url ids', () => {
  it.each([
    ['My Shop', 'my-shop'],
    ['  Café & Crème!  ', 'cafe-creme'],
    ['Ünïcödé Störe', 'unicode-store'],
    ['---', ''],
    ['Shop 2024', 'shop-2024'],
    ['東京 ストア', '東京-ストア'],
  ])('slugify(%j) is %j', (title, expected) => {
    expect(slugify(title)).toBe(expected);
  });

  it.each([
    ['Summer Sale', [], 'Store', 'summer-sale'],
    ['', [], 'Store', 'store'],
    ['Ab', [], 'Store', 'store'],
    ['!!', [], 'Store', 'store'],
    ['Abc', [], 'Store', 'abc'],
    ['Summer Sale', ['summer-sale'], 'Store', 'summer-sale-1'],
    ['Summer Sale', ['summer-sale', 'summer-sale-1', 'summer-sale-3'], 'Store', 'summer-sale-2'],
    ['X', ['store', 'store-1'], 'Store', 'store-2'],
  ] as const)('deriveStoreUrlId(%j, %j, %j) is %j', (title, existing, fallback, expected) => {
    expect(deriveStoreUrlId(title, existing, fallback)).toBe(expected);
  });
});

describe('humanizeFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1_048_576, '1 MB'],
    [BYTES_IN_MB, '976.56 KB'],
    [5 * 1024 ** 3, '5 GB'],
    [1024 ** 4, '1 TB'],
    [1024 ** 5, '1 PB'],
    [1024 ** 6, '1 EB'],
    [1024 ** 7, '1 ZB'],
    [1024 ** 8, '1 YB'],
    [1024 ** 9, '1024 YB'],
    [1024 * 1024 - 1, '1 MB'],
    [-1, '0 Bytes'],
    [Number.NaN, '0 Bytes'],
  ])('%d bytes is %j (1024 steps, Bytes to YB)', (bytes, expected) => {
    expect(humanizeFileSize(bytes)).toBe(expected);
  });

  it('counts a megabyte as 1,000,000 bytes for limits', () => {
    expect(BYTES_IN_MB).toBe(1_000_000);
  });
});

describe('urls and path segments', () => {
  it('limits URLs to 2083 characters', () => {
    expect(MAX_URL_LENGTH).toBe(2083);
    const base = 'https://example.com/';
    expect(isValidUrlLength(base + 'a'.repeat(2083 - base.length))).toBe(true);
    expect(isValidUrlLength(base + 'a'.repeat(2084 - base.length))).toBe(false);
  });

  it.each([
    ['0', 0],
    ['42', 42],
    ['2147483647', MAX_PATH_INDEX],
    ['2147483648', undefined],
    ['9999999999', undefined],
    ['01', undefined],
    ['-1', undefined],
    ['1.5', undefined],
    ['1e3', undefined],
    ['', undefined],
    ['abc', undefined],
    [' 1', undefined],
  ])('toIndex(%j) is %s', (segment, expected) => {
    expect(toIndex(segment)).toBe(expected);
  });
});
