import { offeredProducts } from './offered-products';
import type { PageBody } from '@vitrine/blocks';
import { CollectionType, formatMoney, PageType, truncate } from '@vitrine/format';
import type { Website } from '../db/schema';
import { listCollectionItems, loadProductItem, type ProductItemJson } from '../catalog';
import {
  BLOG_PAGE_SIZE,
  blockNeeds,
  calendarLink,
  dateLabel,
  EMPTY_BLOCK_DATA,
  eventTimeLabel,
  findLiveCollections,
  findLiveHomePage,
  findLiveItem,
  findLivePage,
  findLivePagesByIds,
  galleryView,
  imageView,
  listFolderChildIds,
  listLiveEvents,
  listLiveGalleryItems,
  listLivePosts,
  listSummaryItems,
  placeView,
  renderBody,
  type BlockData,
  type GalleryImageInput,
  type ImageAsset,
  type LiveItem,
  type LivePage,
  type RenderedSection,
  type SummaryEntry,
} from '../content';
import { findLiveForm, publicFormOf } from '../forms';
import { NO_ENGAGEMENT, postCommentsView, postEngagementCounts } from '../comments';
import { imageAssetUrl } from '../images';
import { canSee, deniedPageParts, listGatedPageUrlIds, type Viewer } from '../members';
import { websiteJson, websiteSettingsJson, type BasePageContext, type PageSources } from './contexts';
import { ANONYMOUS_VIEWER } from '../members';
import { courseAnswer, LESSON_DENIED, lessonAnswer } from './course-pages';
import type { PageTemplateName } from '@vitrine/theme';

/** Logs a block type the renderer does not draw (content/render logs each code once per process). */
export type BlockWarn = (message: string, code: number) => void;

/** A content address answered: a page to render with its template, or a redirect (a folder sending to its first page). */
export type ContentAnswer = { template: PageTemplateName; context: BasePageContext; status?: number } | { redirect: string };

/**
 * The answer in place of a page the viewer may not see (members/: a member area or a password): the access-denied
 * page (106, 403) or the lock screen (103, 401), with none of the page's content; undefined when they may see it.
 */
async function deniedAnswer(sources: PageSources, website: Website, page: LivePage, viewer: Viewer, path: string, query: ContentQuery): Promise<ContentAnswer | undefined> {
  const decision = await canSee(sources.db, website.id, viewer, { pageId: page.id });
  if (decision.allowed) return undefined;
  const parts = await deniedPageParts(sources.db, website, decision, { path, pageId: page.id, pageTitle: page.title, viewer, lockError: query.lockError });
  return { template: 'members', status: decision.reason === 'password' ? 401 : 403, context: { ...base(website, parts.pageType), ...parts } as BasePageContext };
}

export interface ContentQuery {
  tag?: string;
  category?: string;
  page?: string;
  [key: string]: string | undefined;
}

const base = (website: Website, pageType: number): BasePageContext => ({ pageType, website: websiteJson(website), websiteSettings: websiteSettingsJson(website) });

// ---------------------------------------------------------------------------------------------------------------
// The data blocks need, read from the other domains.

async function loadImages(sources: PageSources, websiteId: string, ids: readonly string[]): Promise<Map<string, ImageAsset>> {
  if (ids.length === 0) return new Map();
  const rows = await sources.db
    .selectFrom('images')
    .select(['id', 'filename', 'width', 'height', 'alt_text', 'title', 'body', 'focal_x', 'focal_y'])
    .where('website_id', '=', websiteId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, {
    id: row.id, assetUrl: imageAssetUrl(row.id, row.filename), width: row.width, height: row.height, altText: row.alt_text, title: row.title, body: row.body,
    filename: row.filename, focalPoint: { x: row.focal_x, y: row.focal_y },
  }]));
}

