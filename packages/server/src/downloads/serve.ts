import { sql, type Kysely } from 'kysely';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import type { DownloadFileStore, StoredFile } from './file-store';
import { downloadSecret } from './grants';
import { verifyDownloadToken } from './tokens';

export const DOWNLOAD_MESSAGES = {
  notFound: 'This download link is not valid.',
  fileGone: 'This file is no longer available.',
  expired: 'This download link has expired.',
  limitReached: 'This download link has been used the maximum number of times.',
} as const;

/** Why a link serves nothing: a bad or unknown link (404) or one that has run out (410). */
export type DownloadRefusal = keyof typeof DOWNLOAD_MESSAGES;

export type DownloadAnswer =
  | { ok: true; file: StoredFile; fileName: string; contentType: string; downloadsLeft: number }
  | { ok: false; refusal: DownloadRefusal };

/**
 * GET /downloads/:token: checks the token's signature and expiry, then takes one download from the grant in a
 * single UPDATE (`downloads_used < download_limit AND expires_at > now()`), so racing requests can never take
 * more than the limit. A file missing from the store rolls the count back. `count: false` (HEAD) checks the
 * same and takes nothing.
 */
export async function takeDownload(
  db: Kysely<Database>,
  store: DownloadFileStore,
  website: Website,
  token: string,
  options: { count: boolean },
): Promise<DownloadAnswer> {
  const claims = verifyDownloadToken(await downloadSecret(db), token);
  if (!claims) return { ok: false, refusal: 'notFound' };
  if (claims.expiresAt.getTime() <= Date.now()) return { ok: false, refusal: 'expired' };
  try {
    return await inTransaction(db, async (trx) => {
      const grant = options.count
        ? await trx
            .updateTable('download_grants')
            .set({ downloads_used: sql<number>`downloads_used + 1` })
            .where('id', '=', claims.grantId)
            .where('website_id', '=', website.id)
            .where('product_file_id', 'is not', null)
            .where(sql<boolean>`downloads_used < download_limit`)
            .where('expires_at', '>', sql<Date>`now()`)
            .returning(['product_file_id', 'download_limit', 'downloads_used'])
            .executeTakeFirst()
        : await trx
            .selectFrom('download_grants')
            .select(['product_file_id', 'download_limit', 'downloads_used'])
            .where('id', '=', claims.grantId)
            .where('website_id', '=', website.id)
            .where('product_file_id', 'is not', null)
            .where(sql<boolean>`downloads_used < download_limit`)
            .where('expires_at', '>', sql<Date>`now()`)
            .executeTakeFirst();
      if (!grant) return { ok: false, refusal: await whyRefused(trx, website, claims.grantId) } as const;
      const fileRow = await trx
        .selectFrom('product_files')
        .select(['file_name', 'content_type', 'storage_key'])
        .where('id', '=', grant.product_file_id!)
        .executeTakeFirst();
      const file = fileRow ? await store.open(fileRow.storage_key) : undefined;
      // Nothing to send: the count must not stay taken.
      if (!fileRow || !file) throw new FileMissing();
      return { ok: true, file, fileName: fileRow.file_name, contentType: fileRow.content_type, downloadsLeft: grant.download_limit - grant.downloads_used } as const;
    });
  } catch (error) {
    if (error instanceof FileMissing) return { ok: false, refusal: 'fileGone' };
    throw error;
  }
}

class FileMissing extends Error {}

/** Why the grant gave nothing: unknown (a token of another database), its file removed, expired, or used up. */
async function whyRefused(db: Kysely<Database>, website: Website, grantId: string): Promise<DownloadRefusal> {
  const grant = await db
    .selectFrom('download_grants')
    .select(['product_file_id', 'download_limit', 'downloads_used', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('id', '=', grantId)
    .where('website_id', '=', website.id)
    .executeTakeFirst();
  if (!grant) return 'notFound';
  if (grant.expired) return 'expired';
  if (grant.downloads_used >= grant.download_limit) return 'limitReached';
  return 'fileGone';
}
