import { describe, expect, it } from 'vitest';
import { parseShopFilters } from '../catalog';
import { canonicalListingAddress, shopUrlOf } from './shop-filters-view';

/* A listing's address written from its filters, and the one spelling a page redirects to (pages/shop-filters-view.ts): pure. */

describe('the listing\'s one address', () => {
  it('writes the filters in one order, defaults left out, and reads back the same', () => {
    const { filters } = parseShopFilters({ sort: 'newest', available: '1', tag: 'summer', color: 'Navy', size: 'M', price_max: '50.00' }, 'USD', 'collection');
    const url = shopUrlOf({ path: '/shop', scope: 'collection' }, filters, 'USD', 2);
    expect(url).toBe('/shop?color=Navy&size=M&tag=summer&available=1&price_max=50&sort=newest&page=2');
    expect(canonicalListingAddress(url, 'collection', 'USD')).toBeUndefined();
    expect(canonicalListingAddress('/shop', 'collection', 'USD')).toBeUndefined();
  });

  it('redirects a plain form\'s address to it, keeping other names and the design preview', () => {
    expect(canonicalListingAddress('/shop?sort=featured&available=&price_min=&price_max=50&size=M', 'collection', 'USD')).toBe('/shop?size=M&price_max=50');
    expect(canonicalListingAddress('/shop?design-preview=draft&utm_source=mail', 'collection', 'USD')).toBe('/shop?utm_source=mail&design-preview=draft');
    expect(canonicalListingAddress('/search?q=wool&sort=relevance&page=1', 'search', 'USD')).toBe('/search?q=wool');
    expect(canonicalListingAddress('/search?q=wool+blanket&page=2', 'search', 'USD')).toBeUndefined();
    // Idempotent: the address it answers answers nothing more.
    const once = canonicalListingAddress('/shop?%E0%A4%A=1&Size=M', 'collection', 'USD')!;
    expect(canonicalListingAddress(once, 'collection', 'USD')).toBeUndefined();
  });
});
