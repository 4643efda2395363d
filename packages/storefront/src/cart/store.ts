import { useSyncExternalStore } from 'react';
import type { ShoppingCart } from '@vitrine/commerce';
import { CART_EVENTS, dispatchCartEvent } from './events';

type Listener = () => void;

/**
 * Where the cart stands on this page (spec §4): `uninitialised` until the runtime knows whether there is
 * a cart to load, `loading` while it is fetched, `loaded` once known (a cart, or none).
 */
export type CartStatus = 'uninitialised' | 'loading' | 'loaded';

/**
 * The one cart every island reads in the browser, so the pill, the header
 * indicator and the cart page change together after an add. It starts empty
 * (null) and is seeded from the server-rendered props before hydration.
 */
export interface CartStore {
  subscribe(listener: Listener): () => void;
  getSnapshot(): ShoppingCart | null;
  getStatus(): CartStatus;
  setCart(cart: ShoppingCart): void;
  /** Takes the server's cart only if none is known yet (several islands may carry it). */
  seed(cart: ShoppingCart | null | undefined): void;
  /** Moves to `loading` or `loaded`; `loaded` fires the cart-loaded event once. */
  setStatus(status: CartStatus): void;
  reset(): void;
}

export function createCartStore(): CartStore {
  let current: ShoppingCart | null = null;
  let status: CartStatus = 'uninitialised';
  const listeners = new Set<Listener>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const store: CartStore = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => current,
    getStatus: () => status,
    setCart(cart) {
      current = cart;
      if (status !== 'loaded') store.setStatus('loaded');
      notify();
    },
    seed(cart) {
      if (current === null && cart) current = cart;
    },
    setStatus(next) {
      if (status === next) return;
      status = next;
      if (next === 'loading') dispatchCartEvent(CART_EVENTS.loading, {});
      if (next === 'loaded') dispatchCartEvent(CART_EVENTS.loaded, { cart: current });
      notify();
    },
    reset() {
      current = null;
      status = 'uninitialised';
      notify();
    },
  };
  return store;
}

export const cartStore = createCartStore();

/**
 * The current cart for an island: the shared store in the browser, the
 * island's own prop on the server (the server never reads the module-level
 * store, so requests cannot leak carts into each other).
 */
export function useCart(initialCart: ShoppingCart | null | undefined, store: CartStore = cartStore): ShoppingCart | null {
  const fromServer = initialCart ?? null;
  const cart = useSyncExternalStore(store.subscribe, store.getSnapshot, () => fromServer);
  return cart ?? fromServer;
}

/**
 * The cart's status for an island. On the server (and while hydrating) an island given a `cart` prop,
 * even `null` ("no cart"), was rendered with the cart known: `loaded`; without one, `uninitialised`.
 */
export function useCartStatus(initialCart: ShoppingCart | null | undefined, store: CartStore = cartStore): CartStatus {
  const fromServer: CartStatus = initialCart === undefined ? 'uninitialised' : 'loaded';
  const status = useSyncExternalStore(store.subscribe, store.getStatus, () => fromServer);
  // A store nobody has synced yet (a test rendering one island alone) takes the island's own answer.
  return status === 'uninitialised' ? fromServer : status;
}
