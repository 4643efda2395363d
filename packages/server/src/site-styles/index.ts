/**
 * Site styles (issue 33 items 2, 4 and 5): the owner's draft and published versions, the compiled per-website stylesheet,
 * the fonts, and the starter templates (templates.ts: list, switch, preview, a new website's choice).
 */
export { registerSiteStylesRoutes } from './routes';
export { designViewOf, DEFAULT_MANIFEST, DEFAULT_STYLES, SITE_STYLES_PREFIX, type DesignView } from './compiled';
export { draftStylesFor, manifestOf } from './service';
export { applyStarterTemplateIn, defaultStarterTemplates, isStarterTemplate, templatePreviewStylesFor, TEMPLATE_PREVIEW_PREFIX } from './templates';
export { designPreviewStylesFor, isDesignPreview } from './preview';
export { type ThemeManifestSource } from './website-theme';
export { mailColoursOf, type MailColours } from './mail-colours';
