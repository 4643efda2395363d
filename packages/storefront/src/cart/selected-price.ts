import { useSyncExternalStore } from 'react';

type Listener = () => void;

/**
 * The price of the variant a shopper has chosen, by product id: the product
 * form publishes it and the installment pill reads it, so the pill's range
 * follows the selection. Empty until a choice is made, which keeps the first
 * client render equal to the server's.
 */
const prices = new Map<string, number>();
const listeners = new Set<Listener>();

export const selectedPriceStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get(productId: string): number | undefined {
    return prices.get(productId);
  },
  publish(productId: string, priceCents: number | undefined) {
    if (prices.get(productId) === priceCents) return;
    if (priceCents === undefined) prices.delete(productId);
    else prices.set(productId, priceCents);
    for (const listener of listeners) listener();
  },
  reset() {
    prices.clear();
    for (const listener of listeners) listener();
  },
};

export function useSelectedPrice(productId: string | undefined): number | undefined {
  return useSyncExternalStore(
    selectedPriceStore.subscribe,
    () => (productId === undefined ? undefined : selectedPriceStore.get(productId)),
    () => undefined,
  );
}
