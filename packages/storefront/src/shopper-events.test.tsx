// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import Ajv from 'ajv';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_COMMON_EVENT_SCHEMA, ANALYTICS_EVENT_SCHEMAS } from '@vitrine/contracts';
import { startTracking } from '@vitrine/tracking/client';
import { startEventBuffer } from '@vitrine/tracking/event-buffer';
import { EVENT_SCHEMA_NAMES, type EventSchemaName } from '@vitrine/tracking/event-names';
import type { FieldDefinition } from '@vitrine/forms';
import { cartStore } from './cart/store';
import { CartPageView as CartPage } from './islands/CartPageView';
import { ProductForm } from './islands/ProductForm';
import { QuickView } from './islands/QuickView';
import { SITE_FORM_EVENTS, SiteFormView } from './islands/SiteFormView';
import { announcePurchase } from './order-confirmed';
import { RELATED_PRODUCT_EVENTS } from './related-products-events';
import { cartEntryProductContext, productContextOf, SHOPPER_EVENTS } from './shopper-events';
import { cart, entry, fakeResponse, flushPromises, product, shirtWithOptions } from './test-support/fixtures';
import { loadTrackingWhenIdle } from './tracking-loader';

const fetchMock = vi.fn<typeof fetch>();
let seen: { type: string; detail: any }[];
const names = Object.values(SHOPPER_EVENTS);
const listen = (event: Event) => seen.push({ type: event.type, detail: (event as CustomEvent).detail });

