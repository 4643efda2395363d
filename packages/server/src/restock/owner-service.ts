import { sql, type Kysely } from 'kysely';
import { isSoldOut } from '@vitrine/commerce';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import { decodePageCursor, encodePageCursor } from '../page-cursor';
import { loadProductItem } from '../catalog';
import { inTransaction } from '../db/transactions';
import type { Database, Website } from '../db/schema';
import { conflict, isFailure, notFound } from '../failures';
import { enqueueMail, renderSiteMail, siteUrlOf, unsubscribeHeaders, unsubscribeUrl, type MailSettings } from '../mail';
import { RESTOCK_SIGN_UP_MESSAGES } from './sign-up';
import { isVariantSoldOut, variantLabel, variantOf } from './rules';

export const RESTOCK_PAGE_SIZE = 50;
export const RESTOCK_SEND_MESSAGES = {
  stillSoldOut: 'This variant is still sold out: notices go out once it is back in stock.',
} as const;

/**
 * The groups of waiting sign-ups, one per product and variant, in (product, variant) order: a cursor names
 * the last group seen, so a page never repeats or skips a group while sign-ups arrive.
 */
export async function listRestockGroups(db: Kysely<Database>, website: Website, actor: Actor, input: { cursor?: string }) {
  authorize(actor, 'orders:read');
  const after = decodePageCursor(input.cursor, 2);
  let query = db
    .selectFrom('restock_signups as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .innerJoin('variants as v', 'v.id', 's.variant_id')
    .select((eb) => [
      's.product_id', 's.variant_id', 'p.title', 'p.product_type', 'v.sku', 'v.option_values', 'v.qty_in_stock', 'v.unlimited',
      eb.fn.countAll<number>().as('count'),
    ])
    .where('s.website_id', '=', website.id)
    .where('s.notified_at', 'is', null);
  if (after) query = query.where((eb) => eb(eb.refTuple('s.product_id', 's.variant_id'), '>', eb.tuple(after[0]!, after[1]!)));
  const rows = await query
    .groupBy(['s.product_id', 's.variant_id', 'p.title', 'p.product_type', 'v.sku', 'v.option_values', 'v.qty_in_stock', 'v.unlimited'])
    .orderBy('s.product_id')
    .orderBy('s.variant_id')
    .limit(RESTOCK_PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, RESTOCK_PAGE_SIZE);
  const hasNextPage = rows.length > RESTOCK_PAGE_SIZE;
  const last = page.at(-1);
  return {
    signUpGroups: page.map((row) => ({
      productId: row.product_id,
      variantId: row.variant_id,
      productTitle: row.title,
      sku: row.sku,
      variantLabel: variantLabel(row.option_values),
      count: Number(row.count),
      // The storefront's rule, on this one variant.
      inStock: !isSoldOut({ structuredContent: { productType: row.product_type, variants: [{ qtyInStock: row.qty_in_stock, unlimited: row.unlimited }] } }),
    })),
    hasNextPage,
    nextPageCursor: hasNextPage && last ? encodePageCursor([last.product_id, last.variant_id]) : null,
  };
}

/** The waiting sign-ups of one variant, oldest first; the cursor names the last one seen (time, id). */
export async function listRestockSignUps(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { productId: string; variantId: string; cursor?: string },
) {
  authorize(actor, 'orders:read');
  const after = decodePageCursor(input.cursor, 2);
  let query = db
    .selectFrom('restock_signups')
    .select(['id', 'email', 'join_mailing_list', 'created_at'])
    .where('website_id', '=', website.id)
    .where('product_id', '=', input.productId)
    .where('variant_id', '=', input.variantId)
    .where('notified_at', 'is', null);
  if (after && !Number.isNaN(Date.parse(after[0]!))) {
    query = query.where(sql<boolean>`(date_trunc('milliseconds', created_at), id) > (${new Date(after[0]!)}, ${after[1]!})`);
  }
  // At the cursor's precision (milliseconds): PostgreSQL keeps microseconds, and sign-ups of the same
  // millisecond would otherwise fall between two pages.
  const rows = await query.orderBy(sql`date_trunc('milliseconds', created_at)`).orderBy('id').limit(RESTOCK_PAGE_SIZE + 1).execute();
  const page = rows.slice(0, RESTOCK_PAGE_SIZE);
  const hasNextPage = rows.length > RESTOCK_PAGE_SIZE;
  const last = page.at(-1);
  return {
    signUps: page.map((row) => ({ id: row.id, email: row.email, isJoinMailingList: row.join_mailing_list, createdAt: new Date(row.created_at).toISOString() })),
    hasNextPage,
    nextPageCursor: hasNextPage && last ? encodePageCursor([new Date(last.created_at).toISOString(), last.id]) : null,
  };
}

/**
 * Mails every waiting sign-up of a variant that is back in stock. The sign-ups are marked notified and their
 * notices written to the outbox in one transaction, by one conditional update: two owners sending at the
 * same moment notify each shopper once (the second finds nobody left). The notice links to the product
 * page with the variant chosen (`?sku=`), and carries an unsubscribe link.
 */
export async function sendRestockNotices(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { productId: string; variantId: string },
  mail: MailSettings,
): Promise<{ productId: string; variantId: string; notified: number }> {
  authorize(actor, 'orders:write');
  const loaded = await loadProductItem(db, website, input.productId);
  if (!loaded) throw notFound(RESTOCK_SIGN_UP_MESSAGES.noProduct);
  const variant = variantOf(loaded, input.variantId);
  if (!variant) throw notFound(RESTOCK_SIGN_UP_MESSAGES.noVariant);
  if (isVariantSoldOut(loaded, input.variantId)) throw conflict(RESTOCK_SEND_MESSAGES.stillSoldOut);
  const productUrl = `${siteUrlOf(mail, website)}${loaded.item.fullUrl}?sku=${encodeURIComponent(variant.row.sku)}`;
  const label = variantLabel(variant.row.option_values);
  const notified = await inTransaction(db, async (trx) => {
    const signUps = await trx
      .updateTable('restock_signups')
      .set({ notified_at: new Date() })
      .where('website_id', '=', website.id)
      .where('product_id', '=', input.productId)
      .where('variant_id', '=', input.variantId)
      .where('notified_at', 'is', null)
      .returning(['id', 'email'])
      .execute();
    for (const signUp of signUps) {
      const unsubscribe = unsubscribeUrl(siteUrlOf(mail, website), mail.unsubscribeTokens.issue(website.id, signUp.email));
      const rendered = await renderSiteMail(trx, 'restock-notice', website, { productTitle: loaded.item.title, variantLabel: label, productUrl }, { publicUrl: siteUrlOf(mail, website), unsubscribeUrl: unsubscribe });
      await enqueueMail(trx, website, mail.from, { kind: 'marketing', template: 'restock-notice', to: signUp.email, headers: unsubscribeHeaders(unsubscribe), ...rendered });
    }
    return signUps.length;
  });
  return { productId: input.productId, variantId: input.variantId, notified };
}

/** Each request sent on its own: one still sold out or unknown says why and does not stop the others. */
export async function sendAllRestockNotices(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  input: { sendRequests: { productId: string; variantId: string }[] },
  mail: MailSettings,
) {
  authorize(actor, 'orders:write');
  const results = [];
  for (const request of input.sendRequests) {
    try {
      results.push(await sendRestockNotices(db, website, actor, request, mail));
    } catch (error) {
      if (!isFailure(error)) throw error;
      results.push({ ...request, notified: 0, message: error.message });
    }
  }
  return { results };
}
