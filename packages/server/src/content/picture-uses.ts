import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { notifyContentChanged } from './content-changes';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Where the site's content shows a picture, for the media library (images/media.ts, handed this by app.ts): a
 * page's or an item's body (published and draft) names a picture by `imageId` in any block — an image block's
 * setting, each gallery entry, and whatever block or section a later session adds, since the search walks the
 * whole body — and an item (a post, an event) has its main picture in `image`. Deleted pages and items and the
 * revisions are left alone: a revision restored later renders without the missing picture, as any page does.
 */

interface Place {
  key: string;
  kind: 'page' | 'post';
  id: string;
  title: string;
  detail: string;
}

/** Whether any object in the JSON names the picture. */
export function bodyUsesPicture(value: unknown, imageId: string): boolean {
  if (Array.isArray(value)) return value.some((entry) => bodyUsesPicture(entry, imageId));
  if (value === null || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  if (record.imageId === imageId) return true;
  return Object.values(record).some((entry) => bodyUsesPicture(entry, imageId));
}

/** The JSON with every `imageId` of the picture set to another. */
export function replacePictureInBody(value: unknown, fromId: string, toId: string): unknown {
  if (Array.isArray(value)) return value.map((entry) => replacePictureInBody(entry, fromId, toId));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [key, key === 'imageId' && entry === fromId ? toId : replacePictureInBody(entry, fromId, toId)]),
  );
}

/**
 * The JSON without the picture: an entry of a list naming it leaves the list (a gallery's picture), any other
 * object naming it keeps its place with an empty `imageId` (an image block, which then renders nothing).
 */
export function removePictureFromBody(value: unknown, imageId: string): unknown {
  if (Array.isArray(value)) {
    return value
      .filter((entry) => !(entry !== null && typeof entry === 'object' && !Array.isArray(entry) && (entry as Record<string, unknown>).imageId === imageId))
      .map((entry) => removePictureFromBody(entry, imageId));
  }
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [key, key === 'imageId' && entry === imageId ? '' : removePictureFromBody(entry, imageId)]),
  );
}

/** Rows whose JSON text holds the id: picture ids are letters and digits, so a text match is exact enough to narrow by. */
const mentions = (column: string, imageId: string) => sql<boolean>`${sql.ref(column)}::text LIKE ${`%${imageId}%`}`;

async function candidatePages(db: Db, websiteId: string, imageId: string, lock: boolean) {
  let query = db
    .selectFrom('site_pages')
    .select(['id', 'title', 'body', 'draft_body'])
    .where('website_id', '=', websiteId)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([mentions('body', imageId), mentions('draft_body', imageId)]))
    .orderBy('title');
  if (lock) query = query.forUpdate();
  return query.execute();
}

async function candidateItems(db: Db, websiteId: string, imageId: string, lock: boolean) {
  let query = db
    .selectFrom('site_items')
    .select(['id', 'title', 'body', 'draft_body', 'image'])
    .where('website_id', '=', websiteId)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([mentions('body', imageId), mentions('draft_body', imageId), mentions('image', imageId)]))
    .orderBy('title');
  if (lock) query = query.forUpdate();
  return query.execute();
}

export async function contentPlacesOfPicture(db: Db, websiteId: string, imageId: string): Promise<Place[]> {
  const places: Place[] = [];
  for (const page of await candidatePages(db, websiteId, imageId, false)) {
    const live = bodyUsesPicture(page.body, imageId);
    if (live || bodyUsesPicture(page.draft_body, imageId)) places.push({ key: `page:${page.id}`, kind: 'page', id: page.id, title: page.title, detail: live ? '' : 'draft' });
  }
  for (const item of await candidateItems(db, websiteId, imageId, false)) {
    const live = bodyUsesPicture(item.body, imageId) || bodyUsesPicture(item.image, imageId);
    if (live || bodyUsesPicture(item.draft_body, imageId)) places.push({ key: `post:${item.id}`, kind: 'post', id: item.id, title: item.title, detail: live ? '' : 'draft' });
  }
  return places;
}

/**
 * Rewrites the pages and items showing the picture, each with a new version: an editor open on one of them then
 * gets the content domain's conflict answer on its next save instead of writing the old picture back.
 */
async function rewrite(trx: Transaction<Database>, websiteId: string, imageId: string, change: (json: unknown) => unknown, itemImage: (image: unknown) => unknown): Promise<void> {
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  for (const page of await candidatePages(trx, websiteId, imageId, true)) {
    await trx
      .updateTable('site_pages')
      .set({ body: JSON.stringify(change(page.body)), draft_body: json(page.draft_body === null ? null : change(page.draft_body)), version: sql`version + 1`, updated_at: sql`now()` })
      .where('website_id', '=', websiteId)
      .where('id', '=', page.id)
      .execute();
  }
  for (const item of await candidateItems(trx, websiteId, imageId, true)) {
    await trx
      .updateTable('site_items')
      .set({
        body: JSON.stringify(change(item.body)),
        draft_body: json(item.draft_body === null ? null : change(item.draft_body)),
        image: json(itemImage(item.image)),
        version: sql`version + 1`,
        updated_at: sql`now()`,
      })
      .where('website_id', '=', websiteId)
      .where('id', '=', item.id)
      .execute();
  }
}

/** The content domain's PictureUser (images/media.ts). */
export const contentPictureUser = {
  placesOf: contentPlacesOfPicture,
  replace: (trx: Transaction<Database>, websiteId: string, fromId: string, to: { facts: { id: string } }) =>
    rewrite(trx, websiteId, fromId, (json) => replacePictureInBody(json, fromId, to.facts.id), (image) => replacePictureInBody(image, fromId, to.facts.id)),
  detach: (trx: Transaction<Database>, websiteId: string, imageId: string) =>
    rewrite(trx, websiteId, imageId, (json) => removePictureFromBody(json, imageId), (image) => (bodyUsesPicture(image, imageId) ? null : image)),
  changed: notifyContentChanged,
};
