import type { Transaction } from 'kysely';
import type { WebhookProduct } from '@vitrine/contracts';
import type { Database } from '../db/schema';
import { recordWebhookEvent } from '../webhooks';

/**
 * The catalog's webhook events (webhooks/), recorded in the transaction of the change: a product created or changed
 * (by hand or by the CSV import), archived (product.deleted: it leaves the shop; Vitrine keeps its row for the
 * orders that name it), and a variant's stock set or adjusted by the owner (inventory.changed; a sale's stock
 * change is an order event).
 */
export async function recordProductWebhook(trx: Transaction<Database>, websiteId: string, type: 'product.created' | 'product.updated', productId: string): Promise<void> {
  await recordWebhookEvent(trx, { id: websiteId }, type, () => readWebhookProduct(trx, websiteId, productId));
}

export async function recordProductDeletedWebhook(trx: Transaction<Database>, websiteId: string, productId: string): Promise<void> {
  await recordWebhookEvent(trx, { id: websiteId }, 'product.deleted', { id: productId });
}

export async function recordInventoryWebhook(
  trx: Transaction<Database>,
  websiteId: string,
  row: { variantId: string; productId: string; sku: string; qtyInStock: number; unlimited: boolean },
): Promise<void> {
  await recordWebhookEvent(trx, { id: websiteId }, 'inventory.changed', {
    productId: row.productId,
    variantId: row.variantId,
    sku: row.sku || null,
    stock: row.unlimited ? null : row.qtyInStock,
    unlimited: row.unlimited,
  });
}

async function readWebhookProduct(trx: Transaction<Database>, websiteId: string, productId: string): Promise<WebhookProduct> {
  const product = await trx.selectFrom('products').selectAll().where('website_id', '=', websiteId).where('id', '=', productId).executeTakeFirstOrThrow();
  const variants = await trx
    .selectFrom('variants')
    .select(['id', 'sku', 'price_cents', 'qty_in_stock', 'unlimited'])
    .where('product_id', '=', productId)
    .where('archived_at', 'is', null)
    .orderBy('display_index')
    .execute();
  return {
    id: product.id,
    title: product.title,
    urlSlug: product.url_id,
    productType: String(product.product_type),
    archived: product.archived_at !== null,
    variants: variants.map((variant) => ({ id: variant.id, sku: variant.sku || null, priceCents: variant.price_cents, stock: variant.unlimited ? null : variant.qty_in_stock })),
  };
}
