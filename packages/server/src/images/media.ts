import type { Kysely, Transaction } from 'kysely';
import {
  IMAGE_FIELD_MESSAGES,
  IMAGE_LIMITS,
  MEDIA_FIELD_MESSAGES,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  type DeleteMediaBody,
  type ListMediaQuery,
  type MediaItemJson,
  type MediaPageJson,
  type MediaPlaceJson,
  type MediaPlaceKind,
  type MediaUsesJson,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, ProductImageRecord, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, invalid, notFound } from '../failures';
import type { ImageFiles } from './files';
import { deleteImageRow, findImage, imageAssetJson, imageAssetUrl, listMediaRows, nameOfFile, productImageRecords, renameImageRow, type ImageFacts, type ImageRow } from './records';
import { decodeCursor, encodeCursor, IMAGE_MESSAGES, storeUpload, type ImageUpload } from './service';

/**
 * The media library (issue 34 item 5) on top of the images domain's pictures: search, upload with alt text, rename,
 * where each picture is shown, replace everywhere, and delete with the owner's confirmation of the places that lose
 * it. The places belong to other domains (pages and posts, products and stores, the site's identity), which this
 * one cannot import (they import it) and whose tables it must not write: each hands app.ts a PictureUser, and the
 * library asks them all, in one transaction for a change.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** What a place shows instead, when a picture is replaced: its facts, and the copy products keep of a picture. */
export interface PictureReplacement {
  facts: ImageFacts;
  productRecord: ProductImageRecord;
}

/** A domain that shows pictures: where it shows one, how it swaps it for another, how it lets go of it. */
export interface PictureUser {
  placesOf(db: Db, websiteId: string, imageId: string): Promise<MediaPlaceJson[]>;
  /** In the library's transaction; the picture's row is locked, so nothing adds a use meanwhile through the images front. */
  replace(trx: Transaction<Database>, websiteId: string, fromId: string, to: PictureReplacement): Promise<void>;
  /** Takes the picture out of every place (a list loses the entry; a single picture setting is emptied). */
  detach(trx: Transaction<Database>, websiteId: string, imageId: string): Promise<void>;
  /** After the transaction committed: this process's caches forget what they kept of the places. */
  changed?(websiteId: string): void;
}

export function mediaItemJson(row: ImageRow): MediaItemJson {
  return { ...imageAssetJson(row), name: row.name, byteSize: Number(row.byte_size) };
}

const PLACE_WORDS: Record<MediaPlaceKind, [string, string]> = {
  page: ['page', 'pages'],
  post: ['post', 'posts'],
  product: ['product', 'products'],
  store: ['store', 'stores'],
  site: ["site identity picture", "site identity pictures"],
};

/** 'on 3 pages, 1 product' (each page, post… counted once, however often it shows the picture), or 'not used anywhere'. */
export function describePlaces(places: readonly MediaPlaceJson[]): string {
  if (places.length === 0) return 'not used anywhere';
  const counts = new Map<MediaPlaceKind, Set<string>>();
  for (const place of places) {
    const ids = counts.get(place.kind) ?? new Set<string>();
    ids.add(place.kind === 'site' ? place.key : place.id);
    counts.set(place.kind, ids);
  }
  const parts = (Object.keys(PLACE_WORDS) as MediaPlaceKind[]).flatMap((kind) => {
    const count = counts.get(kind)?.size ?? 0;
    return count === 0 ? [] : [`${count} ${PLACE_WORDS[kind][count === 1 ? 0 : 1]}`];
  });
  return `on ${parts.join(', ')}`;
}

async function placesOfImage(db: Db, users: readonly PictureUser[], websiteId: string, imageId: string): Promise<MediaPlaceJson[]> {
  const lists = await Promise.all(users.map((user) => user.placesOf(db, websiteId, imageId)));
  return lists.flat();
}

function tellChanged(users: readonly PictureUser[], websiteId: string): void {
  for (const user of users) user.changed?.(websiteId);
}

