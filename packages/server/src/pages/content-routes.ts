import { offeredProducts } from './offered-products';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { blocksOf } from '@vitrine/blocks';
import type { PageTemplateName } from '@vitrine/theme';
import { listCollectionItems } from '../catalog';
import type { SharedParts } from '../shared';
import type { CatalogCache } from './catalog-cache';
import { findLiveBody, frameSourcesOf, findLivePage, ownerFrameDocument, listLivePosts, listSitemapContent, liveItemOf, livePageOf, readItemForPreview, readPageForPreview } from '../content';
import { contentSecurityPolicy, mediaSourcesOf } from '../http/security-headers';
import { buildSiteItemAnswer, contentItemAnswer, contentPageAnswer, type BlockWarn, type ContentAnswer } from './content-pages';
import type { BasePageContext, PageSources } from './contexts';
import { FEED_SIZE, robotsTxt, rssFeed, sitemapXml } from './feeds';
import { originOf } from './seo';
import { languageAlternatesOf } from '../language-urls';
import { websiteAsRead } from '../http/language-prefix';
import { readLanguages } from '../site-settings';
import { ANONYMOUS_VIEWER, canSee, canSeeFrame, isGatedPath, listGatedPageUrlIds, viewerOf } from '../members';
import { isOpenPreviewLesson } from '../courses';

type PageRequest = FastifyRequest<{ Querystring: Record<string, string | undefined>; Params: Record<string, string> }>;

/** routes.ts's sendPage: the context as JSON with ?format=json, else its template in the layout. */
export type SendPage = (request: PageRequest, reply: FastifyReply, pageContext: BasePageContext | undefined, template: PageTemplateName) => Promise<unknown>;

/** Content block warnings go to the request's log (each unrendered block code once per process). */
export const blockWarnOf = (request: FastifyRequest): BlockWarn => (message, code) => request.log.warn({ blockType: code }, message);

type ShownBlock = { partial?: string; view?: { player?: { src?: unknown }; form?: { id?: unknown } } };

/** The rendered blocks of a content page, post or event context (none for the shop's pages). */
function shownBlocks(context: BasePageContext | undefined): ShownBlock[] {
  const shown = context as { sections?: unknown; item?: { sections?: unknown } } | undefined;
  const sections = [shown?.sections, shown?.item?.sections].flatMap((list) => (Array.isArray(list) ? (list as Array<{ columns?: Array<{ blocks?: unknown }> }>) : []));
  return sections.flatMap((section) => (section.columns ?? []).flatMap((column) => (Array.isArray(column.blocks) ? (column.blocks as ShownBlock[]) : [])));
}

/**
 * The third-party players a page frames, by address, whatever the page: its embed and video blocks' players (a
 * content page, a post, a course page, a lesson's body) and a lesson's own embedded video. The page's frame-src is
 * derived from these (frameSourcesOf), so a page may frame exactly the players it shows.
 */
export function framedPlayerAddresses(context: BasePageContext | undefined): string[] {
  const blockPlayers = shownBlocks(context).flatMap((block) => (block.partial === 'embed' && typeof block.view?.player?.src === 'string' ? [block.view.player.src] : []));
  const lessonPlayer = (context as { lesson?: { player?: { kind?: unknown; playerUrl?: unknown } | null } } | undefined)?.lesson?.player;
  return [...blockPlayers, ...(lessonPlayer?.kind === 'embed' && typeof lessonPlayer.playerUrl === 'string' ? [lessonPlayer.playerUrl] : [])];
}

/**
 * The page as the theme renders it when a block shows the footer's own sign-up form: that block's form without its
 * name, so the page has one form landmark named "Newsletter" (the footer's, on every page) and the block sits under
 * the owner's own heading. The JSON context keeps the form as it is.
 */
export function withFooterFormUnnamed<T extends BasePageContext>(context: T, footerFormId: string): T {
  const unnamedBlock = (block: ShownBlock) =>
    block.partial === 'form' && block.view?.form?.id === footerFormId ? { ...block, view: { ...block.view, form: { ...block.view.form, name: '' } } } : block;
  const unnamed = (sections: unknown) =>
    Array.isArray(sections)
      ? (sections as Array<{ blocks?: ShownBlock[]; columns?: Array<{ blocks?: ShownBlock[] }> }>).map((section) => ({
          ...section,
          blocks: (section.blocks ?? []).map(unnamedBlock),
          columns: (section.columns ?? []).map((column) => ({ ...column, blocks: (column.blocks ?? []).map(unnamedBlock) })),
        }))
      : sections;
  const shown = context as T & { sections?: unknown; item?: { sections?: unknown } };
  if (!shownBlocks(context).some((block) => block.partial === 'form' && block.view?.form?.id === footerFormId)) return context;
  return { ...shown, ...(shown.sections ? { sections: unnamed(shown.sections) } : {}), ...(shown.item?.sections ? { item: { ...shown.item, sections: unnamed(shown.item.sections) } } : {}) };
}

