import { SITE_SETTINGS_LIMITS, type NavigationItemInput } from '@vitrine/contracts';

/**
 * The rules of a navigation (platform spec §3 "Navigation item", §5): what an item may link to, how
 * many items and how deep, and how a stored navigation becomes the site layout's links. Pure: the
 * service supplies the stores.
 */

export const MAIN_NAVIGATION = 'mainNav';

export const NAVIGATION_MESSAGES = {
  invalid: 'This navigation is not valid.',
  noMainNavigation: 'Unable to find site main navigation',
  url: `Enter a web address (http or https, mailto, or a path starting with /) of ${SITE_SETTINGS_LIMITS.urlLength} characters at most.`,
  oneTarget: 'An item links to one store, one address, or holds items (a folder).',
  unknownStore: 'No such store.',
  unknownMemberArea: 'No such member area.',
  tooMany: `A navigation holds at most ${SITE_SETTINGS_LIMITS.navigationItems} items.`,
  tooManyNavigations: `A site keeps ${SITE_SETTINGS_LIMITS.navigationsPerSite} navigations at most.`,
} as const;

/** A navigation item as stored (jsonb): the input, minus what is left empty. */
export interface StoredNavigationItem {
  title?: string;
  collectionId?: string;
  externalLink?: string;
  /** A member area (members/): the link goes to the area's first page. */
  memberAreaId?: string;
  items?: StoredNavigationItem[];
}

/** A store as a link needs it. */
export interface StoreForLink {
  id: string;
  title: string;
  navigation_title: string;
  url_id: string;
}

export interface LayoutLink {
  title: string;
  collectionId?: string;
  externalLink?: string;
  memberAreaId?: string;
  children: LayoutLink[];
}

/** Control characters and spaces never belong in an address. */
const UNSAFE_URL_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;

/**
 * Platform spec §5: URLs of 2083 characters at most. An external link is an absolute http(s) or mailto
 * address, or a path on this site ('/', '/cart'); never javascript: or a protocol-relative '//host'.
 */
