import { describe, expect, it } from 'vitest';
import { MAX_PAGE_KEY_LENGTH, pageCacheKeyOf } from './cache-key';
import { mayChangePages } from './page-changes';
import { RenderedPageCache, type CachedPage } from './rendered-page-cache';

const page = (text: string, bytes = 1_000): CachedPage => ({ status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from(text.padEnd(bytes, '.')), encoded: {} });

function cacheAt(options: { maxBytes?: number; maxAgeMs?: number } = {}) {
  let now = 1_000_000;
  const cache = new RenderedPageCache({ maxBytes: options.maxBytes ?? 1_000_000, maxAgeMs: options.maxAgeMs ?? 60_000, now: () => now });
  return { cache, advance: (ms: number) => (now += ms), now: () => now };
}

describe('RenderedPageCache', () => {
  it('keeps a page per website and key; a second website never sees the first one’s', () => {
    const { cache } = cacheAt();
    expect(cache.store(cache.ticketFor('w1', 'h/'), page('one'))).toBe(true);
    expect(cache.get(cache.ticketFor('w1', 'h/'))?.body.toString()).toMatch(/^one/);
    expect(cache.get(cache.ticketFor('w2', 'h/'))).toBeUndefined();
  });

  it('refuses a page rendered from before an invalidation (its ticket is of the old generation)', () => {
    const { cache } = cacheAt();
    const ticket = cache.ticketFor('w1', 'h/');
    cache.invalidate('w1');
    expect(cache.store(ticket, page('stale'))).toBe(false);
    expect(cache.get(cache.ticketFor('w1', 'h/'))).toBeUndefined();
  });

  it('drops only the invalidated website’s pages', () => {
    const { cache } = cacheAt();
    cache.store(cache.ticketFor('w1', 'h/'), page('one'));
    cache.store(cache.ticketFor('w2', 'h/'), page('two'));
    cache.invalidate('w1');
    expect(cache.get(cache.ticketFor('w1', 'h/'))).toBeUndefined();
    expect(cache.get(cache.ticketFor('w2', 'h/'))).toBeDefined();
  });

  it('stays under its byte cap, the least recently used out first', () => {
    const { cache } = cacheAt({ maxBytes: 8 * 1_600 });
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) cache.store(cache.ticketFor('w', key), page(key));
    expect(cache.get(cache.ticketFor('w', 'a'))).toBeDefined(); // a is now the most recent
    cache.store(cache.ticketFor('w', 'i'), page('i'));
    expect(cache.bytes).toBeLessThanOrEqual(8 * 1_600);
    expect(cache.get(cache.ticketFor('w', 'a'))).toBeDefined();
    expect(cache.get(cache.ticketFor('w', 'b'))).toBeUndefined();
    // A compressed copy counts too.
    const kept = cache.get(cache.ticketFor('w', 'i'))!;
    const before = cache.bytes;
    cache.addEncoding(cache.ticketFor('w', 'i'), kept, 'br', Buffer.alloc(100));
    expect(cache.bytes).toBe(before + 100);
  });

  it('refuses a page larger than an eighth of the cache, and keeps nothing when off', () => {
    expect(cacheAt({ maxBytes: 8_000 }).cache.store({ websiteId: 'w', key: 'k', generation: 0 }, page('big', 2_000))).toBe(false);
    const off = cacheAt({ maxBytes: 0 }).cache;
    expect(off.enabled).toBe(false);
    expect(off.store(off.ticketFor('w', 'k'), page('x'))).toBe(false);
  });

  it('ends entries after their maximum age and at the website’s next scheduled change', () => {
    const { cache, advance, now } = cacheAt({ maxAgeMs: 60_000 });
    cache.store(cache.ticketFor('w', 'k'), page('x'));
    advance(60_000);
    expect(cache.get(cache.ticketFor('w', 'k'))).toBeUndefined();

    cache.setNextChange('w', new Date(now() + 5_000), cache.ticketFor('w', 'k').generation);
    cache.store(cache.ticketFor('w', 'k'), page('x'));
    advance(4_999);
    expect(cache.expireIfDue('w')).toBe(false);
    expect(cache.get(cache.ticketFor('w', 'k'))).toBeDefined();
    advance(1);
    expect(cache.expireIfDue('w')).toBe(true);
    expect(cache.get(cache.ticketFor('w', 'k'))).toBeUndefined();
    expect(cache.knowsNextChange('w')).toBe(false);
  });
});

describe('pageCacheKeyOf', () => {
  it('sorts the parameters and leaves campaign ones out', () => {
    expect(pageCacheKeyOf('http://Shop.Example', '/shop?b=2&a=1&utm_source=x&gclid=y')).toBe('http://shop.example/shop?a=1&b=2');
    expect(pageCacheKeyOf('http://h', '/shop?utm_medium=mail')).toBe('http://h/shop');
    expect(pageCacheKeyOf('http://h', `/${'x'.repeat(MAX_PAGE_KEY_LENGTH)}`)).toBeUndefined();
  });
});

describe('mayChangePages', () => {
  it('is every successful state change but the listed shopper calls', () => {
    expect(mayChangePages('PUT', '/api/owner/products/:id', 200)).toBe(true);
    expect(mayChangePages('POST', '/api/commerce/orders', 201)).toBe(true);
    expect(mayChangePages('POST', '/api/comments/posts/:itemId/comments', 200)).toBe(true);
    expect(mayChangePages('POST', '/api/commerce/shopping-cart/entries', 200)).toBe(false);
    expect(mayChangePages('POST', '/api/census/page-view', 200)).toBe(false);
    expect(mayChangePages('PUT', '/api/owner/products/:id', 400)).toBe(false);
    expect(mayChangePages('GET', '/api/owner/products', 200)).toBe(false);
    expect(mayChangePages('POST', undefined, 200)).toBe(false);
  });
});