/**
 * The page's Content-Security-Policy when it differs from the site's: a page that frames a provider's player may
 * frame that player's origin (frame-src, from framedPlayerAddresses), and the editor's preview may be framed by
 * this origin (frame-ancestors 'self'). Only those pages widen the policy; every other page keeps the site's.
 */
function setContentPolicy(reply: FastifyReply, secure: boolean, options: { frameSources: readonly string[]; preview: boolean; mediaSources?: readonly string[] }) {
  if (options.frameSources.length === 0 && !options.preview) return;
  let policy = contentSecurityPolicy(secure, { ...(options.frameSources.length > 0 ? { 'frame-src': options.frameSources } : {}), ...mediaSourcesOf(options.mediaSources) });
  if (options.preview) {
    policy = policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'");
    reply.raw.setHeader('x-frame-options', 'SAMEORIGIN');
    reply.raw.setHeader('x-robots-tag', 'noindex');
  }
  reply.raw.setHeader('content-security-policy', policy);
}

/** Sends a content answer: a redirect (a folder to its first page), a page, or not found. */
export async function sendContentAnswer(send: SendPage, request: PageRequest, reply: FastifyReply, answer: ContentAnswer | undefined, options: { secure: boolean; preview?: boolean; mediaSources?: readonly string[] }) {
  if (answer && 'redirect' in answer) return reply.redirect(answer.redirect, 302);
  if (answer?.status) reply.status(answer.status);
  setContentPolicy(reply, options.secure, { frameSources: frameSourcesOf(framedPlayerAddresses(answer?.context)), preview: options.preview === true, mediaSources: options.mediaSources });
  return send(request, reply, answer?.context, answer?.template ?? 'page');
}

/** `/{blog}?format=rss`: the blog's newest posts as RSS 2.0; 404 for anything but a live blog. */
export async function sendBlogFeed(context: SharedParts & { catalog: CatalogCache }, request: PageRequest, reply: FastifyReply, urlId: string) {
  const { website } = request;
  const blog = urlId.length <= 200 ? await findLivePage(context.db, website.id, urlId) : undefined;
  reply.header('cache-control', 'no-store');
  // A gated blog (members/: a member area or a password) has no feed: a feed reader carries no membership.
  const open = blog && blog.kind === 'blog' && (await canSee(context.db, website.id, ANONYMOUS_VIEWER, { pageId: blog.id })).allowed;
  if (!blog || !open) return reply.status(404).type('application/json; charset=utf-8').send({ message: 'Not found.' });
  const origin = originOf(request.protocol, request.host);
  const { items } = await listLivePosts(context.db, website.id, blog.id, {}, { offset: 0, limit: FEED_SIZE });
  const blogUrl = new URL(`/${blog.urlId}`, origin).href;
  const feed = rssFeed(
    { title: blog.seoTitle || blog.title, url: blogUrl, description: blog.seoDescription || blog.description, language: website.locale },
    items.map((post) => ({ id: post.id, title: post.title, url: `${blogUrl}/${post.urlId}`, excerpt: post.excerpt, publishedAt: post.publishedAt, authorName: post.authorName, categories: post.categories })),
    new Date(),
  );
  return reply.type('application/rss+xml; charset=utf-8').send(feed);
}

/**
 * The owner's own HTML may load what it likes (a booking widget's script, a font); it may be framed only by the
 * site's pages. The frame's sandbox, set by the page, keeps it away from the shop's origin.
 */
const OWNER_FRAME_POLICY = "default-src * data: blob: 'unsafe-inline' 'unsafe-eval'; frame-ancestors 'self'; base-uri 'self'";

/** First path segments that belong to the platform (calls, the owner app, files), not to a site collection. */
const PLATFORM_PREFIXES = new Set(['api', 'config', 'assets', 'frames', 'reviews', 'members', 'account']);

