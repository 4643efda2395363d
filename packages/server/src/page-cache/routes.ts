import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { encodedEtag, preferredEncoding, varyOnEncoding, compressBodyLater } from '../http/compression';
import { siteUserOf } from '../actor';
import { pageCacheKeyOf } from './cache-key';
import { askedUrlOf } from '../http/language-prefix';
import { ifNoneMatchHits, PERSONAL_PAGE_COOKIES } from './cache-policy';
import { announcePagesChanged, type PageChangeFeed } from './change-feed';
import type { CdnPurger } from './cdn-purge';
import type { RedisPageStore } from './redis-page-store';
import { mayChangePages } from './page-changes';
import type { CachedPage, PageCacheTicket, RenderedPageCache } from './rendered-page-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this page request missed the page cache and may fill it (page-cache/routes.ts: rememberPage). */
    pageCacheFill?: (reply: FastifyReply, body: string) => void;
  }
}

export interface PageCacheParts {
  db: Kysely<Database>;
  cache: RenderedPageCache;
  /** Other processes' announcements (LISTEN); none: this process is alone or only its own writes count. */
  changes?: PageChangeFeed;
  /** When the website's content next changes by itself (a scheduled post's time); null: never. */
  nextScheduledChange(db: Kysely<Database>, websiteId: string): Promise<Date | null>;
  /** The tier every process shares (REDIS_URL): looked up when this process's memory misses. */
  shared?: RedisPageStore;
  /** A shared cache in front (CDN_PURGE_URL): purged once per change, by the process that announced it. */
  cdn?: CdnPurger;
  /** A kept not-found page was answered (the not-found report counts it as if it had been made). */
  onNotFoundServed?(websiteId: string, method: string, url: string): void;
  /** Told of every invalidation heard from the feed (the process's other caches of site structure drop theirs). */
  onRemoteChange?(websiteId: string | '*'): void;
}

/** The answer header that tells operators (and tests) whether the page came from the server's cache. */
export const PAGE_CACHE_HEADER = 'x-vitrine-page-cache';

/** Headers a kept page is answered with again (the rest are the request's own: security headers, request id). */
const KEPT_HEADERS = ['content-type', 'cache-control', 'etag', 'surrogate-key', 'cache-tag'] as const;

/** A request that may be answered with, and fill, a shared page: anonymous, no cookie that personalises, no preview. */
function mayShare(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const route = request.routeOptions.url;
  if (!route || route.startsWith('/api/') || route.startsWith('/config')) return false;
  if (request.headers.authorization) return false;
  const { actor } = request;
  if (!actor || actor.kind !== 'visitor' || siteUserOf(actor) !== undefined) return false;
  if (PERSONAL_PAGE_COOKIES.some((name) => request.cookies[name])) return false;
  const query = request.query as Record<string, unknown> | undefined;
  return query?.['design-preview'] === undefined;
}

function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  reply.status(page.status);
  for (const name of KEPT_HEADERS) if (page.headers[name] !== undefined) reply.header(name, page.headers[name]);
  reply.header(PAGE_CACHE_HEADER, 'hit');
  const etag = page.headers.etag;
  const ifNoneMatch = request.headers['if-none-match'];
  if (page.status === 200 && etag && ifNoneMatchHits(typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined, etag)) return reply.status(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const encoded = encoding ? page.encoded[encoding] : undefined;
  if (encoding && encoded) {
    varyOnEncoding(reply);
    reply.header('content-encoding', encoding);
    if (etag) reply.header('etag', encodedEtag(etag, encoding));
    return reply.send(encoded);
  }
  // Not compressed yet: http/compression.ts compresses this answer on its way out.
  return reply.send(page.body);
}

/**
 * The page cache around the page routes (registered in the scope that resolved the website and actor): anonymous
 * page GETs are answered from it when it holds the page, and every state change that may alter a page invalidates
 * its website here, before its answer leaves, and in the other processes by NOTIFY.
 */
