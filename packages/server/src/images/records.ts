import { sql, type Kysely, type Selectable } from 'kysely';
import type { ImageAssetJson } from '@vitrine/contracts';
import type { Database, ImageColorData, ImagesTable, ProductImageRecord } from '../db/schema';
import { formatOfContentType, IMAGE_FORMATS, type ImageFormat } from './formats';

/** The images table's SQL: rows in, rows out, and the asset JSON of a row. */

export type ImageRow = Selectable<ImagesTable>;

/** Where an image is served: the storefront appends `?format=NNNw` to it. */
export function imageAssetUrl(id: string, filename: string): string {
  return `/images/${id}/${filename}`;
}

export function formatOfImage(image: Pick<ImageRow, 'content_type'>): ImageFormat {
  const format = formatOfContentType(image.content_type);
  if (!format) throw new Error(`unknown image content type ${image.content_type}`);
  return format;
}

export function imageAssetJson(image: ImageRow): ImageAssetJson {
  return {
    id: image.id,
    assetUrl: imageAssetUrl(image.id, image.filename),
    originalSize: `${image.width}x${image.height}`,
    mediaFocalPoint: { x: image.focal_x, y: image.focal_y },
    colorData: image.color_data,
    altText: image.alt_text,
    title: image.title,
    body: image.body,
    filename: image.filename,
    contentType: image.content_type,
    created: new Date(image.created_at).toISOString(),
  };
}

export interface NewImage {
  id: string;
  websiteId: string;
  filename: string;
  format: ImageFormat;
  width: number;
  height: number;
  colorData: ImageColorData;
  altText?: string;
  title?: string;
  body?: string;
  bundledSource?: string;
  /** The media library's name; the file name without its extension when none is given. */
  name?: string;
  /** The stored original's size (the storage quota counts it); 0 for bundled pictures. */
  byteSize?: number;
}

export async function insertImage(db: Kysely<Database>, image: NewImage): Promise<ImageRow> {
  return db
    .insertInto('images')
    .values({
      id: image.id,
      website_id: image.websiteId,
      filename: image.filename,
      content_type: IMAGE_FORMATS[image.format].contentType,
      width: image.width,
      height: image.height,
      color_data: JSON.stringify(image.colorData),
      alt_text: image.altText ?? '',
      title: image.title ?? '',
      body: image.body ?? '',
      name: image.name ?? nameOfFile(image.filename),
      bundled_source: image.bundledSource ?? null,
      byte_size: image.byteSize ?? 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A picture's default library name: its file's, without the extension ('red-square.png' → 'red-square'). */
export function nameOfFile(filename: string): string {
  return filename.replace(/\.[A-Za-z0-9]+$/, '');
}

/** PostgreSQL LIKE's wildcards taken literally: a search for '50%' finds '50%', not '50 anything'. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The media library's page: like listImageRows, keeping only the pictures whose name or alt text holds `search`
 * (any case). A scan of the website's pictures (its index keeps them in list order): a library holds thousands,
 * not millions, and a substring search cannot use a b-tree index anyway.
 */
export async function listMediaRows(db: Kysely<Database>, websiteId: string, limit: number, options: { afterPosition?: number; search?: string }): Promise<ImageRow[]> {
  let query = db.selectFrom('images').selectAll().where('website_id', '=', websiteId);
  if (options.afterPosition !== undefined) query = query.where('list_position', '<', options.afterPosition);
  const search = options.search?.trim();
  if (search) {
    const pattern = `%${likeLiteral(search)}%`;
    query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('alt_text', 'ilike', pattern)]));
  }
  return query.orderBy('list_position', 'desc').limit(limit + 1).execute();
}

