import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, LessonDetailsTable, LessonVideosTable } from '../db/schema';

/**
 * The courses domain's reads. Courses and lessons are the content domain's pages and items (site_pages of kind
 * 'course', site_items of record type 62): read here, never written; the lesson's own data is this domain's
 * (lesson_details, lesson_videos, lesson_progress).
 */

type Db = Kysely<Database> | Transaction<Database>;

export type LessonDetailsRow = Selectable<LessonDetailsTable>;
export type LessonVideoRow = Selectable<LessonVideosTable>;

export const LESSON_RECORD_TYPE = 62;

/** A lesson as the courses domain knows it: its item, course and what only a lesson has. */
export interface LessonRecord {
  itemId: string;
  coursePageId: string;
  courseUrlId: string;
  courseTitle: string;
  title: string;
  urlId: string;
  status: string;
  position: number;
  /** The lesson and its course are both live (published, or scheduled with the time come). */
  live: boolean;
  details: LessonDetailsRow | undefined;
  video: LessonVideoRow | undefined;
}

const liveSql = (table: 'site_pages' | 'site_items') =>
  sql<boolean>`(${sql.ref(`${table}.status`)} = 'published' OR (${sql.ref(`${table}.status`)} = 'scheduled' AND ${sql.ref(`${table}.publish_at`)} <= now()))`;

function lessonRows(db: Db, websiteId: string) {
  return db
    .selectFrom('site_items')
    .innerJoin('site_pages', 'site_pages.id', 'site_items.collection_id')
    .select([
      'site_items.id as item_id', 'site_items.collection_id as course_id', 'site_pages.url_id as course_url_id', 'site_pages.title as course_title',
      'site_items.title as title', 'site_items.url_id as url_id', 'site_items.status as status', 'site_items.position as position',
    ])
    .select(sql<boolean>`${liveSql('site_items')} AND ${liveSql('site_pages')}`.as('live'))
    .where('site_items.website_id', '=', websiteId)
    .where('site_items.record_type', '=', LESSON_RECORD_TYPE)
    .where('site_pages.kind', '=', 'course')
    .where('site_items.deleted_at', 'is', null)
    .where('site_pages.deleted_at', 'is', null);
}

async function withDetails(db: Db, rows: Array<{ item_id: string; course_id: string; course_url_id: string; course_title: string; title: string; url_id: string; status: string; position: number; live: boolean }>): Promise<LessonRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.item_id);
  const [details, videos] = await Promise.all([
    db.selectFrom('lesson_details').selectAll().where('item_id', 'in', ids).execute(),
    db.selectFrom('lesson_videos').selectAll().where('item_id', 'in', ids).execute(),
  ]);
  const detailsOf = new Map(details.map((row) => [row.item_id, row]));
  const videoOf = new Map(videos.map((row) => [row.item_id, row]));
  return rows.map((row) => ({
    itemId: row.item_id, coursePageId: row.course_id, courseUrlId: row.course_url_id, courseTitle: row.course_title, title: row.title, urlId: row.url_id,
    status: row.status, position: row.position, live: row.live === true, details: detailsOf.get(row.item_id), video: videoOf.get(row.item_id),
  }));
}

/** A lesson by item id (draft or live), or undefined when it is no lesson of a course of this website. */
export async function findLesson(db: Db, websiteId: string, itemId: string): Promise<LessonRecord | undefined> {
  const row = await lessonRows(db, websiteId).where('site_items.id', '=', itemId).executeTakeFirst();
  return row ? (await withDetails(db, [row]))[0] : undefined;
}

/** A course's lessons in the owner's order (position), drafts included unless `liveOnly`. */
export async function listCourseLessons(db: Db, websiteId: string, coursePageId: string, options: { liveOnly: boolean }): Promise<LessonRecord[]> {
  let query = lessonRows(db, websiteId).where('site_items.collection_id', '=', coursePageId);
  if (options.liveOnly) query = query.where(liveSql('site_items'));
  const rows = await query.orderBy('site_items.position').orderBy('site_items.id').limit(500).execute();
  return withDetails(db, rows);
}

/** A course page (any status), or undefined when the page is not a course of this website. */
export async function findCoursePage(db: Db, websiteId: string, pageId: string) {
  return db
    .selectFrom('site_pages')
    .select(['id', 'title', 'url_id', 'status', 'kind'])
    .where('website_id', '=', websiteId)
    .where('id', '=', pageId)
    .where('deleted_at', 'is', null)
    .where('kind', '=', 'course')
    .executeTakeFirst();
}
