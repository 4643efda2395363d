/** The content domain: pages made of blocks (table content_pages). The site editor (issue 18) builds on it. */
export { findContentPage, findPagesUsingForm, type ContentPageRow } from './queries';
export { seedDemoContentPages } from './demo';
