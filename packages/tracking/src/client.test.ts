// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTracking, type TrackingClient } from './client';
import { readCookie } from './cookies';
import { SHOPPER_EVENTS, type ProductContext } from './dom-events';
import { startEventBuffer } from './event-buffer';
import { forgetAnalyticsIdInMemory } from './session';
import { formFields, pageContext, resetBrowser, settle, stubNetwork, type NetworkStub } from './test-support/browser';

const product: ProductContext = {
  id: 'item-1',
  name: 'Linen Shirt',
  productType: 1,
  variants: [{ sku: 'SQ-S', price: { decimalValue: '45.00' }, attributes: { Size: 'S' } }],
  price: { decimalValue: '45.00' },
};

let network: NetworkStub;
let client: TrackingClient | undefined;
beforeEach(() => {
  resetBrowser('/shop/p/linen-shirt');
  forgetAnalyticsIdInMemory();
  network = stubNetwork();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  client?.stop();
  client = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const start = (overrides = {}) => {
  const buffer = startEventBuffer();
  return { buffer, begin: () => (client = startTracking(pageContext(overrides), buffer, { collectPerformance: false })) };
};
const dispatch = (type: string, detail: unknown, target: EventTarget = document) => target.dispatchEvent(new CustomEvent(type, { detail }));
/** [eventSchemaName, content] of each event the newer tracker got: those of the page view's call, then one by one. */
const events = () =>
  network.sent
    .filter((request) => request.url === '/api/v1/clanker/events' || request.url === '/api/census/page-view')
    .flatMap((request) =>
      request.url === '/api/census/page-view' ? (JSON.parse(request.body).events as Record<string, string>[]) : [formFields(request.body)],
    )
    .map((fields) => [fields.eventSchemaName, JSON.parse(fields.eventContent!)] as [string, Record<string, unknown>]);
const pageViewCall = () => JSON.parse(network.sent.find((request) => request.url === '/api/census/page-view')!.body) as { hit: Record<string, string>; events: unknown[] };
const urls = () => network.sent.map((request) => request.url);

describe('a tracked page', () => {
  it('records the census hit (writing ss_cvr first) and the page-view with the session info in one call', () => {
    start().begin();
    expect(document.documentElement.dataset.tracking).toBe('on');
    expect(urls()).toEqual(['/api/census/page-view']);
    expect(network.sent[0]).toMatchObject({ via: 'fetch', keepalive: true, headers: expect.objectContaining({ 'content-type': 'application/json' }) });
    expect(pageViewCall().hit).toMatchObject({ event: 'pageView', ss_cvr: readCookie('ss_cvr') });
    expect(JSON.parse(pageViewCall().hit.data!)).toMatchObject({ websiteId: 'website-1', url: '/shop/p/linen-shirt', title: 'Linen Shirt · Vitrine' });
    expect(events()[0]![0]).toBe('page-view');
    expect(events()[0]![1]).toMatchObject({ is_first_landing: true, is_first_session: true, page_title: 'Linen Shirt · Vitrine', page_path: '/shop/p/linen-shirt' });
  });

  it('asks for no crumb on a page view: its calls are beacons, and the analytics id is its own (cookie, storage, memory, new)', async () => {
    start().begin();
    await settle();
    expect(urls()).not.toContain('/api/crumb');
    expect(readCookie('SS_ANALYTICS_ID')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('replays what the islands did before it arrived, then follows them', () => {
    const tracking = start();
    dispatch(SHOPPER_EVENTS.productView, { product });
    tracking.begin();
    dispatch(SHOPPER_EVENTS.addToCart, { product, sku: 'SQ-S', quantity: 2, currency: 'USD', placement: 'product-page' });
    expect(events().map(([name]) => name)).toEqual(['page-view', 'visit-product-page', 'add-to-cart']);
    // What happened before the client came rides with the page view; what happens after goes on its own.
    expect(urls()).toEqual(['/api/census/page-view', '/api/v1/clanker/events']);
    expect(pageViewCall().events).toHaveLength(2);
    expect(events()[1]![1]).toMatchObject({ product });
    expect(events()[2]![1]).toMatchObject({ product, sku: 'SQ-S', quantity: 2, currency: 'USD' });
  });

  it('turns every shopper event into its tracker event with the content the schemas expect', () => {
    start().begin();
    const cart = { item_count: 3, subtotal: { decimalValue: '135.00', currency: 'USD' } };
    const related = { url: '/shop/p/vase', title: 'Ceramic Vase' };
    const purchase = { order_id: 'order-1', revenue: { decimalValue: '90.00', currency: 'USD' }, products: [{ ...product, quantity: 2 }] };
    dispatch(SHOPPER_EVENTS.removeFromCart, { product, sku: 'SQ-S', quantity: 1, currency: 'USD' });
    dispatch(SHOPPER_EVENTS.viewCart, { cart });
    dispatch(SHOPPER_EVENTS.relatedProductDisplay, { products: [related] });
    dispatch(SHOPPER_EVENTS.relatedProductClick, related);
    dispatch(SHOPPER_EVENTS.relatedProductAdd, related);
    dispatch(SHOPPER_EVENTS.reviewsTab, { product });
    dispatch(SHOPPER_EVENTS.reviewsAnchorLink, { product });
    dispatch(SHOPPER_EVENTS.newsletterSubscribe, { formId: 'form-1', blockId: 'footer-newsletter' }, window);
    dispatch(SHOPPER_EVENTS.formSubmitSuccess, { formId: 'form-1', blockId: 'footer-newsletter' }, window);
    dispatch(SHOPPER_EVENTS.purchase, purchase);
    dispatch(SHOPPER_EVENTS.track, { name: 'access-denied-view', content: { member_area_id: 'm1' } });
    dispatch(SHOPPER_EVENTS.track, { name: 'not-a-schema', content: {} });
    const sent = events().slice(1);
    expect(sent.map(([name]) => name)).toEqual([
      'remove-from-cart', 'view-cart', 'related-product-display', 'related-product-click', 'related-product-add', 'reviews-tab',
      'reviews-anchor-link', 'newsletter-subscribe', 'form-submit-success', 'purchase', 'access-denied-view',
    ]);
    const content = Object.fromEntries(sent);
    expect(content['remove-from-cart']).toMatchObject({ product, sku: 'SQ-S', quantity: 1, currency: 'USD' });
    expect(content['view-cart']).toMatchObject({ cart });
    expect(content['related-product-display']).toMatchObject({ products: [related] });
    expect(content['related-product-click']).toMatchObject({ product_url: '/shop/p/vase', product_title: 'Ceramic Vase', destination_url: '/shop/p/vase' });
    expect(content['related-product-add']).toMatchObject({ product_url: '/shop/p/vase', product_title: 'Ceramic Vase' });
    expect(content['reviews-tab']).toMatchObject({ product });
    expect(content['newsletter-subscribe']).toMatchObject({ form_id: 'form-1', block_id: 'footer-newsletter' });
    expect(content['form-submit-success']).toMatchObject({ form_id: 'form-1', block_id: 'footer-newsletter' });
    expect(content.purchase).toMatchObject(purchase);
    expect(content['access-denied-view']).toMatchObject({ member_area_id: 'm1' });
  });

  it('makes census calls for a quick view, a rendered form, an overlay and marked buttons', () => {
    document.body.innerHTML = '<a data-census-button href="/shop"> Shop now </a>';
    start().begin();
    dispatch(SHOPPER_EVENTS.quickViewOpen, { itemId: 'item-7', productUrl: '/shop/p/vase' });
    dispatch(SHOPPER_EVENTS.formRender, { formId: 'form-1', blockId: 'block-1' }, window);
    dispatch(SHOPPER_EVENTS.overlayView, {});
    (document.querySelector('a') as HTMLElement).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    const census = network.sent.filter((request) => request.url.startsWith('/api/census/') && !request.url.endsWith('page-view'));
    expect(census.map((request) => request.url)).toEqual([
      '/api/census/button-render',
      '/api/census/RecordQuickView/item-7',
      '/api/census/form-render',
      '/api/census/overlay',
      '/api/census/button-click',
    ]);
    expect(JSON.parse(census[0]!.body)).toMatchObject({ buttonText: 'Shop now', buttonUrl: '/shop', visitorCookie: readCookie('ss_cvr') });
    expect(JSON.parse(census[2]!.body)).toMatchObject({ formId: 'form-1', blockId: 'block-1' });
  });

  it('sends the cart page’s product form events to the legacy tracker', async () => {
    document.cookie = 'crumb=crumb-1;Path=/';
    start().begin();
    dispatch(SHOPPER_EVENTS.cartPageForm, { action: 'open', itemId: 'item-3' });
    await settle();
    const legacy = network.sent.filter((request) => request.url === '/api/events/RecordEvent');
    expect(legacy).toHaveLength(1);
    const fields = formFields(legacy[0]!.body);
    expect(fields).toMatchObject({ crumb: 'crumb-1', event: 'cart-page-product-form-open' });
    expect(JSON.parse(fields.data!)).toMatchObject({ itemId: 'item-3', websiteId: 'website-1', pagePath: '/shop/p/linen-shirt' });
  });

  it('records no page view on /search, but still follows what the shopper does there', () => {
    document.cookie = 'ss_cvr=visitor-1|1|1|1|1;Path=/';
    history.replaceState(null, '', '/search?q=linen');
    start().begin();
    dispatch(SHOPPER_EVENTS.addToCart, { product, sku: 'SQ-S', quantity: 1, currency: 'USD' });
    expect(urls()).toEqual(['/api/v1/clanker/events']);
    expect(events().map(([name]) => name)).toEqual(['add-to-cart']);
    expect(readCookie('ss_cvr')).toBe('visitor-1|1|1|1|1');
  });

  it('tracks a signed-in account holder whose only role is viewer, with their account', () => {
    start({ accountHolder: true, viewerOnly: true, memberAccountId: 'viewer-1', memberLocale: 'fr-FR' }).begin();
    expect(document.documentElement.dataset.tracking).toBe('on');
    expect(events()[0]![1]).toMatchObject({ member_account_id: 'viewer-1', member_account_locale: 'fr-FR' });
  });
});

describe('a page that is not tracked (storefront §6)', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['the global disable flag', { disabled: true }, 'skipped-disabled'],
    ['a signed-in account holder', { accountHolder: true }, 'skipped-account-holder'],
    ['the not-found page', { pageType: 100 }, 'skipped-page-type'],
    ['the lock screen', { pageType: 103 }, 'skipped-page-type'],
    ['the member-area access-denied page', { pageType: 106 }, 'skipped-page-type'],
  ];
  for (const [what, overrides, marker] of cases) {
    it(`sends nothing for ${what}, and drops what the islands did`, async () => {
      const tracking = start(overrides);
      dispatch(SHOPPER_EVENTS.productView, { product });
      const tracked = tracking.begin();
      dispatch(SHOPPER_EVENTS.addToCart, { product, sku: 'SQ-S', quantity: 1, currency: 'USD' });
      dispatch(SHOPPER_EVENTS.quickViewOpen, { itemId: 'item-1' });
      await expect(tracked.track('page-view', {})).resolves.toBe(false);
      await tracked.recordEvent('anything');
      expect(network.sent).toEqual([]);
      expect(tracked.skipped).toBe(marker.slice('skipped-'.length));
      expect(document.documentElement.dataset.tracking).toBe(marker);
      expect(readCookie('ss_cvr')).toBeNull();
    });
  }

  it('sends the two events of the access-denied page there (storefront §7), and nothing else', async () => {
    // A visitor whose first page this is: no hit has made the visitor cookie, so the first of these events makes it.
    expect(readCookie('ss_cvr')).toBeNull();
    const tracking = start({ pageType: 106 });
    dispatch(SHOPPER_EVENTS.track, { name: 'access-denied-view', content: { member_area_ids: ['a1'] } });
    dispatch(SHOPPER_EVENTS.track, { name: 'video-list-view', content: {} });
    const tracked = tracking.begin();
    dispatch(SHOPPER_EVENTS.track, { name: 'join-cta-click', content: { member_area_id: 'a1' } });
    await expect(tracked.track('page-view', {})).resolves.toBe(false);
    await vi.waitFor(() => expect(events().map(([name]) => name)).toEqual(['access-denied-view', 'join-cta-click']));
    expect(urls()).not.toContain('/api/census/page-view');
    expect(readCookie('ss_cvr')).not.toBeNull();
    expect(document.documentElement.dataset.tracking).toBe('skipped-page-type');
  });

  it('sends nothing in the editing area', () => {
    history.replaceState(null, '', '/config/');
    start().begin();
    expect(network.sent).toEqual([]);
    expect(document.documentElement.dataset.tracking).toBe('skipped-editing-area');
  });

  it('clears the analytics cookies under cookie restrictions, and sends nothing', () => {
    for (const name of ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt', 'SS_ANALYTICS_ID', 'SS_SESSION_ID']) document.cookie = `${name}=1;Path=/`;
    document.cookie = 'crumb=c;Path=/';
    localStorage.setItem('SS_ANALYTICS_ID', 'a');
    start({ cookieRestrictions: true }).begin();
    dispatch(SHOPPER_EVENTS.addToCart, { product, sku: 'SQ-S', quantity: 1, currency: 'USD' });
    expect(document.cookie).toBe('crumb=c');
    expect(localStorage.getItem('SS_ANALYTICS_ID')).toBeNull();
    expect(network.sent).toEqual([]);
  });
});

describe('script errors', () => {
  it('load the error reporter with the first one, which sends them together a second later', async () => {
    await import('./error-reporter');
    vi.useFakeTimers();
    const tracking = start();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('early'), message: 'early' }));
    tracking.begin();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('late'), message: 'late' }));
    await vi.advanceTimersByTimeAsync(999);
    expect(urls()).not.toContain('/api/events/RecordJavascriptErrors');
    await vi.advanceTimersByTimeAsync(1);
    const sent = network.sent.filter((request) => request.url === '/api/events/RecordJavascriptErrors');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body).map((report: { data: { message: string } }) => report.data.message)).toEqual(['early', 'late']);
  });

  it('are reported for an account holder too, but not under the global disable flag', async () => {
    await import('./error-reporter');
    vi.useFakeTimers();
    start({ accountHolder: true }).begin();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('owner sees it'), message: 'owner sees it' }));
    await vi.advanceTimersByTimeAsync(1000);
    // No crumb cookie yet (pages set none): the reporter asks for one first, as the report is checked against it.
    expect(urls()).toEqual(['/api/crumb', '/api/events/RecordJavascriptErrors']);
    client!.stop();
    network.sent.length = 0;
    start({ disabled: true }).begin();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('quiet'), message: 'quiet' }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(network.sent).toEqual([]);
  });
});

