import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ShoppingCart } from '@vitrine/commerce';
import type { PageTemplateName } from '@vitrine/theme';
import { readVisitorCart } from '../cart';
import { FILTER_MESSAGES, parseShopFilters, type ProductItemJson, type ShopScope } from '../catalog';
import { completeReturnedPayment, type PaymentProvider } from '../orders';
import type { MailSettings } from '../mail';
import type { NotFoundAnswers } from '../redirects';
import type { SharedParts } from '../shared';
import type { CatalogCache } from './catalog-cache';
import { ensureVisitorCrumb } from '../http/crumb';
import { clearHostCookie, setHostCookie } from '../http/cookies';
import { allowSameOriginFraming } from '../http/security-headers';
import {
  PAGE_TYPES,
  buildCartPageContext,
  buildCheckoutPageContext,
  buildGiftCardPageContext,
  buildHomePageContext,
  buildOrderConfirmedPageContext,
  buildProductPageContext,
  buildSearchPageContext,
  buildStorePageContext,
  websiteJson,
  websiteSettingsJson,
  type BasePageContext,
  type ListingQuery,
} from './contexts';
import { listStoreNavigation } from './navigation';
import { canonicalListingAddress } from './shop-filters-view';
import { readLanguages, readSiteChrome } from '../site-settings';
import { languageAlternatesOf, prefixInternalLinks, withLanguagePrefix } from '../language-urls';
import { visitorLanguageOfRequest, websiteAsRead } from '../http/language-prefix';
import { publicFormOf } from '../forms';
import { buildAccountPageParts, buildManagePageParts, type SubscriptionsPageParts } from '../subscriptions';
import { buildReviewRequestPage, productPageReviews, reviewStructuredData, withCardReviewSummaries, type ProductReviews } from '../reviews';
import { accountPageParts, confirmedPageParts, forgotPasswordPageParts, membershipConfirmedPathForOrder, resetPasswordPageParts, viewerOf } from '../members';
import { originOf, pageSeoOf, productStructuredData } from './seo';
import { buildTrackingContext, trackingSettingsFromEnvironment, type TrackingSettings } from './tracking-context';
import { buildHomeContentAnswer, buildSitePageAnswer } from './content-pages';
import { blockWarnOf, registerContentRoutes, sendBlogFeed, sendContentAnswer, withFooterFormUnnamed } from './content-routes';
import { readPopupOverlayForPage } from '../popup-overlay';
import { isFeatureOn, pageExperimentsFor } from '../experiments';
import { siteUserOf, type Actor } from '../actor';
import { ifNoneMatchHits, isShareablePage, pageCacheControl, pageCacheSettingsFromEnvironment, rememberPage, strongEtagOf, surrogateKeysOf, type PageCacheSettings } from '../page-cache';
import { designPreviewStylesFor, designViewOf, isDesignPreview } from '../site-styles';
import { roleMay } from '@vitrine/contracts';
import { VISITOR_COOKIE } from '@vitrine/tracking/visitor-cookie';

type PageQuery = { format?: string; [key: string]: string | undefined };
type PageRequest = FastifyRequest<{ Querystring: PageQuery; Params: Record<string, string> }>;

/** What the pages take: the platform, the site structure kept per process, and whether payments run in test mode. */
export interface PageRouteParts extends SharedParts {
  catalog: CatalogCache;
  /** The provider's test mode for the pages; the provider itself finishes a payment the shopper returns from. */
  payments: Pick<PaymentProvider, 'testMode' | 'name'>;
  /** The confirmation mail of an order a returned payment finishes. */
  mail?: MailSettings;
  /** A page that is not found may have moved: the website's URL redirects answer first (redirects/). */
  redirects: Pick<NotFoundAnswers, 'redirectFor' | 'oldIdRedirectFor'>;
}

/**
 * The templates whose pages render a plain HTML form carrying the crumb as a field (they work without JavaScript):
 * such a page mints the visitor's crumb and sets its cookies. Every other page sets no cookie for a first-time visitor
 * (issue 35): its scripts ask GET /api/crumb before their first state change.
 */
