import type { Kysely, Transaction } from 'kysely';
import {
  IMAGE_FIELD_MESSAGES,
  IMAGE_LIMITS,
  IMAGE_WIDTHS,
  type ImageAssetJson,
  type ImagePageJson,
  type ImageWidth,
  type ListImagesQuery,
  type UpdateImageBody,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, invalid, notFound } from '../failures';
import { newId } from '../ids';
import { authorize } from '../authorize';
import { takeQuota } from '../quotas';
import type { ImageFiles } from './files';
import { servedFilename } from './filenames';
import { ImageRefused, prepareUpload, type ImageRefusal } from './processing';
import { deleteImageRow, findImage, imageAssetJson, insertImage, isImageInUse, listImageRows, updateImageRow, type ImageRow } from './records';
import { makeCommonModernCopies } from './prepared-copies';
import { IMAGE_ICON_SIZES, type ImageIconSize, type ImageRendition } from './renditions';
import type { StoredImage } from './store';

export const IMAGE_MESSAGES = {
  notFound: IMAGE_FIELD_MESSAGES.imageId,
  notMultipart: 'Send the picture as multipart/form-data, in one file field.',
  noFile: 'Choose a picture to upload.',
  tooLarge: `This file is too large: a picture may be at most ${IMAGE_LIMITS.fileBytes / (1024 * 1024)} MB.`,
  notAnImage: 'This file is not a picture: upload a JPEG, PNG, WebP, GIF or AVIF image.',
  unreadable: 'This picture could not be read: the file may be damaged.',
  tooManyPixels: `This picture has too many pixels: at most ${IMAGE_LIMITS.pixels / 1_000_000} megapixels.`,
  inUse: 'A product shows this picture: remove it from the product first.',
  badWidth: `Ask for one of the widths ${IMAGE_WIDTHS.map((width) => `${width}w`).join(', ')}, or none for the original.`,
} as const;

const REFUSAL_MESSAGES: Record<ImageRefusal, string> = {
  'not-an-image': IMAGE_MESSAGES.notAnImage,
  unreadable: IMAGE_MESSAGES.unreadable,
  'too-many-pixels': IMAGE_MESSAGES.tooManyPixels,
};

export interface ImageUpload {
  /** The whole file (the route stops reading past IMAGE_LIMITS.fileBytes). */
  bytes: Buffer;
  /** The name the client gave the file, if any: only used to name the served file. */
  filename?: string;
  /** The media library's upload: the alt text the owner typed (checked there), and the library name. */
  altText?: string;
  name?: string;
}

/**
 * Stores an uploaded picture: checked from its bytes and re-encoded without metadata (processing.ts),
 * written to the image store, then recorded. The file goes first: a failed insert removes it, and a
 * crash in between leaves an unreferenced folder, never a row without its picture.
 */
export async function uploadImage(db: Kysely<Database>, files: ImageFiles, website: Website, actor: Actor, upload: ImageUpload): Promise<ImageAssetJson> {
  authorize(actor, 'catalog:write');
  return imageAssetJson(await storeUpload(db, files, website, upload));
}

/** uploadImage's work, for any caller that has checked the actor (the media library checks `media:write`). */
export async function storeUpload(db: Kysely<Database>, files: ImageFiles, website: Website, upload: ImageUpload): Promise<ImageRow> {
  let prepared;
  try {
    prepared = await prepareUpload(upload.bytes);
  } catch (error) {
    if (error instanceof ImageRefused) throw invalid(REFUSAL_MESSAGES[error.reason], { file: REFUSAL_MESSAGES[error.reason] });
    throw error;
  }
  const id = newId();
  await files.putOriginal(id, prepared.format, prepared.bytes);
  try {
    const row = await inTransaction(db, async (trx) => {
      // The original counts in the website's storage quota (413 when it does not fit; the file is removed below).
      await takeQuota(trx, website.id, 'storageBytes', prepared.bytes.length);
      return insertImage(trx, {
        id,
        websiteId: website.id,
        filename: servedFilename(upload.filename, prepared.format),
        format: prepared.format,
        width: prepared.width,
        height: prepared.height,
        colorData: prepared.colorData,
        byteSize: prepared.bytes.length,
        altText: upload.altText,
        name: upload.name,
      });
    });
    // The common AVIF and WebP copies (prepared-copies.ts), made now so the first shopper gets them ready. After the
    // row: a failure here loses nothing (the copy is made on its first request instead), so it never fails the upload.
    await makeCommonModernCopies(files, row).catch(() => undefined);
    return row;
  } catch (error) {
    await files.remove(id);
    throw error;
  }
}

