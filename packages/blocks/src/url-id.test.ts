import { describe, expect, it } from 'vitest';
import { CONTENT_LIMITS } from './messages';
import { checkCategory, checkTag, checkUrlId, urlIdFrom } from './url-id';

describe('urlIdFrom', () => {
  it('makes lowercase ascii with dashes, dropping accents', () => {
    expect(urlIdFrom('  Our Spring Café — Menu!  ', new Set())).toBe('our-spring-cafe-menu');
  });
  it("answers 'page' under 3 characters", () => {
    expect(urlIdFrom('Hi', new Set())).toBe('page');
    expect(urlIdFrom('✨✨', new Set())).toBe('page');
    expect(urlIdFrom('Hi', new Set(['page']))).toBe('page-2');
  });
  it('suffixes -2, -3 with the next unused number', () => {
    expect(urlIdFrom('About', new Set(['about']))).toBe('about-2');
    expect(urlIdFrom('About', new Set(['about', 'about-2', 'about-3']))).toBe('about-4');
  });
  it('keeps within the url id length', () => {
    const id = urlIdFrom('word '.repeat(100), new Set());
    expect(id.length).toBeLessThanOrEqual(CONTENT_LIMITS.urlIdLength);
    expect(id.endsWith('-')).toBe(false);
    expect(checkUrlId(id)).toBeUndefined();
  });
  it('checks a typed url id', () => {
    expect(checkUrlId('spring-sale')).toBeUndefined();
    expect(checkUrlId('Spring Sale')).toBe('The URL must be 1 to 100 lowercase letters, digits and single dashes, like spring-sale.');
    expect(checkUrlId('a--b')).toBe('The URL must be 1 to 100 lowercase letters, digits and single dashes, like spring-sale.');
  });
});

describe('tags and categories (platform §5)', () => {
  it('holds a tag to 50 characters and a category to 25', () => {
    expect(checkTag('t'.repeat(50))).toBeUndefined();
    expect(checkTag('t'.repeat(51))).toBe('A tag must be at most 50 characters.');
    expect(checkCategory('c'.repeat(25))).toBeUndefined();
    expect(checkCategory('c'.repeat(26))).toBe('A category must be at most 25 characters.');
    expect(checkTag('  ')).toBe('A tag cannot be empty.');
    expect(checkCategory('a\u0000b')).toBe('A category must not contain control characters.');
  });
});
