/** The content domain: pages made of blocks (table content_pages). The site editor (issue 18) builds on it. */
export { findPagesUsingForm } from './queries';
export { readItemForPreview, readPageForPreview, type ItemPreview, type PagePreview } from './preview';
export { seedDemoContentPages } from './demo';
export { starterHomeBody, writeStarterExtraPages, writeStarterHomeBody, writeStarterPages, type StarterPage } from './starter';
export { seedPublishedItem, seedPublishedPage, type SeedItem, type SeedPage } from './seed-rows';
export { listNavigablePages, type NavigablePage } from './navigable-pages';
export { notifyContentChanged, onContentChanged } from './content-changes';
export { nextScheduledContentChange } from './published';
export { createContentPage, deleteContentPage, RESERVED_URL_IDS } from './owner-pages';
export { contentPageOf, pageSummaryOf, type PageSummaryRow, type SitePageRow } from './owner-model';
export { listPageSummaryRows } from './owner-queries';
export { registerOwnerContentRoutes } from './owner-routes';
// The visitor side (the renderer's): live pages and items, listings, the sitemap; block view models.
export {
  BLOG_PAGE_SIZE, RECORD_TYPES, findLiveCollections, findLiveHomePage, findLiveItem, findLivePage, findLivePostById, findLiveBody, findLivePagesByIds, listFolderChildIds, listLiveEvents,
  listLiveGalleryItems, listLivePosts, listSitemapContent, listSummaryItems, liveItemOf, livePageOf, type LiveItem, type LivePage, type SitemapEntry,
} from './published';
export {
  blockNeeds, calendarLink, dateLabel, EMPTY_BLOCK_DATA, eventTimeLabel, frameSourcesOf, PLAYER_ORIGINS, ownerFrameDocument, galleryView, imageView, placeView, renderBody, sanitiseRichText,
  type BlockData, type GalleryImageInput, type ImageAsset, type RenderedSection, type SummaryEntry,
} from './render';
export { BLOCK_PARTIAL_NAMES } from './render';
export { contentPictureUser } from './picture-uses';
export { freePageUrlId, freePostUrlId, importBlogOf, importedPageUrlIdProblem, insertImportedPage, insertImportedPost, postUrlIdTaken, type ImportedPage, type ImportedPost } from './imported-content';