const CRUMB_FORM_TEMPLATES: ReadonlySet<PageTemplateName> = new Set(['members', 'subscriptions', 'reviews-request']);

let pageCacheSettings: PageCacheSettings | undefined;

/**
 * Sends a page's body with what a shared cache may do with it (page-cache/): an anonymous, impersonal answer is
 * `public` with a strong ETag (304 on If-None-Match) and its surrogate keys; anything else `private, no-store`.
 */
function sendUnderCachePolicy(
  request: PageRequest,
  reply: FastifyReply,
  body: string,
  facts: { template: PageTemplateName | 'not-found'; actor: Actor; hasExperiments: boolean; preview: boolean; pageContext: unknown; websiteId: string },
) {
  pageCacheSettings ??= pageCacheSettingsFromEnvironment();
  const shareable = isShareablePage({
    method: request.method,
    status: reply.statusCode,
    template: facts.template,
    anonymous: facts.actor.kind === 'visitor' && siteUserOf(facts.actor) === undefined,
    cookies: request.cookies,
    setsCookie: reply.hasHeader('set-cookie'),
    hasExperiments: facts.hasExperiments,
    preview: facts.preview,
  });
  reply.header('cache-control', pageCacheControl(shareable, pageCacheSettings));
  if (shareable) {
    const etag = strongEtagOf(body);
    const keys = surrogateKeysOf(facts.websiteId, facts.template, facts.pageContext);
    reply.header('etag', etag).header('surrogate-key', keys.join(' ')).header('cache-tag', keys.join(','));
    // The server's own cache keeps it too, when the request missed it (page-cache/routes.ts).
    rememberPage(request, reply, body);
    if (reply.statusCode === 200 && ifNoneMatchHits(typeof request.headers['if-none-match'] === 'string' ? request.headers['if-none-match'] : undefined, etag)) {
      return reply.status(304).send();
    }
  }
  return reply.send(body);
}

/**
 * Answers a page: its context as JSON with ?format=json, else the theme's template for it
 * rendered around that context.
 */
