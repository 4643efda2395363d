import { useSyncExternalStore } from 'react';

type Listener = () => void;

/**
 * A value per product id that the product form publishes and other islands of the page read (the
 * chosen variant's sku, its price). Empty until the shopper chooses, which keeps the first client
 * render equal to the server's.
 */
export interface ProductSelectionStore<T> {
  subscribe(listener: Listener): () => void;
  get(productId: string): T | undefined;
  publish(productId: string, value: T | undefined): void;
  reset(): void;
}

export function createProductSelectionStore<T>(): ProductSelectionStore<T> {
  const values = new Map<string, T>();
  const listeners = new Set<Listener>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    get: (productId) => values.get(productId),
    publish(productId, value) {
      if (values.get(productId) === value) return;
      if (value === undefined) values.delete(productId);
      else values.set(productId, value);
      notify();
    },
    reset() {
      values.clear();
      notify();
    },
  };
}

/** The store's value for a product, re-rendering when it changes; undefined on the server. */
export function useProductSelection<T>(store: ProductSelectionStore<T>, productId: string | undefined): T | undefined {
  return useSyncExternalStore(
    store.subscribe,
    () => (productId === undefined ? undefined : store.get(productId)),
    () => undefined,
  );
}
