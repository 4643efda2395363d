import { sql, type Kysely } from 'kysely';
import { SITE_IMPORT_LIMITS, type SiteImportReportJson } from '@vitrine/contracts';
import { insertImportedComments } from '../comments';
import {
  freePageUrlId, freePostUrlId, importBlogOf, importedPageUrlIdProblem, insertImportedPage, insertImportedPost, postUrlIdTaken,
} from '../content';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { isFailure } from '../failures';
import { storeUpload, type ImageFiles } from '../images';
import { RepeatingJob, type JobLog } from '../jobs/repeating-job';
import { recordImportedAddress, recordImportedIdAddress } from '../redirects';
import { fetchThroughGuard, type OutgoingPolicy } from '../webhooks';
import { findWebsiteById } from '../websites';
import { htmlToBody, pictureUrlsOf } from './html-blocks';
import type { PlanEntry, WxrPlan } from './wxr-plan';

/** How often each listening process looks for queued imports. */
export const DEFAULT_SITE_IMPORT_INTERVAL_MS = 5_000;
/** How long a claim lasts: a process that dies mid-import gives it back to the queue after it. */
export const SITE_IMPORT_LEASE_SECONDS = 15 * 60;
const MAX_ATTEMPTS = 2;

export interface SiteImportParts {
  images: ImageFiles;
  /** The outgoing-request guard (webhooks/outgoing.ts) pictures are fetched through: the operator's WEBHOOKS_ALLOW_PRIVATE applies. */
  policy: OutgoingPolicy;
}

/** Every picture the import fetches, attachments first, once each; the ones past the limit stay links. */
export function picturesOf(plan: WxrPlan): string[] {
  const urls = new Set(plan.attachments);
  for (const entry of [...plan.pages, ...plan.posts]) for (const url of pictureUrlsOf(entry.html)) urls.add(url);
  return [...urls].slice(0, SITE_IMPORT_LIMITS.pictures);
}

/** The file name a fetched picture is stored under (its old one, when it reads as one). */
function fileNameOf(url: string): string | undefined {
  try {
    const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    return name === '' ? undefined : name.slice(0, 200);
  } catch {
    return undefined;
  }
}

/** Claims the next queued import (or one whose claim ran out), FOR UPDATE SKIP LOCKED in one short transaction. */
export async function claimNextSiteImport(db: Kysely<Database>, now = new Date()) {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('site_imports')
      .select(['id', 'website_id', 'attempts'])
      .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('claimed_until', '<', now)])]))
      .orderBy('created_at')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return undefined;
    await trx
      .updateTable('site_imports')
      .set({ status: 'running', attempts: row.attempts + 1, claimed_until: new Date(now.getTime() + SITE_IMPORT_LEASE_SECONDS * 1000), steps_done: 0 })
      .where('id', '=', row.id)
      .execute();
    return { ...row, attempts: row.attempts + 1 };
  });
}

const messageOf = (error: unknown) => (isFailure(error) ? error.message : error instanceof Error ? error.message : String(error)).slice(0, 300);

/**
 * Runs one claimed import to the end. Pictures first (each fetched through the guard and stored in the media
 * library; one that cannot be is listed and kept as a link), then pages, then posts with their comments, each in a
 * transaction of its own with the redirects from its old addresses: one refused entry is reported, the rest go on.
 * A page or post whose address is taken here is skipped (a duplicate by slug), never overwritten.
 */
export async function runSiteImport(db: Kysely<Database>, parts: SiteImportParts, claimed: NonNullable<Awaited<ReturnType<typeof claimNextSiteImport>>>) {
  const step = async () => void (await db.updateTable('site_imports').set({ steps_done: sql`steps_done + 1` }).where('id', '=', claimed.id).execute());
  try {
    const website = await findWebsiteById(db, claimed.website_id);
    if (!website) throw new Error('The website is gone.');
    const { plan } = await db.selectFrom('site_imports').select('plan').where('id', '=', claimed.id).executeTakeFirstOrThrow();
    const report = await importPlan(db, website, plan as WxrPlan, parts, step);
    await db
      .updateTable('site_imports')
      .set({ status: 'done', report: JSON.stringify(report), steps_done: sql`steps_total`, finished_at: new Date(), claimed_until: null, failure: null })
      .where('id', '=', claimed.id)
      .execute();
    return 'done' as const;
  } catch (error) {
    const failed = claimed.attempts >= MAX_ATTEMPTS;
    await db
      .updateTable('site_imports')
      .set({ status: failed ? 'failed' : 'queued', failure: messageOf(error), claimed_until: null, finished_at: failed ? new Date() : null })
      .where('id', '=', claimed.id)
      .execute();
    return failed ? ('failed' as const) : ('queued' as const);
  }
}