export async function listMedia(db: Kysely<Database>, website: Website, actor: Actor, query: ListMediaQuery): Promise<MediaPageJson> {
  authorize(actor, 'catalog:read');
  const limit = query.limit === undefined ? IMAGE_LIMITS.pageSizeDefault : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > IMAGE_LIMITS.pageSizeMax) throw invalid(IMAGE_FIELD_MESSAGES.limit, { limit: IMAGE_FIELD_MESSAGES.limit });
  const afterPosition = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await listMediaRows(db, website.id, limit, { afterPosition, search: query.search });
  const page = rows.slice(0, limit);
  return { media: page.map(mediaItemJson), nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1].list_position) : null };
}

/** A name or alt text as stored: trimmed, inner runs of whitespace (a pasted line break) made one space. */
const tidy = (text: string) => text.replace(/\u0000/g, '').replace(/\s+/g, ' ').trim();

/** The upload's texts, checked before a byte of the picture is processed: the alt text is the owner's, never the file's name. */
export function checkUploadTexts(fields: { altText?: string; name?: string }): { altText: string; name?: string } {
  const altText = tidy(fields.altText ?? '');
  if (altText === '') throw invalid(MEDIA_MESSAGES.noAltText, { altText: MEDIA_MESSAGES.noAltText });
  if (altText.length > IMAGE_LIMITS.altTextLength) throw invalid(MEDIA_FIELD_MESSAGES.altText, { altText: MEDIA_FIELD_MESSAGES.altText });
  if (fields.name === undefined) return { altText };
  const name = tidy(fields.name);
  if (name === '' || name.length > MEDIA_LIMITS.nameLength) throw invalid(MEDIA_FIELD_MESSAGES.name, { name: MEDIA_FIELD_MESSAGES.name });
  return { altText, name };
}

export async function uploadMedia(db: Kysely<Database>, files: ImageFiles, website: Website, actor: Actor, upload: ImageUpload): Promise<MediaItemJson> {
  authorize(actor, 'media:write');
  const texts = checkUploadTexts(upload);
  // Named after the file as the owner's computer named it ('Sunset Beach.JPG' → 'Sunset Beach'), not the served one.
  const fromFile = tidy(nameOfFile(upload.filename ?? '')).slice(0, MEDIA_LIMITS.nameLength);
  return mediaItemJson(await storeUpload(db, files, website, { ...upload, ...texts, name: texts.name ?? (fromFile || undefined) }));
}

/** Renames a picture in the library; a blank name is refused with platform §8's rename message. */
export async function renameMedia(db: Kysely<Database>, website: Website, actor: Actor, input: { imageId: string; name: string }): Promise<MediaItemJson> {
  authorize(actor, 'media:write');
  const name = tidy(input.name);
  if (name === '' || name.length > MEDIA_LIMITS.nameLength) throw invalid(MEDIA_MESSAGES.renameFailed, { name: MEDIA_FIELD_MESSAGES.name });
  const row = await renameImageRow(db, website.id, input.imageId, name);
  if (!row) throw notFound(IMAGE_MESSAGES.notFound);
  return mediaItemJson(row);
}

export async function listMediaUses(db: Kysely<Database>, users: readonly PictureUser[], website: Website, actor: Actor, input: { imageId: string }): Promise<MediaUsesJson> {
  authorize(actor, 'catalog:read');
  const image = await findImage(db, website.id, input.imageId);
  if (!image) throw notFound(IMAGE_MESSAGES.notFound);
  const places = await placesOfImage(db, users, website.id, image.id);
  return { places, summary: describePlaces(places) };
}

/**
 * Shows `withImageId` wherever the picture is shown, in one transaction: both rows locked first (the old one for
 * update, so a delete or another replace waits; the new one for share, as any use of a picture locks it), then
 * each domain rewrites its own places. The old picture stays in the library, unused.
 */
