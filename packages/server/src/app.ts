import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { loadTheme } from '@vitrine/theme';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ServerContext } from './context';
import type { DatabaseKind } from './db/database';
import type { Database } from './db/schema';
import querystring from 'node:querystring';
import { ajvOptions, getHealthContract } from '@vitrine/contracts';
import { lazySchemaController } from './http/lazy-schema-compilers';
import { catalogPictureUser, DEMO_ASSET_PREFIX, demoAssetsDir, refreshProductImageTexts } from './catalog';
import { registerCatalogRoutes } from './catalog/routes';
import { registerOwnerCatalogRoutes } from './catalog/owner-routes';
import { defaultCartMergePolicy, removeCartEntriesOfProduct, type CartMergePolicy } from './cart';
import { registerCartRoutes } from './cart/routes';
import { Crumbs, registerCrumbRoutes } from './http/crumb';
import { registerCookieNames } from './http/cookies';
import { registerOpenApi } from './http/openapi';
import { OWNER_APP_ASSET_PREFIX, ownerAppDistDir, registerContributorRoutes, registerOwnerRoutes } from './owner';
import { DEFAULT_MAIL_FROM, DEFAULT_PUBLIC_URL, enqueueMail, registerMailRoutes, renderMail, siteUrlOf, UnsubscribeTokens } from './mail';
import { registerRestockRoutes, removeRestockSignUpsOfProduct } from './restock';
import { registerFormRoutes } from './forms';
import { registerCommentRoutes } from './comments';
import { DEFAULT_CAPTCHA_DIFFICULTY, registerCaptchaRoutes, type CaptchaDifficulty } from './captcha';
import { totpKeyFrom } from './site-users';
import { DEFAULT_API_KEY_RATE_LIMIT, registerApiKeyRoutes } from './api-keys';
import { registerHeadlessRoutes } from './headless';
import { ImageFiles, LocalDiskImageStore, pictureRemovalHandler, registerImageFileRoutes, registerImageRoutes, registerMediaRoutes, type ImageStore, type PictureUser } from './images';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { registerMapsRoutes } from './maps';
import { identityPictureUser, readLanguages, registerSiteSettingsRoutes } from './site-settings';
import { registerSiteStylesRoutes } from './site-styles';
import { registerCheckoutSettingsRoutes } from './checkout-settings';
import { registerAutomaticDiscountRoutes } from './discounts';
import { manageLinksFor, registerSubscriptionRoutes, SubscriptionRenewalJob } from './subscriptions';
import { DEFAULT_REVIEW_REQUEST_DELAY_MS, registerReviewRoutes, ReviewRequestJob, reviewRequestSettingsFromEnv } from './reviews';
import { parseMetricsAllow, registerMetricsRoutes, ServerMetrics } from './metrics';
import { releaseOrderLinesOfProduct, renewalOrderRecorder } from './orders';
import { downloadRemovalHandler, LocalDiskDownloadStore, registerDownloadFileRoutes, registerDownloadRoutes, DOWNLOAD_SECRET_NAME, type DownloadFileStore } from './downloads';
import { lessonVideoRemovalHandler, LocalDiskLessonVideoStore, queueDeletedLessonVideos, registerCourseRoutes, type LessonVideoStore } from './courses';
import { registerGiftCardRoutes } from './gift-cards';
import { registerErrorHandling } from './http/errors';
import { localizeErrorBodyForVisitor } from './visitor-language';
import { registerEmptyBodyParsers } from './http/empty-bodies';
import { DatabaseRateLimitStore, registerRateLimit, WEBSITE_CEILING_VISITORS, type RateLimitStore } from './http/rate-limit';
import { fastifyTrustProxy, parseTrustProxy, proxyMatcher, type TrustProxyOption } from './http/client-address';
import { loadServerSecret } from './http/server-secrets';
import { LocalDiskObjectStore, ObjectRemovalSweep, type ObjectStore } from './storage';
import { applyConnectionLimits, fastifyTimeoutOptions, resolveConnectionLimits, type ConnectionLimits } from './http/connection-limits';
import { EDGE_ERROR_OPTIONS, registerHostHeaderCheck } from './http/edge-errors';
import { registerSecurityHeaders } from './http/security-headers';
import { registerRequestContext } from './http/request-context';
import { registerLanguageUrls, rewriteLanguageUrl, websiteAsRead } from './http/language-prefix';
import { requestCallers } from './request-callers';
import { registerUnstorableTextCheck } from './http/unstorable-text';
import { TestModePaymentProvider, type PaymentProvider } from './orders';
import { registerOrderRoutes } from './orders/routes';
import { PaymentExpiryJob } from './orders';
import { CHECKOUT_PAGE_ROUTES, registerPaymentRoutes, STRIPE_CHECKOUT_SOURCES, StripePaymentProvider } from './payments';
import { registerOwnerOrderRoutes } from './orders/owner-routes';
import { registerFulfilmentRoutes } from './orders/fulfilment-routes';
import { AbandonedCartJob, registerAbandonedCartRoutes } from './abandoned-carts';
import { registerOwnerFormRoutes } from './forms/owner-routes';
import { registerOwnerExperimentRoutes } from './experiments';
import { registerSessionReplayRoutes } from './session-replay';
import { contentPictureUser, registerOwnerContentRoutes } from './content';
import { registerPageTreeRoutes } from './page-tree';
import { registerOwnerNewsletterRoutes } from './newsletter/owner-routes';
import { CampaignLinkTokens, CampaignSendJob, registerCampaignRoutes } from './campaigns';
import { registerPopupOverlayRoutes } from './popup-overlay';
import { registerMemberRoutes } from './members';
import { analyticsSettingsFromEnv, createAnalytics, registerAnalyticsRoutes, registerOwnerAnalyticsRoutes, type AnalyticsOptions } from './analytics';
import { CatalogCache } from './pages/catalog-cache';
import { registerPageRoutes } from './pages/routes';
import { registerPageCache, type CdnPurger, type PageChangeFeed, type RedisPageStore, type RenderedPageCache } from './page-cache';
import { registerCompression } from './http/compression';
import { nextScheduledContentChange, notifyContentChanged } from './content';
import { notifyWebsiteChanged } from './websites';
import { notifySiteChromeChanged } from './site-settings';
import type { SignInGuard } from './site-users';
import { SignInThrottle } from './site-users';
import { registerSiteUserRoutes } from './site-users/routes';
import { customDomainSettings, findWebsiteById, WebsiteResolver, type CustomDomainOptions } from './websites';
import { registerCustomDomainRoutes, registerPlatformHostRoutes } from './websites/custom-domains/routes';
import { registerPlatformRoutes } from './platform/routes';
import { DeletedWebsitePurgeJob } from './platform';
import { registerRequestDayCounting, RequestDayCounter } from './request-days';
import { NotFoundAnswers, NotFoundCounter, notifyRedirectsChanged, RedirectRuleCache, registerRedirectRoutes } from './redirects';
import { registerHandoffRoutes } from './platform/handoff-routes';
import { STOREFRONT_ASSET_PREFIX, THEME_ASSET_PREFIX, loadPageAssets, storefrontDistDir } from './rendering/assets';
import { createPreprocessingThemeRenderer } from './rendering/preprocessed-theme-renderer';
import { THEME_SHEET_PREFIX, ThemeSheetStore } from './rendering/theme-sheets';
import { outgoingPolicyOf, registerWebhookRoutes, WebhookDeliveryJob, webhookOptionsFromEnv, webhookSealKeyFrom, type WebhookOptions } from './webhooks';
import { contributorEmailsWith } from './owner';
import { archiveShelvesOf, registerSiteArchiveDownloadRoute, registerSiteArchiveRoutes, SiteExportJob } from './site-archives';
import { registerSiteImportRoutes, SiteImportJob } from './site-imports';
import { LocalDiskThemeStore, registerThemeAssetRoutes, registerThemeDevRoutes, registerThemeRoutes, ThemeDevSession, ThemeRegistry, type ThemeArchiveStore } from './themes';