/** The content routes besides `/` and `/{urlId}` (those are routes.ts's, shared with the stores). */
export function registerContentRoutes(app: FastifyInstance, context: SharedParts & { catalog: CatalogCache }, sources: PageSources, send: SendPage): void {
  // A post, event or gallery image. Products live at /{store}/p/{slug}, a route of its own (three parts).
  app.get('/:collectionUrlId/:itemUrlId', async (request: PageRequest, reply) => {
    // The platform's own prefixes are never a collection: an unknown call there is the JSON 404 of every call.
    if (PLATFORM_PREFIXES.has(request.params.collectionUrlId ?? '')) return reply.callNotFound();
    const viewer = await viewerOf(context.db, request.website.id, request);
    const answer = await buildSiteItemAnswer(sources, websiteAsRead(request), request.params.collectionUrlId ?? '', request.params.itemUrlId ?? '', blockWarnOf(request), viewer);
    return sendContentAnswer(send, request, reply, answer, { secure: context.secureCookies, mediaSources: context.mediaSources });
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const { website } = request;
    const origin = originOf(request.protocol, request.host);
    const [allContent, stores, gated, siteLanguages] = await Promise.all([listSitemapContent(context.db, website.id), context.catalog.stores(website.id), listGatedPageUrlIds(context.db, website.id), readLanguages(context.db, website.id)]);
    // Gated pages and their items (members/) are left out: the sitemap is public.
    const content = allContent.filter((entry) => !isGatedPath(entry.path, gated));
    const products = await offeredProducts(context.db, website, (await Promise.all(stores.map((store) => listCollectionItems(context.db, website, store)))).flat());
    const hasHome = content.some((entry) => entry.path === '/');
    const entries = [
      ...(hasHome ? [] : [{ path: '/' }]),
      ...content,
      ...stores.map((store) => ({ path: `/${store.url_id}` })),
      ...products.map((product) => ({ path: product.fullUrl })),
    ];
    reply.header('cache-control', 'no-store');
    // A site in several languages: every page in each of them, with its hreflang alternates (language-urls.ts).
    const languages = siteLanguages.languages.length > 0
      ? (path: string) => {
          const alternates = languageAlternatesOf(origin, path, website.locale, siteLanguages.languages, undefined);
          return [...alternates, { hreflang: 'x-default', href: alternates[0].href }];
        }
      : undefined;
    return reply.type('application/xml; charset=utf-8').send(sitemapXml(origin, entries, languages));
  });

  app.get('/robots.txt', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.type('text/plain; charset=utf-8').send(robotsTxt(originOf(request.protocol, request.host)));
  });

  // Owner HTML on the public site (code blocks, stored oEmbed HTML): its own document with its own policy, so its
  // scripts and styles run — framed by the page with sandbox="allow-scripts allow-popups" and no allow-same-origin,
  // it runs in an opaque origin (no cookies, storage or DOM of the shop). Only published blocks; the preview
  // shows drafts as srcdoc instead (the page's policy applies there: "sandboxed in preview").
  app.get('/frames/:kind/:ownerId/:blockId', async (request: PageRequest, reply) => {
    const { kind, ownerId = '', blockId = '' } = request.params;
    if ((kind !== 'page' && kind !== 'item') || ownerId.length > 64 || blockId.length > 64) return reply.callNotFound();
    // A gated page's own HTML is its content too (members/): a non-member gets the plain 404.
    const open = (await canSeeFrame(context.db, request.website.id, await viewerOf(context.db, request.website.id, request), kind, ownerId))
      // A preview lesson is open to everyone, its frames too (courses/: the video paywall flag).
      || (kind === 'item' && (await isOpenPreviewLesson(context.db, request.website.id, ownerId)));
    if (!open) return reply.callNotFound();
    const body = await findLiveBody(context.db, request.website.id, kind, ownerId);
    const block = body ? blocksOf(body).find((candidate) => candidate.id === blockId) : undefined;
    const document = block ? ownerFrameDocument(block) : undefined;
    if (!document) return reply.callNotFound();
    reply.raw.setHeader('content-security-policy', OWNER_FRAME_POLICY);
    reply.raw.setHeader('x-frame-options', 'SAMEORIGIN');
    reply.raw.setHeader('x-robots-tag', 'noindex');
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(document);
  });

  // The editor's preview: the draft (or the published body) rendered by the real theme; content:read. The editor
  // frames it from /config (same origin): these pages alone may be framed, by this origin; never indexed.
  app.get('/config/preview/pages/:pageId', async (request: PageRequest, reply) => {
    const preview = await readPageForPreview(context.db, request.website, request.actor, request.params.pageId ?? '');
    const answer = await contentPageAnswer(sources, request.website, livePageOf(preview.page, preview.body), request.query, blockWarnOf(request), { preview: true });
    // A folder that redirects, or shows nothing, previews as its index.
    const shown = answer && !('redirect' in answer) ? answer : await contentPageAnswer(sources, request.website, { ...livePageOf(preview.page, preview.body), folderBehaviour: 1 }, request.query, blockWarnOf(request), { preview: true });
    return sendContentAnswer(send, request, reply, shown, { secure: context.secureCookies, preview: true, mediaSources: context.mediaSources });
  });
  app.get('/config/preview/items/:itemId', async (request: PageRequest, reply) => {
    const preview = await readItemForPreview(context.db, request.website, request.actor, request.params.itemId ?? '');
    const answer = await contentItemAnswer(sources, request.website, livePageOf(preview.collection), liveItemOf(preview.item, preview.body), blockWarnOf(request), { preview: true });
    return sendContentAnswer(send, request, reply, answer, { secure: context.secureCookies, preview: true, mediaSources: context.mediaSources });
  });
}
