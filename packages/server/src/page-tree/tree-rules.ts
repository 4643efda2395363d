/**
 * The page tree's rules, pure: the owner's tree read from the main navigation's items, the site's pages and its
 * stores; and a new order, nesting and visibility turned back into navigation items. A page in no navigation is
 * "not linked" (hidden from navigation); one level of folders.
 */
import type { NavigationNodeJson, PageSummaryJson, PageTreeJson, UpdateContentNavigationBody } from '@vitrine/contracts';
import type { StoredNavigationItem, StoreForLink } from '../site-settings';

export const PAGE_TREE_MESSAGES = {
  invalid: 'The navigation was not changed: correct the marked entries.',
  unknownId: 'No such page, store or link in the page tree.',
  duplicate: 'This appears more than once in the navigation.',
  notAFolder: 'Only a folder holds pages.',
  folderInFolder: 'A folder cannot go inside another folder.',
  folderId: 'folderId must be the id of a folder page.',
} as const;

/** A link's id in the tree: 'link:' and where it sits in the navigation ('link:3', 'link:2.0' inside a folder). */
const linkId = (path: readonly number[]) => `link:${path.join('.')}`;

function storeSummaryOf(store: StoreForLink, item: StoredNavigationItem): PageSummaryJson {
  return {
    id: store.id,
    kind: 'store',
    title: store.title,
    navigationTitle: item.title ?? store.navigation_title,
    urlId: store.url_id,
    fullUrl: `/${store.url_id}`,
    status: 'published',
    publishAt: null,
    isHome: false,
    hasDraft: false,
    updatedAt: '',
  };
}

function linkSummaryOf(item: StoredNavigationItem, path: readonly number[]): PageSummaryJson {
  return {
    id: linkId(path),
    kind: 'link',
    title: item.title ?? item.externalLink ?? '',
    navigationTitle: item.title ?? '',
    urlId: '',
    fullUrl: item.externalLink ?? '',
    status: 'published',
    publishAt: null,
    isHome: false,
    hasDraft: false,
    updatedAt: '',
    ...(item.externalLink !== undefined ? { externalLink: item.externalLink } : {}),
  };
}

/** The tree: the navigation's entries in order (links to pages or stores that are gone left out), then the pages in none. */
/**
 * The home page as the navigation links it when no item names it by id: a link to '/' (the default navigation's
 * "Home") or to the home page's own address. The tree shows that item as the home page, not as a link with the
 * home page under "Not linked".
 */
function homeLinkOf(items: readonly StoredNavigationItem[], pages: ReadonlyMap<string, PageSummaryJson>): { home: PageSummaryJson; isHomeLink: (item: StoredNavigationItem) => boolean } | undefined {
  const home = [...pages.values()].find((page) => page.isHome);
  if (!home) return undefined;
  const linkedById = (list: readonly StoredNavigationItem[]): boolean => list.some((item) => item.collectionId === home.id || linkedById(item.items ?? []));
  if (linkedById(items)) return undefined;
  return { home, isHomeLink: (item) => item.collectionId === undefined && (item.externalLink === '/' || item.externalLink === home.fullUrl) };
}

export function buildPageTree(
  items: readonly StoredNavigationItem[],
  pages: ReadonlyMap<string, PageSummaryJson>,
  stores: ReadonlyMap<string, StoreForLink>,
): PageTreeJson {
  const linked = new Set<string>();
  const homeLink = homeLinkOf(items, pages);
  const visit = (list: readonly StoredNavigationItem[], parent: readonly number[]): NavigationNodeJson[] =>
    list.flatMap((item, index) => {
      const path = [...parent, index];
      const children = visit(item.items ?? [], path);
      if (item.collectionId !== undefined) {
        const page = pages.get(item.collectionId);
        if (page) {
          linked.add(page.id);
          return [{ ...page, navigationTitle: item.title ?? page.navigationTitle, children }];
        }
        const store = stores.get(item.collectionId);
        return store ? [{ ...storeSummaryOf(store, item), children }] : [];
      }
      if (homeLink && !linked.has(homeLink.home.id) && homeLink.isHomeLink(item)) {
        linked.add(homeLink.home.id);
        return [{ ...homeLink.home, navigationTitle: item.title ?? homeLink.home.navigationTitle, children }];
      }
      return [{ ...linkSummaryOf(item, path), children }];
    });
  const navigation = visit(items, []);
  const notLinked = [...pages.values()].filter((page) => !linked.has(page.id)).sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
  const home = [...pages.values()].find((page) => page.isHome);
  return { navigation, notLinked, homePageId: home?.id ?? null };
}

/** What an id of the tree names, with the navigation item it came from (its title override kept). */
interface Resolved {
  item: StoredNavigationItem;
  /** A folder page, or a link item that only holds others: may have children. */
  isFolder: boolean;
}

export type NavigationOrder = { items: StoredNavigationItem[] } | { errors: Record<string, string> };

