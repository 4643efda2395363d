import { buildApp, DEFAULT_RATE_LIMIT } from './app';
import { seedDemoSite } from './demo-site';
import { openDatabaseFromEnv } from './db/database';
import { migrate } from './db/migrate';
import { parseTrustProxy } from './http/client-address';
import { connectionLimitsFromEnv } from './http/connection-limits';
import { RedisRateLimitStore } from './http/redis-rate-limit';
import { httpCdnPurger, pageCacheFromEnvironment, pgliteChangeFeed, postgresChangeFeed, RedisPageStore } from './page-cache';
import { ImageFiles, ObjectImageStore, prepareBundledImageCopies } from './images';
import { demoAssetsDir } from './catalog';
import { browserOriginsOf, objectStoreFromEnv, prefixedStore } from './storage';
import { ObjectDownloadStore } from './downloads';
import { ObjectLessonVideoStore } from './courses';
import { ObjectThemeStore } from './themes';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createFolderTransport, createSmtpTransport, MailWorker } from './mail';
import { printFirstAdminLinkIfNeeded } from './owner';
import { createRestockAutoSender } from './restock';
import { StripePaymentProvider, stripeSettingsFromEnv } from './payments';
import { createStartupProgress } from './startup-progress';
import { parseMetricsAllow } from './metrics';
import { customDomainOptionsFromEnv, findDefaultWebsite } from './websites';
import { quotaDefaultsFromEnv } from './quotas';

/**
 * Starts the server: PORT (3000), HOST (0.0.0.0), DATA_DIR (./data, for the embedded PGlite database and
 * the uploaded pictures in DATA_DIR/images),
 * DATABASE_URL (PostgreSQL instead), REDIS_URL (rate-limit counters in Redis instead of the database),
 * RATE_LIMIT_MAX / RATE_LIMIT_WINDOW_MS / RATE_LIMIT_ANALYTICS_MAX (per website and visitor), RATE_LIMIT_WEBSITE_MAX (per website, all its
 * visitors together: 50 × RATE_LIMIT_MAX with PLATFORM_DOMAIN, none without; 0: none), COOKIE_SECURE=1, TRUST_PROXY (the
 * proxies' addresses/CIDRs, or loopback: X-Forwarded-For counts only on connections from them; a number of hops is refused,
 * since it believed any direct client's X-Forwarded-For), LOG_LEVEL, WEBSITE (identifier of the
 * website to serve; the oldest one by default), PLATFORM_DOMAIN (many websites: each at {identifier}.{PLATFORM_DOMAIN} and its
 * verified custom domains, the platform's own pages at PLATFORM_DOMAIN; PUBLIC_URL is then the platform's address);
 * DOMAIN_DNS_SERVERS, DOMAIN_CHECK_ALLOW and TLS_ASK_ALLOW for custom domains (websites/custom-domains/settings.ts).
 * REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS and MAX_CONNECTIONS_PER_ADDRESS override the
 * connection limits (http/connection-limits.ts).
 * The first start on an empty database migrates it and seeds the demo store. While the website has no
 * admin, each start prints a one-time link that creates the first one (PUBLIC_URL: the address to print
 * and the origin of links in mail). Mail goes through SMTP_URL, or into DATA_DIR/mail as .eml files without
 * it; MAIL_FROM is the sender address. STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET take real
 * payments through Stripe (payments/; test mode without them), PAYMENT_EXPIRY_MINUTES (30) is how long a shopper has to
 * confirm one and PAYMENT_EXPIRY_INTERVAL_MS (60000; 0: off) how often pending payments past it are let go.
 * METRICS_ALLOW (127.0.0.1,::1) lists the addresses/CIDRs that may scrape GET /metrics (metrics/; `none`: nobody).
 * QUOTA_PRODUCTS, QUOTA_STORAGE_BYTES, QUOTA_CONTRIBUTORS, QUOTA_MAILS_PER_DAY: the platform's default quotas of every
 * website without its own (quotas/; unset: unlimited).
 */