beforeEach(() => {
  seen = [];
  cartStore.reset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  // The page already holds its crumb cookie (asking for one first is api/http.test.ts's).
  document.cookie = 'crumb=test-crumb; path=/';
  localStorage.clear();
  for (const name of names) window.addEventListener(name, listen, true);
});
afterEach(() => {
  cleanup();
  for (const name of names) window.removeEventListener(name, listen, true);
  document.getElementById('vitrine-tracking')?.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const of = (type: string) => seen.filter((event) => event.type === type).map((event) => event.detail);

/** The Linen Shirt's Product context (storefront §3) as the events carry it. */
const shirtContext = {
  id: 'item-1',
  name: 'Linen Shirt',
  productType: 1,
  variants: [{ sku: 'SKU-1', price: { decimalValue: '12.50' }, attributes: {} }],
  price: { decimalValue: '12.50' },
};

describe('the Product context (storefront §3)', () => {
  it('of a product item: id, name, productType, each variant’s sku, price and attributes, the from-price', () => {
    expect(productContextOf(product(), 'USD')).toEqual(shirtContext);
    const shirt = productContextOf(shirtWithOptions(), 'USD');
    expect(shirt.variants).toHaveLength(4);
    expect(shirt.variants[0]).toEqual({ sku: 'SHIRT-Small-Red', price: { decimalValue: '12.50' }, attributes: { Size: 'Small', Color: 'Red' } });
    // Minor units of a currency without fractions are whole units.
    expect(productContextOf(product({}, { variants: [{ sku: 'Y', price: 1500 }] }), 'JPY').price).toEqual({ decimalValue: '1500' });
  });

  it('of a cart line: the variant in the cart at its price', () => {
    expect(cartEntryProductContext(entry({ chosenVariant: { sku: 'S', attributes: { Size: 'Large' } } }), 'USD')).toEqual({
      id: 'item-1',
      name: 'Linen Shirt',
      productType: 1,
      variants: [{ sku: 'S', price: { decimalValue: '12.50' }, attributes: { Size: 'Large' } }],
      price: { decimalValue: '12.50' },
    });
  });
});

describe('the islands tell the tracking client what happens (DOM events, no import of the client)', () => {
  it('the product page’s form: a visit when it shows, and each add to the cart', async () => {
    const updated = cart([entry({ quantity: 2 })]);
    fetchMock.mockResolvedValue(fakeResponse(200, { shoppingCart: updated, newlyAdded: updated.entries[0] }));
    render(<ProductForm product={product()} />);
    expect(of(SHOPPER_EVENTS.productView)).toEqual([{ product: shirtContext }]);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await flushPromises();
    expect(of(SHOPPER_EVENTS.addToCart)).toEqual([{ product: shirtContext, sku: 'SKU-1', quantity: 2, currency: 'USD', placement: 'product-page' }]);
  });

  it('no add-to-cart event for a refused add', async () => {
    fetchMock.mockResolvedValue(fakeResponse(409, { message: 'Sorry, we do not have enough of that item available.' }));
    render(<ProductForm product={product()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await flushPromises();
    expect(of(SHOPPER_EVENTS.addToCart)).toEqual([]);
  });

  it('the quick view: opening it on a product (no visit), and an add from it', async () => {
    const updated = cart([entry()]);
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('?format=json') ? fakeResponse(200, { item: product(), websiteSettings: { storeSettings: {} } }) : fakeResponse(200, { shoppingCart: updated, newlyAdded: updated.entries[0] }),
    );
    render(<QuickView productUrl="/shop/p/linen-shirt" title="Linen Shirt" />);
    fireEvent.click(screen.getByRole('button', { name: 'Quick View: Linen Shirt' }));
    await flushPromises();
    expect(of(SHOPPER_EVENTS.quickViewOpen)).toEqual([{ itemId: 'item-1', productUrl: '/shop/p/linen-shirt' }]);
    expect(of(SHOPPER_EVENTS.productView)).toEqual([]);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add to Cart' }));
    await flushPromises();
    expect(of(SHOPPER_EVENTS.addToCart)).toEqual([{ product: shirtContext, sku: 'SKU-1', quantity: 1, currency: 'USD', placement: 'quick-view' }]);
    // Opened again: told again (the product is known, nothing fetched).
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Quick View: Linen Shirt' }));
    expect(of(SHOPPER_EVENTS.quickViewOpen)).toHaveLength(2);
  });

  it('the cart page: the view, a removal, and quantities raised or lowered', async () => {
    const two = cart([entry({ quantity: 2 })]);
    render(<CartPage cart={two} />);
    expect(of(SHOPPER_EVENTS.viewCart)).toEqual([{ cart: { item_count: 2, subtotal: { decimalValue: '25.00', currency: 'USD' } } }]);
    const line = { product: shirtContext, sku: 'SKU-1', currency: 'USD', placement: 'cart-page' };

    fetchMock.mockResolvedValueOnce(fakeResponse(200, { shoppingCart: cart([entry({ quantity: 5 })]) }));
    const input = screen.getByRole('spinbutton', { name: 'Quantity of Linen Shirt' });
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.blur(input);
    await flushPromises();
    expect(of(SHOPPER_EVENTS.addToCart)).toEqual([{ ...line, quantity: 3 }]);

    fetchMock.mockResolvedValueOnce(fakeResponse(200, { shoppingCart: cart([entry({ quantity: 1 })]) }));
    fireEvent.change(input, { target: { value: '1' } });
    fireEvent.blur(input);
    await flushPromises();
    expect(of(SHOPPER_EVENTS.removeFromCart)).toEqual([{ ...line, quantity: 4 }]);

    fetchMock.mockResolvedValueOnce(fakeResponse(400, { message: 'Please try again.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Linen Shirt' }));
    await flushPromises();
    expect(of(SHOPPER_EVENTS.removeFromCart)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));

    fetchMock.mockResolvedValueOnce(fakeResponse(200, { shoppingCart: cart() }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Linen Shirt' }));
    await flushPromises();
    expect(of(SHOPPER_EVENTS.removeFromCart)).toEqual([{ ...line, quantity: 4 }, { ...line, quantity: 1 }]);
  });

  it('the cart page’s product form: opened, submitted, closed (the legacy tracker’s names)', async () => {
    const form = { name: 'Engraving', fields: [{ id: 'initials', type: 'text', title: 'Initials' }] };
    const withFields = cart([entry({ additionalFields: '{"initials":"AB"}' })]);
    fetchMock.mockResolvedValue(fakeResponse(200, { shoppingCart: withFields, updatedEntry: {} }));
    render(<CartPage cart={withFields} forms={{ 'item-1': form }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit details of Linen Shirt' }));
    fireEvent.click(await within(await screen.findByRole('dialog', { name: 'Engraving' })).findByRole('button', { name: 'Save' }));
    await flushPromises();
    fireEvent.click(screen.getByRole('button', { name: 'Edit details of Linen Shirt' }));
    await screen.findByRole('dialog', { name: 'Engraving' });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(of(SHOPPER_EVENTS.cartPageForm)).toEqual([
      { action: 'open', itemId: 'item-1' },
      { action: 'submit', itemId: 'item-1' },
      { action: 'open', itemId: 'item-1' },
      { action: 'close', itemId: 'item-1' },
    ]);
  });

  it('a site form: rendered (on window, for the census form-render call)', () => {
    const fields: FieldDefinition[] = [{ id: 'email', type: 'email', title: 'Email', required: true }];
    const form = { id: 'form-1', kind: 'newsletter' as const, name: 'Newsletter', fields, submissionMessage: '', submissionHTML: '', successRedirect: '', disclaimerMessage: '', captcha: false };
    render(<SiteFormView form={form} page={{ title: 'Home', id: 'home', contentSource: 'c', path: '/', permissionTypeValue: 0 } as never} blockId="footer-newsletter" />);
    expect(of(SITE_FORM_EVENTS.render)).toEqual([{ formId: 'form-1', blockId: 'footer-newsletter' }]);
  });

  it('the site form and related-products events are the tracking client’s names', () => {
    expect(SITE_FORM_EVENTS).toEqual({ submitSuccess: 'vitrine:form-submit-success', newsletterSubscribe: 'vitrine:newsletter-subscribe', render: 'vitrine:form-render' });
    expect(RELATED_PRODUCT_EVENTS).toEqual({ display: 'vitrine:related-product-display', click: 'vitrine:related-product-click', add: 'vitrine:related-product-add' });
  });
});

/** The page's tracking context block, as the server writes it. */
function writeTrackingContext(extra: Record<string, unknown> = {}) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'vitrine-tracking';
  block.textContent = JSON.stringify({
    websiteId: 'website-1', templateId: 'vitrine-default', websiteLocale: 'en-US', pageType: 202, itemId: null, recordType: null, collectionId: null,
    accountHolder: false, viewerOnly: false, memberAccountId: null, memberLocale: null, disabled: false, cookieRestrictions: false, sourceEnvironment: 'dev', ...extra,
  });
  document.body.append(block);
}

const purchase = {
  order_id: 'order-1',
  revenue: { decimalValue: '25.00', currency: 'USD' },
  products: [{ ...shirtContext, quantity: 2 }],
};

describe('the order-confirmed page (storefront §7)', () => {
  it('tells the purchase once per order, and calls the owner’s dataLayer and gtag when present', () => {
    writeTrackingContext({ purchase });
    const dataLayer: unknown[] = [];
    const gtag = vi.fn();
    vi.stubGlobal('dataLayer', dataLayer);
    vi.stubGlobal('gtag', gtag);
    announcePurchase();
    const ecommerce = { transaction_id: 'order-1', value: 25, currency: 'USD', items: [{ item_id: 'item-1', item_name: 'Linen Shirt', item_variant: 'SKU-1', price: 12.5, quantity: 2 }] };
    expect(of(SHOPPER_EVENTS.purchase)).toEqual([purchase]);
    expect(dataLayer).toEqual([{ ecommerce: null }, { event: 'purchase', ecommerce }]);
    expect(gtag).toHaveBeenCalledWith('event', 'purchase', ecommerce);
    // The page reloaded: nothing is told twice.
    announcePurchase();
    expect(of(SHOPPER_EVENTS.purchase)).toHaveLength(1);
    expect(gtag).toHaveBeenCalledTimes(1);
  });

  it('never breaks the page when the owner’s tags throw, and does without them', () => {
    writeTrackingContext({ purchase });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('dataLayer', { push: () => { throw new Error('broken tag'); } });
    vi.stubGlobal('gtag', () => { throw new Error('broken gtag'); });
    expect(() => announcePurchase()).not.toThrow();
    expect(of(SHOPPER_EVENTS.purchase)).toEqual([purchase]);
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.stubGlobal('fetch', fetchMock);
    // The page already holds its crumb cookie (asking for one first is api/http.test.ts's).
    document.cookie = 'crumb=test-crumb; path=/';
    expect(() => announcePurchase()).not.toThrow();
  });

  it('tells nothing on a page without a purchase', () => {
    writeTrackingContext();
    announcePurchase();
    expect(seen).toEqual([]);
  });
});

describe('loading the tracking client (after the page is interactive)', () => {
  it('waits for load and an idle moment, loads nothing without a context, under the disable flag or in /config', () => {
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    loadTrackingWhenIdle();
    writeTrackingContext({ disabled: true });
    loadTrackingWhenIdle();
    document.getElementById('vitrine-tracking')!.remove();
    writeTrackingContext();
    history.replaceState(null, '', '/config');
    loadTrackingWhenIdle();
    history.replaceState(null, '', '/shop');
    window.dispatchEvent(new Event('load'));
    expect(idle).not.toHaveBeenCalled();
    loadTrackingWhenIdle();
    if (document.readyState !== 'complete') window.dispatchEvent(new Event('load'));
    expect(idle).toHaveBeenCalledTimes(1);
    expect(idle.mock.calls[0]![1]).toEqual({ timeout: 5000 });
  });
});

describe('what the tracking client sends validates against the server’s event schemas', () => {
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strictNumbers: true });
  ajv.addSchema(ANALYTICS_COMMON_EVENT_SCHEMA);
  const validators = Object.fromEntries(EVENT_SCHEMA_NAMES.map((name) => [name, ajv.compile(ANALYTICS_EVENT_SCHEMAS[name])]));

  it('for every event the islands cause, from a visit to a purchase', async () => {
    const sent: { name: EventSchemaName; content: unknown }[] = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: URLSearchParams) => {
        if (url === '/api/v1/clanker/events') sent.push({ name: body.get('eventSchemaName') as EventSchemaName, content: JSON.parse(body.get('eventContent')!) });
        return true;
      },
    });
    // The page view's one call (issue 35) carries the page-view event with the hit: its events count as sent.
    fetchMock.mockImplementation(async (url: string | URL | Request, init?: RequestInit) => {
      if (String(url) === '/api/census/page-view') {
        for (const event of JSON.parse(String(init?.body)).events as { eventSchemaName: EventSchemaName; eventContent: string }[]) {
          sent.push({ name: event.eventSchemaName, content: JSON.parse(event.eventContent) });
        }
      }
      return fakeResponse(200, {});
    });
    document.cookie = 'ss_cvr=;Path=/;Expires=Thu, 01 Jan 1970 00:00:00 GMT';
    history.replaceState(null, '', '/shop/p/linen-shirt/');
    const buffer = startEventBuffer();
    const client = startTracking(
      { websiteId: 'website-1', templateId: 'vitrine-default', websiteLocale: 'en-US', pageType: 50, itemId: 'item-1', recordType: 11, collectionId: 'shop', accountHolder: false, viewerOnly: false, memberAccountId: null, memberLocale: null, disabled: false, cookieRestrictions: false, sourceEnvironment: 'dev' },
      buffer,
      { collectPerformance: false },
    );
    try {
      const updated = cart([entry({ quantity: 1 })]);
      fetchMock.mockImplementation(async () => fakeResponse(200, { shoppingCart: updated, newlyAdded: updated.entries[0] }));
      render(<ProductForm product={shirtWithOptions()} />);
      cleanup();
      render(<CartPage cart={cart([entry({ quantity: 2 })])} />);
      fireEvent.click(screen.getByRole('button', { name: 'Remove Linen Shirt' }));
      await flushPromises();
      cleanup();
      const related = { url: '/shop/p/vase', title: 'Ceramic Vase' };
      document.dispatchEvent(new CustomEvent(RELATED_PRODUCT_EVENTS.display, { detail: { products: [related] } }));
      document.dispatchEvent(new CustomEvent(RELATED_PRODUCT_EVENTS.click, { detail: related }));
      document.dispatchEvent(new CustomEvent(RELATED_PRODUCT_EVENTS.add, { detail: related }));
      window.dispatchEvent(new CustomEvent(SITE_FORM_EVENTS.newsletterSubscribe, { detail: { formId: 'form-1', blockId: 'footer-newsletter' } }));
      window.dispatchEvent(new CustomEvent(SITE_FORM_EVENTS.submitSuccess, { detail: { formId: 'form-1', blockId: 'footer-newsletter' } }));
      document.dispatchEvent(new CustomEvent(SHOPPER_EVENTS.reviewsTab, { detail: { product: shirtContext } }));
      document.dispatchEvent(new CustomEvent(SHOPPER_EVENTS.reviewsAnchorLink, { detail: { product: shirtContext } }));
      writeTrackingContext({ purchase });
      announcePurchase();
      document.dispatchEvent(new CustomEvent(SHOPPER_EVENTS.addToCart, { detail: { product: productContextOf(shirtWithOptions(), 'USD'), sku: 'SHIRT-Small-Red', quantity: 1, currency: 'USD' } }));
    } finally {
      client.stop();
    }
    expect(sent.map((event) => event.name)).toEqual([
      'page-view', 'visit-product-page', 'view-cart', 'remove-from-cart', 'related-product-display', 'related-product-click', 'related-product-add',
      'newsletter-subscribe', 'form-submit-success', 'reviews-tab', 'reviews-anchor-link', 'purchase', 'add-to-cart',
    ]);
    for (const { name, content } of sent) {
      const validate = validators[name]!;
      expect(validate(content), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });
});