/**
 * The navigation items for a new arrangement of the tree: every id a page, store or link of the current tree, each
 * at most once; children only under a folder, and no folder inside one. Pages left out become "not linked".
 */
export function navigationItemsFor(
  order: UpdateContentNavigationBody,
  current: readonly StoredNavigationItem[],
  pages: ReadonlyMap<string, PageSummaryJson>,
  stores: ReadonlyMap<string, StoreForLink>,
): NavigationOrder {
  const existing = new Map<string, StoredNavigationItem>();
  const homeLink = homeLinkOf(current, pages);
  const index = (list: readonly StoredNavigationItem[], parent: readonly number[]) =>
    list.forEach((item, position) => {
      const path = [...parent, position];
      if (item.collectionId !== undefined) existing.set(item.collectionId, item);
      else if (homeLink && !existing.has(homeLink.home.id) && homeLink.isHomeLink(item)) existing.set(homeLink.home.id, item);
      else existing.set(linkId(path), item);
      index(item.items ?? [], path);
    });
  index(current, []);

  const resolve = (id: string): Resolved | undefined => {
    const page = pages.get(id);
    const stored = existing.get(id);
    if (page && stored?.externalLink !== undefined) {
      // The home page as the tree showed it (a link to '/'): it stays that link where it is moved.
      const { items: _children, ...rest } = stored;
      return { item: rest, isFolder: false };
    }
    if (page) {
      const title = existing.get(id)?.title;
      return { item: { ...(title !== undefined ? { title } : {}), collectionId: id }, isFolder: page.kind === 'folder' };
    }
    if (stores.has(id)) {
      const title = existing.get(id)?.title;
      return { item: { ...(title !== undefined ? { title } : {}), collectionId: id }, isFolder: false };
    }
    const link = id.startsWith('link:') ? existing.get(id) : undefined;
    if (!link) return undefined;
    const { items: _children, ...rest } = link;
    return { item: rest, isFolder: link.externalLink === undefined };
  };

  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  const take = (id: string, path: string): Resolved | undefined => {
    const resolved = resolve(id);
    if (!resolved) errors[`${path}.id`] = PAGE_TREE_MESSAGES.unknownId;
    else if (seen.has(id)) errors[`${path}.id`] = PAGE_TREE_MESSAGES.duplicate;
    seen.add(id);
    return resolved;
  };

  const items: StoredNavigationItem[] = [];
  order.navigation.forEach((entry, position) => {
    const path = `navigation.${position}`;
    const resolved = take(entry.id, path);
    const children: StoredNavigationItem[] = [];
    if (entry.children && entry.children.length > 0 && resolved && !resolved.isFolder) errors[`${path}.children`] = PAGE_TREE_MESSAGES.notAFolder;
    (entry.children ?? []).forEach((child, childPosition) => {
      const childPath = `${path}.children.${childPosition}`;
      const resolvedChild = take(child.id, childPath);
      if (resolvedChild?.isFolder) errors[`${childPath}.id`] = PAGE_TREE_MESSAGES.folderInFolder;
      if (resolvedChild) children.push(resolvedChild.item);
    });
    if (resolved) items.push(children.length > 0 ? { ...resolved.item, items: children } : resolved.item);
  });
  return Object.keys(errors).length > 0 ? { errors } : { items };
}

/** A new page's place: the end of the navigation (before a closing Cart link), or the end of its folder. */
export function withPageLinked(items: readonly StoredNavigationItem[], pageId: string, folderId?: string): StoredNavigationItem[] {
  const link: StoredNavigationItem = { collectionId: pageId };
  if (folderId !== undefined) {
    const at = items.findIndex((item) => item.collectionId === folderId);
    if (at >= 0) return items.map((item, position) => (position === at ? { ...item, items: [...(item.items ?? []), link] } : item));
    return withPageLinked(items, folderId).map((item) => (item.collectionId === folderId ? { ...item, items: [link] } : item));
  }
  const last = items.at(-1);
  if (last?.externalLink === '/cart') return [...items.slice(0, -1), link, last];
  return [...items, link];
}

/** The navigation without a page: a folder's pages take its place, at its level. */
export function withoutPage(items: readonly StoredNavigationItem[], pageId: string): StoredNavigationItem[] {
  return items.flatMap((item) => {
    const children = item.items ? withoutPage(item.items, pageId) : undefined;
    if (item.collectionId === pageId) return children ?? [];
    return [children && children.length > 0 ? { ...item, items: children } : omitItems(item)];
  });
}

function omitItems(item: StoredNavigationItem): StoredNavigationItem {
  const { items: _items, ...rest } = item;
  return rest;
}

/** Whether the navigation links a page anywhere. */
export function linksPage(items: readonly StoredNavigationItem[], pageId: string): boolean {
  return items.some((item) => item.collectionId === pageId || linksPage(item.items ?? [], pageId));
}
