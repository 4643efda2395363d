/**
 * Imports from other platforms (issue 37 item 5): WordPress's and Squarespace's WXR exports (table site_imports).
 * It writes nothing of other domains' tables itself: pages and posts through content/, comments through comments/,
 * pictures through images/, redirects through redirects/, and it fetches through webhooks/' outgoing guard.
 */
export { registerSiteImportRoutes } from './routes';
export { SiteImportJob, DEFAULT_SITE_IMPORT_INTERVAL_MS, type SiteImportParts } from './import-job';
