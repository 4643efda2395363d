// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CENSUS_PATHS, clearCensusCookies, HIT_EVENT, recordCensus, recordHit, renewVisitorCookies } from './census';
import { readCookie } from './cookies';
import { isEditingArea, pagePath, skipsPageView, trackingSkipReason, UNTRACKED_PAGE_TYPES } from './skip-rules';
import { formFields, pageContext, recordCookieWrites, resetBrowser, stubNetwork } from './test-support/browser';
import { TRACKING_TIMEOUT_MS } from './transport';
import { parseVisitorCookie } from './visitor-cookie';

beforeEach(() => resetBrowser('/shop/p/linen-shirt/'));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the page path (platform §2)', () => {
  it('has any trailing slash removed', () => {
    expect(pagePath('/shop/p/linen-shirt/')).toBe('/shop/p/linen-shirt');
    expect(pagePath('/shop//')).toBe('/shop');
    expect(pagePath('/cart')).toBe('/cart');
    expect(pagePath('/')).toBe('');
    expect(pagePath()).toBe('/shop/p/linen-shirt');
  });
});

describe('when tracking is skipped (storefront §2, §6)', () => {
  it('tracks an anonymous visitor on an ordinary page', () => {
    expect(trackingSkipReason(pageContext(), '/shop')).toBeNull();
  });

  it('skips the editing area /config', () => {
    expect(isEditingArea('/config')).toBe(true);
    expect(isEditingArea('/config/sign-in')).toBe(true);
    expect(isEditingArea('/configure')).toBe(false);
    expect(trackingSkipReason(pageContext(), '/config')).toBe('editing-area');
  });

  it('skips a signed-in account holder, but not one whose only role is viewer (outside /config)', () => {
    expect(trackingSkipReason(pageContext({ accountHolder: true }), '/shop')).toBe('account-holder');
    expect(trackingSkipReason(pageContext({ accountHolder: true, viewerOnly: true }), '/shop')).toBeNull();
    expect(trackingSkipReason(pageContext({ accountHolder: true, viewerOnly: true }), '/config')).toBe('editing-area');
  });

  it('skips the not-found (100), lock-screen (103) and member-area-access-denied (106) pages', () => {
    expect(UNTRACKED_PAGE_TYPES).toEqual([100, 103, 106]);
    for (const pageType of [100, 103, 106]) expect(trackingSkipReason(pageContext({ pageType }), '/x')).toBe('page-type');
    for (const pageType of [1, 2, 50, 101, 102, 104, 105, 200, 202]) expect(trackingSkipReason(pageContext({ pageType }), '/x')).toBeNull();
  });

  it('skips everything under the global disable flag, and under cookie restrictions', () => {
    expect(trackingSkipReason(pageContext({ disabled: true }), '/shop')).toBe('disabled');
    expect(trackingSkipReason(pageContext({ cookieRestrictions: true }), '/shop')).toBe('cookie-restrictions');
  });

  it('records no page view on /search', () => {
    expect(skipsPageView('/search')).toBe(true);
    expect(skipsPageView('/shop')).toBe(false);
  });

  it('clears ss_cid, ss_cpvisit, ss_cvisit, ss_cvr and ss_cvt under cookie restrictions', () => {
    for (const name of ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt', 'crumb']) document.cookie = `${name}=1;Path=/`;
    clearCensusCookies();
    expect(document.cookie).toBe('crumb=1');
  });
});

describe('the visitor cookies (storefront §4, §9)', () => {
  it('names a new visitor in ss_cvr for 2 years and the visit in ss_cvt for 30 minutes', () => {
    const writes = recordCookieWrites();
    const text = renewVisitorCookies(1_000);
    const cookie = parseVisitorCookie(text)!;
    expect(cookie).toMatchObject({ firstSeenMs: 1_000, visitStartMs: 1_000, visitCount: 1, hitCount: 1 });
    expect(text.split('|')).toHaveLength(5);
    expect(writes).toEqual([
      `ss_cvr=${encodeURIComponent(text)};Path=/;SameSite=Lax;Max-Age=63072000`,
      'ss_cvt=1000;Path=/;SameSite=Lax;Max-Age=1800',
    ]);
    expect(readCookie('ss_cvr')).toBe(text);
  });

  it('counts hits within a visit, and a new visit once ss_cvt has lapsed', () => {
    const first = parseVisitorCookie(renewVisitorCookies(1_000))!;
    const second = parseVisitorCookie(renewVisitorCookies(2_000))!;
    expect(second).toEqual({ ...first, hitCount: 2 });
    document.cookie = 'ss_cvt=;Path=/;Expires=Thu, 01 Jan 1970 00:00:00 GMT';
    const third = parseVisitorCookie(renewVisitorCookies(5_000_000))!;
    expect(third).toEqual({ ...first, visitStartMs: 5_000_000, visitCount: 2, hitCount: 3 });
  });

  it('starts over from an unreadable ss_cvr', () => {
    document.cookie = 'ss_cvr=garbage;Path=/';
    expect(parseVisitorCookie(renewVisitorCookies(7))).toMatchObject({ firstSeenMs: 7, visitCount: 1, hitCount: 1 });
  });
});

describe('the census calls (storefront §7)', () => {
  it('RecordHit: form-encoded event, data with every field of §7, and ss_cvr, with the crumb header', async () => {
    const network = stubNetwork();
    document.cookie = 'crumb=crumb-1;Path=/';
    history.replaceState(null, '', '/shop/p/linen-shirt/?ref=mail#reviews');
    await recordHit(pageContext(), 'visitor-1|1|1|1|1');
    expect(network.sent).toHaveLength(1);
    const [hit] = network.sent;
    expect(hit).toMatchObject({ url: CENSUS_PATHS.hit, method: 'POST', via: 'fetch', keepalive: true });
    expect(hit!.headers).toMatchObject({ 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': 'crumb-1' });
    const fields = formFields(hit!.body);
    expect(Object.keys(fields)).toEqual(['event', 'data', 'ss_cvr']);
    expect(fields.event).toBe(HIT_EVENT);
    expect(fields.ss_cvr).toBe('visitor-1|1|1|1|1');
    expect(JSON.parse(fields.data!)).toEqual({
      websiteId: 'website-1',
      templateId: 'vitrine-default',
      website_locale: 'en-US',
      userAgent: navigator.userAgent,
      clientDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      viewportInnerWidth: innerWidth,
      viewportInnerHeight: innerHeight,
      screenWidth: screen.width,
      screenHeight: screen.height,
      url: '/shop/p/linen-shirt',
      title: 'Linen Shirt · Vitrine',
      itemId: 'item-1',
      recordType: 11,
      collectionId: 'collection-1',
      localStorageSupported: true,
      queryString: 'ref=mail',
      referrer: document.referrer,
    });
  });

  it('form-render, button and overlay calls carry the visitor cookie and the page fields as JSON', async () => {
    const network = stubNetwork();
    document.cookie = 'ss_cvr=visitor-1|1|1|1|1;Path=/';
    await recordCensus(pageContext(), CENSUS_PATHS.formRender, { formId: 'form-1', blockId: 'block-1' });
    await recordCensus(pageContext({ itemId: null, collectionId: null }), CENSUS_PATHS.quickView('item/2'));
    expect(network.sent.map((request) => request.url)).toEqual(['/api/census/form-render', '/api/census/RecordQuickView/item%2F2']);
    expect(network.sent[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(network.sent[0]!.body)).toEqual({
      formId: 'form-1',
      blockId: 'block-1',
      visitorCookie: 'visitor-1|1|1|1|1',
      websiteId: 'website-1',
      pageType: 50,
      pagePath: '/shop/p/linen-shirt',
      pageTitle: 'Linen Shirt · Vitrine',
      itemId: 'item-1',
      collectionId: 'collection-1',
    });
    // Page fields without a value are left out (the server takes texts, numbers and booleans).
    expect(JSON.parse(network.sent[1]!.body)).toEqual({
      visitorCookie: 'visitor-1|1|1|1|1',
      websiteId: 'website-1',
      pageType: 50,
      pagePath: '/shop/p/linen-shirt',
      pageTitle: 'Linen Shirt · Vitrine',
    });
    expect(Object.values(CENSUS_PATHS).filter((path) => typeof path === 'string')).toEqual([
      '/api/census/RecordHit',
      '/api/census/button-click',
      '/api/census/button-render',
      '/api/census/form-render',
      '/api/census/overlay',
    ]);
  });

  it('gives up after 2,500 ms, silently', async () => {
    vi.useFakeTimers();
    const network = stubNetwork();
    network.hang.add(CENSUS_PATHS.hit);
    const error = vi.spyOn(console, 'error');
    const warn = vi.spyOn(console, 'warn');
    let done = false;
    void recordHit(pageContext(), 'v').then(() => (done = true));
    await vi.advanceTimersByTimeAsync(TRACKING_TIMEOUT_MS - 1);
    expect(network.sent[0]!.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(TRACKING_TIMEOUT_MS).toBe(2500);
    expect(network.sent[0]!.signal!.aborted).toBe(true);
    expect(done).toBe(true);
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('ignores failures: an error status or no network at all', async () => {
    const network = stubNetwork();
    network.status = 500;
    await expect(recordHit(pageContext(), 'v')).resolves.toBeUndefined();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(recordCensus(pageContext(), CENSUS_PATHS.overlay)).resolves.toBeUndefined();
  });
});