/** Request bodies are small JSON objects; 64 KB leaves room for any additional-fields form. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export const DEFAULT_RATE_LIMIT = { max: 100, windowMs: 10_000 };

/** Query-string keys read per request (storefront spec §9: the query-string parser's maxKeys); the rest are ignored. */
export const MAX_QUERY_KEYS = 1000;

export interface BuildAppOptions {
  /** A migrated database (see db/migrate.ts) holding at least one website. */
  db: Kysely<Database>;
  databaseKind?: DatabaseKind;
  /** One-site mode: which website this process serves; the oldest one when omitted. */
  websiteIdentifier?: string;
  /**
   * PLATFORM_DOMAIN: many websites, each at `{identifier}.{platformDomain}` and its verified custom domains, the platform's
   * own pages at the domain itself (issue 32). Without it, one website answers every host.
   */
  platformDomain?: string;
  /**
   * Custom domains (websites/custom-domains/): the DNS asked for their TXT challenges and addresses (the system's by
   * default; tests a DNS server on loopback), the HTTP token check's guard (DOMAIN_CHECK_ALLOW: non-public targets it
   * may fetch, none by default; its port, deadline and body cap) and who may call the TLS ask endpoint (TLS_ASK_ALLOW).
   */
  customDomains?: CustomDomainOptions;
  logger?: FastifyServerOptions['logger'];
  /** Mark cookies Secure (behind HTTPS). */
  secureCookies?: boolean;
  /** Origins pages may play media from (CSP media-src): the bucket of STORAGE_URL, where lesson videos redirect. */
  mediaSources?: readonly string[];
  /**
   * Which X-Forwarded-For entries to believe (http/client-address.ts): false, or a comma list of the proxies'
   * addresses/CIDRs (X-Forwarded-For counts only on a connection from one of them).
   */
  trustProxy?: TrustProxyOption;
  /**
   * The edge's limit on state-changing calls (http/rate-limit.ts): per (website, visitor) per window, and
   * `websiteMax` per website over all its visitors (default: WEBSITE_CEILING_VISITORS × max with a platform
   * domain, none in one-site mode; 0: none).
   */
  rateLimit?: { max?: number; windowMs?: number; analyticsMax?: number; websiteMax?: number; store?: RateLimitStore };
  /** Calls per API key per window, every method counted (api-keys/key-rate-limit.ts); in the rate-limit store. */
  apiKeyRateLimit?: { max?: number; windowMs?: number };
  /** Guards sign-in against password guessing; a SignInThrottle on the rate-limit store by default. */
  signInGuard?: SignInGuard;
  /** The payment provider: test mode by default; main.ts passes a StripePaymentProvider when STRIPE_* are set. */
  payments?: PaymentProvider;
  /** The expiry of pending payments (orders/payment-lifecycle-expiry.ts), started when the app listens: how often it looks (default a minute; 0: never). */
  paymentExpiry?: { intervalMs?: number };
  /** Request, header and keep-alive timeouts and the per-address connection cap (http/connection-limits.ts). */
  connectionLimits?: Partial<ConnectionLimits>;
  /** What signing in and out does to carts (cart/merge-policy.ts); merging into the user's cart by default. */
  cartMergePolicy?: CartMergePolicy;
  /**
   * Where pictures are kept (images/store.ts): main.ts passes a LocalDiskImageStore at DATA_DIR/images.
   * Without one, a private temporary directory, removed when the app closes (tests).
   */
  imageStore?: ImageStore;
  /**
   * Where digital products' files are kept (downloads/file-store.ts): main.ts passes one at DATA_DIR/downloads.
   * Without one, a private temporary directory, removed when the app closes (tests).
   */
  downloadStore?: DownloadFileStore;
  /** Where uploaded theme archives are kept (themes/store.ts); a temporary folder removed on close by default. */
  themeStore?: ThemeArchiveStore;
  /** Where lessons' uploaded videos are kept (courses/video-store.ts): main.ts passes one at DATA_DIR/lesson-videos; tests a temporary one. */
  lessonVideoStore?: LessonVideoStore;
  /** Where whole-site archives are kept (site-archives/): main.ts passes the storage port's `site-archives/`; tests a temporary folder. */
  siteArchiveStore?: ObjectStore;
  /** The site export job (site-archives/export-job.ts), started when the app listens: how often it looks; `created` is handed the job (tests run it). */
  siteExports?: { intervalMs?: number; created?: (job: SiteExportJob) => void };
  /** The WordPress/Squarespace import job (site-imports/import-job.ts), started when the app listens; `created` is handed the job (tests run it). */
  siteImports?: { intervalMs?: number; created?: (job: SiteImportJob) => void };
  /** PUBLIC_URL: the origin links in mail point to (mail/settings.ts). */
  publicUrl?: string;
  /** MAIL_FROM: the sender address of the website's mail. */
  mailFrom?: string;
  /** MAIL_FEEDBACK_SECRET: the shared secret of the provider's complaint/bounce webhook (mail/feedback.ts). */
  mailFeedbackSecret?: string;
  /** How much work a captcha challenge asks for (captcha/challenges.ts); tests make it small. */
  captchaDifficulty?: CaptchaDifficulty;
  /** Shopper analytics (analytics/): settings (ANALYTICS_* from the environment by default) and writer overrides for tests. */
  analytics?: AnalyticsOptions;
  /** The built owner app served at /config (packages/owner-app/dist by default). */
  ownerAppDir?: string;
  /** Called for every route as it registers (Fastify's onRoute hook, added before any route): the reliability fuzzer lists the routes this way. */
  onRoute?: (route: RouteOptions) => void;
  /** The subscription renewal job (subscriptions/renewals.ts), started when the app listens: how often it looks (default a minute) and how long a claim lasts. */
  subscriptionRenewals?: { intervalMs?: number; claimSeconds?: number };
  /** The review-request job (reviews/requests.ts), started when the app listens: the delay after payment (7 days; REVIEW_REQUEST_DELAY_MINUTES) and how often it looks (a minute; REVIEW_REQUEST_INTERVAL_MS). */
  reviewRequests?: { delayMs?: number; intervalMs?: number };
  /** Compile each route's validators and serializers on its first request instead of at start (http/lazy-schema-compilers.ts; main.ts). */
  lazySchemaCompilation?: boolean;
  /**
   * The operator's /metrics (metrics/): who may scrape it (METRICS_ALLOW: addresses/CIDRs, `none`; loopback by
   * default) and whether Node's process metrics are exported too (main.ts: yes; tests: no).
   */
  metrics?: { allow?: string; processMetrics?: boolean };
  /** Requests a day per website (request-days/): `created` is handed the app's counter (tests flush it). */
  requestDays?: { flushMs?: number; created?: (counter: RequestDayCounter) => void };
  /** The not-found report's counts (redirects/not-found-counter.ts): how often they are flushed; `created` is handed the counter (tests flush it). */
  notFoundCounts?: { flushMs?: number; created?: (counter: NotFoundCounter) => void };
  /** The final purge of websites deleted longer ago than the grace period (platform/purge-job.ts); 0 never runs it. */
  websitePurge?: { intervalMs?: number };
  /** The object-removal sweep (storage/removal-sweep.ts; OBJECT_REMOVAL_INTERVAL_MS, a minute): `created` is handed it (tests run it). */
  objectRemovals?: { intervalMs?: number; created?: (sweep: ObjectRemovalSweep) => void };
  /**
   * Outgoing webhooks (webhooks/): the DNS asked for endpoints' addresses, the non-public addresses they may have
   * (WEBHOOKS_ALLOW_PRIVATE; none by default, tests allow loopback), the deadline, body cap and backoff, and how
   * often the delivery job looks (it runs in every listening process; tests drive their own job's runOnce).
   */
  webhooks?: WebhookOptions;
  /** `npm run theme -- dev DIR` (themes/cli.ts): render with the theme in DIR and reload browsers on save (themes/dev.ts). */
  themeDevDir?: string;
  /**
   * The server's rendered-page cache (page-cache/, issue 35) and how other processes' changes are heard; main.ts
   * makes it from PAGE_CACHE_MAX_BYTES. None: every page is rendered (tests that write rows straight to the database).
   */
  pageCache?: { cache: RenderedPageCache; changes?: PageChangeFeed; cdn?: CdnPurger; shared?: RedisPageStore };
}

