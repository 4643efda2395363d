/** The content domain: pages made of blocks (table content_pages). The site editor (issue 18) builds on it. */
export { findContentPage, findHomePage, findPagesUsingForm, type ContentPageRow } from './queries';
export { readItemForPreview, readPageForPreview, type ItemPreview, type PagePreview } from './preview';
export { seedDemoContentPages } from './demo';
export { listNavigablePages, type NavigablePage } from './navigable-pages';
export { notifyContentChanged, onContentChanged } from './content-changes';
export { createContentPage, deleteContentPage, RESERVED_URL_IDS } from './owner-pages';
export { contentPageOf, pageSummaryOf, type SitePageRow } from './owner-model';
export { listOwnerPages } from './owner-queries';
export { registerOwnerContentRoutes } from './owner-routes';
