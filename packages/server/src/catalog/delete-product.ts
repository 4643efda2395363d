import type { Kysely, Transaction } from 'kysely';
import { PRODUCT_DELETE_MESSAGES, type DeleteProductReply } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, notFound } from '../failures';
import { queueObjectRemovals, type QueuedRemoval } from '../storage';
import { MANAGE_MESSAGES } from './manage';

/**
 * What another domain lets go of when a product is deleted for good, in the deletion's transaction: the orders' lines
 * (their link to it), carts' entries, back-in-stock sign-ups. Those tables are theirs, and they import the catalog, so
 * each hands app.ts its function and the route passes them in (as the media library's PictureUsers).
 */
export type ProductReleaser = (trx: Transaction<Database>, websiteId: string, productId: string) => Promise<void>;

/**
 * DELETE /api/owner/products/:productId: an archived product deleted for good (issue 36 item 5).
 *
 * The rule for orders: an order line keeps its own snapshot (product_name, sku, unit_price_cents, line_kind, the
 * options), so orders placed before still show and total as they did; the line lets go of the product (its
 * product_id and variant_id become NULL: the orders domain's releaser, migration 059) instead of keeping it alive.
 * What only makes sense with the product goes with it: its variants, carts' entries of it and back-in-stock sign-ups
 * (the releasers), its reviews and their counts and its digital file's row (their foreign keys cascade; download
 * links of past orders then answer 404, as when the owner removes the file). Refused while something still needs the product: subscriptions (renewals bill its
 * plan) and a member area sold through it. Only an archived product can be deleted, so it already left the
 * storefront and its `product.deleted` webhook went out at archiving.
 *
 * Files: its pictures (its own, its variants', its social picture) and its digital file are queued for the object-
 * removal sweep in this transaction (storage/removal-sweep.ts), which removes each object once, across processes,
 * and keeps a picture that another product, a page or the site's identity still shows.
 */
export async function deleteProductForGood(
  db: Kysely<Database>,
  releasers: readonly ProductReleaser[],
  website: Website,
  actor: Actor,
  input: { productId: string },
): Promise<DeleteProductReply> {
  authorize(actor, 'catalog:write');
  await inTransaction(db, async (trx) => {
    const product = await trx
      .selectFrom('products')
      .select(['id', 'archived_at', 'images', 'seo_image_id'])
      .where('website_id', '=', website.id)
      .where('id', '=', input.productId)
      .forUpdate()
      .executeTakeFirst();
    if (!product) throw notFound(MANAGE_MESSAGES.productNotFound);
    if (product.archived_at === null) throw conflict(PRODUCT_DELETE_MESSAGES.notArchived);
    const subscription = await trx.selectFrom('subscriptions').select('id').where('website_id', '=', website.id).where('product_id', '=', product.id).limit(1).executeTakeFirst();
    if (subscription) throw conflict(PRODUCT_DELETE_MESSAGES.hasSubscriptions);
    const area = await trx.selectFrom('member_areas').select('id').where('website_id', '=', website.id).where('paywall_product_id', '=', product.id).limit(1).executeTakeFirst();
    if (area) throw conflict(PRODUCT_DELETE_MESSAGES.isPaywall);

    const variants = await trx.selectFrom('variants').select('image_ids').where('website_id', '=', website.id).where('product_id', '=', product.id).execute();
    const file = await trx.selectFrom('product_files').select('storage_key').where('website_id', '=', website.id).where('product_id', '=', product.id).executeTakeFirst();
    const pictureIds = new Set([...product.images.map((image) => image.id), ...variants.flatMap((variant) => variant.image_ids), ...(product.seo_image_id ? [product.seo_image_id] : [])]);
    const removals: QueuedRemoval[] = [...pictureIds].map((id) => ({ kind: 'picture', ref: id }));
    if (file) removals.push({ kind: 'download', ref: file.storage_key });

    for (const release of releasers) await release(trx, website.id, product.id);
    await trx.deleteFrom('variants').where('website_id', '=', website.id).where('product_id', '=', product.id).execute();
    await trx.deleteFrom('products').where('website_id', '=', website.id).where('id', '=', product.id).execute();
    await queueObjectRemovals(trx, website.id, removals);
  });
  return { deleted: true, productId: input.productId };
}
