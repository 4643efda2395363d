import type { Kysely, Transaction } from 'kysely';
import { SITE_FOOTER_MESSAGES, SOCIAL_NETWORK_NAMES, type SiteFooterBody, type SiteFooterReply, type SocialNetwork } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import { listNavigablePages, type NavigablePage } from '../content';
import type { Database, SiteFooterLayout, Website } from '../db/schema';
import { invalid } from '../failures';
import { listGatedPageUrlIds } from '../members';
import type { StoreForLink } from './navigation-rules';
import { listStoresForLinks, readFooterLayout, saveFooterLayout } from './queries';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The footer's columns of links, social links and legal text (issue 34 item 4). Until the owner saves one it is made
 * from what the site has — its stores with search and cart, and its live pages — so a new site's footer links only to
 * pages that exist (the theme's footer once linked to /#shipping and /#returns, anchors no page had). A saved link to a
 * path of the site must name something that exists when saved; and at render a link to a page that is not live (a
 * draft, or one deleted since) is left out, as the header leaves it out.
 */

/** Paths the server answers whatever the site's pages: the home page, search and the cart. */
const FIXED_PATHS = new Set(['', 'search', 'cart']);

/** The first segment of a site path ('/blog/first-post?x#y' → 'blog'); undefined for an outside address. */
export function firstSegmentOf(url: string): string | undefined {
  if (!url.startsWith('/')) return undefined;
  return url.slice(1).split(/[/?#]/)[0]!.toLowerCase();
}

interface SiteTargets {
  stores: StoreForLink[];
  pages: NavigablePage[];
  /** Pages behind a member area or a password (members/): left out of the footer made for the owner. */
  gatedUrlIds: ReadonlySet<string>;
}

async function siteTargets(db: Db, websiteId: string): Promise<SiteTargets> {
  const [stores, pages, gated] = await Promise.all([listStoresForLinks(db, websiteId), listNavigablePages(db, websiteId), listGatedPageUrlIds(db, websiteId)]);
  return { stores, pages, gatedUrlIds: gated.urlIds };
}

/** The footer of a site whose owner has saved none: its stores, search and cart; its live pages anyone may open. */
export function defaultFooterOf(targets: SiteTargets): SiteFooterLayout {
  const shop = [
    ...targets.stores.map((store) => ({ label: store.navigation_title || store.title, url: `/${store.url_id}` })),
    { label: 'Search', url: '/search' },
    { label: 'Cart', url: '/cart' },
  ].slice(0, 8);
  const storeIds = new Set(targets.stores.map((store) => store.id));
  const pages = targets.pages
    .filter((page) => page.live && page.kind !== 'folder' && !storeIds.has(page.id) && !targets.gatedUrlIds.has(page.urlId))
    .slice(0, 8)
    .map((page) => ({ label: page.navigationTitle || page.title, url: `/${page.urlId}` }));
  return { columns: [{ title: 'Shop', links: shop }, ...(pages.length > 0 ? [{ title: 'Explore', links: pages }] : [])], social: [], legalText: '' };
}

/** What a site path may name: stores and pages (live or not: for the owner's save), and the fixed paths. */
function existingSegments(targets: SiteTargets, options: { liveOnly: boolean }): Set<string> {
  return new Set([
    ...FIXED_PATHS,
    ...targets.stores.map((store) => store.url_id.toLowerCase()),
    ...targets.pages.filter((page) => page.live || !options.liveOnly).map((page) => page.urlId.toLowerCase()),
  ]);
}

/**
 * Whether a link names something of this site that exists (an outside address always does): with liveOnly, as
 * pages draw links (a draft's link is left out); without, as an owner's save checks them (a page not yet live is fine).
 */
export async function siteLinkCheck(db: Db, websiteId: string, options: { liveOnly: boolean }): Promise<(url: string) => boolean> {
  const exists = existingSegments(await siteTargets(db, websiteId), options);
  return (url) => {
    const segment = firstSegmentOf(url);
    return segment === undefined || exists.has(segment);
  };
}

/** The footer as pages draw it: the saved or the made one, each link to a page visitors cannot open left out. */
export interface ShownFooter {
  columns: Array<{ title: string; links: Array<{ label: string; url: string }> }>;
  social: Array<{ network: string; name: string; url: string }>;
  legalText: string;
}

export async function loadShownFooter(db: Db, websiteId: string): Promise<ShownFooter> {
  const [saved, targets] = await Promise.all([readFooterLayout(db, websiteId), siteTargets(db, websiteId)]);
  const layout = saved ?? defaultFooterOf(targets);
  const live = existingSegments(targets, { liveOnly: true });
  const shown = (url: string) => {
    const segment = firstSegmentOf(url);
    return segment === undefined || live.has(segment);
  };
  return {
    columns: layout.columns.map((column) => ({ title: column.title, links: column.links.filter((link) => shown(link.url)) })).filter((column) => column.links.length > 0),
    social: layout.social.map((link) => ({ network: link.network, name: SOCIAL_NETWORK_NAMES[link.network], url: link.url })),
    legalText: layout.legalText,
  };
}

/** GET /api/owner/site-settings/footer. */
export async function getSiteFooter(db: Kysely<Database>, website: Website, actor: Actor): Promise<SiteFooterReply> {
  authorize(actor, 'site:read');
  const saved = await readFooterLayout(db, website.id);
  if (saved) return { footer: saved, isDefault: false };
  return { footer: defaultFooterOf(await siteTargets(db, website.id)), isDefault: true };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * PUT /api/owner/site-settings/footer: the whole footer. Texts are trimmed (a blank title or label is refused by its
 * field); a link to a site path must name a store, a page (published or not yet) or search, cart, home — each bad
 * link named by its field ('columns.0.links.2.url'), nothing saved.
 */
export async function updateSiteFooter(db: Kysely<Database>, website: Website, actor: Actor, input: SiteFooterBody): Promise<SiteFooterReply> {
  authorize(actor, 'site:write');
  const errors: Record<string, string> = {};
  const exists = existingSegments(await siteTargets(db, website.id), { liveOnly: false });
  const columns = input.columns.map((column, c) => {
    const title = oneLine(column.title);
    if (title === '') errors[`columns.${c}.title`] = SITE_FOOTER_MESSAGES.title;
    const links = column.links.map((link, l) => {
      const label = oneLine(link.label);
      if (label === '') errors[`columns.${c}.links.${l}.label`] = SITE_FOOTER_MESSAGES.label;
      const url = link.url.trim();
      const segment = firstSegmentOf(url);
      if (segment !== undefined && !exists.has(segment)) errors[`columns.${c}.links.${l}.url`] = SITE_FOOTER_MESSAGES.noSuchPage(url.split(/[?#]/)[0]!);
      return { label, url };
    });
    return { title, links };
  });
  const fields = Object.keys(errors);
  if (fields.length > 0) throw invalid(errors[fields[0]!]!, errors);
  const layout: SiteFooterLayout = { columns, social: input.social.map((link) => ({ network: link.network as SocialNetwork, url: link.url.trim() })), legalText: oneLine(input.legalText) };
  await saveFooterLayout(db, website.id, layout);
  return { footer: layout, isDefault: false };
}
