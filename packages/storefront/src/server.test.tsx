// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from './cart/store';
import { hydrateIslands } from './hydrate';
import { readIslandProps } from './embed';
import { cartDataBlock, ISLAND_NAMES, renderedIslandCache, renderIsland } from './server';
import { cart, entry, fakeResponse, flushPromises, product, shirtWithOptions } from './test-support/fixtures';

const hostile = `"></div><script>alert('x')</script><img src=x onerror=alert(1)>&amp;`;

beforeEach(() => {
  cartStore.reset();
  document.body.innerHTML = '';
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('renderIsland', () => {
  it('wraps the HTML in a div naming the island, followed by its props in a JSON data block', () => {
    const html = renderIsland('CartPill', { cart: cart([entry()]), pathname: '/' });
    expect(html).toMatch(/^<div data-island="CartPill">.*<\/div><script type="application\/json" data-island-props>[^<]*<\/script>$/s);
    expect(html).toContain(
      '<span class="vitrine-cart-pill-count">1</span> <span class="vitrine-cart-pill-label">item</span> <span class="vitrine-cart-pill-subtotal">$12.50</span></a>',
    );
  });

  it('escapes hostile props so they cannot leave the data block, and they read back unchanged', () => {
    const props = { product: product({ title: hostile, customSoldOutText: hostile }) };
    const html = renderIsland('ProductForm', props);
    const blockText = /<script type="application\/json" data-island-props>(.*)<\/script>$/s.exec(html)![1]!;
    expect(blockText).not.toContain('<');
    expect(html).not.toContain('<script>');

    document.body.innerHTML = html;
    const islands = document.querySelectorAll('[data-island]');
    expect(islands).toHaveLength(1);
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(readIslandProps(islands[0]!)).toEqual(props);
  });

  it('keeps the HTML of an island by its props: the same props render once, other props render anew', () => {
    renderedIslandCache.clear();
    const first = renderIsland('QuickView', { productUrl: '/shop/p/lamp', title: 'Lamp' });
    expect(renderedIslandCache.size()).toBe(1);
    expect(renderIsland('QuickView', { productUrl: '/shop/p/lamp', title: 'Lamp' })).toBe(first);
    expect(renderedIslandCache.size()).toBe(1);
    const other = renderIsland('QuickView', { productUrl: '/shop/p/lamp', title: 'Desk lamp' });
    expect(other).toContain('Desk lamp');
    expect(renderedIslandCache.size()).toBe(2);
  });

  it('does not keep islands rendered with the page cart (their props block leaves the cart out)', () => {
    renderedIslandCache.clear();
    const one = renderIsland('CartPill', { cart: cart([entry()]), pathname: '/' }, { cartOnPage: true });
    const two = renderIsland('CartPill', { cart: cart([entry({ quantity: 3 })]), pathname: '/' }, { cartOnPage: true });
    expect(renderedIslandCache.size()).toBe(0);
    expect(one).toContain('<span class="vitrine-cart-pill-count">1</span>');
    expect(two).toContain('<span class="vitrine-cart-pill-count">3</span>');
  });

  it('rejects an unknown island name', () => {
    expect(() => renderIsland('Nope' as 'CartPill', {})).toThrow('Unknown island: Nope');
  });

  it('names every island', () => {
    expect(ISLAND_NAMES).toEqual([
      'ProductForm',
      'ProductPrice',
      'CartPill',
      'HeaderCartIndicator',
      'CartPage',
      'Checkout',
      'InstallmentPill',
      'Gallery',
      'GiftCardPurchase',
      'QuickView',
      'SiteForm',
      'PopupOverlay',
      'Comments',
      'Lesson',
    ]);
  });
});

describe('hydrateIslands', () => {
  it('hydrates server HTML without a mismatch and shares one cart between islands', async () => {
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    const startCart = cart();
    document.body.innerHTML = [
      renderIsland('HeaderCartIndicator', { cart: startCart }),
      renderIsland('ProductForm', { product: shirtWithOptions(), cart: startCart }),
      renderIsland('InstallmentPill', {
        product: product({ title: hostile }),
        installments: { afterPayAvailable: true, afterPayMin: 100, afterPayMax: 100000 },
      }),
      renderIsland('Gallery', { images: [{ id: 'a', assetUrl: '/a.jpg', title: hostile }], settings: { lightbox: true } }),
      renderIsland('CartPill', { cart: startCart, pathname: '/shop/p/linen-shirt' }),
    ].join('');
    const serverHtml = document.body.innerHTML;

    await act(async () => {
      expect(hydrateIslands(document, { onRecoverableError: (error) => errors.push(error) })).toBe(5);
    });
    expect(errors).toEqual([]);
    const islands = [...document.querySelectorAll('[data-island]')];
    expect(islands.map((el) => el.getAttribute('data-hydrated'))).toEqual(islands.map(() => 'true'));
    for (const el of islands) el.removeAttribute('data-hydrated');
    expect(document.body.innerHTML).toBe(serverHtml);
    // Hydrating twice does nothing to islands already live.
    for (const el of islands) el.setAttribute('data-hydrated', 'true');
    expect(hydrateIslands()).toBe(0);

    // After hydration the islands are live: an add updates the pill and the header together.
    const added = cart([entry({ quantity: 2, chosenVariant: { sku: 'SHIRT-Small-Red', attributes: {} } })]);
    vi.stubGlobal('fetch', vi.fn(async () => fakeResponse(200, { shoppingCart: added, newlyAdded: {} })));
    // The page already holds its crumb cookie (asking for one first is api/http.test.ts's).
    document.cookie = 'crumb=test-crumb; path=/';
    fireEvent.click(screen.getByRole('radio', { name: 'Small' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Red' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await flushPromises();
    expect(screen.getByRole('link', { name: '2 items $25' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cart, 2 items, $25.00' })).toBeTruthy();
    expect(errors).toEqual([]);
  });

  it('an island that fails to render shows a short note in its place, is reported, and leaves the others working', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reported: string[] = [];
    const listener = (event: Event) => reported.push((event as CustomEvent<{ message: string }>).detail.message);
    window.addEventListener('vitrine:render-error', listener);
    const startCart = cart();
    // A Gallery without its images throws while rendering.
    document.body.innerHTML = [renderIsland('HeaderCartIndicator', { cart: startCart }), '<div data-island="Gallery"><script type="application/json">{}</script></div>'].join('');
    await act(async () => {
      hydrateIslands(document);
    });
    window.removeEventListener('vitrine:render-error', listener);
    expect(screen.getByText('This part of the page could not load. Please reload the page.')).toBeTruthy();
    expect(reported.length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /Cart/ })).toBeTruthy();
  });

  it('hydrates a cart page with entries without a mismatch', async () => {
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    const full = cart([entry({ quantity: 2, additionalFields: '{"initials":"AB"}' }), entry({ id: 'entry-2', title: hostile })]);
    document.body.innerHTML = renderIsland('CartPage', {
      cart: full,
      minimumSubtotalCents: 100000,
      forms: { 'item-1': { fields: [{ id: 'initials', type: 'text', title: 'Initials' }] } },
    });
    const serverHtml = document.body.innerHTML;
    await act(async () => {
      hydrateIslands(document, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    const island = document.querySelector('[data-island="CartPage"]')!;
    expect(island.getAttribute('data-hydrated')).toBe('true');
    island.removeAttribute('data-hydrated');
    // The cart page's view is a chunk of its own: once it is live it marks its root ready (the server's HTML has no mark).
    const view = island.querySelector('.vitrine-cart')!;
    expect(view.getAttribute('data-ready')).toBe('true');
    view.removeAttribute('data-ready');
    expect(document.body.innerHTML).toBe(serverHtml);
    expect(screen.getByRole('button', { name: 'Edit details of Linen Shirt' })).toBeTruthy();
  });

  it('notices a mismatch (so the test above can fail)', async () => {
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    document.body.innerHTML = renderIsland('HeaderCartIndicator', { cart: cart() }).replace('$0.00', '$9.00');
    await act(async () => {
      hydrateIslands(document, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors.length).toBeGreaterThan(0);
  });

  it('fetches the cart when the page carries none but a cart cookie exists', async () => {
    document.cookie = 'CART=token-1; path=/';
    const fetchMock = vi.fn(async () => fakeResponse(200, cart([entry({ quantity: 3 })])));
    vi.stubGlobal('fetch', fetchMock);
    // The page already holds its crumb cookie (asking for one first is api/http.test.ts's).
    document.cookie = 'crumb=test-crumb; path=/';
    try {
      document.body.innerHTML = renderIsland('CartPill', { pathname: '/' }) + renderIsland('HeaderCartIndicator', {});
      const events: string[] = [];
      const listen = (event: Event) => events.push(event.type);
      document.addEventListener('vitrine:cart-loading', listen);
      document.addEventListener('vitrine:cart-loaded', listen);
      // Before the first sync the header indicator is uninitialised.
      expect(screen.getByRole('link', { name: 'Cart' }).getAttribute('data-state')).toBe('uninitialised');
      await act(async () => {
        hydrateIslands();
      });
      await flushPromises();
      expect(fetchMock).toHaveBeenCalledWith('/api/commerce/shopping-cart?calculateSubtotal=true', expect.anything());
      expect(screen.getByRole('link', { name: '3 items $37.50' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Cart, 3 items, $37.50' }).getAttribute('data-state')).toBe('loaded');
      expect(events).toEqual(['vitrine:cart-loading', 'vitrine:cart-loaded']);
      document.removeEventListener('vitrine:cart-loading', listen);
      document.removeEventListener('vitrine:cart-loaded', listen);
    } finally {
      document.cookie = 'CART=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    }
  });

  it('fetches the cart of a signed-in site user without a cart cookie, and ignores an unparseable user cookie', async () => {
    const fetchMock = vi.fn(async () => fakeResponse(200, cart([entry({ quantity: 2 })])));
    vi.stubGlobal('fetch', fetchMock);
    // The page already holds its crumb cookie (asking for one first is api/http.test.ts's).
    document.cookie = 'crumb=test-crumb; path=/';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      document.cookie = 'SiteUserInfo=not-json; path=/';
      document.body.innerHTML = renderIsland('CartPill', { pathname: '/' });
      await act(async () => {
        hydrateIslands();
      });
      expect(fetchMock).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledWith('Could not parse user info cookie value');

      cartStore.reset();
      document.cookie = `SiteUserInfo=${encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId: 'u1' }))}; path=/`;
      document.body.innerHTML = renderIsland('CartPill', { pathname: '/' });
      await act(async () => {
        hydrateIslands();
      });
      await flushPromises();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      document.cookie = 'SiteUserInfo=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    }
  });

  it('does not fetch the cart without a cart cookie, or when the server sent one (even null)', async () => {
    const fetchMock = vi.fn(async () => fakeResponse(200, cart()));
    vi.stubGlobal('fetch', fetchMock);
    // The page already holds its crumb cookie (asking for one first is api/http.test.ts's).
    document.cookie = 'crumb=test-crumb; path=/';
    document.body.innerHTML = renderIsland('CartPill', { pathname: '/' });
    await act(async () => {
      hydrateIslands();
    });
    document.cookie = 'CART=token-1; path=/';
    document.body.innerHTML = renderIsland('CartPill', { pathname: '/', cart: null });
    await act(async () => {
      hydrateIslands();
    });
    document.cookie = 'CART=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('skips elements naming no known island', async () => {
    document.body.innerHTML = '<div data-island="Unknown"></div><script type="application/json" data-island-props>{}</script>';
    await act(async () => {
      expect(hydrateIslands()).toBe(0);
    });
  });
});

describe('the cart travels once per page', () => {
  it('islands rendered with cartOnPage leave the cart out of their props; the data block brings it back without a mismatch', async () => {
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    const fetchMock = vi.fn(async () => fakeResponse(200, cart()));
    vi.stubGlobal('fetch', fetchMock);
    // The page already holds its crumb cookie (asking for one first is api/http.test.ts's).
    document.cookie = 'crumb=test-crumb; path=/';
    const full = cart([entry({ quantity: 2, title: `</script><script>alert(1)</script>\u2028<!--` }), entry({ id: 'entry-2' })]);
    const islands = [
      renderIsland('HeaderCartIndicator', { cart: full }, { cartOnPage: true }),
      renderIsland('ProductForm', { product: shirtWithOptions(), cart: full }, { cartOnPage: true }),
      renderIsland('CartPage', { cart: full, minimumSubtotalCents: null, forms: {} }, { cartOnPage: true }),
      renderIsland('CartPill', { cart: full, pathname: '/shop/p/linen-shirt' }, { cartOnPage: true }),
    ];
    for (const html of islands) {
      const props = readIslandProps(new DOMParser().parseFromString(html, 'text/html').body.firstElementChild!);
      expect(props).not.toHaveProperty('cart');
    }
    expect(readIslandProps(new DOMParser().parseFromString(islands[1]!, 'text/html').body.firstElementChild!)).toHaveProperty('product.id');
    const block = cartDataBlock(full);
    expect(block).toMatch(/^<script type="application\/json" id="vitrine-cart">[^<]*<\/script>$/);
    document.body.innerHTML = islands.join('') + block;
    const serverHtml = document.body.innerHTML;
    expect(document.querySelectorAll('script')).toHaveLength(5);

    await act(async () => {
      expect(hydrateIslands(document, { onRecoverableError: (error) => errors.push(error) })).toBe(4);
    });
    expect(errors).toEqual([]);
    for (const el of document.querySelectorAll('[data-island]')) el.removeAttribute('data-hydrated');
    document.querySelector('.vitrine-cart[data-ready="true"]')!.removeAttribute('data-ready');
    expect(document.body.innerHTML).toBe(serverHtml);
    expect(cartStore.getSnapshot()).toEqual(full);
    expect(screen.getByRole('link', { name: '3 items $37.50' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a page saying "no cart" (null) fetches nothing, even with a cart cookie', async () => {
    const fetchMock = vi.fn(async () => fakeResponse(200, cart()));
    vi.stubGlobal('fetch', fetchMock);
    // The page already holds its crumb cookie (asking for one first is api/http.test.ts's).
    document.cookie = 'crumb=test-crumb; path=/';
    document.cookie = 'CART=token-1; path=/';
    try {
      document.body.innerHTML = renderIsland('CartPill', { cart: null, pathname: '/' }, { cartOnPage: true }) + cartDataBlock(null);
      await act(async () => {
        hydrateIslands();
      });
      await flushPromises();
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      document.cookie = 'CART=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    }
  });
});