async function sendPage<T extends BasePageContext>(
  context: PageRouteParts,
  request: PageRequest,
  reply: FastifyReply,
  pageContext: T | undefined,
  template: PageTemplateName,
  tracking: TrackingSettings,
) {
  const { website, actor } = request;
  // Only once the page is known not to exist (a rule never hides a page): the website's redirect, else the miss is counted.
  if (pageContext === undefined) {
    const redirect = await context.redirects.redirectFor(website.id, request.method, request.url);
    if (redirect) return reply.code(redirect.status).header('location', redirect.location).header('cache-control', 'no-store').send();
  }
  // The order page carries a form only while something of the order can be returned (orders/return-page.ts).
  const returnForm = template === 'order-confirmed' && Boolean((pageContext as { returns?: { form?: unknown } | null } | undefined)?.returns?.form);
  const crumb = CRUMB_FORM_TEMPLATES.has(template) || returnForm ? ensureVisitorCrumb(request, reply, context) : undefined;
  const found = pageContext !== undefined;
  const answered: BasePageContext = pageContext ?? {
    pageType: PAGE_TYPES.notFound,
    website: websiteJson(website),
    websiteSettings: websiteSettingsJson(website),
  };
  if (!found) reply.status(404);
  const path = request.url.split('?')[0] ?? '/';
  // The page's language (`/{lang}/…`, language-urls.ts): its interface strings, formats and `<html lang>`.
  const visitorLanguage = visitorLanguageOfRequest(request);
  if (request.query.format === 'json') {
    const json = JSON.stringify(found ? { ...answered, visitorLanguage } : { ...answered, visitorLanguage, message: 'Not found.', path });
    reply.type('application/json; charset=utf-8');
    return sendUnderCachePolicy(request, reply, json, { template: found ? template : 'not-found', actor, hasExperiments: false, preview: false, pageContext: answered, websiteId: website.id });
  }
  // The cart page, and checkout without a token, already hold the visitor's cart; every other page
  // reads it for the header and pill.
  const shown = answered as { shoppingCart?: ShoppingCart; cartToken?: string | null };
  const showsVisitorCart = found && (template === 'cart' || (template === 'checkout' && !shown.cartToken));
  const ownCart = showsVisitorCart ? shown.shoppingCart : undefined;
  const [visitorCart, navigation, siteChrome, newsletter, trackingContext, siteLanguages] = await Promise.all([
    ownCart ?? readVisitorCart(context.db, website, actor),
    listStoreNavigation(context.catalog, website.id),
    readSiteChrome(context.db, website.id),
    context.catalog.footerNewsletter(website.id),
    // The shopper tracking client's page data (site.layout.html's #vitrine-tracking block).
    buildTrackingContext(context.db, website, actor, answered, tracking),
    readLanguages(context.db, website.id),
  ]);
  // Experiments (issue 19): the visitor's analytics id, the session's overrides, the page's configuration and
  // the theme's toggles (experiments/page-experiments.ts decides; the cookies are set here).
  const experiments = await pageExperimentsFor(context.db, website, {
    cookies: request.cookies,
    query: request.query,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : '',
    acceptLanguage: typeof request.headers['accept-language'] === 'string' ? request.headers['accept-language'] : undefined,
    visitorCookie: request.cookies[VISITOR_COOKIE],
    signedIn: siteUserOf(actor) !== undefined,
    isContributor: siteUserOf(actor)?.role !== undefined,
    trackingAllowed: !trackingContext.disabled && !trackingContext.cookieRestrictions,
  });
  for (const cookie of experiments.cookies) {
    if (cookie.clear) clearHostCookie(reply, context.secureCookies, cookie.name);
    else setHostCookie(reply, context.secureCookies, cookie.name, cookie.value, { httpOnly: false, ...(cookie.maxAgeSeconds ? { maxAgeSeconds: cookie.maxAgeSeconds } : {}) });
  }
  const pageTitle = pageTitleOf(template, answered, found);
  // Open Graph wants absolute addresses: the origin the visitor used.
  const origin = originOf(request.protocol, request.host);
  // The page in every language of the site (hreflang alternates, the header's switcher); none with one language,
  // nor on a not-found page (it has no versions to name).
  const languagePrefix = request.language?.prefix;
  const alternates = found && siteLanguages.languages.length > 0 ? languageAlternatesOf(origin, path, website.locale, siteLanguages.languages, languagePrefix) : [];
  const languages = alternates.length > 0 ? { alternates, xDefault: alternates[0].href, current: visitorLanguage.locale } : null;
  const item = (answered as { item?: ProductItemJson | null }).item;
  const shownPage = found && newsletter ? withFooterFormUnnamed(answered, newsletter.id) : answered;
  // ?design-preview=draft (or =template:{id}): one who may change the site's styles sees the page with the draft's
  // stylesheet and layout (or a starter template's, before switching to it; site-styles/).
  const previewRole = isDesignPreview(request.query['design-preview']) ? siteUserOf(actor)?.role : undefined;
  const mayPreviewDesign = previewRole !== undefined && roleMay(previewRole, 'site-styles:write');
  const draftStyles = mayPreviewDesign ? await designPreviewStylesFor(context.db, website, request.query['design-preview'], context.themes) : undefined;
  // The Design screen shows this page in a frame of the owner app (same origin only).
  if (mayPreviewDesign) allowSameOriginFraming(reply);
  const previewWebsite = draftStyles ? { website: { ...answered.website, design: designViewOf(website.site_styles, draftStyles) } } : {};
  const { html: rendered, errors } = (await context.themes.rendererFor(website)).renderPage(found ? template : 'not-found', { ...(found ? shownPage : { ...answered, path }), ...previewWebsite, trackingContext, experimentsConfiguration: experiments.configuration, hiddenFeatures: experiments.hiddenFeatures,
    // The header's account link: 'Account' for a signed-in site user, 'Sign in' while the website offers accounts
    // (flag 29, cached per process); the members' pages' plain forms carry the crumb as a field (members/). Neither
    // is in the JSON context.
    visitorLanguage, languages,
    accountLink: await headerAccountLink(context, website.id, siteUserOf(actor) !== undefined), ...(template === 'members' || returnForm ? { crumb } : {}) }, {
    path,
    visitorCart,
    // The owner's main navigation (site-settings); the catalog's when the site has none.
    navigation: siteChrome.navigation ?? navigation.links,
    storeUrl: navigation.storeUrl,
    siteHeaderHtml: siteChrome.headerHtml,
    siteFooterHtml: siteChrome.footerHtml,
    siteFooter: siteChrome.footer,
    siteAnnouncement: siteChrome.announcement,
    siteNewsletter: newsletter ? { id: 'footer-newsletter', type: 'newsletter', form: publicFormOf(newsletter, website) } : null,
    // The owner's popup overlay (popup-overlay/), when enabled and meant for this page.
    sitePopup: await readPopupOverlayForPage(context.db, website, path),
    pageTitle,
    seo: pageSeoOf(found ? template : 'not-found', answered, website, origin, withLanguagePrefix(path, languagePrefix), pageTitle),
    ...(found && template === 'item' && item ? { structuredData: { ...productStructuredData(item, origin), ...reviewStructuredData((answered as { reviews?: ProductReviews | null }).reviews) } } : {}),
    searchQuery: typeof request.query.q === 'string' ? request.query.q : '',
  });
  // Links inside a page in an added language stay in it.
  const html = languagePrefix ? prefixInternalLinks(rendered, languagePrefix) : rendered;
  if (errors.length > 0) request.log.warn({ errors, template }, 'theme template errors');
  reply.type('text/html; charset=utf-8');
  const hasExperiments = Object.keys(experiments.configuration?.definitions ?? {}).length > 0;
  const preview = mayPreviewDesign || request.query['design-preview'] !== undefined;
  return sendUnderCachePolicy(request, reply, html, { template: found ? template : 'not-found', actor, hasExperiments, preview, pageContext: answered, websiteId: website.id });
}