/** The cursor is the list position of the last image of the page before, opaque to clients. */
export const encodeCursor = (position: number) => Buffer.from(`p${position}`).toString('base64url');
export function decodeCursor(cursor: string): number {
  const match = /^p([0-9]{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw invalid(IMAGE_FIELD_MESSAGES.cursor, { cursor: IMAGE_FIELD_MESSAGES.cursor });
  return Number(match[1]);
}

export async function listImages(db: Kysely<Database>, website: Website, actor: Actor, query: ListImagesQuery): Promise<ImagePageJson> {
  authorize(actor, 'catalog:read');
  const limit = query.limit === undefined ? IMAGE_LIMITS.pageSizeDefault : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > IMAGE_LIMITS.pageSizeMax) throw invalid(IMAGE_FIELD_MESSAGES.limit, { limit: IMAGE_FIELD_MESSAGES.limit });
  const after = query.cursor === undefined || query.cursor === '' ? undefined : decodeCursor(query.cursor);
  const rows = await listImageRows(db, website.id, limit, after);
  const page = rows.slice(0, limit);
  return { images: page.map(imageAssetJson), nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1].list_position) : null };
}

async function existingImage(db: Kysely<Database>, website: Website, imageId: string): Promise<ImageRow> {
  const image = await findImage(db, website.id, imageId);
  if (!image) throw notFound(IMAGE_MESSAGES.notFound);
  return image;
}

export async function getImage(db: Kysely<Database>, website: Website, actor: Actor, input: { imageId: string }): Promise<ImageAssetJson> {
  authorize(actor, 'catalog:read');
  return imageAssetJson(await existingImage(db, website, input.imageId));
}

/**
 * Who keeps copies of a picture's texts: the catalog's products (`products.images`), which app.ts wires
 * in as the catalog's `refreshProductImageTexts`. Passed in because this domain cannot import the
 * catalog, which imports it; the copies are the catalog's to write.
 */
export interface ImageTextCopies {
  refresh(trx: Transaction<Database>, websiteId: string, change: { id: string; altText?: string; title?: string; body?: string }): Promise<unknown>;
}

/**
 * Changes the texts and the focal point; the fields left out keep their values. Changed texts reach the
 * copies the products keep, in the same transaction, so every product page shows them at once. The
 * picture's row is locked first, then the products showing it: a product saved at the same moment (its
 * row, then its pictures) can deadlock with this, and inTransaction then runs the loser again.
 */
export async function updateImage(
  db: Kysely<Database>,
  copies: ImageTextCopies,
  website: Website,
  actor: Actor,
  input: { imageId: string } & UpdateImageBody,
): Promise<ImageAssetJson> {
  authorize(actor, 'catalog:write');
  const { altText, title, body } = input;
  return inTransaction(db, async (trx) => {
    const row = await updateImageRow(trx, website.id, input.imageId, { altText, title, body, focalPoint: input.mediaFocalPoint });
    if (!row) throw notFound(IMAGE_MESSAGES.notFound);
    if (altText !== undefined || title !== undefined || body !== undefined) await copies.refresh(trx, website.id, { id: row.id, altText, title, body });
    return imageAssetJson(row);
  });
}

/**
 * Deletes a picture no product shows (409 otherwise: detaching it silently would change products the
 * owner is not looking at). The row goes in a transaction holding its lock; the files after it commits.
 */
export async function deleteImage(db: Kysely<Database>, files: ImageFiles, website: Website, actor: Actor, input: { imageId: string }): Promise<{ deleted: true; id: string }> {
  authorize(actor, 'catalog:write');
  await inTransaction(db, async (trx) => {
    const image = await findImage(trx, website.id, input.imageId, { lock: true });
    if (!image) throw notFound(IMAGE_MESSAGES.notFound);
    if (await isImageInUse(trx, website.id, image.id)) throw conflict(IMAGE_MESSAGES.inUse);
    await deleteImageRow(trx, website.id, image.id);
  });
  await files.remove(input.imageId);
  return { deleted: true, id: input.imageId };
}

