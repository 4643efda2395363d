import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, OrderItemsTable, OrdersTable, Website } from '../db/schema';
import { loadServerSecret } from '../http/server-secrets';
import { newId } from '../ids';
import { grantedDownloads, grantExpiry } from './rules';
import { signDownloadToken } from './tokens';

/** The server secret that signs download links (http/server-secrets.ts). */
export const DOWNLOAD_SECRET_NAME = 'downloads';

/** The signing secret, read once per database handle: it never changes once made. */
const secrets = new WeakMap<Kysely<Database>, Promise<string>>();
export function downloadSecret(db: Kysely<Database>): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = loadServerSecret(db, DOWNLOAD_SECRET_NAME);
    secrets.set(db, secret);
    secret.catch(() => secrets.delete(db));
  }
  return secret;
}

/** A paid digital line's link, as the confirmation page and mail show it. */
export interface DownloadLink {
  grantId: string;
  orderItemId: string;
  productName: string;
  fileName: string;
  byteSize: number;
  /** Site-relative (`/downloads/{token}`): the mail puts PUBLIC_URL in front. */
  path: string;
  expiresAt: Date;
  downloadLimit: number;
  downloadsLeft: number;
}

type OrderForGrants = Pick<Selectable<OrdersTable>, 'id' | 'paid_at'>;
type ItemForGrants = Pick<Selectable<OrderItemsTable>, 'id' | 'product_id' | 'line_kind' | 'quantity'>;

/**
 * One grant per digital line whose product has a file, in the transaction that records the order as paid
 * (orders/paid.ts onOrderPaid): the link lives the file's link_days from payment and allows download_limit per
 * unit bought (rules.ts). Safe to run twice for an order (one grant per order line, by its unique key).
 * Answers the order's links, for the confirmation mail.
 */
/**
 * Ends an order's download links now (the owner cancelled it, or refunded it in full): a link already used up or
 * expired stays so. Answers how many links were ended.
 */
export async function revokeDownloadsForOrder(db: Kysely<Database>, website: Website, orderId: string): Promise<number> {
  const ended = await db
    .updateTable('download_grants')
    .set({ expires_at: sql<Date>`now()` })
    .where('website_id', '=', website.id)
    .where('order_id', '=', orderId)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .execute();
  return ended.length;
}

export async function grantDownloadsForOrder(
  trx: Kysely<Database>,
  website: Website,
  order: OrderForGrants,
  items: readonly ItemForGrants[],
): Promise<DownloadLink[]> {
  const digital = items.filter((item) => item.line_kind === 'digital');
  if (digital.length === 0) return [];
  const files = await trx
    .selectFrom('product_files')
    .select(['id', 'product_id', 'download_limit', 'link_days'])
    .where('website_id', '=', website.id)
    .where('product_id', 'in', digital.map((item) => item.product_id ?? ''))
    .execute();
  const fileOf = new Map(files.map((file) => [file.product_id, file]));
  const paidAt = order.paid_at ? new Date(order.paid_at) : new Date();
  const grants = digital.flatMap((item) => {
    const file = item.product_id === null ? undefined : fileOf.get(item.product_id);
    if (!file) return [];
    return [{
      id: newId(),
      website_id: website.id,
      order_id: order.id,
      order_item_id: item.id,
      product_file_id: file.id,
      expires_at: grantExpiry(paidAt, file.link_days),
      download_limit: grantedDownloads(file.download_limit, item.quantity),
    }];
  });
  if (grants.length > 0) {
    await trx.insertInto('download_grants').values(grants).onConflict((conflict) => conflict.column('order_item_id').doNothing()).execute();
  }
  return listOrderDownloads(trx, website, order.id);
}

/** The order's download links, in the order's line order, with what each has left now. */
export async function listOrderDownloads(db: Kysely<Database>, website: Website, orderId: string): Promise<DownloadLink[]> {
  const rows = await db
    .selectFrom('download_grants as grant')
    .innerJoin('order_items as item', 'item.id', 'grant.order_item_id')
    .innerJoin('product_files as file', 'file.id', 'grant.product_file_id')
    .select([
      'grant.id', 'grant.order_item_id', 'grant.expires_at', 'grant.download_limit', 'grant.downloads_used',
      'item.product_name', 'file.file_name', 'file.byte_size',
    ])
    .where('grant.website_id', '=', website.id)
    .where('grant.order_id', '=', orderId)
    .orderBy('item.position')
    .orderBy('grant.id')
    .execute();
  if (rows.length === 0) return [];
  const secret = await downloadSecret(db);
  return rows.map((row) => {
    const expiresAt = new Date(row.expires_at);
    return {
      grantId: row.id,
      orderItemId: row.order_item_id,
      productName: row.product_name,
      fileName: row.file_name,
      byteSize: Number(row.byte_size),
      path: `/downloads/${signDownloadToken(secret, { grantId: row.id, expiresAt })}`,
      expiresAt,
      downloadLimit: row.download_limit,
      downloadsLeft: Math.max(0, row.download_limit - row.downloads_used),
    };
  });
}