describe('the performance collector', () => {
  it("takes its pageLoadId from the page view's answer: no settings call on a tracked page, none on a skipped one", async () => {
    network.json = { recorded: true, accepted: 1, pageLoadId: 'load-1.signed' };
    client = startTracking(pageContext({ pageType: 100 }), undefined);
    await settle();
    expect(urls()).toEqual([]);
    client = startTracking(pageContext(), undefined);
    await settle();
    expect(urls()).toEqual(['/api/census/page-view']);
  });

  it('asks the settings call where the page records no page view (/search), or when the page view found no id', async () => {
    network.json = {};
    history.replaceState(null, '', '/search?q=linen');
    client = startTracking(pageContext(), undefined);
    await vi.waitFor(() => expect(urls()).toEqual(['/api/performance/settings']));
    client.stop();
    network.sent.length = 0;
    history.replaceState(null, '', '/about');
    client = startTracking(pageContext(), undefined);
    await vi.waitFor(() => expect(urls()).toEqual(['/api/census/page-view', '/api/performance/settings']));
  });
});

describe('the page view call', () => {
  it('carries at most 10 events; the rest of what the islands did goes on its own', () => {
    const tracking = start();
    for (let i = 0; i < 12; i += 1) dispatch(SHOPPER_EVENTS.track, { name: 'view-cart', content: { cart: { item_count: i } } });
    tracking.begin();
    expect(pageViewCall().events).toHaveLength(10);
    // The three that did not fit went as the buffer was replayed, before the page view's call left.
    expect(urls()).toEqual(['/api/v1/clanker/events', '/api/v1/clanker/events', '/api/v1/clanker/events', '/api/census/page-view']);
    expect(events().map(([name]) => name).sort()).toEqual([...Array(12).fill('view-cart'), 'page-view'].sort());
  });

  it('a failed call is silent', async () => {
    network.status = 500;
    start().begin();
    await settle();
    expect(urls()).toEqual(['/api/census/page-view']);
    expect(console.warn).not.toHaveBeenCalled();
  });
});
