import { SHOPPER_EVENTS } from '@vitrine/tracking/dom-events';
import { CART_EVENTS } from './cart/events';

/**
 * The related-products section's tracking events (spec §7: related product display, click, add): CustomEvents on
 * `document` that the shopper tracking client (@vitrine/tracking) listens to, with no import of it.
 *
 *   document.addEventListener('vitrine:related-product-click', (event) => console.log(event.detail.url));
 *
 * The theme marks the section with `data-related-products` (partials/related-products.block); each product
 * is a `.product-card` whose `a.product-card-link` is its address and `.product-card-title` its title.
 */
export const RELATED_PRODUCT_EVENTS = {
  /** The section came into view (once per page). `detail.products`: [{ url, title }] in the order shown. */
  display: SHOPPER_EVENTS.relatedProductDisplay,
  /** A related product's card link was followed. `detail`: { url, title }. */
  click: SHOPPER_EVENTS.relatedProductClick,
  /** A related product was added to the cart from its quick view. `detail`: { url, title }. */
  add: SHOPPER_EVENTS.relatedProductAdd,
} as const;

export interface RelatedProduct {
  url: string;
  title: string;
}

function productOf(card: Element): RelatedProduct {
  return {
    url: card.querySelector('a.product-card-link')?.getAttribute('href') ?? '',
    title: card.querySelector('.product-card-title')?.textContent?.trim() ?? '',
  };
}


/**
 * Starts the events for the page's related-products section, if it has one. A quick view opened from the
 * section makes the next successful add count as that product's, unless the add starts with no dialog
 * open (the shopper closed it and used the page's own form).
 */
export function watchRelatedProducts(root: Document = document): void {
  const section = root.querySelector('[data-related-products]');
  if (!section) return;
  const dispatch = (name: string, detail: object) => root.dispatchEvent(new CustomEvent(name, { detail }));
  const products = () => Array.from(section.querySelectorAll('.product-card')).map(productOf);

  const announce = () => dispatch(RELATED_PRODUCT_EVENTS.display, { products: products() });
  if (typeof IntersectionObserver === 'undefined') {
    announce();
  } else {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      announce();
    });
    observer.observe(section);
  }

  let quickViewOf: RelatedProduct | null = null;
  section.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const card = target?.closest('.product-card');
    if (!card) return;
    if (target?.closest('a.product-card-link')) dispatch(RELATED_PRODUCT_EVENTS.click, productOf(card));
    else if (target?.closest('.vitrine-quick-view')) quickViewOf = productOf(card);
  });
  root.addEventListener(CART_EVENTS.recalculationStart, (event) => {
    const { reason } = (event as CustomEvent<{ reason?: string }>).detail ?? {};
    if (reason === 'add' && !root.querySelector('[role="dialog"]')) quickViewOf = null;
  });
  root.addEventListener(CART_EVENTS.recalculationEnd, (event) => {
    const { reason, ok } = (event as CustomEvent<{ reason?: string; ok?: boolean }>).detail ?? {};
    if (reason !== 'add' || !quickViewOf) return;
    if (ok) dispatch(RELATED_PRODUCT_EVENTS.add, quickViewOf);
    quickViewOf = null;
  });
}