export async function replaceMedia(
  db: Kysely<Database>,
  users: readonly PictureUser[],
  website: Website,
  actor: Actor,
  input: { imageId: string; withImageId: string },
): Promise<MediaUsesJson> {
  authorize(actor, 'media:write');
  if (input.imageId === input.withImageId) throw invalid(MEDIA_MESSAGES.sameImage, { withImageId: MEDIA_MESSAGES.sameImage });
  const places = await inTransaction(db, async (trx) => {
    const from = await findImage(trx, website.id, input.imageId, { lock: true });
    if (!from) throw notFound(IMAGE_MESSAGES.notFound);
    const [productRecord] = await productImageRecords(trx, website.id, [input.withImageId]);
    const to = await findImage(trx, website.id, input.withImageId);
    // Another website's picture is no picture of this one: the same answer as an id that never existed.
    if (!productRecord || !to) throw invalid(MEDIA_FIELD_MESSAGES.withImageId, { withImageId: MEDIA_FIELD_MESSAGES.withImageId });
    const found = await placesOfImage(trx, users, website.id, from.id);
    const facts: ImageFacts = { id: to.id, assetUrl: imageAssetUrl(to.id, to.filename), filename: to.filename, width: to.width, height: to.height, contentType: to.content_type };
    for (const user of users) await user.replace(trx, website.id, from.id, { facts, productRecord });
    return found;
  });
  tellChanged(users, website.id);
  return { places, summary: describePlaces(places) };
}

/**
 * Deletes a picture. Shown somewhere, it is refused (409, each place in `errors`: key → title) unless `removeFrom`
 * names every place it is shown now — the owner saw that list and agreed; a place added since is refused again.
 * The places let go of it and the row goes in one transaction holding the row's lock; the files after it commits.
 */
export async function deleteMedia(
  db: Kysely<Database>,
  files: ImageFiles,
  users: readonly PictureUser[],
  website: Website,
  actor: Actor,
  input: { imageId: string } & DeleteMediaBody,
): Promise<{ deleted: true; id: string; places: MediaPlaceJson[] }> {
  authorize(actor, 'media:write');
  const agreed = new Set(input.removeFrom ?? []);
  const places = await inTransaction(db, async (trx) => {
    const image = await findImage(trx, website.id, input.imageId, { lock: true });
    if (!image) throw notFound(IMAGE_MESSAGES.notFound);
    const found = await placesOfImage(trx, users, website.id, image.id);
    const unconfirmed = found.filter((place) => !agreed.has(place.key));
    if (unconfirmed.length > 0) {
      throw conflict(MEDIA_MESSAGES.inUse(describePlaces(found)), Object.fromEntries(found.map((place) => [place.key, placeLabel(place)])));
    }
    for (const user of users) await user.detach(trx, website.id, image.id);
    await deleteImageRow(trx, website.id, image.id);
    return found;
  });
  await files.remove(input.imageId);
  if (places.length > 0) tellChanged(users, website.id);
  return { deleted: true, id: input.imageId, places };
}

/** 'Home (draft)', 'Linen shirt (variant)': a place as the 409 names it. */
export function placeLabel(place: MediaPlaceJson): string {
  return place.detail ? `${place.title} (${place.detail})` : place.title;
}

/**
 * The object-removal sweep's handler for pictures (storage/removal-sweep.ts), queued by a product's permanent
 * deletion: the picture goes — its row, original and every copy — only when no place shows it any more (another
 * product, a page or post, the site's identity: every PictureUser is asked, in the claim's transaction, holding the
 * picture's row lock so that no place takes it meanwhile). A picture already gone (deleted from the library, or by
 * a second queued removal of it) is nothing to do: its files went with it.
 */
export function pictureRemovalHandler(files: ImageFiles, users: readonly PictureUser[]) {
  return async (trx: Transaction<Database>, websiteId: string, imageId: string): Promise<'removed' | 'kept' | 'absent'> => {
    const image = await findImage(trx, websiteId, imageId, { lock: true });
    if (!image) return 'absent';
    if ((await placesOfImage(trx, users, websiteId, image.id)).length > 0) return 'kept';
    await deleteImageRow(trx, websiteId, image.id);
    await files.remove(image.id);
    return 'removed';
  };
}
