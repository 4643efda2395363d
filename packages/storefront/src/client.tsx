import { hydrateIslands } from './hydrate';
import { watchRelatedProducts } from './related-products-events';
import { watchSiteMenu } from './site-menu';

// The browser entry Vite bundles: one script, one React, every island on the page; and the related
// products' tracking events and the phone menu's keyboard (plain DOM, no island).
const start = () => {
  hydrateIslands();
  watchRelatedProducts();
  watchSiteMenu();
};
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', start, { once: true });
} else {
  start();
}
