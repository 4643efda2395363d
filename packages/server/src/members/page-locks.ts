import { sql, type Kysely } from 'kysely';
import type { ListPageLocksReply, PageLockReply } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { notFound, tooMany } from '../failures';
import { hitSlidingWindow, type RateLimitStore } from '../http/rate-limit';
import { hashPassword, verifyPassword } from '../site-users';
import { unlockCookieFor, type UnlockedPage } from './unlock-cookie';

export const PAGE_LOCK_MESSAGES = {
  pageNotFound: 'Page not found.',
  wrongPassword: 'That password is not right. Try again.',
  tooMany: 'Too many tries. Wait a few minutes and try again.',
} as const;

/** Wrong or right, at most this many tries per page and address in the window (this one and the last together). */
export const UNLOCK_ATTEMPTS = { max: 10, windowMs: 15 * 60_000 } as const;

export async function listPageLocks(db: Kysely<Database>, website: Website, actor: Actor): Promise<ListPageLocksReply> {
  authorize(actor, 'members:read');
  const rows = await db.selectFrom('page_locks')
    .innerJoin('site_pages', 'site_pages.id', 'page_locks.page_id')
    .select(['page_locks.page_id', 'site_pages.title', 'site_pages.url_id', 'page_locks.updated_at'])
    .where('page_locks.website_id', '=', website.id)
    .where('site_pages.deleted_at', 'is', null)
    .orderBy('site_pages.title')
    .execute();
  return { pageLocks: rows.map((row) => ({ pageId: row.page_id, title: row.title, url: `/${row.url_id}`, updated: row.updated_at.getTime() })) };
}

/** Sets a page's password: a new one bumps the lock's version, so browsers that opened the old one are locked out. */
export async function setPageLock(db: Kysely<Database>, website: Website, actor: Actor, input: { pageId: string; password: string }): Promise<PageLockReply> {
  authorize(actor, 'members:write');
  const page = await db.selectFrom('site_pages').select('id').where('website_id', '=', website.id).where('id', '=', input.pageId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!page) throw notFound(PAGE_LOCK_MESSAGES.pageNotFound);
  const passwordHash = await hashPassword(input.password);
  await db.insertInto('page_locks')
    .values({ page_id: page.id, website_id: website.id, password_hash: passwordHash })
    .onConflict((conflict) => conflict.column('page_id').doUpdateSet({ password_hash: passwordHash, version: sql`page_locks.version + 1`, updated_at: sql`now()` }))
    .execute();
  return { pageId: page.id, locked: true };
}

export async function clearPageLock(db: Kysely<Database>, website: Website, actor: Actor, input: { pageId: string }): Promise<PageLockReply> {
  authorize(actor, 'members:write');
  const page = await db.selectFrom('site_pages').select('id').where('website_id', '=', website.id).where('id', '=', input.pageId).executeTakeFirst();
  if (!page) throw notFound(PAGE_LOCK_MESSAGES.pageNotFound);
  await db.deleteFrom('page_locks').where('page_id', '=', page.id).execute();
  return { pageId: page.id, locked: false };
}

/**
 * A visitor's password for a locked page: right, the answer is the page-unlock cookie's new value (the pages
 * already unlocked plus this one at its current version); wrong, a 'wrong' answer. Every try counts against the
 * page and address (10 per 15 minutes), so a password is not guessed by brute force.
 */
export async function unlockPage(
  db: Kysely<Database>,
  website: Website,
  input: { pageId: string; password: string; address: string; unlocked: readonly UnlockedPage[] },
  rateLimits: RateLimitStore,
): Promise<{ cookie: string } | 'wrong'> {
  const lock = await db.selectFrom('page_locks').select(['page_id', 'password_hash', 'version']).where('website_id', '=', website.id).where('page_id', '=', input.pageId).executeTakeFirst();
  if (!lock) throw notFound(PAGE_LOCK_MESSAGES.pageNotFound);
  const tries = await hitSlidingWindow(rateLimits, `page-unlock:${website.id}:${lock.page_id}:${input.address}`, UNLOCK_ATTEMPTS.windowMs, Date.now());
  if (tries.hits > UNLOCK_ATTEMPTS.max) throw tooMany(PAGE_LOCK_MESSAGES.tooMany, tries.retryAfterSeconds);
  if (!(await verifyPassword(input.password.slice(0, 200), lock.password_hash))) return 'wrong';
  const kept = input.unlocked.filter((page) => page.pageId !== lock.page_id);
  return { cookie: (await unlockCookieFor(db)).write(website.id, [...kept, { pageId: lock.page_id, version: lock.version }]) };
}
