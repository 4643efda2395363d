import { sql, type Kysely } from 'kysely';
import type { CouponKind, CouponScope, ShippingRateKind, ShippingZoneLocation, WeightTier } from '@vitrine/contracts';
import type { Database, Website } from '../db/schema';
import { loadTaxRules, loadZones, type CouponRow } from './queries';
import { normaliseCouponCode } from './rules';
import { pricesIncludeTaxOf } from './service';

/**
 * What the checkout asks of the checkout settings (issue 17): the rules in the engine's shapes (@vitrine/commerce
 * checkout/: ShippingZone, TaxRule, Coupon — structurally the same types, declared here so the server does not
 * wait on the engine), the coupons a cart names, and the race-safe claim of a coupon's use inside the order's
 * transaction. No actor: these serve the shopper's checkout, not the owner.
 */

export interface CheckoutShippingRate {
  id: string;
  name: string;
  kind: ShippingRateKind;
  amountCents: number;
  freeOverCents: number | null;
  weightTiers: WeightTier[] | null;
}
export interface CheckoutShippingZone {
  id: string;
  name: string;
  locations: ShippingZoneLocation[];
  rates: CheckoutShippingRate[];
}
export interface CheckoutTaxRule {
  id: string;
  name: string;
  country: string;
  region: string | null;
  rateBasisPoints: number;
  shippingTaxable: boolean;
}
export interface CheckoutCoupon {
  id: string;
  code: string;
  kind: CouponKind;
  percentBasisPoints: number | null;
  amountCents: number | null;
  minSubtotalCents: number | null;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  scope: CouponScope;
  active: boolean;
  /** Stacks on automatic discounts (otherwise the better of the two applies). */
  combinesWithAutomaticDiscounts: boolean;
  /** Uses claimed so far: with usageLimit, the server tells a used-up coupon (the engine does not count). */
  timesUsed: number;
}
export interface CheckoutRules {
  zones: CheckoutShippingZone[];
  taxRules: CheckoutTaxRule[];
  pricesIncludeTax: boolean;
}

/** The store's shipping zones (in order, each with its rates), tax rules and whether prices include tax. */
export async function checkoutRulesFor(db: Kysely<Database>, website: Website): Promise<CheckoutRules> {
  const zones = await loadZones(db, website.id);
  const taxRules = await loadTaxRules(db, website.id);
  return {
    zones: zones.map(({ id, name, locations, rates }) => ({
      id,
      name,
      locations,
      rates: rates.map(({ id: rateId, name: rateName, kind, amountCents, freeOverCents, weightTiers }) => ({
        id: rateId,
        name: rateName,
        kind,
        amountCents,
        freeOverCents,
        weightTiers: weightTiers ? weightTiers.map(({ upToGrams, amountCents: tierCents }) => ({ upToGrams, amountCents: tierCents })) : null,
      })),
    })),
    taxRules: taxRules.map((row) => ({
      id: row.id,
      name: row.name,
      country: row.country,
      region: row.region,
      rateBasisPoints: row.rate_basis_points,
      shippingTaxable: row.shipping_taxable,
    })),
    pricesIncludeTax: pricesIncludeTaxOf(website),
  };
}

function checkoutCoupon(row: CouponRow): CheckoutCoupon {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percentBasisPoints: row.percent_basis_points,
    amountCents: row.amount_cents,
    minSubtotalCents: row.min_subtotal_cents,
    startsAt: row.starts_at ? row.starts_at.toISOString() : null,
    endsAt: row.ends_at ? row.ends_at.toISOString() : null,
    usageLimit: row.usage_limit,
    perCustomerLimit: row.per_customer_limit,
    scope: row.scope,
    active: row.active,
    combinesWithAutomaticDiscounts: row.combines_with_automatic,
    timesUsed: row.times_used,
  };
}

/** A cart names a handful of codes at most; more are not looked up. */
export const MAX_CODES_LOOKED_UP = 20;

/**
 * The website's coupons with these codes (compared trimmed and case-insensitively), inactive and expired ones
 * included: the engine says why each does not apply. Codes with no coupon are simply absent from the answer.
 */
export async function findCouponsByCodes(db: Kysely<Database>, website: Website, codes: readonly string[]): Promise<CheckoutCoupon[]> {
  const normalised = [...new Set(codes.map(normaliseCouponCode).filter((code) => code.length > 0 && code.length <= 100))].slice(0, MAX_CODES_LOOKED_UP);
  if (normalised.length === 0) return [];
  const rows = await db.selectFrom('coupons').selectAll().where('website_id', '=', website.id).where('code_normalised', 'in', normalised).execute();
  return rows.map(checkoutCoupon);
}

