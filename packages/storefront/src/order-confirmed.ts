import type { PurchaseDetail } from '@vitrine/tracking/dom-events';
import { readTrackingContext } from '@vitrine/tracking/page-context';
import { dispatchShopperEvent, SHOPPER_EVENTS } from './shopper-events';

/** The store owner's own analytics tags, when they installed any (Google Tag Manager's dataLayer, gtag.js). */
declare global {
  interface Window {
    dataLayer?: { push(...items: unknown[]): unknown };
    gtag?: (...args: unknown[]) => void;
  }
}

/** Remembers which orders were told already, so a reload of the confirmation page is not a second purchase. */
const TOLD_KEY = (orderId: string) => `vitrine:purchase-told:${orderId}`;

/** The GA4 `ecommerce` object of a purchase (the shape dataLayer and gtag take). */
export function purchaseEcommerce(purchase: PurchaseDetail) {
  return {
    transaction_id: purchase.order_id,
    value: Number(purchase.revenue.decimalValue),
    currency: purchase.revenue.currency,
    items: purchase.products.map((product) => ({
      item_id: product.id,
      item_name: product.name,
      item_variant: product.variants[0]?.sku,
      price: Number(product.price.decimalValue),
      quantity: product.quantity,
    })),
  };
}

/**
 * The order-confirmed page (storefront §7: "a purchase event is sent to a global analytics function"): the purchase
 * goes to our events store (the `vitrine:purchase` event, which the tracking client sends) and to the owner's own
 * tags when present — `window.dataLayer.push({ event: 'purchase', ecommerce })` and
 * `window.gtag('event', 'purchase', ecommerce)` — each in its own try/catch, so a broken tag never breaks the page.
 * Once per order and browser. The order comes from the page's tracking context (server: pages/tracking-context.ts).
 */
export function announcePurchase(): void {
  const purchase = readTrackingContext()?.purchase;
  if (!purchase) return;
  try {
    if (localStorage.getItem(TOLD_KEY(purchase.order_id))) return;
    localStorage.setItem(TOLD_KEY(purchase.order_id), '1');
  } catch {
    // no storage: told on every visit of the page
  }
  dispatchShopperEvent(SHOPPER_EVENTS.purchase, purchase);
  const ecommerce = purchaseEcommerce(purchase);
  try {
    if (typeof window.dataLayer?.push === 'function') {
      // GA4's advice: clear the previous ecommerce object first.
      window.dataLayer.push({ ecommerce: null });
      window.dataLayer.push({ event: 'purchase', ecommerce });
    }
  } catch (error) {
    console.warn('The store’s dataLayer refused the purchase', error);
  }
  try {
    if (typeof window.gtag === 'function') window.gtag('event', 'purchase', ecommerce);
  } catch (error) {
    console.warn('The store’s gtag refused the purchase', error);
  }
}
