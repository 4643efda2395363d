/** The headless read API (issue 37 item 3): publishable keys and allowed origins (tables headless_keys, headless_settings), and the reads. */
export { registerHeadlessRoutes, HEADLESS_CORS_REFUSED } from './routes';
export { PUBLISHABLE_KEY_PREFIX } from './keys';