/** A product's card line: its price, or 'From' the lowest when its variants differ. */
function priceLine(product: ProductItemJson): string | undefined {
  const prices = product.structuredContent.variants.map((variant) => (variant.onSale ? variant.salePrice : variant.price));
  if (prices.length === 0) return undefined;
  const currency = product.structuredContent.variants[0]!.priceMoney.currency;
  const lowest = Math.min(...prices);
  const shown = formatMoney(lowest, currency);
  return prices.some((price) => price !== lowest) ? `From ${shown}` : shown;
}

function productEntry(product: ProductItemJson): SummaryEntry {
  const image = product.mainImage;
  const [width, height] = (image?.originalSize ?? '').split('x').map(Number);
  const asset: ImageAsset | undefined = image
    ? { id: image.id, assetUrl: image.assetUrl, width: width || 1000, height: height || 1000, altText: image.altText, title: image.title, body: image.body, filename: image.filename, focalPoint: image.mediaFocalPoint }
    : undefined;
  const price = priceLine(product);
  return {
    title: product.title,
    url: product.fullUrl,
    excerpt: truncate(product.excerpt.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim(), 160, '…'),
    ...(asset ? { image: imageView(asset, { sizes: '(max-width: 760px) 50vw, 25vw' }) } : {}),
    ...(price ? { price } : {}),
  };
}

function itemEntry(website: Website, collection: LivePage, item: LiveItem, images: ReadonlyMap<string, ImageAsset>): SummaryEntry {
  const when = item.recordType === 12 ? item.startAt : item.publishedAt;
  const asset = item.image ? images.get(item.image.imageId) : undefined;
  return {
    title: item.title,
    url: `/${collection.urlId}/${item.urlId}`,
    excerpt: item.excerpt,
    ...(when ? { dateTime: when.toISOString(), dateLabel: dateLabel(when, website.time_zone, website.locale) } : {}),
    ...(asset ? { image: imageView(asset, { altText: item.image?.altText, focalPoint: item.image?.focalPoint, sizes: '(max-width: 760px) 100vw, 33vw' }) } : {}),
  };
}

/** Reads what a body's blocks show: images, forms, products and summaries' entries (each once, in parallel). */
export async function loadBlockData(sources: PageSources, website: Website, bodies: ReadonlyArray<PageBody>): Promise<BlockData> {
  const needs = blockNeeds(bodies);
  if (needs.imageIds.length + needs.formIds.length + needs.productIds.length + needs.summaries.length === 0) return EMPTY_BLOCK_DATA;
  const collections = await findLiveCollections(sources.db, website.id, needs.summaries.map((request) => request.collectionId));
  // A gated collection (members/) is summarised nowhere: its posts' titles and excerpts are its content too.
  const gated = collections.length > 0 ? await listGatedPageUrlIds(sources.db, website.id) : undefined;
  const collectionById = new Map(collections.filter((collection) => !gated?.urlIds.has(collection.urlId)).map((collection) => [collection.id, collection]));
  const stores = needs.summaries.some((request) => !collectionById.has(request.collectionId)) ? await sources.catalog.stores(website.id) : [];
  const summaryItems = await Promise.all(needs.summaries.map(async (request) => {
    const collection = collectionById.get(request.collectionId);
    if (collection) return { request, collection, items: await listSummaryItems(sources.db, website.id, collection, request, request.limit) };
    return { request, collection: undefined, items: [] as LiveItem[] };
  }));
  const itemImageIds = summaryItems.flatMap(({ items }) => items.flatMap((item) => (item.image ? [item.image.imageId] : [])));
  const [images, forms, products, storeEntries] = await Promise.all([
    loadImages(sources, website.id, [...new Set([...needs.imageIds, ...itemImageIds])]),
    Promise.all(needs.formIds.map(async (id) => [id, await findLiveForm(sources.db, website.id, id)] as const)),
    Promise.all(needs.productIds.map(async (id) => [id, (await loadProductItem(sources.db, website, id))?.item] as const)),
    Promise.all(needs.summaries.map(async (request) => {
      const store = stores.find((candidate) => candidate.id === request.collectionId);
      if (!store) return undefined;
      const items = (await offeredProducts(sources.db, website, await listCollectionItems(sources.db, website, store))).filter((product) => !request.tag || (product.tags ?? []).includes(request.tag));
      return { blockId: request.blockId, url: `/${store.url_id}`, entries: items.slice(0, request.limit).map(productEntry) };
    })),
  ]);
  const summaries = new Map<string, { entries: SummaryEntry[]; url?: string }>();
  for (const { request, collection, items } of summaryItems) {
    if (collection) summaries.set(request.blockId, { entries: items.map((item) => itemEntry(website, collection, item, images)), url: `/${collection.urlId}` });
  }
  for (const entry of storeEntries) if (entry) summaries.set(entry.blockId, { entries: entry.entries, url: entry.url });
  return {
    images,
    forms: new Map(forms.flatMap(([id, form]) => (form ? [[id, publicFormOf(form, website)] as const] : []))),
    products: new Map(products.flatMap(([id, item]) => (item ? [[id, item as object] as const] : []))),
    summaries,
  };
}

