/** Site styles (issue 33 item 2): the owner's draft and published versions, the compiled per-website stylesheet, the fonts. */
export { registerSiteStylesRoutes } from './routes';
export { designViewOf, DEFAULT_MANIFEST, DEFAULT_STYLES, SITE_STYLES_PREFIX, type DesignView } from './compiled';
export { draftStylesFor, manifestOf } from './service';