export async function registerPageCache(scope: FastifyInstance, parts: PageCacheParts): Promise<void> {
  const { cache, db } = parts;
  scope.decorateRequest('pageCacheFill', undefined);
  const listening = parts.changes
    ? await parts.changes.listen(({ websiteId, ownAnnouncement }) => {
        if (websiteId === '*') cache.invalidateAll();
        else cache.invalidate(websiteId);
        // Heard once committed: the shared tier and the CDN are told after the change is visible in the database
        // (a job's change is announced in its transaction).
        if (ownAnnouncement && websiteId !== '*') {
          void parts.shared?.invalidate(websiteId);
          void parts.cdn?.purgeWebsite(websiteId);
        }
        if (!ownAnnouncement) parts.onRemoteChange?.(websiteId);
      })
    : undefined;
  scope.addHook('onClose', async () => listening?.stop());

  scope.addHook('preHandler', async (request, reply) => {
    if (!cache.enabled || !mayShare(request)) return;
    // The address as asked, language prefix included (language-urls.ts): /fr/x and /x are two pages.
    const key = pageCacheKeyOf(`${request.protocol}://${request.host}`, askedUrlOf(request));
    if (!key) return;
    const websiteId = request.website.id;
    cache.expireIfDue(websiteId);
    const ticket = cache.ticketFor(websiteId, key);
    const page = cache.get(ticket);
    if (page?.status === 404) parts.onNotFoundServed?.(websiteId, request.method, request.url);
    if (page) return sendCachedPage(request, reply, page);
    // Another process may have made it (REDIS_URL): kept here too, then answered.
    const shared = parts.shared ? await parts.shared.lookup(websiteId, key) : undefined;
    if (shared?.page) {
      // Kept in this process's memory too once it knows when the website next changes by itself.
      if (cache.knowsNextChange(websiteId)) cache.store(ticket, shared.page);
      else void learnNextChange(parts, ticket).catch((error: Error) => request.log.warn({ err: error }, 'next scheduled change not read'));
      reply.header(PAGE_CACHE_HEADER, 'hit');
      return sendCachedPage(request, reply, shared.page);
    }
    request.pageCacheFill = (sent, body) => fill(parts, request, sent, ticket, body, shared?.generation);
    reply.header(PAGE_CACHE_HEADER, 'miss');
  });

  scope.addHook('onSend', async (request, reply, payload) => {
    // Before the answer leaves: a page asked for after the save returned is made again.
    if (request.website && mayChangePages(request.method, request.routeOptions.url, reply.statusCode)) {
      const websiteId = request.website.id;
      cache.invalidate(websiteId);
      // Awaited: no process answers the shared tier's old page once this answer has left.
      await parts.shared?.invalidate(websiteId);
      announcePagesChanged(db, websiteId).catch((error: Error) => request.log.warn({ err: error }, 'page changes not announced'));
      // No feed to hear the announcement back: purge the CDN from here.
      if (!parts.changes) void parts.cdn?.purgeWebsite(websiteId);
    }
    return payload;
  });
}

/**
 * Keeps a page answer a shared cache may keep (pages/routes.ts decided it) when the request missed the cache. The
 * work is done after the answer was sent: the website's next scheduled change is learnt first, then the page is
 * kept and compressed once.
 */
export function rememberPage(request: FastifyRequest, reply: FastifyReply, body: string): void {
  request.pageCacheFill?.(reply, body);
}

function fill(parts: PageCacheParts, request: FastifyRequest, reply: FastifyReply, ticket: PageCacheTicket, body: string, sharedGeneration: string | undefined): void {
  if (reply.statusCode !== 200 && reply.statusCode !== 404) return;
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (typeof value === 'string') headers[name] = value;
  }
  const page: CachedPage = { status: reply.statusCode, headers, body: Buffer.from(body), encoded: {} };
  const { cache } = parts;
  void (async () => {
    if (!cache.knowsNextChange(ticket.websiteId)) await learnNextChange(parts, ticket);
    if (!cache.store(ticket, page)) return;
    for (const encoding of ['br', 'gzip'] as const) cache.addEncoding(ticket, page, encoding, await compressBodyLater(page.body, encoding));
    // Shared with its compressed copies, under the generation its lookup saw.
    if (parts.shared && sharedGeneration !== undefined) await parts.shared.store(ticket.websiteId, sharedGeneration, ticket.key, page, cache.lifetimeMs(ticket.websiteId));
  })().catch((error: Error) => request.log.warn({ err: error }, 'page not kept in the page cache'));
}

async function learnNextChange(parts: PageCacheParts, ticket: PageCacheTicket): Promise<void> {
  parts.cache.setNextChange(ticket.websiteId, await parts.nextScheduledChange(parts.db, ticket.websiteId), ticket.generation);
}