/** A body's sections as the theme renders them. */
export async function renderedSections(sources: PageSources, website: Website, body: PageBody, warn: BlockWarn, frameBase?: string, editorMarks = false): Promise<RenderedSection[]> {
  const data = await loadBlockData(sources, website, [body]);
  return renderBody(body, { ...data, ...(frameBase ? { frameBase } : {}), ...(editorMarks ? { editorMarks } : {}) }, warn);
}

// ---------------------------------------------------------------------------------------------------------------
// Page contexts.

export interface ContentPageJson {
  id: string;
  kind: LivePage['kind'];
  title: string;
  description: string;
  urlId: string;
  fullUrl: string;
  seoTitle: string;
  seoDescription: string;
  /** The home page shows its blocks without its title as a heading (the title stays for screen readers). */
  hideTitle: boolean;
}

export interface SiteCollectionJson {
  id: string;
  title: string;
  urlId: string;
  fullUrl: string;
  type: number;
  typeName: 'blog' | 'events' | 'gallery';
  description: string;
  seoTitle: string;
  seoDescription: string;
}

const pageJson = (page: LivePage): ContentPageJson => ({
  id: page.id, kind: page.kind, title: page.title, description: page.description, urlId: page.urlId, fullUrl: page.isHome ? '/' : `/${page.urlId}`,
  seoTitle: page.seoTitle, seoDescription: page.seoDescription, hideTitle: page.isHome,
});

const collectionJsonOf = (page: LivePage): SiteCollectionJson => ({
  id: page.id, title: page.title, urlId: page.urlId, fullUrl: `/${page.urlId}`, type: CollectionType.GENERIC,
  typeName: page.kind as SiteCollectionJson['typeName'], description: page.description, seoTitle: page.seoTitle, seoDescription: page.seoDescription,
});

/** A tag or category with the blog address filtering by it. */
const termLinks = (collection: LivePage, kind: 'tag' | 'category', names: string[]) =>
  names.map((name) => ({ name, url: `/${collection.urlId}?${new URLSearchParams({ [kind]: name })}` }));

/** One line of an item's place: its address lines joined. */
const placeLine = (item: LiveItem) => (item.location ? [item.location.addressLine1, item.location.addressLine2, item.location.addressCountry].filter((line) => line.trim() !== '').join(', ') : '');

