// databases: none — pure rules of what a shared cache may keep
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_CACHE_SETTINGS,
  ifNoneMatchHits,
  isShareablePage,
  pageCacheControl,
  pageCacheSettingsFromEnvironment,
  strongEtagOf,
  type PageShareFacts,
} from './cache-policy';
import { MAX_SURROGATE_KEYS, surrogateKeysOf } from './surrogate-keys';

const anonymousProductPage: PageShareFacts = {
  method: 'GET',
  status: 200,
  template: 'item',
  anonymous: true,
  cookies: {},
  setsCookie: false,
  hasExperiments: false,
  preview: false,
};

describe('isShareablePage', () => {
  it('shares an anonymous GET or HEAD of a found or not-found page', () => {
    expect(isShareablePage(anonymousProductPage)).toBe(true);
    expect(isShareablePage({ ...anonymousProductPage, method: 'HEAD' })).toBe(true);
    expect(isShareablePage({ ...anonymousProductPage, status: 404 })).toBe(true);
  });

  it('never shares a signed-in, cookie-setting, experimenting, preview, personal or failed answer', () => {
    expect(isShareablePage({ ...anonymousProductPage, method: 'POST' })).toBe(false);
    expect(isShareablePage({ ...anonymousProductPage, status: 500 })).toBe(false);
    expect(isShareablePage({ ...anonymousProductPage, status: 302 })).toBe(false);
    expect(isShareablePage({ ...anonymousProductPage, anonymous: false })).toBe(false);
    expect(isShareablePage({ ...anonymousProductPage, setsCookie: true })).toBe(false);
    expect(isShareablePage({ ...anonymousProductPage, hasExperiments: true })).toBe(false);
    expect(isShareablePage({ ...anonymousProductPage, preview: true })).toBe(false);
    for (const template of ['cart', 'checkout', 'order-confirmed', 'members', 'subscriptions', 'reviews-request']) {
      expect(isShareablePage({ ...anonymousProductPage, template }), template).toBe(false);
    }
  });

  it('never shares a request carrying a cookie that changes the HTML; an empty one does not count', () => {
    for (const name of ['siteUserSession', 'SiteUserInfo', 'CART', 'vitrine_unlock', 'vitrine_experiment_overrides']) {
      expect(isShareablePage({ ...anonymousProductPage, cookies: { [name]: 'x' } }), name).toBe(false);
    }
    expect(isShareablePage({ ...anonymousProductPage, cookies: { CART: '' } })).toBe(true);
    expect(isShareablePage({ ...anonymousProductPage, cookies: { SS_ANALYTICS_ID: 'a' } })).toBe(true);
  });
});

describe('pageCacheControl and its settings', () => {
  it('says public with the shared max-age and stale-while-revalidate, or private, no-store', () => {
    expect(pageCacheControl(true, DEFAULT_PAGE_CACHE_SETTINGS)).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30');
    expect(pageCacheControl(false, DEFAULT_PAGE_CACHE_SETTINGS)).toBe('private, no-store');
  });

  it('reads PAGE_CACHE_S_MAXAGE and PAGE_CACHE_STALE_WHILE_REVALIDATE, refusing a bad value by name', () => {
    expect(pageCacheSettingsFromEnvironment({})).toEqual(DEFAULT_PAGE_CACHE_SETTINGS);
    expect(pageCacheSettingsFromEnvironment({ PAGE_CACHE_S_MAXAGE: '300', PAGE_CACHE_STALE_WHILE_REVALIDATE: '0' })).toEqual({ sharedMaxAgeSeconds: 300, staleWhileRevalidateSeconds: 0 });
    expect(() => pageCacheSettingsFromEnvironment({ PAGE_CACHE_S_MAXAGE: '-1' })).toThrow('PAGE_CACHE_S_MAXAGE must be a whole number of seconds from 0 to 86400.');
    expect(() => pageCacheSettingsFromEnvironment({ PAGE_CACHE_STALE_WHILE_REVALIDATE: '86401' })).toThrow('PAGE_CACHE_STALE_WHILE_REVALIDATE must be');
  });
});

describe('the strong ETag and If-None-Match', () => {
  it('is the same for the same bytes and differs for others', () => {
    expect(strongEtagOf('<p>a</p>')).toBe(strongEtagOf(Buffer.from('<p>a</p>')));
    expect(strongEtagOf('<p>a</p>')).not.toBe(strongEtagOf('<p>b</p>'));
    expect(strongEtagOf('x')).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
  });

  it('matches *, a list, and a weak form of the same tag; nothing else', () => {
    const etag = strongEtagOf('page');
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
    expect(ifNoneMatchHits('*', etag)).toBe(true);
    expect(ifNoneMatchHits(`"old", ${etag}`, etag)).toBe(true);
    expect(ifNoneMatchHits(`W/${etag}`, etag)).toBe(true);
    expect(ifNoneMatchHits('"old"', etag)).toBe(false);
  });
});

describe('surrogateKeysOf', () => {
  it('names the website, its settings and design, the template, and the ids the page shows', () => {
    const keys = surrogateKeysOf('w1', 'item', { item: { id: 'p1' }, collection: { id: 'c1' }, relatedProducts: [{ id: 'p2' }, { id: 'p1' }] });
    expect(keys).toEqual(['w-w1', 'settings-w1', 'design-w1', 'type-item', 'collection-c1', 'item-p1', 'item-p2']);
  });

  it('drops ids that are not plain tokens and caps the list, keeping the website key first', () => {
    expect(surrogateKeysOf('w1', 'page', { contentPage: { id: 'a b' } })).toEqual(['w-w1', 'settings-w1', 'design-w1', 'type-page']);
    const many = surrogateKeysOf('w1', 'collection', { items: Array.from({ length: 500 }, (_, n) => ({ id: `p${n}` })) });
    expect(many).toHaveLength(MAX_SURROGATE_KEYS);
    expect(many[0]).toBe('w-w1');
  });
});
