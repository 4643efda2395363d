// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SHOPPER_EVENTS } from '@vitrine/tracking/dom-events';
import { startProductTabs } from './product-tabs';

// The theme's product page parts the chunk works on: the product form island's props (the product's context comes
// from them), the rating link under the title, and partials/product-reviews.block with a description.
const PRODUCT = { id: 'p1', title: 'Canvas Tote', structuredContent: { productType: 1, variants: [{ sku: 'TOTE', price: 2200, attributes: {} }] } };
const PAGE = `
  <div data-island="ProductForm"></div><script type="application/json" data-island-props>${JSON.stringify({ product: PRODUCT, currency: 'USD' })}</script>
  <p class="product-rating"><a class="product-rating-link" href="#reviews" data-reviews-anchor>4.7 (3 reviews)</a></p>
  <section class="product-tabs" data-product-tabs>
    <div role="tablist">
      <button type="button" role="tab" id="product-tab-description" aria-controls="product-panel-description" aria-selected="true">Description</button>
      <button type="button" role="tab" id="product-tab-reviews" aria-controls="reviews" aria-selected="false" tabindex="-1" data-reviews-tab>Reviews (3)</button>
    </div>
    <div role="tabpanel" id="product-panel-description">About the tote</div>
    <div role="tabpanel" id="reviews" hidden>Three reviews</div>
  </section>`;

let seen: { name: string; detail: { product: { id: string; name: string } } }[];
const names = [SHOPPER_EVENTS.reviewsTab, SHOPPER_EVENTS.reviewsAnchorLink];
const listener = (event: Event) => seen.push({ name: event.type, detail: (event as CustomEvent).detail });

beforeEach(() => {
  seen = [];
  document.body.innerHTML = PAGE;
  for (const name of names) document.addEventListener(name, listener);
  startProductTabs();
});
afterEach(() => {
  for (const name of names) document.removeEventListener(name, listener);
  document.body.innerHTML = '';
});

const tab = (id: string) => document.getElementById(id) as HTMLButtonElement;
const panel = (id: string) => document.getElementById(id) as HTMLElement;

describe('the product page tabs', () => {
  it('a click on Reviews shows its panel, hides the description and tells reviews-tab with the product', () => {
    tab('product-tab-reviews').click();
    expect(tab('product-tab-reviews').getAttribute('aria-selected')).toBe('true');
    expect(tab('product-tab-description').getAttribute('aria-selected')).toBe('false');
    expect([panel('reviews').hidden, panel('product-panel-description').hidden]).toEqual([false, true]);
    expect([tab('product-tab-reviews').tabIndex, tab('product-tab-description').tabIndex]).toEqual([0, -1]);
    expect(seen.map((event) => event.name)).toEqual(['vitrine:reviews-tab']);
    expect(seen[0]!.detail.product).toMatchObject({ id: 'p1', name: 'Canvas Tote', price: { decimalValue: '22.00' } });
  });

  it('arrow keys move between the tabs; reaching Reviews tells reviews-tab once', () => {
    tab('product-tab-description').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(document.activeElement).toBe(tab('product-tab-reviews'));
    expect(panel('reviews').hidden).toBe(false);
    tab('product-tab-reviews').dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
    expect(panel('product-panel-description').hidden).toBe(false);
    expect(seen.map((event) => event.name)).toEqual(['vitrine:reviews-tab']);
  });

  it('the rating link tells reviews-anchor-link, then opens the reviews tab (reviews-tab)', () => {
    (document.querySelector('[data-reviews-anchor]') as HTMLElement).click();
    expect(seen.map((event) => event.name)).toEqual(['vitrine:reviews-anchor-link', 'vitrine:reviews-tab']);
    expect(panel('reviews').hidden).toBe(false);
    expect(location.hash).toBe('#reviews');
  });
});
