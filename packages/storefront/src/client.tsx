import { readTrackingContext } from '@vitrine/tracking/page-context';
import { hydrateIslands } from './hydrate';
import { watchRelatedProducts } from './related-products-events';
import { watchSiteMenu } from './site-menu';
import { loadTrackingWhenIdle } from './tracking-loader';

// The browser entry Vite bundles: one script, one React, every island on the page; the related products'
// tracking events, the order-confirmed page's purchase and the phone menu's keyboard (plain DOM, no island); and
// the shopper tracking client, started first (its buffer hears the islands) but loaded once the page is idle.
const start = () => {
  loadTrackingWhenIdle();
  hydrateIslands();
  watchRelatedProducts();
  // Only the order-confirmed page carries a purchase: its code is a chunk of its own.
  if (readTrackingContext()?.purchase) import('./order-confirmed').then(({ announcePurchase }) => announcePurchase(), () => undefined);
  watchSiteMenu();
  // The member-area access-denied page's gated-content events (members): a chunk of its own.
  if (document.querySelector('[data-gated]')) import('./members/gated-content').then(({ watchGatedContent }) => watchGatedContent(), () => undefined);
  // The shop's filters on store and search pages (issue 38): a chunk of their own.
  if (document.querySelector('[data-shop-filters]')) import('./shop-filters').then(({ startShopFilters }) => startShopFilters(), () => undefined);
  // The suggestion of the visitor's own language, on sites in several languages (issue 39): a chunk of its own.
  if (document.getElementById('vitrine-languages')) import('./language-suggestion').then(({ startLanguageSuggestion }) => startLanguageSuggestion(), () => undefined);
  // The product page's Description / Reviews tabs (product reviews): a chunk of their own.
  if (document.querySelector('[data-product-tabs]')) import('./reviews/product-tabs').then(({ startProductTabs }) => startProductTabs(), () => undefined);
};
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', start, { once: true });
} else {
  start();
}