/** `?format=` → the rendition asked for (renditions.ts); anything else is refused. */
export function parseRendition(format: unknown): ImageRendition {
  if (format === undefined || format === '' || format === 'original') return { kind: 'original' };
  const match = typeof format === 'string' ? /^(png-)?([0-9]{1,4})w$|^icon-([0-9]{1,3})$/.exec(format) : null;
  if (match?.[3] !== undefined) {
    const size = Number(match[3]);
    if ((IMAGE_ICON_SIZES as readonly number[]).includes(size)) return { kind: 'icon', size: size as ImageIconSize };
  } else if (match) {
    const width = Number(match[2]);
    if ((IMAGE_WIDTHS as readonly number[]).includes(width)) return { kind: match[1] ? 'png' : 'width', width: width as ImageWidth };
  }
  throw invalid(IMAGE_MESSAGES.badWidth, { format: IMAGE_MESSAGES.badWidth });
}

export interface ServedImage {
  contentType: string;
  /** `Vary: Accept` when the answer depends on the browser's Accept (a JPEG or PNG that may go out as AVIF or WebP). */
  negotiated?: boolean;
  /** Strong: an image's bytes at one width never change (a new upload is a new id). */
  etag: string;
  file: StoredImage;
}

/**
 * A picture at `/images/{imageId}/{filename}?format=NNNw`, for anyone (the storefront's <img>): the
 * original, or a copy of one of the spec's widths, made on first request. The filename must be the
 * image's own, so an old link to a deleted and re-used name cannot show another picture.
 */
export async function serveImage(
  db: Kysely<Database>,
  files: ImageFiles,
  website: Website,
  input: { imageId: string; filename: string; format: unknown; accept?: string },
): Promise<ServedImage> {
  const rendition = parseRendition(input.format);
  const image = /^[a-z0-9]{1,64}$/.test(input.imageId) ? await findImage(db, website.id, input.imageId) : undefined;
  if (!image || image.filename !== input.filename) throw notFound(IMAGE_MESSAGES.notFound);
  // A JPEG or PNG at a width (or whole) goes out as AVIF or WebP to a browser that says it reads them.
  const negotiable = (image.content_type === 'image/jpeg' || image.content_type === 'image/png') && (rendition.kind === 'width' || rendition.kind === 'original');
  if (negotiable) {
    const modern = modernFormatFor(input.accept);
    if (modern) {
      const width = rendition.kind === 'width' ? Math.min(rendition.width, image.width) : image.width;
      const file = await files.modern(image, modern, width);
      if (!file) throw notFound(IMAGE_MESSAGES.notFound);
      return { contentType: `image/${modern}`, etag: `"${image.id}-${width}w-${modern}"`, file, negotiated: true };
    }
  }
  const file = await files.rendition(image, rendition);
  if (!file) throw notFound(IMAGE_MESSAGES.notFound);
  switch (rendition.kind) {
    case 'original':
      return { contentType: image.content_type, etag: `"${image.id}-original"`, file, negotiated: negotiable };
    case 'width':
      return { contentType: image.content_type, etag: `"${image.id}-${rendition.width >= image.width ? 'original' : `${rendition.width}w`}"`, file, negotiated: negotiable };
    case 'png':
      return { contentType: 'image/png', etag: `"${image.id}-png-${rendition.width}w"`, file };
    case 'icon':
      return { contentType: 'image/png', etag: `"${image.id}-icon-${rendition.size}"`, file };
  }
}

/** AVIF when the Accept header names it, else WebP when it names that, else none (the original's format). */
export function modernFormatFor(accept: string | undefined): 'avif' | 'webp' | undefined {
  if (!accept) return undefined;
  const types = accept.toLowerCase().split(',').map((part) => {
    const [type = '', ...params] = part.trim().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return { type: type.trim(), q: q ? Number(q.slice(2)) : 1 };
  });
  const accepts = (type: string) => types.some((entry) => entry.type === type && entry.q > 0);
  if (accepts('image/avif')) return 'avif';
  if (accepts('image/webp')) return 'webp';
  return undefined;
}
