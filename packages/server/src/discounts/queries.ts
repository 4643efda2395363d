import type { Kysely, Selectable } from 'kysely';
import type { AutomaticDiscountJson } from '@vitrine/contracts';
import type { AutomaticDiscount } from '@vitrine/commerce/checkout';
import type { AutomaticDiscountsTable, Database, Website } from '../db/schema';

export type AutomaticDiscountRow = Selectable<AutomaticDiscountsTable>;

/** The engine's shape of a stored discount, every field there (the owner API answers the same fields). */
export function engineDiscount(row: AutomaticDiscountRow) {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    active: row.active,
    startsAt: row.starts_at ? row.starts_at.toISOString() : null,
    endsAt: row.ends_at ? row.ends_at.toISOString() : null,
    minSubtotalCents: row.min_subtotal_cents,
    percentBasisPoints: row.percent_basis_points,
    amountCents: row.amount_cents,
    buyQuantity: row.buy_quantity,
    getQuantity: row.get_quantity,
    scope: row.scope,
    tiers: row.tiers,
  } satisfies AutomaticDiscount;
}

/** The owner API's shape: the engine's, with when it was made and last changed. */
export function automaticDiscountJson(row: AutomaticDiscountRow): AutomaticDiscountJson {
  return { ...engineDiscount(row), createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString() };
}

/**
 * The discounts a cart or a product page applies: the website's that are on and not ended (the engine checks the
 * start, so one starting later today needs no second query), oldest first — the order ties are decided in.
 * One indexed read (automatic_discounts_by_website) per cart answer.
 */
export async function liveAutomaticDiscounts(db: Kysely<Database>, website: Pick<Website, 'id'>, now: Date = new Date()): Promise<AutomaticDiscount[]> {
  const rows = await db
    .selectFrom('automatic_discounts')
    .selectAll()
    .where('website_id', '=', website.id)
    .where('active', '=', true)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(engineDiscount);
}
