import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely, Selectable } from 'kysely';
import { SITE_ARCHIVE_LIMITS, SITE_ARCHIVE_OWNER_MESSAGES, type SiteArchiveJson, type StartSiteExportBody } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, SiteArchivesTable, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, notFound } from '../failures';
import { newId } from '../ids';
import type { ObjectStore, StoredObject } from '../storage';
import { SITE_ARCHIVE_MESSAGES } from './messages';
import { importSiteArchive, isNewWebsite } from './read-archive';
import type { ArchiveShelves } from './shelves';

/** What the owner's calls need beyond the database: the archives' store, the shelves of files and the link key. */
export interface SiteArchiveParts {
  archives: ObjectStore;
  files: ArchiveShelves;
  /** The server secret download links are signed with (HMAC-SHA256). */
  linkSecret: string;
}

export function siteArchiveJson(row: Selectable<SiteArchivesTable>): SiteArchiveJson {
  return {
    id: row.id,
    status: row.status,
    includePersonalData: row.include_personal_data,
    stepsDone: row.steps_done,
    stepsTotal: row.steps_total,
    byteSize: row.byte_size === null ? null : Number(row.byte_size),
    failure: row.failure,
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

export async function listSiteArchives(db: Kysely<Database>, website: Website, actor: Actor) {
  authorize(actor, 'site-archives:manage');
  const rows = await db.selectFrom('site_archives').selectAll().where('website_id', '=', website.id).orderBy('created_at', 'desc').orderBy('id').limit(SITE_ARCHIVE_LIMITS.kept).execute();
  return { archives: rows.map(siteArchiveJson), canImport: await isNewWebsite(db, website.id) };
}

/**
 * Queues an export: the row the job claims is written in this call's transaction, under the website's row lock, so
 * two clicks at once queue one export and the second is told one is under way.
 */
export async function startSiteExport(db: Kysely<Database>, website: Website, actor: Actor, input: StartSiteExportBody) {
  authorize(actor, 'site-archives:manage');
  return inTransaction(db, async (trx) => {
    await trx.selectFrom('websites').select('id').where('id', '=', website.id).forUpdate().executeTakeFirstOrThrow();
    const busy = await trx.selectFrom('site_archives').select('id').where('website_id', '=', website.id).where('status', 'in', ['queued', 'running']).executeTakeFirst();
    if (busy) throw conflict(SITE_ARCHIVE_OWNER_MESSAGES.inProgress);
    const row = await trx
      .insertInto('site_archives')
      .values({ id: newId(), website_id: website.id, include_personal_data: input.includePersonalData })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { archive: siteArchiveJson(row) };
  });
}

async function archiveOf(db: Kysely<Database>, website: Website, archiveId: string) {
  const row = await db.selectFrom('site_archives').selectAll().where('website_id', '=', website.id).where('id', '=', archiveId).executeTakeFirst();
  if (!row) throw notFound(SITE_ARCHIVE_OWNER_MESSAGES.archiveId);
  return row;
}

export async function getSiteArchive(db: Kysely<Database>, website: Website, actor: Actor, archiveId: string) {
  authorize(actor, 'site-archives:manage');
  return { archive: siteArchiveJson(await archiveOf(db, website, archiveId)) };
}

/** The signature binds the website, the archive and the expiry: a link copied to another host or changed is refused. */
function linkSignature(secret: string, websiteId: string, archiveId: string, expires: number): string {
  return createHmac('sha256', secret).update(`site-archive:${websiteId}:${archiveId}:${expires}`).digest('base64url');
}

export async function siteArchiveLink(db: Kysely<Database>, website: Website, actor: Actor, archiveId: string, parts: Pick<SiteArchiveParts, 'linkSecret'>, now = new Date()) {
  authorize(actor, 'site-archives:manage');
  const row = await archiveOf(db, website, archiveId);
  if (row.status !== 'ready') throw conflict(SITE_ARCHIVE_OWNER_MESSAGES.notReady);
  const expires = Math.floor(now.getTime() / 1000) + SITE_ARCHIVE_LIMITS.linkSeconds;
  const signature = linkSignature(parts.linkSecret, website.id, archiveId, expires);
  return { url: `/site-archives/${archiveId}?expires=${expires}&signature=${signature}`, expiresAt: new Date(expires * 1000).toISOString() };
}

/** The archive a signed link names on this website, or undefined (a wrong host, a changed or expired link: all alike). */
export async function openSignedSiteArchive(
  db: Kysely<Database>, website: Website, parts: Pick<SiteArchiveParts, 'linkSecret' | 'archives'>,
  link: { archiveId: string; expires: string | undefined; signature: string | undefined }, now = new Date(),
): Promise<{ object: StoredObject; fileName: string } | undefined> {
  const expires = Number(link.expires);
  if (!Number.isInteger(expires) || expires * 1000 < now.getTime() || typeof link.signature !== 'string') return undefined;
  const expected = Buffer.from(linkSignature(parts.linkSecret, website.id, link.archiveId, expires));
  const given = Buffer.from(link.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const row = await db.selectFrom('site_archives').select(['storage_key', 'status', 'created_at']).where('website_id', '=', website.id).where('id', '=', link.archiveId).executeTakeFirst();
  if (!row || row.status !== 'ready' || !row.storage_key) return undefined;
  const object = await parts.archives.open(row.storage_key);
  if (!object) return undefined;
  const day = new Date(row.created_at).toISOString().slice(0, 10);
  return { object, fileName: `${website.identifier}-site-archive-${day}.tar.gz` };
}

/** Imports an uploaded archive into this website (read-archive.ts), after the role is checked and the website is new. */
export async function importUploadedSiteArchive(db: Kysely<Database>, website: Website, actor: Actor, body: Readable, parts: Pick<SiteArchiveParts, 'files'>) {
  authorize(actor, 'site-archives:manage');
  if (!(await isNewWebsite(db, website.id))) {
    body.resume();
    throw conflict(SITE_ARCHIVE_MESSAGES.notNew);
  }
  const report = await importSiteArchive(db, website.id, body, parts.files);
  return { rows: report.rows, files: report.files };
}
