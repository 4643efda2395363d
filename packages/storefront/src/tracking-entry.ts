/**
 * The tracking client's chunk (storefront → @vitrine/tracking): imported by `tracking-loader.ts` once the page is
 * loaded and idle, so it never competes with the islands. Its own file, with its own budget (4 KB brotli,
 * scripts/bundle-size.mjs); the error reporter and the performance collector are chunks of their own below it.
 */
export { startTracking } from '@vitrine/tracking/client';
