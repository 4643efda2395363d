import { hydrateIslands } from './hydrate';
import { watchRelatedProducts } from './related-products-events';

// The browser entry Vite bundles: one script, one React, every island on the page; and the related
// products' tracking events (plain DOM, no island).
const start = () => {
  hydrateIslands();
  watchRelatedProducts();
};
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', start, { once: true });
} else {
  start();
}
