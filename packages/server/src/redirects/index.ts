/**
 * URL redirects and the not-found report (issue 37 item 2). Other domains call recordAddressMove (a page's, post's
 * or product's address changed) and recordImportedAddress (a product CSV from another platform) inside their own
 * transactions: they never write this domain's tables.
 */
export { recordAddressMove, recordImportedAddress, recordImportedIdAddress } from './service';
export { RedirectRuleCache, REDIRECT_CACHE_TTL_MS, notifyRedirectsChanged } from './rule-cache';
export { NotFoundCounter, DEFAULT_NOT_FOUND_FLUSH_MS } from './not-found-counter';
export { NotFoundAnswers, type RedirectAnswer } from './not-found-answer';
export { registerRedirectRoutes } from './routes';
