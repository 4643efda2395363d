/** The content domain: pages made of blocks (table content_pages). The site editor (issue 18) builds on it. */
export { findContentPage, findHomePage, findPagesUsingForm, type ContentPageRow } from './queries';
export { readItemForPreview, readPageForPreview, type ItemPreview, type PagePreview } from './preview';
export { seedDemoContentPages } from './demo';
