import type { NavigationItemInput, SiteLayoutJson } from '@vitrine/contracts';
import { MainNavigationMissingError } from './errors';

/**
 * The site layout as UpdateNavigation takes it back (platform spec §3 "Navigation item", §4 store
 * creation). Pure: the client supplies the layout it read.
 */

export type SiteLayoutEntry = SiteLayoutJson['layout'][number];
type LayoutLink = SiteLayoutEntry['links'][number];

/** Platform spec §3: the layout's first entry is the main navigation; none is 'Unable to find site main navigation'. */
export function mainNavigationOf(layout: SiteLayoutJson): SiteLayoutEntry {
  const main = layout.layout[0];
  if (!main) throw new MainNavigationMissingError();
  return main;
}

/**
 * The items of a navigation as read, to send back with a change. Titles are kept as the layout shows
 * them (a store link's title is then fixed, even if the store is renamed later: the layout does not say
 * whether a title was the owner's or the store's). A link has one target: a store, an address, or
 * (a folder) its children.
 */
export function navigationItemsOf(links: readonly LayoutLink[]): NavigationItemInput[] {
  return links.map((link) => {
    const item: NavigationItemInput = {};
    if (link.title) item.title = link.title;
    if (link.collectionId !== undefined) item.collectionId = link.collectionId;
    else if (link.externalLink !== undefined) item.externalLink = link.externalLink;
    const children = Array.isArray(link.children) ? (link.children as LayoutLink[]) : [];
    if (children.length > 0) item.items = navigationItemsOf(children);
    return item;
  });
}

/** The address of the cart link the default navigation closes with: a new store goes before it. */
const CART_LINK = '/cart';

/** Adds a link to a store at the top level (before a closing Cart link); a store already linked there is left alone. */
export function withStoreLink(items: readonly NavigationItemInput[], collectionId: string): NavigationItemInput[] {
  if (items.some((item) => item.collectionId === collectionId)) return [...items];
  const link: NavigationItemInput = { collectionId };
  const last = items.at(-1);
  if (last?.externalLink === CART_LINK) return [...items.slice(0, -1), link, last];
  return [...items, link];
}
