import { useSyncExternalStore } from 'react';
import type { ShoppingCart } from '@vitrine/commerce';

type Listener = () => void;

/**
 * The one cart every island reads in the browser, so the pill, the header
 * indicator and the cart page change together after an add. It starts empty
 * (null) and is seeded from the server-rendered props before hydration.
 */
export interface CartStore {
  subscribe(listener: Listener): () => void;
  getSnapshot(): ShoppingCart | null;
  setCart(cart: ShoppingCart): void;
  /** Takes the server's cart only if none is known yet (several islands may carry it). */
  seed(cart: ShoppingCart | null | undefined): void;
  reset(): void;
}

export function createCartStore(): CartStore {
  let current: ShoppingCart | null = null;
  const listeners = new Set<Listener>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => current,
    setCart(cart) {
      current = cart;
      notify();
    },
    seed(cart) {
      if (current === null && cart) current = cart;
    },
    reset() {
      current = null;
      notify();
    },
  };
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
