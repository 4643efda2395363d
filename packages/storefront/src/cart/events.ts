/**
 * The cart's DOM events (spec §4: "Cart: loading, then loaded. Adding an entry and updating form data each
 * fire a recalculation start and end."). They are CustomEvents dispatched on `document`, so the islands,
 * the theme and the shopper tracking client can all listen without importing anything:
 *
 *   document.addEventListener('vitrine:cart-recalculation-end', (event) => console.log(event.detail));
 *
 * The names are listed in packages/storefront/README.md.
 */
export const CART_EVENTS = {
  /** The cart is being fetched (a page rendered without it, with a cart cookie). */
  loading: 'vitrine:cart-loading',
  /** The cart is known: from the page, from a fetch, or because no cart exists. `detail.cart` (null when none). */
  loaded: 'vitrine:cart-loaded',
  /** An add or a form-data update was sent. `detail.reason`: 'add' | 'form-data'. */
  recalculationStart: 'vitrine:cart-recalculation-start',
  /** Its answer came back. `detail.reason`, `detail.ok` (false when refused), `detail.cart` when ok. */
  recalculationEnd: 'vitrine:cart-recalculation-end',
} as const;

export type RecalculationReason = 'add' | 'form-data';

export function dispatchCartEvent(name: string, detail: Record<string, unknown>): void {
  if (typeof document === 'undefined' || typeof CustomEvent === 'undefined') return;
  document.dispatchEvent(new CustomEvent(name, { detail }));
}

/** Runs a call that changes the cart's totals between a recalculation start and end. */
export async function withRecalculation<T extends { shoppingCart: unknown }>(reason: RecalculationReason, call: () => Promise<T>): Promise<T> {
  dispatchCartEvent(CART_EVENTS.recalculationStart, { reason });
  try {
    const result = await call();
    dispatchCartEvent(CART_EVENTS.recalculationEnd, { reason, ok: true, cart: result.shoppingCart });
    return result;
  } catch (error) {
    dispatchCartEvent(CART_EVENTS.recalculationEnd, { reason, ok: false });
    throw error;
  }
}