/** A post, event or gallery image as a list card or its own page shows it. */
function itemJson(website: Website, collection: LivePage, item: LiveItem, images: ReadonlyMap<string, ImageAsset>, sizes: string) {
  const asset = item.image ? images.get(item.image.imageId) : undefined;
  const when = item.recordType === 12 ? item.startAt : item.publishedAt;
  const event = item.recordType === 12 && item.startAt;
  return {
    id: item.id,
    collectionId: collection.id,
    recordType: item.recordType,
    title: item.title,
    urlId: item.urlId,
    url: `/${collection.urlId}/${item.urlId}`,
    fullUrl: `/${collection.urlId}/${item.urlId}`,
    excerpt: item.excerpt,
    authorName: item.authorName,
    seoTitle: item.seoTitle,
    seoDescription: item.seoDescription,
    commentState: item.commentState,
    tags: termLinks(collection, 'tag', item.tags),
    categories: termLinks(collection, 'category', item.categories),
    ...(when ? { dateTime: when.toISOString(), dateLabel: dateLabel(when, website.time_zone, website.locale) } : {}),
    ...(asset ? { image: imageView(asset, { altText: item.image?.altText, focalPoint: item.image?.focalPoint, sizes }) } : {}),
    ...(event
      ? {
          startAt: item.startAt!.toISOString(),
          endAt: item.endAt?.toISOString() ?? null,
          timeLabel: eventTimeLabel(item.startAt!, item.endAt, website.time_zone, website.locale),
          month: new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: safeZone(website.time_zone) }).format(item.startAt!),
          day: new Intl.DateTimeFormat('en-US', { day: 'numeric', timeZone: safeZone(website.time_zone) }).format(item.startAt!),
          place: placeLine(item),
          calendarUrl: calendarLink({ title: item.title, startAt: item.startAt!, endAt: item.endAt, location: item.location }),
          ...(item.location && placeView(item.location as unknown as Record<string, unknown>) ? { map: placeView(item.location as unknown as Record<string, unknown>) } : {}),
        }
      : {}),
  };
}

function safeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

const PAGE_NUMBER = /^[1-9]\d{0,5}$/;

/** A blog's list: newest first, ten a page, filtered by one tag or category. */
async function blogContext(sources: PageSources, website: Website, blog: LivePage, query: ContentQuery) {
  const tag = query.tag?.trim().slice(0, 100) || undefined;
  const category = tag ? undefined : query.category?.trim().slice(0, 100) || undefined;
  const requested = PAGE_NUMBER.test(query.page ?? '') ? Number(query.page) : 1;
  const { items, total } = await listLivePosts(sources.db, website.id, blog.id, { tag, category }, { offset: (requested - 1) * BLOG_PAGE_SIZE, limit: BLOG_PAGE_SIZE });
  const pageCount = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  const counts = await postEngagementCounts(sources.db, website, items.map((item) => item.id));
  const images = await loadImages(sources, website.id, items.flatMap((item) => (item.image ? [item.image.imageId] : [])));
  const urlOf = (page: number) => {
    const params = new URLSearchParams({ ...(tag ? { tag } : {}), ...(category ? { category } : {}), ...(page > 1 ? { page: String(page) } : {}) });
    return `/${blog.urlId}${params.size > 0 ? `?${params}` : ''}`;
  };
  return {
    ...base(website, PageType.MAIN_CONTENT),
    collection: collectionJsonOf(blog),
    // A post card's publicCommentCount and likeCount (platform §3): the page's posts counted in one statement.
    items: items.map((item) => ({ ...itemJson(website, blog, item, images, '(max-width: 760px) 100vw, 400px'), ...(counts.get(item.id) ?? NO_ENGAGEMENT) })),
    pagination: {
      page: requested, pageSize: BLOG_PAGE_SIZE, total, pageCount,
      ...(requested > 1 ? { previousPageUrl: urlOf(Math.min(requested - 1, pageCount)) } : {}),
      ...(requested < pageCount ? { nextPageUrl: urlOf(requested + 1) } : {}),
    },
    filter: tag ? { tag, label: `Posts tagged “${tag}”.`, clearUrl: `/${blog.urlId}` } : category ? { category, label: `Posts in “${category}”.`, clearUrl: `/${blog.urlId}` } : null,
    feedUrl: `/${blog.urlId}?format=rss`,
  };
}