async function main(): Promise<void> {
  const env = process.env;
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? '0.0.0.0';
  // Read before the database opens: a bad value stops the start at once.
  const connectionLimits = connectionLimitsFromEnv(env);
  parseMetricsAllow(env.METRICS_ALLOW);
  // Real payments when STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are set; test mode without.
  const stripeSettings = stripeSettingsFromEnv(env);
  // Custom domains: DOMAIN_DNS_SERVERS, DOMAIN_CHECK_ALLOW, TLS_ASK_ALLOW (a bad address list stops the start here).
  const customDomains = customDomainOptionsFromEnv(env);
  const paymentExpiryIntervalMs = env.PAYMENT_EXPIRY_INTERVAL_MS ? Number(env.PAYMENT_EXPIRY_INTERVAL_MS) : undefined;
  if (paymentExpiryIntervalMs !== undefined && !(Number.isInteger(paymentExpiryIntervalMs) && paymentExpiryIntervalMs >= 0)) {
    throw new Error('PAYMENT_EXPIRY_INTERVAL_MS must be a whole number of milliseconds (0: off).');
  }
  const siteExportIntervalMs = env.SITE_EXPORT_INTERVAL_MS ? Number(env.SITE_EXPORT_INTERVAL_MS) : undefined;
  if (siteExportIntervalMs !== undefined && !(Number.isInteger(siteExportIntervalMs) && siteExportIntervalMs > 0)) {
    throw new Error('SITE_EXPORT_INTERVAL_MS must be a whole, positive number of milliseconds.');
  }
  const objectRemovalIntervalMs = env.OBJECT_REMOVAL_INTERVAL_MS ? Number(env.OBJECT_REMOVAL_INTERVAL_MS) : undefined;
  if (objectRemovalIntervalMs !== undefined && !(Number.isInteger(objectRemovalIntervalMs) && objectRemovalIntervalMs > 0)) {
    throw new Error('OBJECT_REMOVAL_INTERVAL_MS must be a whole, positive number of milliseconds.');
  }
  const websiteRateLimitMax = env.RATE_LIMIT_WEBSITE_MAX ? Number(env.RATE_LIMIT_WEBSITE_MAX) : undefined;
  if (websiteRateLimitMax !== undefined && !(Number.isSafeInteger(websiteRateLimitMax) && websiteRateLimitMax >= 0)) {
    throw new Error('RATE_LIMIT_WEBSITE_MAX must be a whole number of calls per window (0: no per-website ceiling).');
  }
  // The platform's default quotas per website (QUOTA_PRODUCTS, QUOTA_STORAGE_BYTES, QUOTA_CONTRIBUTORS, QUOTA_MAILS_PER_DAY;
  // unset: unlimited): read by the quotas domain as it counts; a bad value stops the start here.
  quotaDefaultsFromEnv(env);
  // A bad TRUST_PROXY (a hop count, 'true', a name that is no address) stops the start here, before the database opens.
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  // A line per phase that does work (a first start's), nothing for the ones a ready database skips.
  const progress = createStartupProgress({ logLevel: env.LOG_LEVEL });
  const dataDir = env.DATA_DIR || './data';
  const creating = !env.DATABASE_URL && !existsSync(path.join(path.resolve(dataDir), 'pglite', 'PG_VERSION'));
  const created = creating ? progress.begin(`Creating the database in ${dataDir}`) : undefined;
  const database = await openDatabaseFromEnv(env);
  created?.();
  let migrated: (() => void) | undefined;
  const applied = await migrate(database.db, undefined, {
    onApplying: (pending) => (migrated = progress.begin(`Applying ${pending.length} migration${pending.length === 1 ? '' : 's'}`)),
  });
  migrated?.();
  let seededDone: (() => void) | undefined;
  const seeded = await seedDemoSite(database.db, { onSeeding: () => (seededDone = progress.begin('Seeding the demo store')) });
  seededDone?.();
  // A bad PAGE_CACHE_MAX_BYTES or PAGE_CACHE_MAX_AGE stops the start here.
  const pageCache = pageCacheFromEnvironment(env);
  const pageCacheRedis = env.REDIS_URL && pageCache.enabled ? new RedisPageStore(env.REDIS_URL) : undefined;
  const redisStore = env.REDIS_URL ? new RedisRateLimitStore(env.REDIS_URL) : undefined;
  // STORAGE_URL (s3://…) or DATA_DIR's disk; STORAGE_FALLBACK_URL while files move (npm run storage -- migrate).
  const objects = objectStoreFromEnv(env);
  const imageStore = new ObjectImageStore(prefixedStore(objects.store, 'images/'));

  const app = await buildApp({
    db: database.db,
    databaseKind: database.kind,
    websiteIdentifier: env.WEBSITE || undefined,
    platformDomain: env.PLATFORM_DOMAIN || undefined,
    customDomains,
    logger: { level: env.LOG_LEVEL ?? 'info' },
    secureCookies: env.COOKIE_SECURE === '1',
    trustProxy,
    rateLimit: {
      max: env.RATE_LIMIT_MAX ? Number(env.RATE_LIMIT_MAX) : DEFAULT_RATE_LIMIT.max,
      windowMs: env.RATE_LIMIT_WINDOW_MS ? Number(env.RATE_LIMIT_WINDOW_MS) : DEFAULT_RATE_LIMIT.windowMs,
      analyticsMax: env.RATE_LIMIT_ANALYTICS_MAX ? Number(env.RATE_LIMIT_ANALYTICS_MAX) : undefined,
      websiteMax: websiteRateLimitMax,
      store: redisStore,
    },
    connectionLimits,
    // A start compiles no route's schemas: each route does on its first request (about a second less to start).
    lazySchemaCompilation: true,
    // Every file in one storage port (storage/): DATA_DIR on this machine's disk, or STORAGE_URL's bucket.
    imageStore,
    downloadStore: new ObjectDownloadStore(prefixedStore(objects.store, 'downloads/'), { presignSeconds: objects.presignSeconds }),
    lessonVideoStore: new ObjectLessonVideoStore(prefixedStore(objects.store, 'lesson-videos/'), { presignSeconds: objects.presignSeconds }),
    // A lesson video on a bucket plays from the bucket's origin (a redirect): pages' CSP media-src allows it.
    themeStore: new ObjectThemeStore(prefixedStore(objects.store, 'themes/')),
    // Whole-site exports (site-archives/) sit beside them, downloaded through a signed link.
    siteArchiveStore: prefixedStore(objects.store, 'site-archives/'),
    // How often the export job looks for queued exports (SITE_EXPORT_INTERVAL_MS, 5 s; the journey makes it short).
    siteExports: { intervalMs: siteExportIntervalMs },
    // How often the object-removal sweep looks for deleted things' files (OBJECT_REMOVAL_INTERVAL_MS, a minute).
    objectRemovals: { intervalMs: objectRemovalIntervalMs },
    mediaSources: await browserOriginsOf(objects.store),
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    mailFrom: env.MAIL_FROM || undefined,
    // MAIL_FEEDBACK_SECRET: the provider's complaint and bounce webhook (POST /api/mail/feedback) is signed with it.
    mailFeedbackSecret: env.MAIL_FEEDBACK_SECRET || undefined,
    payments: stripeSettings ? new StripePaymentProvider(stripeSettings) : undefined,
    paymentExpiry: { intervalMs: paymentExpiryIntervalMs },
    // GET /metrics for METRICS_ALLOW's addresses (loopback by default), with Node's process metrics.
    metrics: { allow: env.METRICS_ALLOW, processMetrics: true },
    // Anonymous pages kept rendered (PAGE_CACHE_MAX_BYTES, 0: off); other processes' saves heard by LISTEN.
    pageCache: {
      cache: pageCache,
      changes: database.pglite ? pgliteChangeFeed(database.pglite) : env.DATABASE_URL ? postgresChangeFeed(env.DATABASE_URL) : undefined,
      // CDN_PURGE_URL: a shared cache in front (deploy/varnish.vcl) purged by surrogate key on every change.
      cdn: env.CDN_PURGE_URL ? httpCdnPurger(env.CDN_PURGE_URL) : undefined,
      // REDIS_URL: the pages one process rendered are answered by every other.
      shared: pageCacheRedis,
    },
  });
  // Mail: SMTP_URL when set; otherwise each message is kept as an .eml file under DATA_DIR/mail.
  const mailTransport = env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : createFolderTransport(path.join(path.resolve(env.DATA_DIR || './data'), 'mail'));
  const mailWorker = new MailWorker(database.db, mailTransport, { log: app.log });
  // Restock notices sent without the owner, for stores that turn restockAutoSend on (RESTOCK_AUTO_SEND_INTERVAL_MS; 0: off).
  const restockAutoSender = await createRestockAutoSender(database.db, {
    env,
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    mailFrom: env.MAIL_FROM || undefined,
    websiteIdentifier: env.WEBSITE || undefined,
    log: app.log,
  });
  app.log.info({ database: database.kind, migrationsApplied: applied, demoSeeded: seeded, mail: mailTransport.name, payments: stripeSettings ? 'stripe' : 'test' }, 'database ready');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await restockAutoSender?.stop();
      await mailWorker.stop();
      mailTransport.close?.();
      await app.close();
      await redisStore?.close();
      await pageCacheRedis?.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port, host });
  mailWorker.start();
  restockAutoSender?.start();
  const origin = env.PUBLIC_URL || address.replace('0.0.0.0', 'localhost');
  progress.say(`Vitrine is running at ${origin}`);
  if (seeded) {
    // The copy job right after the seed (images/prepared-copies.ts): the demo's PNG originals and their common AVIF
    // and WebP copies, behind the first start instead of inside it; only the process that seeded runs it.
    const started = Date.now();
    void findDefaultWebsite(database.db)
      .then((website) => (website ? prepareBundledImageCopies(database.db, new ImageFiles(imageStore, demoAssetsDir), website.id) : undefined))
      .then((done) => done && app.log.info({ ...done, ms: Date.now() - started }, 'demo pictures prepared'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'the demo pictures were not prepared (each is made on its first request instead)'));
  }
  await printFirstAdminLinkIfNeeded(database.db, app.log, origin);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