/** Builds the whole server without listening: main.ts listens, tests call app.inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db } = options;
  const websites = new WebsiteResolver(db, options.platformDomain?.toLowerCase() || undefined, { websiteIdentifier: options.websiteIdentifier });
  const domainSettings = customDomainSettings(websites.platformDomain, options.customDomains);
  // One-site mode fails at start, not on the first request, when there is no website to serve.
  await websites.load();
  const crumbs = new Crumbs(await loadServerSecret(db, 'crumb'));
  const theme = loadTheme(options.themeDevDir);
  // The theme's split stylesheets under hashed names (rendering/theme-sheets.ts), served from memory.
  const themeSheets = new ThemeSheetStore();
  const themeDev = options.themeDevDir ? new ThemeDevSession(options.themeDevDir, loadPageAssets(), (error) => error && console.error(`theme not reloaded: ${error.message}`), themeSheets) : null;
  const rateLimitStore = options.rateLimit?.store ?? new DatabaseRateLimitStore(db);
  const signInGuard: SignInGuard = options.signInGuard ?? new SignInThrottle(rateLimitStore);
  const temporaryImagesDir = options.imageStore ? undefined : mkdtempSync(path.join(os.tmpdir(), 'vitrine-images-'));
  const imageStore = options.imageStore ?? new LocalDiskImageStore(temporaryImagesDir!);
  const temporaryDownloadsDir = options.downloadStore ? undefined : mkdtempSync(path.join(os.tmpdir(), 'vitrine-downloads-'));
  const downloadStore = options.downloadStore ?? new LocalDiskDownloadStore(temporaryDownloadsDir!);
  const temporaryThemesDir = options.themeStore ? undefined : mkdtempSync(path.join(os.tmpdir(), 'vitrine-themes-'));
  const themeStore = options.themeStore ?? new LocalDiskThemeStore(temporaryThemesDir!);
  const temporaryVideosDir = options.lessonVideoStore ? undefined : mkdtempSync(path.join(os.tmpdir(), 'vitrine-lesson-videos-'));
  const lessonVideoStore = options.lessonVideoStore ?? new LocalDiskLessonVideoStore(temporaryVideosDir!);
  const temporaryArchivesDir = options.siteArchiveStore ? undefined : mkdtempSync(path.join(os.tmpdir(), 'vitrine-site-archives-'));
  const siteArchiveStore = options.siteArchiveStore ?? new LocalDiskObjectStore(temporaryArchivesDir!);
  // The files a site archive carries, on this install's stores (site-archives/shelves.ts).
  const archiveShelves = archiveShelvesOf({ images: imageStore, downloads: downloadStore, lessonVideos: lessonVideoStore });
  const siteArchiveParts = { archives: siteArchiveStore, files: archiveShelves, linkSecret: await loadServerSecret(db, 'site-archives') };
  // Made at start, so the first paid order's transaction only reads it.
  await loadServerSecret(db, DOWNLOAD_SECRET_NAME);
  // Newsletter confirmation links: signed like unsubscribe links, under their own purpose.
  const newsletterTokens = new UnsubscribeTokens(await loadServerSecret(db, 'mail'), 'newsletter-confirm');
  // Campaign mail's click and opens links (campaigns/links.ts), under a secret of their own.
  const campaignLinks = new CampaignLinkTokens(await loadServerSecret(db, 'campaign-links'));
  const defaultThemeRenderer = themeDev ? themeDev.themeRenderer : createPreprocessingThemeRenderer(theme, loadPageAssets(), themeSheets);
  const themeRegistry = new ThemeRegistry(db, themeStore, defaultThemeRenderer, loadPageAssets(), (message, error) => console.error(message, error));
  // URL redirects (redirects/): each website's rules kept in memory, and the not-found report's counts.
  const notFoundCounter = new NotFoundCounter(db, { flushMs: options.notFoundCounts?.flushMs });
  options.notFoundCounts?.created?.(notFoundCounter);
  const redirectRules = new RedirectRuleCache(db);
  const context: ServerContext = {
    db,
    websites,
    redirects: new NotFoundAnswers(redirectRules, notFoundCounter),
    crumbs,
    secureCookies: options.secureCookies ?? false,
    mediaSources: options.mediaSources ?? [],
    payments: options.payments ?? new TestModePaymentProvider(),
    catalog: new CatalogCache(db),
    cartMergePolicy: options.cartMergePolicy ?? defaultCartMergePolicy,
    signInGuard,
    apiKeyRateLimit: { store: rateLimitStore, ...DEFAULT_API_KEY_RATE_LIMIT, ...options.apiKeyRateLimit },
    totpKey: totpKeyFrom(await loadServerSecret(db, 'totp')),
    mail: {
      from: options.mailFrom ?? DEFAULT_MAIL_FROM,
      publicUrl: (options.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/$/, ''),
      platformDomain: websites.platformDomain,
      unsubscribeTokens: new UnsubscribeTokens(await loadServerSecret(db, 'mail')),
      ...(options.mailFeedbackSecret ? { feedbackSecret: options.mailFeedbackSecret } : {}),
    },
    captcha: {
      signatureSecret: await loadServerSecret(db, 'captcha'),
      keySignatureSecret: await loadServerSecret(db, 'captcha-key'),
      difficulty: options.captchaDifficulty ?? DEFAULT_CAPTCHA_DIFFICULTY,
    },
    theme: defaultThemeRenderer,
    themes: themeRegistry,
    images: new ImageFiles(imageStore, demoAssetsDir),
  };

  // Every domain that shows pictures (images/media.ts): the media library asks them, and so does a picture's removal.
  const pictureUsers: PictureUser[] = [contentPictureUser, catalogPictureUser(context.catalog), identityPictureUser];

  const webhookOptions = { ...webhookOptionsFromEnv(process.env), ...options.webhooks };
  const webhookPolicy = outgoingPolicyOf(webhookOptions);
  const webhookSealKey = webhookSealKeyFrom(await loadServerSecret(db, 'webhooks'));

  const connectionLimits = resolveConnectionLimits(options.connectionLimits);
  const trustedProxies = options.trustProxy ? parseTrustProxy(options.trustProxy) : false;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(trustedProxies),
    // Graceful shutdown: close() stops accepting, lets in-flight requests finish, drops idle keep-alives.
    forceCloseConnections: 'idle',
    // Every route validates with its contract's schemas (compiled once): no coercion, every error reported.
    ajv: { customOptions: { ...ajvOptions } },
    ...(options.lazySchemaCompilation ? { schemaController: lazySchemaController() } : {}),
    // `/{lang}/…` addresses (language-urls.ts): the prefix is taken off before routing, checked once the website is known.
    rewriteUrl: rewriteLanguageUrl,
    routerOptions: { querystringParser: (text) => querystring.parse(text, '&', '=', { maxKeys: MAX_QUERY_KEYS }) },
    // Router and HTTP-parser failures answer { message } too (http/edge-errors.ts).
    ...EDGE_ERROR_OPTIONS,
    ...fastifyTimeoutOptions(connectionLimits),
  });
  // The per-address connection cap spares the listed proxies (each of their connections carries many clients).
  applyConnectionLimits(app.server, connectionLimits, { isProxy: trustedProxies ? proxyMatcher(trustedProxies) : undefined });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // A path no route matches on a website's host: its redirect rule, if any, before the 404 (redirects/).
  registerErrorHandling(app, {
    redirectMissing: async (request) => {
      const answer = await websites.forHost(request.headers.host);
      return answer.kind === 'website' ? context.redirects.redirectFor(answer.website.id, request.method, request.url) : undefined;
    },
    // Requests without a website (the operator's, an unknown host) have none set. The owner's calls stay in English:
    // the owner app is, and an owner on a French site reading a French address refusal there would be lost.
    localize: (request, body) => (isOwnerCall(request.url) ? body : localizeErrorBodyForVisitor(request.website ? websiteAsRead(request) : undefined, body)),
  });
  const reviewRequestSettings = { ...reviewRequestSettingsFromEnv(process.env), ...options.reviewRequests };
  // The operator's /metrics and the per-request observation, on the root app before every route (like /api/health,
  // outside the website's request context); its queue, cache and pool reads happen when it is scraped.
  registerMetricsRoutes(
    app,
    new ServerMetrics({
      db,
      databaseKind: options.databaseKind,
      jobQueues: { reviewRequestDelayMs: reviewRequestSettings.delayMs ?? DEFAULT_REVIEW_REQUEST_DELAY_MS },
      processMetrics: options.metrics?.processMetrics,
      log: app.log,
    }),
    parseMetricsAllow(options.metrics?.allow),
  );
  const requestDays = new RequestDayCounter(db, { flushMs: options.requestDays?.flushMs, log: app.log });
  options.requestDays?.created?.(requestDays);
  registerRequestDayCounting(app, requestDays);
  const stripe = context.payments instanceof StripePaymentProvider ? context.payments : null;
  await registerSecurityHeaders(app, {
    secureCookies: options.secureCookies ?? false,
    mediaSources: options.mediaSources,
    // The checkout pages load Stripe.js and its frames, only when Stripe takes the payments.
    ...(stripe ? { routeSources: { routes: CHECKOUT_PAGE_ROUTES, sources: STRIPE_CHECKOUT_SOURCES } } : {}),
  });
  registerHostHeaderCheck(app);
  // Calls take JSON only; anything else is a clear 415 rather than a string body — except an empty body on a call
  // that takes none, of whatever type the client labelled it (http/empty-bodies.ts).
  app.removeContentTypeParser('text/plain');
  registerEmptyBodyParsers(app);
  await app.register(cookie);
  // Cookies are read under their plain names; with secure cookies only the `__Host-` ones count (http/cookies.ts).
  registerCookieNames(app, context.secureCookies);
  // Text the database cannot store (NUL, lone surrogates) and over-deep bodies: a 400 here, never a 500 later.
  registerUnstorableTextCheck(app);
  // onRequest order matters: count the hit first (throttles crumb guessing); the crumb is checked once the website is
  // known (http/request-context.ts).
  const rateLimitMax = options.rateLimit?.max ?? DEFAULT_RATE_LIMIT.max;
  registerRateLimit(app, {
    store: rateLimitStore,
    max: rateLimitMax,
    windowMs: options.rateLimit?.windowMs ?? DEFAULT_RATE_LIMIT.windowMs,
    analyticsMax: options.rateLimit?.analyticsMax,
    // One website cannot take the others' share; one-site mode has no others, so no ceiling unless one is set.
    websiteMax: options.rateLimit?.websiteMax ?? (websites.isPlatform ? WEBSITE_CEILING_VISITORS * rateLimitMax : 0),
    websites,
  });
  await registerOpenApi(app);
  // brotli or gzip for every compressible answer not already encoded (http/compression.ts).
  registerCompression(app);
  const analytics = await createAnalytics(db, {
    ...options.analytics,
    settings: { ...analyticsSettingsFromEnv(process.env), ...options.analytics?.settings },
    log: app.log,
  });

  app.route({
    ...getHealthContract,
    handler: async () => {
      await sql`SELECT 1`.execute(db);
      return { status: 'ok' as const, database: options.databaseKind ?? 'unknown' };
    },
  });
  // A domain's challenge token (answered before the domain is verified, when the resolver calls its host unknown) and
  // Caddy's on-demand TLS ask: outside every website, like the health check.
  registerPlatformHostRoutes(app, context, domainSettings);
  // The API and the pages see the request's website and actor (resolved in one hook); static files do not.
  await app.register(async (routes) => {
    registerRequestContext(routes, { websites, callers: requestCallers(db, context.apiKeyRateLimit), crumbs: context.crumbs, secureCookies: context.secureCookies });
    registerLanguageUrls(routes, async (websiteId) => (await readLanguages(db, websiteId)).languages);
    // Anonymous pages answered from the page cache; every state change that may alter a page invalidates its website.
    if (options.pageCache && (options.pageCache.cache.enabled || options.pageCache.cdn)) {
      await registerPageCache(routes, {
        db,
        ...options.pageCache,
        nextScheduledChange: nextScheduledContentChange,
        onNotFoundServed: (websiteId, method, url) => void context.redirects.redirectFor(websiteId, method, url),
        // Another process saved: this one's caches of the site's structure forget that website too, so the page made
        // again is made from the saved rows.
        onRemoteChange: (websiteId) => {
          context.catalog.forgetAll();
          if (websiteId === '*') return;
          notifyWebsiteChanged(websiteId);
          notifySiteChromeChanged(websiteId);
          notifyContentChanged(websiteId);
          notifyRedirectsChanged(websiteId);
          themeRegistry.forget(websiteId);
        },
      });
    }
    registerCrumbRoutes(routes, context);
    registerCatalogRoutes(routes, context);
    registerCartRoutes(routes, context);
    registerOrderRoutes(routes, context);
    registerPaymentRoutes(routes, context);
    registerSiteUserRoutes(routes, context);
    registerOwnerRoutes(routes, context, { appDir: options.ownerAppDir });
    // Platform mode: the landing of a hand-off from the platform's host (issue 32).
    registerHandoffRoutes(routes, context);
    registerContributorRoutes(routes, context);
    registerCustomDomainRoutes(routes, context, domainSettings, { rateLimits: rateLimitStore });
    registerMailRoutes(routes, context);
    registerRestockRoutes(routes, context);
    registerCaptchaRoutes(routes, context);
    registerFormRoutes(routes, context, { rateLimits: rateLimitStore, newsletterTokens });
    registerCommentRoutes(routes, context, { rateLimits: rateLimitStore });
    registerAnalyticsRoutes(routes, context, analytics.ingest);
    registerOwnerAnalyticsRoutes(routes, context, analytics.settings);
    // The owner's calls (issue 12), one domain each.
    // A product deleted for good: the domains whose rows name it let go of it (catalog/delete-product.ts).
    registerOwnerCatalogRoutes(routes, { ...context, productReleasers: [releaseOrderLinesOfProduct, removeCartEntriesOfProduct, removeRestockSignUpsOfProduct] });
    registerOwnerOrderRoutes(routes, context);
    registerFulfilmentRoutes(routes, context);
    registerAbandonedCartRoutes(routes, context);
    registerOwnerFormRoutes(routes, context);
    registerOwnerExperimentRoutes(routes, context);
    registerSessionReplayRoutes(routes, context);
    registerOwnerContentRoutes(routes, context);
    registerPageTreeRoutes(routes, context);
    registerOwnerNewsletterRoutes(routes, context);
    registerCampaignRoutes(routes, { ...context, campaignLinks });
    registerPopupOverlayRoutes(routes, context);
    registerMemberRoutes(routes, context, { rateLimits: rateLimitStore });
    registerApiKeyRoutes(routes, context);
    // The headless read API for other frontends (issue 37 item 3), with its CORS per website.
    registerHeadlessRoutes(routes, context);
    registerRedirectRoutes(routes, context);
    registerWebhookRoutes(routes, context, { sealKey: webhookSealKey, allowedTargets: webhookPolicy.allowedTargets });
    // A picture's changed texts reach the products' copies (catalog/image-copies.ts): images cannot import the catalog.
    registerImageRoutes(routes, context, { textCopies: { refresh: refreshProductImageTexts } });
    // The media library asks each domain that shows pictures where, and has it replace or let go of one.
    registerMediaRoutes(routes, context, { pictureUsers });
    registerSiteSettingsRoutes(routes, context);
    registerSiteStylesRoutes(routes, context);
    registerCheckoutSettingsRoutes(routes, context);
    registerAutomaticDiscountRoutes(routes, context);
    registerSubscriptionRoutes(routes, context);
    registerReviewRoutes(routes, context);
    registerDownloadRoutes(routes, context, downloadStore);
    registerThemeRoutes(routes, context, themeStore);
    registerSiteArchiveRoutes(routes, context, { ...siteArchiveParts, catalog: context.catalog });
    registerSiteImportRoutes(routes, context);
    registerCourseRoutes(routes, context, lessonVideoStore);
    registerGiftCardRoutes(routes, context, { rateLimits: rateLimitStore });
    registerMapsRoutes(routes, context);
    registerPageRoutes(routes, context);
  });
  // Platform mode: the platform's own pages, on its host only (Fastify's host constraint), outside the website context.
  registerPlatformRoutes(app, context, { rateLimits: rateLimitStore });
  await registerAssets(app, theme.assetsDir, options.ownerAppDir ?? ownerAppDistDir, { themeAssetsCached: !themeDev, themeSheets });
  if (themeDev) {
    registerThemeDevRoutes(app, themeDev);
    themeDev.watch();
  }
  // The website's pictures (/images/{id}/{filename}): public, like the assets, so outside the request context.
  registerImageFileRoutes(app, context);
  // Paid orders' download links (/downloads/{token}): public, the signed token is the key.
  registerDownloadFileRoutes(app, context, downloadStore);
  // Site archives' signed download links (/site-archives/{id}?expires&signature): public, for their website's hosts only.
  registerSiteArchiveDownloadRoute(app, context, siteArchiveParts);
  // Uploaded themes' assets (/assets/themes/{themeId}/…): public, for the uploading website's hosts only.
  registerThemeAssetRoutes(app, context, themeRegistry);
  app.addHook('onClose', async () => websites.close());
  // The not-found counts are flushed every few seconds in every listening process, and once more on close.
  app.addHook('onListen', async () => notFoundCounter.start());
  app.addHook('onClose', async () => {
    await notFoundCounter.stop();
    redirectRules.close();
  });
  // Analytics rollups and retention run in every listening process (inject-only tests never start them).
  app.addHook('onListen', async () => analytics.jobs.start());
  app.addHook('onClose', async () => analytics.close());
  // Pending payments past their time are let go (stock back) in every listening process; claims keep them apart.
  const paymentExpiry = new PaymentExpiryJob(db, {
    cancellers: stripe ? { [stripe.name]: stripe } : {},
    paidContext: { mail: context.mail },
    intervalMs: options.paymentExpiry?.intervalMs,
    log: app.log,
  });
  app.addHook('onListen', async () => paymentExpiry.start());
  app.addHook('onClose', async () => paymentExpiry.stop());
  // Subscription renewals: charged on schedule in every listening process (claims keep them apart; tests drive runOnce).
  await manageLinksFor(db);
  const renewals = new SubscriptionRenewalJob(db, renewalOrderRecorder(context.payments), { ...options.subscriptionRenewals, mail: context.mail, log: app.log });
  app.addHook('onListen', async () => renewals.start());
  app.addHook('onClose', async () => renewals.stop());
  // Review requests: mailed once their delay has passed, in every listening process (SKIP LOCKED keeps them apart).
  const reviewRequests = new ReviewRequestJob(db, { ...reviewRequestSettings, mail: context.mail, log: app.log });
  app.addHook('onListen', async () => reviewRequests.start());
  app.addHook('onClose', async () => reviewRequests.stop());
  // Newsletter campaigns (campaigns/): handed to the outbox at CAMPAIGN_MESSAGES_PER_SECOND in every listening process
  // (one round per campaign at once: the job row is claimed FOR UPDATE SKIP LOCKED).
  const campaignSends = new CampaignSendJob(db, {
    mail: context.mail, links: campaignLinks, log: app.log,
    messagesPerSecond: Number(process.env.CAMPAIGN_MESSAGES_PER_SECOND ?? 10), intervalMs: Number(process.env.CAMPAIGN_INTERVAL_MS ?? 1000),
  });
  app.addHook('onListen', async () => campaignSends.start());
  app.addHook('onClose', async () => campaignSends.stop());
  // Abandoned-cart reminders (abandoned-carts/): queued and sent in every listening process (one row per cart, SKIP LOCKED).
  const abandonedCarts = new AbandonedCartJob(db, { mail: context.mail, log: app.log, intervalMs: Number(process.env.ABANDONED_CART_INTERVAL_MS ?? 5 * 60_000) });
  app.addHook('onListen', async () => abandonedCarts.start());
  app.addHook('onClose', async () => abandonedCarts.stop());
  // Webhook deliveries: sent in every listening process (SKIP LOCKED keeps them apart).
  const webhookDeliveries = new WebhookDeliveryJob(db, {
    policy: webhookPolicy,
    sealKey: webhookSealKey,
    // The admins are mailed (transactional, never refused by the day's quota: their integration stopped).
    notifySwitchedOff: async (trx, notice) => {
      const website = await findWebsiteById(trx, notice.websiteId);
      if (!website) return;
      const siteUrl = siteUrlOf(context.mail, website);
      const values = { url: notice.url, reason: notice.reason, retryDays: notice.retryDays, webhooksUrl: `${siteUrl}/config/settings/webhooks` };
      for (const to of await contributorEmailsWith(trx, website.id, 'webhooks:manage')) {
        const rendered = renderMail('webhook-endpoint-disabled', website, values, { publicUrl: siteUrl });
        await enqueueMail(trx, website, context.mail.from, { kind: 'transactional', template: 'webhook-endpoint-disabled', to, dailyQuota: 'exempt', ...rendered });
      }
    },
    backoffBaseMs: webhookOptions.backoffBaseMs,
    retryWindowMs: webhookOptions.retryWindowMs,
    intervalMs: webhookOptions.intervalMs,
    log: app.log,
  });
  webhookOptions.created?.(webhookDeliveries);
  app.addHook('onListen', async () => webhookDeliveries.start());
  app.addHook('onClose', async () => webhookDeliveries.stop());
  // Objects left behind by deletions (a product's pictures, a digital product's file, a lesson's video, deleted lessons'
  // videos found by courses' feeder): removed once, in whichever listening process claims them (storage/removal-sweep.ts).
  const objectRemovals = new ObjectRemovalSweep(db, {
    handlers: {
      picture: pictureRemovalHandler(context.images, pictureUsers),
      download: downloadRemovalHandler(downloadStore),
      'lesson-video': lessonVideoRemovalHandler(lessonVideoStore),
    },
    feeders: [queueDeletedLessonVideos],
  }, { intervalMs: options.objectRemovals?.intervalMs, log: app.log });
  options.objectRemovals?.created?.(objectRemovals);
  app.addHook('onListen', async () => objectRemovals.start());
  app.addHook('onClose', async () => objectRemovals.stop());
  // Websites deleted longer ago than the grace period: rows and files removed in every listening process (SKIP LOCKED).
  const websitePurge = new DeletedWebsitePurgeJob(db, {
    removeImage: (id) => imageStore.removeImage(id),
    removeDownload: (key) => downloadStore.remove(key),
    removeLessonVideo: (key) => lessonVideoStore.remove(key),
    removeThemeArchive: (key) => themeStore.remove(key),
  }, { intervalMs: options.websitePurge?.intervalMs, log: app.log });
  app.addHook('onListen', async () => websitePurge.start());
  app.addHook('onClose', async () => websitePurge.stop());
  // Whole-site exports: written in every listening process (SKIP LOCKED and a lease keep them apart).
  const siteExports = new SiteExportJob(db, siteArchiveStore, archiveShelves, { intervalMs: options.siteExports?.intervalMs, log: app.log });
  options.siteExports?.created?.(siteExports);
  app.addHook('onListen', async () => siteExports.start());
  app.addHook('onClose', async () => siteExports.stop());
  // WordPress and Squarespace imports: run in every listening process (SKIP LOCKED and a lease keep them apart);
  // their pictures are fetched through the webhooks' outgoing guard, with the operator's allowances.
  const siteImports = new SiteImportJob(db, { images: context.images, policy: webhookPolicy }, { intervalMs: options.siteImports?.intervalMs, log: app.log });
  options.siteImports?.created?.(siteImports);
  app.addHook('onListen', async () => siteImports.start());
  app.addHook('onClose', async () => siteImports.stop());
  if (temporaryArchivesDir) app.addHook('onClose', async () => rmSync(temporaryArchivesDir, { recursive: true, force: true }));
  if (temporaryImagesDir) app.addHook('onClose', async () => rmSync(temporaryImagesDir, { recursive: true, force: true }));
  if (temporaryThemesDir) app.addHook('onClose', async () => rmSync(temporaryThemesDir, { recursive: true, force: true }));
  if (temporaryDownloadsDir) app.addHook('onClose', async () => rmSync(temporaryDownloadsDir, { recursive: true, force: true }));
  if (temporaryVideosDir) app.addHook('onClose', async () => rmSync(temporaryVideosDir, { recursive: true, force: true }));
  return app;
}

/**
 * The theme's stylesheet and the built islands. Island files carry content hashes in their
 * names, so browsers may keep them for a year; the build writes .br and .gz beside each file.
 */