async function eventsContext(sources: PageSources, website: Website, events: LivePage, query: ContentQuery) {
  const tag = query.tag?.trim().slice(0, 100) || undefined;
  const category = query.category?.trim().slice(0, 100) || undefined;
  const { upcoming, past } = await listLiveEvents(sources.db, website.id, events.id, { tag, category });
  const images = await loadImages(sources, website.id, [...upcoming, ...past].flatMap((item) => (item.image ? [item.image.imageId] : [])));
  const json = (item: LiveItem) => itemJson(website, events, item, images, '(max-width: 760px) 100vw, 400px');
  return { ...base(website, PageType.MAIN_CONTENT), collection: collectionJsonOf(events), upcoming: upcoming.map(json), past: past.map(json) };
}

/** A gallery page's images as one gallery (grid, with a lightbox), the owner's order. */
export async function galleryPageView(sources: PageSources, website: Website, gallery: LivePage) {
  const items = await listLiveGalleryItems(sources.db, website.id, gallery.id);
  const images = await loadImages(sources, website.id, items.flatMap((item) => (item.image ? [item.image.imageId] : [])));
  const inputs = items.flatMap((item): GalleryImageInput[] => {
    const asset = item.image ? images.get(item.image.imageId) : undefined;
    return asset ? [{ id: item.id, asset, altText: item.image?.altText, focalPoint: item.image?.focalPoint, title: item.title, description: item.excerpt }] : [];
  });
  // A gallery page shows its images as a grid of three with a lightbox (the page has no block settings of its own).
  return galleryView({ design: 'grid', 'thumbnails-per-row': 3, 'aspect-ratio': 'four-three', lightbox: true, 'show-meta': true }, inputs, gallery.title)?.view ?? null;
}

async function galleryContext(sources: PageSources, website: Website, gallery: LivePage) {
  return { ...base(website, PageType.MAIN_CONTENT), collection: collectionJsonOf(gallery), gallery: await galleryPageView(sources, website, gallery) };
}

/** A folder's index: its live children, in navigation order. */
async function folderChildren(sources: PageSources, website: Website, folder: LivePage): Promise<LivePage[]> {
  const ids = await listFolderChildIds(sources.db, website.id, folder.id);
  return findLivePagesByIds(sources.db, website.id, ids);
}

/**
 * The context of a page of any kind: a page or splash page of blocks, a blog, events or gallery list, a folder
 * (index: a page listing its children; redirect: to the first live child; none: not found).
 */
export async function contentPageAnswer(
  sources: PageSources,
  website: Website,
  page: LivePage,
  query: ContentQuery,
  warn: BlockWarn,
  options: { preview?: boolean; viewer?: Viewer } = {},
): Promise<ContentAnswer | undefined> {
  switch (page.kind) {
    case 'course':
      // A course's outline, with the viewer's progress and the lessons they may open (pages/course-pages.ts).
      return courseAnswer(sources, website, page, options.viewer ?? ANONYMOUS_VIEWER, (body, frameBase) => renderedSections(sources, website, body, warn, options.preview ? undefined : frameBase));
    case 'blog':
      return { template: 'blog', context: await blogContext(sources, website, page, query) };
    case 'events':
      return { template: 'events', context: await eventsContext(sources, website, page, query) };
    case 'gallery':
      return { template: 'gallery', context: await galleryContext(sources, website, page) };
    case 'folder': {
      if (page.folderBehaviour === 3) return undefined;
      const children = await folderChildren(sources, website, page);
      if (page.folderBehaviour === 2) return children[0] ? { redirect: `/${children[0].urlId}` } : undefined;
      return {
        template: 'page',
        context: { ...base(website, PageType.PAGE), contentPage: pageJson(page), sections: [], children: children.map((child) => ({ title: child.navigationTitle || child.title, url: `/${child.urlId}`, description: child.description })) } as BasePageContext,
      };
    }
    default:
      return {
        template: 'page',
        context: { ...base(website, page.kind === 'splash' ? PageType.SPLASH_PAGE : PageType.PAGE), contentPage: pageJson(page), sections: await renderedSections(sources, website, page.body, warn, options.preview ? undefined : `/frames/page/${page.id}`, options.preview === true) } as BasePageContext,
      };
  }
}

