/** The Pages screen's addresses: the tree, a page's editor, an item's editor inside its collection page. */
export const PAGES_PATH = '/config/pages';
export const pagePath = (pageId: string) => `${PAGES_PATH}/${encodeURIComponent(pageId)}`;
export const itemPath = (pageId: string, itemId: string) => `${pagePath(pageId)}/items/${encodeURIComponent(itemId)}`;