export function isNavigableUrl(link: string): boolean {
  if (link.length === 0 || link.length > SITE_SETTINGS_LIMITS.urlLength || UNSAFE_URL_CHARACTERS.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//') && !link.startsWith('/\\');
  try {
    const url = new URL(link);
    if (url.protocol === 'mailto:') return url.pathname.length > 0;
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export interface CheckedNavigation {
  items: StoredNavigationItem[];
  errors: Record<string, string>;
  /** Every store the items link to, for the caller to look up. */
  collectionIds: Set<string>;
}

/**
 * Checks items (depth is bounded by the schema) and counts them across levels; errors are keyed by
 * where the item sits ('navigation.items.2.items.0.externalLink').
 */
export function checkNavigationItems(items: NavigationItemInput[]): CheckedNavigation {
  const errors: Record<string, string> = {};
  const collectionIds = new Set<string>();
  let count = 0;
  const visit = (list: NavigationItemInput[], path: string): StoredNavigationItem[] =>
    list.map((item, index) => {
      count += 1;
      const at = `${path}.${index}`;
      const targets = [item.collectionId, item.externalLink, item.memberAreaId].filter((target) => target !== undefined).length;
      const children = item.items ?? [];
      if (targets > 1 || (targets === 0 && children.length === 0)) errors[at] = NAVIGATION_MESSAGES.oneTarget;
      if (item.externalLink !== undefined && !isNavigableUrl(item.externalLink)) errors[`${at}.externalLink`] = NAVIGATION_MESSAGES.url;
      if (item.collectionId !== undefined) collectionIds.add(item.collectionId);
      const stored: StoredNavigationItem = {};
      const title = item.title?.trim();
      if (title) stored.title = title;
      if (item.collectionId !== undefined) stored.collectionId = item.collectionId;
      if (item.externalLink !== undefined) stored.externalLink = item.externalLink;
      if (item.memberAreaId !== undefined) stored.memberAreaId = item.memberAreaId;
      if (children.length > 0) stored.items = visit(children, `${at}.items`);
      return stored;
    });
  const stored = visit(items, 'navigation.items');
  if (count > SITE_SETTINGS_LIMITS.navigationItems) errors['navigation.items'] = NAVIGATION_MESSAGES.tooMany;
  return { items: stored, errors, collectionIds };
}

/** Marks the store links whose store does not exist, and the member area links whose area does not (`stores` holds both). */
export function unknownStoreErrors(items: StoredNavigationItem[], stores: ReadonlySet<string>, path = 'navigation.items'): Record<string, string> {
  const errors: Record<string, string> = {};
  items.forEach((item, index) => {
    if (item.collectionId !== undefined && !stores.has(item.collectionId)) errors[`${path}.${index}.collectionId`] = NAVIGATION_MESSAGES.unknownStore;
    if (item.memberAreaId !== undefined && !stores.has(item.memberAreaId)) errors[`${path}.${index}.memberAreaId`] = NAVIGATION_MESSAGES.unknownMemberArea;
    if (item.items) Object.assign(errors, unknownStoreErrors(item.items, stores, `${path}.${index}.items`));
  });
  return errors;
}

/** The main navigation of a site that never saved one: Home, each store (oldest first), Cart — as the header always showed. */
export function defaultMainNavigation(stores: readonly StoreForLink[]): StoredNavigationItem[] {
  return [{ title: 'Home', externalLink: '/' }, ...stores.map((store) => ({ collectionId: store.id })), { title: 'Cart', externalLink: '/cart' }];
}

/** Adds a store link, before a closing Cart link when there is one; a store already linked at the top is left alone. */
export function withStoreLink(items: StoredNavigationItem[], collectionId: string): StoredNavigationItem[] {
  if (items.some((item) => item.collectionId === collectionId)) return items;
  const link = { collectionId };
  const last = items.at(-1);
  if (last?.externalLink === '/cart') return [...items.slice(0, -1), link, last];
  return [...items, link];
}

/** The layout's links: titles filled in from the stores; a link to a store that is gone is left out. */
export function layoutLinksOf(items: readonly StoredNavigationItem[], stores: ReadonlyMap<string, StoreForLink>): LayoutLink[] {
  const links: LayoutLink[] = [];
  for (const item of items) {
    const children = layoutLinksOf(item.items ?? [], stores);
    if (item.collectionId !== undefined) {
      const store = stores.get(item.collectionId);
      if (!store) continue;
      links.push({ title: item.title ?? (store.navigation_title || store.title), collectionId: store.id, children });
    } else if (item.memberAreaId !== undefined) {
      // A member area's link: its first page (an area with no page, or gone, is left out).
      const area = stores.get(item.memberAreaId);
      if (!area || area.url_id === '') continue;
      links.push({ title: item.title ?? area.title, memberAreaId: area.id, children });
    } else if (item.externalLink !== undefined) {
      links.push({ title: item.title ?? item.externalLink, externalLink: item.externalLink, children });
    } else {
      links.push({ title: item.title ?? '', children });
    }
  }
  return links;
}

/** A header link: where a layout link goes (a folder goes nowhere and is left out of the flat header). */
export function headerLinksOf(links: readonly LayoutLink[], stores: ReadonlyMap<string, StoreForLink>): Array<{ title: string; url: string }> {
  const header: Array<{ title: string; url: string }> = [];
  for (const link of links) {
    if (link.collectionId !== undefined) header.push({ title: link.title, url: `/${stores.get(link.collectionId)!.url_id}` });
    else if (link.memberAreaId !== undefined) header.push({ title: link.title, url: `/${stores.get(link.memberAreaId)!.url_id}` });
    else if (link.externalLink !== undefined) header.push({ title: link.title, url: link.externalLink });
  }
  return header;
}