async function registerAssets(
  app: FastifyInstance, themeAssetsDir: string, ownerAppDir: string, { themeAssetsCached, themeSheets }: { themeAssetsCached: boolean; themeSheets: ThemeSheetStore },
): Promise<void> {
  // The theme's base and feature sheets: named by their content's hash, so a year's immutable cache is safe.
  app.get<{ Params: { file: string } }>(`${THEME_SHEET_PREFIX}:file`, async (request, reply) => {
    const css = themeSheets.get(request.params.file);
    if (css === undefined) return reply.code(404).header('cache-control', 'no-store').send({ message: 'Not found.' });
    return reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(css);
  });
  await app.register(fastifyStatic, {
    root: storefrontDistDir,
    prefix: STOREFRONT_ASSET_PREFIX,
    preCompressed: true,
    immutable: true,
    maxAge: '365d',
    index: false,
    allowedPath: (pathName) => !pathName.endsWith('manifest.json'),
  });
  // The owner app's files (owner/app-page.ts): hashed ones under assets/ kept a year, the others (the sign-in
  // pages' stylesheet) an hour; its index.html only through /config, with the owner's boot data.
  await app.register(fastifyStatic, {
    root: ownerAppDir,
    prefix: OWNER_APP_ASSET_PREFIX,
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    index: false,
    allowedPath: (pathName) => !pathName.endsWith('.html') && !pathName.includes('.vite') && !pathName.endsWith('manifest.json'),
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  await app.register(fastifyStatic, {
    root: themeAssetsDir,
    prefix: THEME_ASSET_PREFIX,
    decorateReply: false,
    // `theme dev`: a saved stylesheet shows on the reload, so the browser keeps none.
    maxAge: themeAssetsCached ? '1h' : 0,
    index: false,
  });
  // Browsers and crawlers ask for /favicon.ico whatever the page links: the theme's SVG icon answers.
  app.get('/favicon.ico', (_request, reply) => reply.type('image/svg+xml').sendFile('favicon.svg', themeAssetsDir, { maxAge: '1h' }));
  // The demo pictures' SVG sources. Pages show them through the images domain (/images/{id}/{name}.png,
  // drawn from these files on first request and resized to `?format=NNNw`); the sources stay reachable here.
  await app.register(fastifyStatic, {
    root: demoAssetsDir,
    prefix: DEMO_ASSET_PREFIX,
    decorateReply: false,
    maxAge: '1d',
    index: false,
  });
}

/** The owner app's own calls and pages (answered in English whatever the site's language). */
function isOwnerCall(url: string): boolean {
  return url.startsWith('/api/owner/') || url === '/config' || url.startsWith('/config/') || url.startsWith('/config?');
}
