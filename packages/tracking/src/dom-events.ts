/**
 * The DOM events the storefront dispatches where shoppers do things, and that the tracking client listens to.
 * The islands never import the tracking client: they dispatch a `CustomEvent` (on `document` or `window`) with
 * the data below, and the client, loaded once the page is idle, picks them up (the storefront's every-page
 * script keeps the ones dispatched before it arrives: `event-buffer.ts`).
 *
 *   document.dispatchEvent(new CustomEvent(SHOPPER_EVENTS.addToCart, { detail: { product, sku, quantity, currency } }));
 *
 * Constants and types only: importing this module costs an island a few names, nothing else.
 */
export const SHOPPER_EVENTS = {
  /** The product page was shown (its own product form, not a quick view). `ProductViewDetail`. */
  productView: 'vitrine:product-view',
  /** Units went into the cart (product form, quick view, a quantity raised on the cart page). `CartChangeDetail`. */
  addToCart: 'vitrine:add-to-cart',
  /** Units left the cart (Remove, a quantity lowered on the cart page). `CartChangeDetail`. */
  removeFromCart: 'vitrine:remove-from-cart',
  /** The cart page was shown. `ViewCartDetail`. */
  viewCart: 'vitrine:view-cart',
  /** A quick view opened on a product. `QuickViewDetail`. */
  quickViewOpen: 'vitrine:quick-view-open',
  /** A site form (or the newsletter block) rendered, ready to use. `FormDetail`. */
  formRender: 'vitrine:form-render',
  /** A newsletter form was submitted (storefront §4). `FormDetail`, on `window`. */
  newsletterSubscribe: 'vitrine:newsletter-subscribe',
  /** Any site form was submitted (storefront §4). `FormDetail`, on `window`. */
  formSubmitSuccess: 'vitrine:form-submit-success',
  /** The related-products section came into view. `{ products: RelatedProduct[] }`. */
  relatedProductDisplay: 'vitrine:related-product-display',
  /** A related product's card link was followed. `RelatedProduct`. */
  relatedProductClick: 'vitrine:related-product-click',
  /** A related product was added from its quick view. `RelatedProduct`. */
  relatedProductAdd: 'vitrine:related-product-add',
  /** The product's reviews tab was clicked or opened (storefront/src/reviews/product-tabs.ts). `ProductViewDetail`. */
  reviewsTab: 'vitrine:reviews-tab',
  /** A link to the product's reviews was followed. `ProductViewDetail`. */
  reviewsAnchorLink: 'vitrine:reviews-anchor-link',
  /** An order was confirmed (the order-confirmed page, once per order). `PurchaseDetail`. */
  purchase: 'vitrine:purchase',
  /** The cart page's product form (an entry's additional fields) was opened, closed or submitted (platform §2's
   *  tracking names; the legacy tracker's `cart-page-product-form-{action}`). `CartPageFormDetail`. */
  cartPageForm: 'vitrine:cart-page-product-form',
  /** A popup overlay was shown (census overlay call). `{ overlayId? }`. */
  overlayView: 'vitrine:overlay-view',
  /** Any other schema event (the gated-content events, for the pages that will show them). `{ name, content }`. */
  track: 'vitrine:track',
} as const;

export type ShopperEventName = (typeof SHOPPER_EVENTS)[keyof typeof SHOPPER_EVENTS];

/** Money as the events carry it: a major-unit decimal string ("45.00"). */
export interface DecimalValue {
  decimalValue: string;
}

/** Storefront §3's Product context. */
export interface ProductContext {
  id: string;
  name: string;
  productType: number;
  variants: { sku: string; price: DecimalValue; attributes: Record<string, string> }[];
  price: DecimalValue;
}

export interface ProductViewDetail {
  product: ProductContext;
}

export interface CartChangeDetail {
  product: ProductContext;
  sku: string;
  quantity: number;
  /** ISO 4217. */
  currency: string;
  /** Where it happened: 'product-page', 'quick-view' or 'cart-page'. */
  placement?: string;
}

export interface ViewCartDetail {
  cart: { item_count: number; subtotal: DecimalValue & { currency: string } };
}

export interface QuickViewDetail {
  itemId: string;
  productUrl?: string;
}

export interface FormDetail {
  formId: string;
  blockId: string;
}

export interface RelatedProduct {
  url: string;
  title: string;
}

export interface CartPageFormDetail {
  action: 'open' | 'close' | 'submit';
  itemId: string;
}

export interface PurchaseDetail {
  order_id: string;
  revenue: DecimalValue & { currency: string };
  products: (ProductContext & { quantity: number })[];
}
