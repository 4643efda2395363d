import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { QuotaKind } from './limits';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What a website uses of each quota, counted from the rows themselves (never a running total that could drift):
 * - products: every product row, archived ones too (restoring one must not pass a limit that archiving did not);
 * - storageBytes: every kind of file the website keeps on the storage port — pictures' originals (images.byte_size),
 *   digital products' files, lessons' videos (a deleted lesson's video included until the object-removal sweep
 *   queues it: its row goes then, the object within the round, storage/removal-sweep.ts), uploaded themes' archives
 *   and its finished site exports;
 * - contributors: people with a role on the website, and invitations still open (each is a contributor to come);
 * - mailsPerDay: messages written to the outbox in the last 24 hours, whatever became of them.
 *
 * These read the tables of the catalog, images, downloads, courses, themes, site-archives, owner and mail domains, and write none: those
 * domains create under this domain's lock (quotas/service.ts), so they import it, and it cannot import their fronts
 * back without a cycle in the domain graph.
 */
export async function usedOf(db: Db, websiteId: string, kind: QuotaKind): Promise<number> {
  switch (kind) {
    case 'products':
      return countOf(await db.selectFrom('products').select(db.fn.countAll().as('n')).where('website_id', '=', websiteId).executeTakeFirstOrThrow());
    case 'storageBytes': {
      const row = await sql<{ bytes: string | number }>`
        SELECT (SELECT coalesce(sum(byte_size), 0) FROM images WHERE website_id = ${websiteId})
             + (SELECT coalesce(sum(byte_size), 0) FROM product_files WHERE website_id = ${websiteId})
             + (SELECT coalesce(sum(byte_size), 0) FROM lesson_videos WHERE website_id = ${websiteId})
             + (SELECT coalesce(sum(byte_size), 0) FROM website_themes WHERE website_id = ${websiteId})
             + (SELECT coalesce(sum(byte_size), 0) FROM site_archives WHERE website_id = ${websiteId}) AS bytes`.execute(db);
      return Number(row.rows[0]!.bytes);
    }
    case 'contributors': {
      const row = await sql<{ people: string | number }>`
        SELECT (SELECT count(*) FROM contributors WHERE website_id = ${websiteId})
             + (SELECT count(*) FROM owner_invitations WHERE website_id = ${websiteId} AND used_at IS NULL AND expires_at > now()) AS people`.execute(db);
      return Number(row.rows[0]!.people);
    }
    case 'mailsPerDay':
      return countOf(
        await db
          .selectFrom('mail_outbox')
          .select(db.fn.countAll().as('n'))
          .where('website_id', '=', websiteId)
          .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
          .executeTakeFirstOrThrow(),
      );
  }
}

/** Seconds until the oldest message of the last 24 hours leaves them (at least 1): when a refused mail may go. */
export async function secondsUntilAMailAgesOut(db: Db, websiteId: string): Promise<number> {
  const row = await sql<{ seconds: string | number | null }>`
    SELECT extract(epoch FROM min(created_at) + interval '1 day' - now()) AS seconds
    FROM mail_outbox WHERE website_id = ${websiteId} AND created_at > now() - interval '1 day'`.execute(db);
  const seconds = row.rows[0]?.seconds;
  return Math.max(1, Math.ceil(Number(seconds ?? 1)));
}

const countOf = (row: { n: string | number | bigint }) => Number(row.n);
