import { sql, type Kysely } from 'kysely';
import {
  AUTOMATIC_DISCOUNT_LIMITS as LIMITS,
  AUTOMATIC_DISCOUNT_MESSAGES as MESSAGES,
  type AutomaticDiscountBody,
  type AutomaticDiscountJson,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import { scopeIdErrors } from '../checkout-settings';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, invalid, notFound } from '../failures';
import { newId } from '../ids';
import { automaticDiscountJson } from './queries';
import { readAutomaticDiscount, type AutomaticDiscountRecord, type Errors } from './rules';

/** The owner's automatic-discount calls (issue 38 item 5), under the store-settings permissions as coupons are. */

const refuseIf = (errors: Errors) => {
  if (Object.keys(errors).length > 0) throw invalid(Object.values(errors)[0] ?? MESSAGES.invalid, errors);
};

export async function listAutomaticDiscounts(db: Kysely<Database>, website: Website, actor: Actor): Promise<{ automaticDiscounts: AutomaticDiscountJson[] }> {
  authorize(actor, 'store-settings:read');
  const rows = await db.selectFrom('automatic_discounts').selectAll().where('website_id', '=', website.id).orderBy('created_at').orderBy('id').execute();
  return { automaticDiscounts: rows.map(automaticDiscountJson) };
}

export async function getAutomaticDiscount(db: Kysely<Database>, website: Website, actor: Actor, discountId: string): Promise<{ automaticDiscount: AutomaticDiscountJson }> {
  authorize(actor, 'store-settings:read');
  const row = await db.selectFrom('automatic_discounts').selectAll().where('website_id', '=', website.id).where('id', '=', discountId).executeTakeFirst();
  if (!row) throw notFound(MESSAGES.notFound);
  return { automaticDiscount: automaticDiscountJson(row) };
}

/** A body read and checked whole, its scope's ids against the store's products or collections. */
async function checkedDiscount(db: Kysely<Database>, website: Website, body: AutomaticDiscountBody): Promise<AutomaticDiscountRecord> {
  const { discount, errors } = readAutomaticDiscount(body);
  Object.assign(errors, await scopeIdErrors(db, website.id, discount.scope, MESSAGES));
  refuseIf(errors);
  return discount;
}

function columns(discount: AutomaticDiscountRecord) {
  return {
    title: discount.title,
    kind: discount.kind,
    active: discount.active,
    starts_at: discount.startsAt,
    ends_at: discount.endsAt,
    min_subtotal_cents: discount.minSubtotalCents,
    percent_basis_points: discount.percentBasisPoints,
    amount_cents: discount.amountCents,
    buy_quantity: discount.buyQuantity,
    get_quantity: discount.getQuantity,
    scope: JSON.stringify(discount.scope),
    tiers: discount.tiers ? JSON.stringify(discount.tiers) : null,
  };
}

export async function createAutomaticDiscount(db: Kysely<Database>, website: Website, actor: Actor, body: AutomaticDiscountBody): Promise<{ automaticDiscount: AutomaticDiscountJson }> {
  authorize(actor, 'store-settings:write');
  const discount = await checkedDiscount(db, website, body);
  const row = await inTransaction(db, async (trx) => {
    // The count is read and the row written under one lock per website: two owners cannot pass the limit together.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`automatic-discounts:${website.id}`}))`.execute(trx);
    const { n } = await trx.selectFrom('automatic_discounts').select((eb) => eb.fn.countAll<number>().as('n')).where('website_id', '=', website.id).executeTakeFirstOrThrow();
    if (Number(n) >= LIMITS.discounts) throw conflict(MESSAGES.tooMany);
    return trx.insertInto('automatic_discounts').values({ id: newId(), website_id: website.id, ...columns(discount) }).returningAll().executeTakeFirstOrThrow();
  });
  return { automaticDiscount: automaticDiscountJson(row) };
}

export async function replaceAutomaticDiscount(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  discountId: string,
  body: AutomaticDiscountBody,
): Promise<{ automaticDiscount: AutomaticDiscountJson }> {
  authorize(actor, 'store-settings:write');
  const discount = await checkedDiscount(db, website, body);
  const row = await db
    .updateTable('automatic_discounts')
    .set({ ...columns(discount), updated_at: sql`now()` as unknown as Date })
    .where('website_id', '=', website.id)
    .where('id', '=', discountId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound(MESSAGES.notFound);
  return { automaticDiscount: automaticDiscountJson(row) };
}

export async function deleteAutomaticDiscount(db: Kysely<Database>, website: Website, actor: Actor, discountId: string): Promise<{ deleted: true; id: string }> {
  authorize(actor, 'store-settings:write');
  const deleted = await db.deleteFrom('automatic_discounts').where('website_id', '=', website.id).where('id', '=', discountId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw notFound(MESSAGES.notFound);
  return { deleted: true, id: discountId };
}
