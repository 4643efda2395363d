import { hydrateIslands } from './hydrate';

// The browser entry Vite bundles: one script, one React, every island on the page.
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => hydrateIslands(), { once: true });
} else {
  hydrateIslands();
}