/** The header's link to /account, named for who is looking; none when a signed-out visitor could not sign up. */
async function headerAccountLink(context: PageRouteParts, websiteId: string, signedIn: boolean): Promise<{ url: string; label: string } | null> {
  if (signedIn) return { url: '/account', label: 'Account' };
  return (await isFeatureOn(context.db, websiteId, 'siteUserAccounts')) ? { url: '/account', label: 'Sign in' } : null;
}

/**
 * A page's own title; the layout adds ` · {site title}` after it. The home page has none of its own:
 * it is titled with the site title alone.
 */
export function pageTitleOf(template: PageTemplateName, page: BasePageContext, found: boolean): string | undefined {
  if (!found) return 'Page not found';
  const shown = page as { item?: { title?: string } | null; collection?: { title?: string }; query?: string; order?: unknown };
  switch (template) {
    case 'home':
      return undefined;
    case 'cart':
      return 'Cart';
    case 'checkout':
      return 'Checkout';
    case 'order-confirmed':
      return page.pageType === PAGE_TYPES.subscriptionConfirmed ? 'Subscription confirmed' : 'Order confirmed';
    case 'search':
      return shown.query ? `Search results for “${shown.query}”` : 'Search';
    case 'subscriptions':
    case 'members':
    case 'reviews-request':
      return (page as { title?: string }).title;
    case 'page': {
      const shownPage = (page as { contentPage?: { title?: string; seoTitle?: string; fullUrl?: string } }).contentPage;
      // The owner's home page, like the store's home, is titled with the site title alone (unless it has an SEO title).
      if (shownPage?.fullUrl === '/') return shownPage.seoTitle || undefined;
      return shownPage?.seoTitle || shownPage?.title;
    }
    default: {
      // A site editor page's SEO title wins over its title (posts, events, blogs, galleries).
      const content = page as { item?: { seoTitle?: string } | null; collection?: { seoTitle?: string } };
      return content.item?.seoTitle || shown.item?.title || content.collection?.seoTitle || shown.collection?.title;
    }
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The storefront's pages; each builder reads from the sources for the request's website and actor. */
export function registerPageRoutes(app: FastifyInstance, context: PageRouteParts): void {
  const sources = { db: context.db, catalog: context.catalog, paymentsTestMode: context.payments.testMode };
  const tracking = trackingSettingsFromEnvironment();
  const page = (template: PageTemplateName, build: (request: PageRequest) => Promise<BasePageContext | undefined>) =>
    async (request: PageRequest, reply: FastifyReply) => sendPage(context, request, reply, await build(request), template, tracking);

  const send = (request: PageRequest, reply: FastifyReply, pageContext: BasePageContext | undefined, template: PageTemplateName) =>
    sendPage(context, request, reply, pageContext, template, tracking);
  // Product reviews (reviews/, flag 66): the cards' average and count, read once per page from the rollup.
  const withStoreCardSummaries = async <T extends BasePageContext>(request: PageRequest, page: T | undefined): Promise<T | undefined> => {
    const items = (page as { items?: ProductItemJson[] } | undefined)?.items;
    return page && items ? { ...page, items: await withCardReviewSummaries(context.db, request.website, items) } : page;
  };
  // The owner's home page (site editor) when one is set and live; else the store's home.
  app.get('/', async (request: PageRequest, reply: FastifyReply) => {
    // A WordPress plain link (`/?p=123`) to a page or post an import brought: its new address (redirects/).
    const moved = await context.redirects.oldIdRedirectFor(request.website.id, request.method, request.url);
    if (moved) return reply.code(moved.status).header('location', moved.location).header('cache-control', 'no-store').send();
    const answer = await buildHomeContentAnswer(sources, websiteAsRead(request), request.query, blockWarnOf(request), await viewerOf(context.db, request.website.id, request));
    if (answer) return sendContentAnswer(send, request, reply, answer, { secure: context.secureCookies, mediaSources: context.mediaSources });
    return send(request, reply, await withStoreCardSummaries(request, await buildHomePageContext(sources, websiteAsRead(request))), 'home');
  });
  app.get('/cart', page('cart', ({ website, actor, query }) => buildCartPageContext(sources, website, actor, text(query.restore))));
  app.get('/checkout', page('checkout', ({ website, actor, query }) => buildCheckoutPageContext(sources, website, actor, text(query.cartToken))));
  app.get(
    '/checkout/subscription',
    page('checkout', ({ website, actor, query }) => buildCheckoutPageContext(sources, website, actor, text(query.cartToken))),
  );
  app.get('/checkout/order-confirmed', async (request: PageRequest, reply: FastifyReply) => {
    // An order that bought a membership (members/) is confirmed on the membership confirmed page (208).
    const orderId = text(request.query.orderId);
    // Back from a payment that left the page (Stripe adds ?payment_intent=&payment_intent_client_secret=&redirect_status=):
    // the provider is asked how it stands and the order finished once (orders/returned-payment.ts); then the page is
    // sent to its plain address, so the client secret leaves the address bar and a reload asks nothing again.
    const paymentReference = text(request.query.payment_intent);
    if (orderId && paymentReference && request.query.format !== 'json') {
      await completeReturnedPayment(context.db, request.website, { orderId, paymentReference }, context.payments, { mail: context.mail });
      return reply.code(303).header('location', `/checkout/order-confirmed?orderId=${encodeURIComponent(orderId)}`).header('cache-control', 'no-store').send();
    }
    const membership = orderId && request.query.format !== 'json' ? await membershipConfirmedPathForOrder(context.db, request.website.id, orderId) : undefined;
    if (membership) return reply.redirect(membership, 302);
    const returnQuery = { notice: text(request.query.returnNotice), error: text(request.query.returnError) };
    return send(request, reply, await buildOrderConfirmedPageContext(sources, request.website, orderId, request.actor, returnQuery), 'order-confirmed');
  });
  app.get(
    '/checkout/gift-card',
    page('gift-card', ({ website, query }) => buildGiftCardPageContext(sources, website, text(query.itemId), text(query.sku))),
  );
  // Subscriptions (subscriptions/): the signed manage link's page and the signed-in shopper's list. Their cancel
  // forms post the crumb as a field, so the page takes the crumb first (sendPage then gets the same one).
  const subscriptionsPage = (build: (request: PageRequest, crumb: string) => Promise<SubscriptionsPageParts | undefined>) =>
    async (request: PageRequest, reply: FastifyReply) => {
      const crumb = ensureVisitorCrumb(request, reply, context);
      const parts = await build(request, crumb);
      const pageContext = parts && { pageType: PAGE_TYPES.page, website: websiteJson(request.website), websiteSettings: websiteSettingsJson(request.website), ...parts };
      return sendPage(context, request, reply, pageContext, 'subscriptions', tracking);
    };
  app.get('/subscriptions/manage', subscriptionsPage(({ website, query }, crumb) =>
    buildManagePageParts(context.db, website, { token: text(query.token), confirm: text(query.confirm), cancelled: text(query.cancelled) }, crumb)));
  // The account area is the site user accounts feature (flag 29): not found while it is switched off.
  app.get('/account/subscriptions', subscriptionsPage(async ({ website, actor, query }, crumb) =>
    (await isFeatureOn(context.db, website.id, 'siteUserAccounts'))
      ? buildAccountPageParts(context.db, website, actor, { confirm: text(query.confirm), cancelled: text(query.cancelled) }, crumb)
      : undefined));
  // The reviews request page (209): the order a review-request mail's signed link names, a form per line (reviews/).
  // Its form posts the crumb as a field, so the page takes the crumb first. Not found for a bad link or with reviews off.
  app.get('/reviews/request', async (request: PageRequest, reply: FastifyReply) => {
    const crumb = ensureVisitorCrumb(request, reply, context);
    const { query, website } = request;
    const parts = await buildReviewRequestPage(context.db, website, { token: text(query.token), submitted: text(query.submitted), error: text(query.error), line: text(query.line) }, crumb);
    const pageContext = parts && { pageType: PAGE_TYPES.reviewsRequest, website: websiteJson(website), websiteSettings: websiteSettingsJson(website), ...parts };
    return send(request, reply, pageContext, 'reviews-request');
  });
  // Members (members/, flag 29 for the account): the account page (sign in or up; orders and memberships) and the
  // membership confirmed page (208). Their forms post to members/routes.ts.
  app.get('/account', async (request: PageRequest, reply: FastifyReply) => {
    const { website, actor, query } = request;
    const parts = (await isFeatureOn(context.db, website.id, 'siteUserAccounts'))
      ? await accountPageParts(context.db, website, siteUserOf(actor), { next: text(query.next), error: text(query.error), form: text(query.form), notice: text(query.notice) })
      : undefined;
    return send(request, reply, parts && { website: websiteJson(website), websiteSettings: websiteSettingsJson(website), ...parts }, 'members');
  });
  // The shopper's password reset (site-users/password-reset.ts mails the link): ask for a link, then the page it opens.
  app.get('/account/forgot-password', async (request: PageRequest, reply: FastifyReply) => {
    const { website, query } = request;
    const parts = (await isFeatureOn(context.db, website.id, 'siteUserAccounts')) ? forgotPasswordPageParts({ sent: text(query.sent), error: text(query.error) }) : undefined;
    return send(request, reply, parts && { website: websiteJson(website), websiteSettings: websiteSettingsJson(website), ...parts }, 'members');
  });
  app.get('/account/reset-password', async (request: PageRequest, reply: FastifyReply) => {
    const { website, query } = request;
    if (!(await isFeatureOn(context.db, website.id, 'siteUserAccounts'))) return send(request, reply, undefined, 'members');
    const { valid, parts } = await resetPasswordPageParts(context.db, website, { token: text(query.token), error: text(query.error) });
    if (!valid) reply.status(400);
    return send(request, reply, { website: websiteJson(website), websiteSettings: websiteSettingsJson(website), ...parts }, 'members');
  });
  app.get('/members/confirmed', async (request: PageRequest, reply: FastifyReply) => {
    const { website, query } = request;
    const parts = await confirmedPageParts(context.db, website, await viewerOf(context.db, website.id, request), text(query.area) ?? '');
    return send(request, reply, parts && { website: websiteJson(website), websiteSettings: websiteSettingsJson(website), ...parts }, 'members');
  });
  // The shop's filters (issue 38 item 1): a page ignores a bad value (it shows the list without that filter); the
  // JSON call refuses it with 400 and which names were wrong, so a client never mistakes an ignored filter for an
  // applied one.
  const refusedFilters = (request: PageRequest, reply: FastifyReply, scope: ShopScope) => {
    if (request.query.format !== 'json') return undefined;
    const { errors } = parseShopFilters(request.query as ListingQuery, request.website.currency, scope);
    if (Object.keys(errors).length === 0) return undefined;
    return reply.status(400).header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ message: FILTER_MESSAGES.invalid, errors });
  };
  const tidied = (request: PageRequest, reply: FastifyReply, scope: ShopScope) => {
    const address = request.query.format === 'json' ? undefined : canonicalListingAddress(request.url, scope, request.website.currency);
    if (!address) return undefined;
    // A page's answers are HTML, its redirects too: a short note with the link, as HTTP suggests.
    const href = address.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    return reply.status(302).header('location', address).header('cache-control', 'no-store').type('text/html; charset=utf-8')
      .send(`<!doctype html><title>Moved</title><p><a href="${href}">${href}</a></p>`);
  };
  app.get('/search', async (request: PageRequest, reply: FastifyReply) => {
    const refused = refusedFilters(request, reply, 'search') ?? tidied(request, reply, 'search');
    if (refused) return refused;
    const { website, query } = request;
    return send(request, reply, await buildSearchPageContext(sources, website, text(query.q), text(query.page), query as ListingQuery), 'search');
  });
  // A store at this address, else a content page of any kind (pages/content-pages.ts), else not found.
  app.get('/:collectionUrlId', async (request: PageRequest, reply: FastifyReply) => {
    const urlId = request.params.collectionUrlId ?? '';
    if (request.query.format === 'rss') return sendBlogFeed(context, request, reply, urlId);
    if (request.url.includes('?') && (await context.catalog.collectionByUrlId(request.website.id, urlId))) {
      const refused = refusedFilters(request, reply, 'collection') ?? tidied(request, reply, 'collection');
      if (refused) return refused;
    }
    const store = await withStoreCardSummaries(request, await buildStorePageContext(sources, websiteAsRead(request), urlId, request.query as ListingQuery));
    if (store) return sendPage(context, request, reply, store, 'collection', tracking);
    const viewer = await viewerOf(context.db, request.website.id, request);
    return sendContentAnswer(send, request, reply, await buildSitePageAnswer(sources, websiteAsRead(request), urlId, request.query, blockWarnOf(request), viewer), { secure: context.secureCookies, mediaSources: context.mediaSources });
  });
  registerContentRoutes(app, context, sources, send);
  app.get(
    '/:collectionUrlId/p/:slug',
    page('item', async ({ website, params, query }) => {
      const product = await buildProductPageContext(sources, website, params.collectionUrlId, params.slug, text(query.sku));
      if (!product) return undefined;
      // Product reviews (reviews/, flag 66): the reviews tab's page, the summary, and the related cards' summaries.
      const { reviews, relatedProducts } = await productPageReviews(context.db, website, product.item, product.relatedProducts, text(query.reviewsPage));
      return reviews ? { ...product, relatedProducts, reviews } : product;
    }),
  );
}