async function importPlan(db: Kysely<Database>, website: Website, plan: WxrPlan, parts: SiteImportParts, step: () => Promise<void>): Promise<SiteImportReportJson> {
  const report: SiteImportReportJson = { created: { pages: 0, posts: 0, comments: 0, pictures: 0, redirects: 0 }, skipped: [], failedPictures: [] };
  const pictures = new Map<string, string>();
  const policy = { ...parts.policy, timeoutMs: SITE_IMPORT_LIMITS.pictureTimeoutMs };
  const wanted = picturesOf(plan);
  for (const url of wanted) {
    const fetched = await fetchThroughGuard(url, policy, SITE_IMPORT_LIMITS.pictureBytes);
    if (!fetched.ok) report.failedPictures.push({ url, reason: fetched.reason });
    else {
      try {
        const row = await storeUpload(db, parts.images, website, { bytes: fetched.bytes, filename: fileNameOf(url) });
        pictures.set(url, row.id);
        report.created.pictures += 1;
      } catch (error) {
        report.failedPictures.push({ url, reason: messageOf(error) });
      }
    }
    await step();
  }
  // The pictures past the limit are links, and listed as such.
  const linkedOnly = new Set<string>();
  for (const entry of [...plan.pages, ...plan.posts]) for (const url of pictureUrlsOf(entry.html)) if (!wanted.includes(url)) linkedOnly.add(url);
  for (const url of linkedOnly) report.failedPictures.push({ url, reason: `Past the ${SITE_IMPORT_LIMITS.pictures} pictures one import fetches.` });

  const redirectsOf = async (trx: Parameters<typeof recordImportedAddress>[0], entry: PlanEntry, to: string) => {
    for (const path of entry.oldPaths) if (await recordImportedAddress(trx, website.id, path, to)) report.created.redirects += 1;
    if (entry.wpId && (await recordImportedIdAddress(trx, website.id, entry.idQuery, entry.wpId, to))) report.created.redirects += 1;
  };

  for (const page of plan.pages) {
    try {
      const urlId = page.slug || (await freePageUrlId(db, website.id, page.title));
      const problem = await importedPageUrlIdProblem(db, website.id, urlId);
      if (problem) report.skipped.push({ kind: 'page', title: page.title, slug: urlId, reason: problem });
      else {
        await inTransaction(db, async (trx) => {
          await insertImportedPage(trx, website.id, { urlId, title: page.title, body: htmlToBody(page.html, pictures), status: page.status });
          await redirectsOf(trx, page, `/${urlId}`);
        });
        report.created.pages += 1;
      }
    } catch (error) {
      report.skipped.push({ kind: 'page', title: page.title, slug: page.slug, reason: messageOf(error) });
    }
    await step();
  }

  if (plan.posts.length > 0) {
    const blog = await importBlogOf(db, website.id, 'Blog');
    for (const post of plan.posts) {
      try {
        const urlId = post.slug || (await freePostUrlId(db, blog.id, post.title));
        if (await postUrlIdTaken(db, blog.id, urlId)) report.skipped.push({ kind: 'post', title: post.title, slug: urlId, reason: 'A post with this address is already on the blog.' });
        else {
          await inTransaction(db, async (trx) => {
            const itemId = await insertImportedPost(trx, website.id, blog.id, {
              urlId, title: post.title, body: htmlToBody(post.html, pictures), status: post.status, excerpt: post.excerpt, authorName: post.authorName,
              tags: post.tags, categories: post.categories, publishedAt: post.publishedAt ? new Date(post.publishedAt) : null, commentsOpen: post.commentsOpen,
              imageId: (post.featuredPicture && pictures.get(post.featuredPicture)) || null,
            });
            report.created.comments += await insertImportedComments(trx, website.id, itemId, post.comments.map((comment) => ({
              sourceId: comment.wpId, parentSourceId: comment.parentWpId, authorName: comment.authorName, authorEmail: comment.authorEmail, body: comment.body,
              status: comment.status, createdAt: comment.createdAt ? new Date(comment.createdAt) : null,
            })));
            await redirectsOf(trx, post, `/${blog.urlId}/${urlId}`);
          });
          report.created.posts += 1;
        }
      } catch (error) {
        report.skipped.push({ kind: 'post', title: post.title, slug: post.slug, reason: messageOf(error) });
      }
      await step();
    }
  }
  return report;
}

/** The import job of every listening process (app.ts); tests call `runOnce()`. */
export class SiteImportJob {
  readonly #loop: RepeatingJob;

  constructor(private readonly db: Kysely<Database>, private readonly parts: SiteImportParts, options: { intervalMs?: number; log?: JobLog } = {}) {
    this.#loop = new RepeatingJob(async () => ({ moreWaiting: (await this.runOnce()) !== undefined }), {
      name: 'site import', intervalMs: options.intervalMs ?? DEFAULT_SITE_IMPORT_INTERVAL_MS, log: options.log,
    });
  }

  /** Claims and runs one import; answers its id and how it ended, or undefined when none was waiting. */
  async runOnce(now?: Date): Promise<{ id: string; status: 'done' | 'queued' | 'failed' } | undefined> {
    const claimed = await claimNextSiteImport(this.db, now);
    if (!claimed) return undefined;
    return { id: claimed.id, status: await runSiteImport(this.db, this.parts, claimed) };
  }

  start(): void {
    this.#loop.start();
  }

  async stop(): Promise<void> {
    await this.#loop.stop();
  }
}
