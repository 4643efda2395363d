// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CART_EVENTS, dispatchCartEvent } from './cart/events';
import { RELATED_PRODUCT_EVENTS, watchRelatedProducts } from './related-products-events';

// The markup of the theme's related-products block around two product cards (one with its quick view button).
const SECTION = `
  <section class="related-products" data-related-products>
    <h2>You might also like</h2>
    <ul class="product-grid">
      <li class="product-card"><a class="product-card-link" href="/shop/p/ceramic-vase"><h2 class="product-card-title">Ceramic Vase</h2></a>
        <div data-island="QuickView"><button type="button" class="vitrine-quick-view">Quick View</button></div></li>
      <li class="product-card"><a class="product-card-link" href="/shop/p/leather-armchair"><h2 class="product-card-title">Leather Armchair</h2></a></li>
    </ul>
  </section>`;

let seen: { name: string; detail: unknown }[];
const listeners = Object.values(RELATED_PRODUCT_EVENTS).map((name) => [name, (event: Event) => seen.push({ name, detail: (event as CustomEvent).detail })] as const);

beforeEach(() => {
  seen = [];
  document.body.innerHTML = SECTION;
  for (const [name, listener] of listeners) document.addEventListener(name, listener);
});
afterEach(() => {
  for (const [name, listener] of listeners) document.removeEventListener(name, listener);
  document.body.innerHTML = '';
});

const click = (selector: string) => (document.querySelector(selector) as HTMLElement).dispatchEvent(new MouseEvent('click', { bubbles: true }));
const linkOf = (url: string) => `a.product-card-link[href="${url}"]`;

describe('related-products events', () => {
  it('announces the section once, and a followed card link', () => {
    const original = globalThis.IntersectionObserver;
    // No IntersectionObserver: the section is announced at once.
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = undefined;
    try {
      watchRelatedProducts(document);
    } finally {
      globalThis.IntersectionObserver = original;
    }
    document.querySelector(linkOf('/shop/p/leather-armchair'))!.addEventListener('click', (event) => event.preventDefault());
    click(linkOf('/shop/p/leather-armchair'));
    expect(seen).toEqual([
      { name: 'vitrine:related-product-display', detail: { products: [{ url: '/shop/p/ceramic-vase', title: 'Ceramic Vase' }, { url: '/shop/p/leather-armchair', title: 'Leather Armchair' }] } },
      { name: 'vitrine:related-product-click', detail: { url: '/shop/p/leather-armchair', title: 'Leather Armchair' } },
    ]);
  });

  it('counts an add made from a related product\'s quick view, and only a successful one', () => {
    watchRelatedProducts(document);
    click('.vitrine-quick-view');
    document.body.insertAdjacentHTML('beforeend', '<div role="dialog" id="quick-view">…</div>');
    dispatchCartEvent(CART_EVENTS.recalculationStart, { reason: 'add' });
    dispatchCartEvent(CART_EVENTS.recalculationEnd, { reason: 'add', ok: false });
    expect(seen.filter((event) => event.name === RELATED_PRODUCT_EVENTS.add)).toEqual([]);
    click('.vitrine-quick-view');
    dispatchCartEvent(CART_EVENTS.recalculationStart, { reason: 'add' });
    dispatchCartEvent(CART_EVENTS.recalculationEnd, { reason: 'add', ok: true });
    expect(seen.filter((event) => event.name === RELATED_PRODUCT_EVENTS.add)).toEqual([
      { name: 'vitrine:related-product-add', detail: { url: '/shop/p/ceramic-vase', title: 'Ceramic Vase' } },
    ]);
  });

  it('does not count the page\'s own add after a quick view was closed without adding', () => {
    watchRelatedProducts(document);
    click('.vitrine-quick-view');
    // The dialog is gone: the shopper closed it and used the product page's own form.
    dispatchCartEvent(CART_EVENTS.recalculationStart, { reason: 'add' });
    dispatchCartEvent(CART_EVENTS.recalculationEnd, { reason: 'add', ok: true });
    expect(seen.filter((event) => event.name === RELATED_PRODUCT_EVENTS.add)).toEqual([]);
  });

  it('does nothing on a page without the section', () => {
    document.body.innerHTML = '<main></main>';
    watchRelatedProducts(document);
    expect(seen).toEqual([]);
  });
});
