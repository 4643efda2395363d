import { useSyncExternalStore } from 'react';

type Listener = () => void;

/**
 * The sku of the variant a shopper has fully chosen, by product id: the product form publishes it and
 * the price line (ProductPrice) reads it, so the price follows the choice. Empty until a complete
 * choice, which keeps the first client render equal to the server's.
 */
const chosen = new Map<string, string>();
const listeners = new Set<Listener>();

export const selectedVariantStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get(productId: string): string | undefined {
    return chosen.get(productId);
  },
  publish(productId: string, sku: string | undefined) {
    if (chosen.get(productId) === sku) return;
    if (sku === undefined) chosen.delete(productId);
    else chosen.set(productId, sku);
    for (const listener of listeners) listener();
  },
  reset() {
    chosen.clear();
    for (const listener of listeners) listener();
  },
};

export function useSelectedSku(productId: string | undefined): string | undefined {
  return useSyncExternalStore(
    selectedVariantStore.subscribe,
    () => (productId === undefined ? undefined : selectedVariantStore.get(productId)),
    () => undefined,
  );
}