/**
 * The counts the engine leaves to the server (its CouponUsage): of these coupons, the ids whose usage limit is
 * reached, and — when the customer's email is known — the ids this customer has used up to the per-customer
 * limit. For showing the cart; the order itself still claims with claimCouponUse, which decides.
 */
export async function couponUsageFor(
  db: Kysely<Database>,
  coupons: readonly CheckoutCoupon[],
  customerEmail?: string | null,
): Promise<{ usedUp: string[]; usedByCustomer: string[] }> {
  const usedUp = coupons.filter((coupon) => coupon.usageLimit !== null && coupon.timesUsed >= coupon.usageLimit).map((coupon) => coupon.id);
  const limited = coupons.filter((coupon) => coupon.perCustomerLimit !== null);
  const email = customerEmail?.trim().toLowerCase();
  if (!email || limited.length === 0) return { usedUp, usedByCustomer: [] };
  const counts = await db
    .selectFrom('coupon_redemptions')
    .select(['coupon_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where(
      'coupon_id',
      'in',
      limited.map((coupon) => coupon.id),
    )
    .where('customer_email', '=', email)
    .groupBy('coupon_id')
    .execute();
  const used = new Map(counts.map((row) => [row.coupon_id, Number(row.n)]));
  return { usedUp, usedByCustomer: limited.filter((coupon) => (used.get(coupon.id) ?? 0) >= coupon.perCustomerLimit!).map((coupon) => coupon.id) };
}

export type CouponClaim = 'claimed' | 'used-up' | 'used-by-customer' | 'not-found';

/**
 * Claims one use of a coupon for an order, inside the order's transaction (`trx`): the coupon's row is locked,
 * the customer's earlier uses are counted under that lock (per-customer limit), and the use is taken with
 *   UPDATE coupons SET times_used = times_used + 1 WHERE id = $1 AND (usage_limit IS NULL OR times_used < usage_limit)
 * so of shoppers racing for the last use exactly one gets it. If the order's transaction rolls back, so does the
 * claim. Claiming again for the same order answers 'claimed' and takes nothing more. 'not-found': the coupon was
 * deleted meanwhile (the engine's 'This coupon code does not exist.').
 */
export async function claimCouponUse(
  trx: Kysely<Database>,
  website: Website,
  input: { couponId: string; orderId: string; customerEmail: string },
): Promise<CouponClaim> {
  if (!trx.isTransaction) throw new Error('claimCouponUse must run inside the order transaction');
  const coupon = await trx
    .selectFrom('coupons')
    .select(['id', 'per_customer_limit'])
    .where('website_id', '=', website.id)
    .where('id', '=', input.couponId)
    .forUpdate()
    .executeTakeFirst();
  if (!coupon) return 'not-found';
  const email = input.customerEmail.trim().toLowerCase();
  const already = await trx
    .selectFrom('coupon_redemptions')
    .select('order_id')
    .where('coupon_id', '=', coupon.id)
    .where('order_id', '=', input.orderId)
    .executeTakeFirst();
  if (already) return 'claimed';
  if (coupon.per_customer_limit !== null) {
    const { n } = await trx
      .selectFrom('coupon_redemptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('coupon_id', '=', coupon.id)
      .where('customer_email', '=', email)
      .executeTakeFirstOrThrow();
    if (Number(n) >= coupon.per_customer_limit) return 'used-by-customer';
  }
  const taken = await sql<{ id: string }>`
    UPDATE coupons SET times_used = times_used + 1
    WHERE id = ${coupon.id} AND (usage_limit IS NULL OR times_used < usage_limit)
    RETURNING id`.execute(trx);
  if (taken.rows.length === 0) return 'used-up';
  await trx.insertInto('coupon_redemptions').values({ coupon_id: coupon.id, order_id: input.orderId, customer_email: email }).execute();
  return 'claimed';
}

/**
 * Gives back the coupon uses an order claimed, inside the transaction that cancels it because its payment failed
 * or expired: its redemptions are deleted and each coupon's count goes down by one. Running it twice gives back
 * nothing more (the redemptions are gone). Returns how many uses were given back.
 */
export async function releaseCouponUses(trx: Kysely<Database>, orderId: string): Promise<number> {
  if (!trx.isTransaction) throw new Error('releaseCouponUses must run inside the order transaction');
  const released = await trx.deleteFrom('coupon_redemptions').where('order_id', '=', orderId).returning('coupon_id').execute();
  for (const { coupon_id: couponId } of released.sort((a, b) => a.coupon_id.localeCompare(b.coupon_id))) {
    await sql`UPDATE coupons SET times_used = GREATEST(times_used - 1, 0) WHERE id = ${couponId}`.execute(trx);
  }
  return released.length;
}
