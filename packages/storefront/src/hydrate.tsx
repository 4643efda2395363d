import { startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ErrorBoundary } from '@vitrine/browser-helpers/react';
import { fetchCart } from './api/commerce';
import { readCookie } from './api/http';
import { readSiteUserInfo } from './api/site-user-info';
import { cartStore } from './cart/store';
import { readCartData, readIslandProps } from './embed';
import { ISLANDS, isIslandName, type IslandName } from './islands/registry';
import type { ShoppingCart } from './types';

export interface HydrateOptions {
  /** Called when React recovers from a problem such as a hydration mismatch (tests make these fail). */
  onRecoverableError?: (error: unknown) => void;
}

/** Renders nothing of its own; marks the island's element `data-hydrated="true"` once it is interactive. */
function HydrationMarker({ element, children }: { element: Element; children: ReactNode }) {
  useEffect(() => {
    element.setAttribute('data-hydrated', 'true');
  }, [element]);
  return children;
}

/**
 * Hydrates every island on the page with the props the server rendered it
 * with. The shared cart store is seeded first, so every island's first client
 * render matches the server's HTML. Returns how many islands it hydrated.
 */
export function hydrateIslands(root: ParentNode = document, options: HydrateOptions = {}): number {
  const found: { element: Element; name: IslandName; props: Record<string, unknown> }[] = [];
  for (const element of root.querySelectorAll('[data-island]')) {
    const name = element.getAttribute('data-island');
    if (!isIslandName(name) || element.hasAttribute('data-hydrated')) continue;
    try {
      found.push({ element, name, props: readIslandProps(element) });
    } catch (error) {
      console.warn(`Island ${name} has unreadable props`, error);
    }
  }
  // The page's one cart (data block): cart islands rendered without their own copy get it back,
  // the same cart the server rendered them with, so their first render matches its HTML.
  let pageCart: ReturnType<typeof readCartData> = { found: false, cart: null };
  try {
    pageCart = readCartData(root);
  } catch (error) {
    console.warn('The page cart is unreadable', error);
  }
  if (pageCart.found) {
    cartStore.seed(pageCart.cart);
    for (const island of found) {
      if (CART_ISLANDS.has(island.name) && !('cart' in island.props)) island.props.cart = pageCart.cart;
    }
  }
  for (const { props } of found) {
    if (props.cart && typeof props.cart === 'object') cartStore.seed(props.cart as ShoppingCart);
  }
  // The server rendered the page with the cart known (its block, or an island's own `cart`): loaded.
  if (pageCart.found || found.some(({ name, props }) => CART_ISLANDS.has(name) && 'cart' in props)) cartStore.setStatus('loaded');
  loadCartIfMissing(found);
  for (const { element, name, props } of found) {
    const Island = ISLANDS[name] as ComponentType<Record<string, unknown>>;
    // Hydrated as a transition: React then works in slices of a few milliseconds and yields to the browser between
    // them (input, paint), instead of one long task for every island on the page — which a phone's slower CPU turns
    // into blocking time (Lighthouse's TBT, issue 33's budget). A click on an island not yet hydrated still hydrates
    // it first (React replays the event).
    startTransition(() => {
      hydrateRoot(
        element,
        <HydrationMarker element={element}>
          {/* A render error of one island shows a short note in its place and is reported; the rest of the page works. */}
          <ErrorBoundary fallback={<p className="vitrine-island-failed">{ISLAND_FAILED_TEXT}</p>}>
            <Island {...props} />
          </ErrorBoundary>
        </HydrationMarker>,
        options.onRecoverableError ? { onRecoverableError: options.onRecoverableError } : undefined,
      );
    });
  }
  return found.length;
}

/** What stands in for an island that failed to render. */
export const ISLAND_FAILED_TEXT = 'This part of the page could not load. Please reload the page.';

/** The cookie holding the shopper's cart token (set by the server). */
export const CART_COOKIE = 'CART';

/**
 * When the server rendered the cart islands without a cart (a cached page),
 * the cart is fetched — but only if a cart cookie exists, as the spec asks
 * (§4: no cookie, no cart to load). An explicit `cart: null` means "no cart".
 */
function loadCartIfMissing(islands: { name: IslandName; props: Record<string, unknown> }[]): void {
  const cartIslands = islands.filter(({ name }) => CART_ISLANDS.has(name));
  if (cartIslands.length === 0 || cartIslands.some(({ props }) => 'cart' in props)) return;
  // No cart cookie and nobody signed in (whose cart the server keeps): no cart to load, loaded at once
  // (the add-to-cart wrappers show straight away).
  if (readCookie(CART_COOKIE) === null && readSiteUserInfo()?.authenticated !== true) {
    cartStore.setStatus('loaded');
    return;
  }
  cartStore.setStatus('loading');
  fetchCart().then(
    (cart) => {
      if (cartStore.getSnapshot() === null) cartStore.setCart(cart);
      else cartStore.setStatus('loaded');
    },
    () => {
      // The islands keep showing an empty cart; the next page load tries again.
      cartStore.setStatus('loaded');
    },
  );
}

const CART_ISLANDS: ReadonlySet<IslandName> = new Set(['CartPill', 'HeaderCartIndicator', 'CartPage', 'ProductForm']);