export async function renameImageRow(db: Kysely<Database>, websiteId: string, id: string, name: string): Promise<ImageRow | undefined> {
  return db.updateTable('images').set({ name }).where('website_id', '=', websiteId).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function findImage(db: Kysely<Database>, websiteId: string, id: string, options: { lock?: boolean } = {}): Promise<ImageRow | undefined> {
  let query = db.selectFrom('images').selectAll().where('website_id', '=', websiteId).where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** One page, newest first: the rows after `afterPosition` (exclusive), and one more to tell whether a next page exists. */
export async function listImageRows(db: Kysely<Database>, websiteId: string, limit: number, afterPosition?: number): Promise<ImageRow[]> {
  let query = db.selectFrom('images').selectAll().where('website_id', '=', websiteId);
  if (afterPosition !== undefined) query = query.where('list_position', '<', afterPosition);
  return query.orderBy('list_position', 'desc').limit(limit + 1).execute();
}

export interface ImageChanges {
  altText?: string;
  title?: string;
  body?: string;
  focalPoint?: { x: number; y: number };
}

export async function updateImageRow(db: Kysely<Database>, websiteId: string, id: string, changes: ImageChanges): Promise<ImageRow | undefined> {
  return db
    .updateTable('images')
    .set({
      ...(changes.altText !== undefined ? { alt_text: changes.altText } : {}),
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.body !== undefined ? { body: changes.body } : {}),
      ...(changes.focalPoint ? { focal_x: changes.focalPoint.x, focal_y: changes.focalPoint.y } : {}),
    })
    .where('website_id', '=', websiteId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteImageRow(db: Kysely<Database>, websiteId: string, id: string): Promise<void> {
  await db.deleteFrom('images').where('website_id', '=', websiteId).where('id', '=', id).execute();
}

/**
 * Whether a product of the website shows the image (among its images, or as a variant's image). A
 * read of the catalog's tables, never a write: importing the catalog's front here would make a cycle
 * (the catalog's seed registers the demo pictures through this domain's front).
 */
export async function isImageInUse(db: Kysely<Database>, websiteId: string, id: string): Promise<boolean> {
  const { rows } = await sql<{ used: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM products WHERE website_id = ${websiteId} AND images @> jsonb_build_array(jsonb_build_object('id', ${id}::text))
    ) OR EXISTS (
      SELECT 1 FROM variants WHERE website_id = ${websiteId} AND image_ids @> jsonb_build_array(${id}::text)
    ) AS used`.execute(db);
  return rows[0]?.used === true;
}

/**
 * The product's copy of each image (the catalog keeps `ProductImageRecord`s in `products.images`), in
 * the order asked, for the catalog to attach uploads to a product. Ids of no image of the website are
 * left out. The rows are locked FOR SHARE: a delete of one of them waits until the caller's transaction
 * has saved the product, and its in-use check then sees it.
 */
export async function productImageRecords(db: Kysely<Database>, websiteId: string, ids: readonly string[]): Promise<ProductImageRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('images').selectAll().where('website_id', '=', websiteId).where('id', 'in', [...ids]).forShare().execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { assetUrl, altText, title, body, filename, originalSize } = imageAssetJson(row);
    return [{ id, assetUrl, altText, title, body, filename, originalSize }];
  });
}

/** What another domain may know of a picture it is about to point at: its file name, size and type. */
export interface ImageFacts {
  id: string;
  assetUrl: string;
  filename: string;
  width: number;
  height: number;
  contentType: string;
}

/**
 * The website's pictures among `ids` (ids of no picture of the website — another website's included — are
 * left out), locked FOR SHARE like productImageRecords: a delete of one waits until the caller's transaction
 * has saved its reference. The site's identity (site-settings) checks its logo, favicon and social picture so.
 */
export async function lockImagesForUse(db: Kysely<Database>, websiteId: string, ids: readonly string[]): Promise<ImageFacts[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('images')
    .select(['id', 'filename', 'width', 'height', 'content_type'])
    .where('website_id', '=', websiteId)
    .where('id', 'in', [...ids])
    .forShare()
    .execute();
  return rows.map((row) => ({ id: row.id, assetUrl: imageAssetUrl(row.id, row.filename), filename: row.filename, width: row.width, height: row.height, contentType: row.content_type }));
}

/** A website's pictures shipped with the server (the demo's), oldest first: what the seed's copy job prepares. */
export async function listBundledImageRows(db: Kysely<Database>, websiteId: string): Promise<ImageRow[]> {
  return db.selectFrom('images').selectAll().where('website_id', '=', websiteId).where('bundled_source', 'is not', null).orderBy('list_position').execute();
}