/** `/{urlId}` when no store has that address: a live content page of any kind, or undefined (not found). */
export async function buildSitePageAnswer(sources: PageSources, website: Website, urlId: string, query: ContentQuery, warn: BlockWarn, viewer: Viewer): Promise<ContentAnswer | undefined> {
  if (urlId.length > 200) return undefined;
  const page = await findLivePage(sources.db, website.id, urlId);
  if (!page) return undefined;
  return (await deniedAnswer(sources, website, page, viewer, `/${page.urlId}`, query)) ?? contentPageAnswer(sources, website, page, query, warn, { viewer });
}

/** `/`: the owner's home page when one is set and live; undefined keeps the store's home. */
export async function buildHomeContentAnswer(sources: PageSources, website: Website, query: ContentQuery, warn: BlockWarn, viewer: Viewer): Promise<ContentAnswer | undefined> {
  const page = await findLiveHomePage(sources.db, website.id);
  if (!page || page.kind === 'folder') return undefined;
  return (await deniedAnswer(sources, website, page, viewer, '/', query)) ?? contentPageAnswer(sources, website, page, query, warn, { viewer });
}

/** A post, event or gallery image on its own page. */
export async function contentItemAnswer(sources: PageSources, website: Website, collection: LivePage, item: LiveItem, warn: BlockWarn, options: { preview?: boolean } = {}): Promise<ContentAnswer> {
  if (collection.kind === 'course' && options.preview) {
    // The editor's preview of a lesson (a contributor): the lesson page with its draft body, drafts among its neighbours.
    const lesson = await lessonAnswer(sources, website, collection, item, ANONYMOUS_VIEWER, (body) => renderedSections(sources, website, body, warn), { preview: true });
    if (lesson && lesson !== LESSON_DENIED) return lesson;
  }
  const images = await loadImages(sources, website.id, item.image ? [item.image.imageId] : []);
  const sections = await renderedSections(sources, website, item.body, warn, options.preview ? undefined : `/frames/item/${item.id}`, options.preview === true);
  // A post's comments and likes (issue 20 item 4): the counts, the rule's answer and the approved thread.
  const comments = item.recordType === 1 ? await postCommentsView(sources.db, website, item) : undefined;
  const context = {
    ...base(website, PageType.CONTENT_ITEM),
    collection: collectionJsonOf(collection),
    item: { ...itemJson(website, collection, item, images, '(max-width: 760px) 100vw, 960px'), sections, ...(comments ? { publicCommentCount: comments.publicCommentCount, likeCount: comments.likeCount, comments } : {}) },
  };
  return { template: item.recordType === 12 ? 'event' : 'post', context };
}

/** `/{collection}/{item}`: a live post, event or gallery image of a live blog, events or gallery page. */
export async function buildSiteItemAnswer(sources: PageSources, website: Website, collectionUrlId: string, itemUrlId: string, warn: BlockWarn, viewer: Viewer): Promise<ContentAnswer | undefined> {
  if (collectionUrlId.length > 200 || itemUrlId.length > 200) return undefined;
  const collection = await findLivePage(sources.db, website.id, collectionUrlId);
  if (!collection || !['blog', 'events', 'gallery', 'course'].includes(collection.kind)) return undefined;
  const item = await findLiveItem(sources.db, website.id, collection.id, itemUrlId);
  if (!item) return undefined;
  if (collection.kind === 'course') {
    // A lesson decides its own access (courses/: the course's gate, then the video paywall flag opens a preview to
    // everyone); any other lesson gets the members' access-denied page like any gated item.
    const lesson = await lessonAnswer(sources, website, collection, item, viewer, (body, frameBase) => renderedSections(sources, website, body, warn, frameBase));
    if (lesson !== LESSON_DENIED) return lesson;
    return deniedAnswer(sources, website, collection, viewer, `/${collection.urlId}/${item.urlId}`, {});
  }
  // A collection gates its items (members/).
  return (await deniedAnswer(sources, website, collection, viewer, `/${collection.urlId}/${item.urlId}`, {})) ?? contentItemAnswer(sources, website, collection, item, warn);
}
