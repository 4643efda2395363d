import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Readable } from 'node:stream';
import {
  PRODUCT_FILE_LIMITS,
  PRODUCT_FILE_MESSAGES,
  type ProductFileJson,
  type ProductFileReply,
  type UpdateProductFileLimitsBody,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import { takeQuota } from '../quotas';
import { loadProductRows } from '../catalog';
import type { Database, ProductFilesTable, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { invalid, notFound } from '../failures';
import { newId } from '../ids';
import { newFileKey, type DownloadFileStore } from './file-store';
import { cleanFileName, servedContentType } from './rules';

export type ProductFileRow = Selectable<ProductFilesTable>;

/** The digital product type of the catalog (1 physical, 2 digital, 3 service, 4 gift card). */
const DIGITAL = 2;

export interface ProductFileUpload {
  productId: string;
  /** X-File-Name or ?name=: the name the shopper's download gets. */
  fileName: string | undefined;
  contentType: string | undefined;
  body: Readable;
}

export function productFileJson(row: ProductFileRow): ProductFileJson {
  return {
    id: row.id,
    productId: row.product_id,
    fileName: row.file_name,
    contentType: row.content_type,
    byteSize: Number(row.byte_size),
    sha256: row.sha256,
    downloadLimit: row.download_limit,
    linkDays: row.link_days,
    created: new Date(row.created_at).toISOString(),
    updated: new Date(row.updated_at).toISOString(),
  };
}

async function findProductFile(db: Kysely<Database>, website: Website, productId: string): Promise<ProductFileRow | undefined> {
  return db.selectFrom('product_files').selectAll().where('website_id', '=', website.id).where('product_id', '=', productId).executeTakeFirst();
}

/** The product, which must be this website's and digital: a file belongs to nothing else. */
async function requireDigitalProduct(db: Kysely<Database>, website: Website, productId: string): Promise<void> {
  const loaded = await loadProductRows(db, website.id, productId);
  if (!loaded) throw notFound(PRODUCT_FILE_MESSAGES.productId);
  if (loaded.product.product_type !== DIGITAL) throw invalid(PRODUCT_FILE_MESSAGES.notDigital);
}

/** GET /api/owner/products/:productId/file */
export async function getProductFile(db: Kysely<Database>, website: Website, actor: Actor, input: { productId: string }): Promise<ProductFileReply> {
  authorize(actor, 'catalog:read');
  const row = await findProductFile(db, website, input.productId);
  if (!row) await requireDigitalProduct(db, website, input.productId);
  return { file: row ? productFileJson(row) : null };
}

/**
 * PUT /api/owner/products/:productId/file: streams the body into a new object of the store (never over the
 * limit, never half-written), then points the product's row at it and removes the object it replaces. The row
 * keeps its id across replacements, so links already sent serve the new file.
 */
export async function uploadProductFile(
  db: Kysely<Database>,
  store: DownloadFileStore,
  website: Website,
  actor: Actor,
  upload: ProductFileUpload,
): Promise<ProductFileReply> {
  authorize(actor, 'catalog:write');
  await requireDigitalProduct(db, website, upload.productId);
  const fileName = cleanFileName(upload.fileName ?? '');
  if (!fileName) throw invalid(PRODUCT_FILE_MESSAGES.noName, { name: PRODUCT_FILE_MESSAGES.noName });
  const key = newFileKey(newId());
  const written = await store.write(key, upload.body, PRODUCT_FILE_LIMITS.fileBytes);
  if (written.byteSize === 0) {
    await store.remove(key);
    throw invalid(PRODUCT_FILE_MESSAGES.emptyFile, { file: PRODUCT_FILE_MESSAGES.emptyFile });
  }
  const described = { file_name: fileName, content_type: servedContentType(upload.contentType), byte_size: written.byteSize, sha256: written.sha256, storage_key: key };
  let replaced: { row: ProductFileRow; oldKey: string | undefined };
  try {
    replaced = await inTransaction(db, async (trx) => {
      // The file counts in the website's storage quota, less the one it replaces (413 when it does not fit).
      const previous = await trx.selectFrom('product_files').select('byte_size').where('website_id', '=', website.id).where('product_id', '=', upload.productId).executeTakeFirst();
      await takeQuota(trx, website.id, 'storageBytes', written.byteSize - Number(previous?.byte_size ?? 0));
      return saveProductFile(trx, website, upload.productId, described);
    });
  } catch (error) {
    await store.remove(key);
    throw error;
  }
  if (replaced.oldKey) await store.remove(replaced.oldKey);
  return { file: productFileJson(replaced.row) };
}

type DescribedFile = Pick<ProductFileRow, 'file_name' | 'content_type' | 'byte_size' | 'sha256' | 'storage_key'>;

/**
 * The product's row pointed at a new object, with the key it pointed at before. Two uploads racing for a product
 * without a file meet at the unique product_id: the second insert waits, finds the first's row, and replaces it.
 */
async function saveProductFile(
  trx: Transaction<Database>,
  website: Website,
  productId: string,
  described: DescribedFile,
): Promise<{ row: ProductFileRow; oldKey: string | undefined }> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const existing = await trx.selectFrom('product_files').select('storage_key').where('product_id', '=', productId).forUpdate().executeTakeFirst();
    if (existing) {
      const row = await trx
        .updateTable('product_files')
        .set({ ...described, updated_at: new Date() })
        .where('product_id', '=', productId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row, oldKey: existing.storage_key };
    }
    const inserted = await trx
      .insertInto('product_files')
      .values({ id: newId(), website_id: website.id, product_id: productId, ...described })
      .onConflict((conflict) => conflict.column('product_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { row: inserted, oldKey: undefined };
  }
  throw new Error('product file row neither found nor inserted');
}

/** PUT /api/owner/products/:productId/file/limits: for orders paid from now on (grants keep what they were given). */
export async function updateProductFileLimits(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { productId: string } & UpdateProductFileLimitsBody,
): Promise<ProductFileReply> {
  authorize(actor, 'catalog:write');
  const changes = {
    ...(input.downloadLimit !== undefined ? { download_limit: input.downloadLimit } : {}),
    ...(input.linkDays !== undefined ? { link_days: input.linkDays } : {}),
  };
  const row = await db
    .updateTable('product_files')
    .set({ ...changes, updated_at: new Date() })
    .where('website_id', '=', website.id)
    .where('product_id', '=', input.productId)
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    await requireDigitalProduct(db, website, input.productId);
    throw notFound(PRODUCT_FILE_MESSAGES.noFile);
  }
  return { file: productFileJson(row) };
}

/** DELETE /api/owner/products/:productId/file: the row goes (grants lose their file: their links answer 404), then the bytes. */
export async function deleteProductFile(
  db: Kysely<Database>,
  store: DownloadFileStore,
  website: Website,
  actor: Actor,
  input: { productId: string },
): Promise<{ deleted: true; productId: string }> {
  authorize(actor, 'catalog:write');
  const row = await db
    .deleteFrom('product_files')
    .where('website_id', '=', website.id)
    .where('product_id', '=', input.productId)
    .returning('storage_key')
    .executeTakeFirst();
  if (!row) {
    await requireDigitalProduct(db, website, input.productId);
    throw notFound(PRODUCT_FILE_MESSAGES.noFile);
  }
  await store.remove(row.storage_key);
  return { deleted: true, productId: input.productId };
}

/**
 * The object-removal sweep's handler for a digital product's file (storage/removal-sweep.ts): queued when its
 * product is deleted for good (catalog/delete-product.ts). The object goes unless a file row points at its key
 * again (a site archive installed back), checked in the claim's transaction.
 */
export function downloadRemovalHandler(store: DownloadFileStore) {
  return async (trx: Transaction<Database>, websiteId: string, key: string): Promise<'removed' | 'kept'> => {
    const used = await trx.selectFrom('product_files').select('id').where('website_id', '=', websiteId).where('storage_key', '=', key).executeTakeFirst();
    if (used) return 'kept';
    await store.remove(key);
    return 'removed';
  };
}
