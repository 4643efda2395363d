import { sql, type Kysely } from 'kysely';
import {
  CHECKOUT_SETTINGS_LIMITS as LIMITS,
  CHECKOUT_SETTINGS_MESSAGES as MESSAGES,
  type CouponBody,
  type CouponJson,
  type ShippingZoneBody,
  type ShippingZoneJson,
  type TaxRuleBody,
  type TaxRuleJson,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, invalid, notFound } from '../failures';
import { newId } from '../ids';
import { couponJson, loadTaxRules, loadZones, scopeIdErrors, taxRuleJson } from './queries';
import { readCoupon, readTaxRule, readZone, type CouponRecord, type Errors, type RateRecord } from './rules';

/** The owner's checkout-settings calls (issue 17): shipping zones, tax rules, coupons. */

const refuseIf = (errors: Errors) => {
  if (Object.keys(errors).length > 0) throw invalid(Object.values(errors)[0] ?? MESSAGES.invalid, errors);
};
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** Whether prices include tax: the commerce preference `pricesIncludeTax` (websites.settings), false when unset. */
export const pricesIncludeTaxOf = (website: Website): boolean => website.settings.pricesIncludeTax === true;

// ---------------------------------------------------------------------------------------------
// Shipping zones

export async function listShippingZones(db: Kysely<Database>, website: Website, actor: Actor): Promise<{ zones: ShippingZoneJson[] }> {
  authorize(actor, 'store-settings:read');
  return { zones: await loadZones(db, website.id) };
}

export async function getShippingZone(db: Kysely<Database>, website: Website, actor: Actor, zoneId: string): Promise<{ zone: ShippingZoneJson }> {
  authorize(actor, 'store-settings:read');
  const [zone] = await loadZones(db, website.id, zoneId);
  if (!zone) throw notFound(MESSAGES.zoneNotFound);
  return { zone };
}

async function writeRates(trx: Kysely<Database>, zoneId: string, rates: RateRecord[]): Promise<void> {
  await trx.deleteFrom('shipping_rates').where('zone_id', '=', zoneId).execute();
  if (rates.length === 0) return;
  await trx
    .insertInto('shipping_rates')
    .values(
      rates.map((rate, position) => ({
        id: rate.id ?? newId(),
        zone_id: zoneId,
        name: rate.name,
        kind: rate.kind,
        amount_cents: rate.amountCents,
        free_over_cents: rate.freeOverCents,
        weight_tiers: rate.weightTiers ? JSON.stringify(rate.weightTiers) : null,
        position,
      })),
    )
    .execute();
}

export async function createShippingZone(db: Kysely<Database>, website: Website, actor: Actor, body: ShippingZoneBody): Promise<{ zone: ShippingZoneJson }> {
  authorize(actor, 'store-settings:write');
  const { zone, errors } = readZone(body);
  zone.rates.forEach((rate, index) => {
    if (rate.id !== undefined) errors[`rates.${index}.id`] = MESSAGES.rateId;
  });
  refuseIf(errors);
  const zoneId = newId();
  await inTransaction(db, async (trx) => {
    // One zone list per website at a time: the count and the position are read and written under this lock.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`shipping-zones:${website.id}`}))`.execute(trx);
    const { n, last } = await trx
      .selectFrom('shipping_zones')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('position').as('last')])
      .where('website_id', '=', website.id)
      .executeTakeFirstOrThrow();
    if (Number(n) >= LIMITS.zones) throw conflict(MESSAGES.tooManyZones);
    await trx
      .insertInto('shipping_zones')
      .values({ id: zoneId, website_id: website.id, name: zone.name, locations: JSON.stringify(zone.locations), position: last === null ? 0 : Number(last) + 1 })
      .execute();
    await writeRates(trx, zoneId, zone.rates);
  });
  return getShippingZone(db, website, actor, zoneId);
}

export async function replaceShippingZone(
  db: Kysely<Database>,
  website: Website,
  actor: Actor,
  zoneId: string,
  body: ShippingZoneBody,
): Promise<{ zone: ShippingZoneJson }> {
  authorize(actor, 'store-settings:write');
  const { zone, errors } = readZone(body);
  await inTransaction(db, async (trx) => {
    const found = await trx.selectFrom('shipping_zones').select('id').where('website_id', '=', website.id).where('id', '=', zoneId).forUpdate().executeTakeFirst();
    if (!found) throw notFound(MESSAGES.zoneNotFound);
    const kept = new Set((await trx.selectFrom('shipping_rates').select('id').where('zone_id', '=', zoneId).execute()).map((row) => row.id));
    const seen = new Set<string>();
    zone.rates.forEach((rate, index) => {
      if (rate.id === undefined) return;
      if (!kept.has(rate.id) || seen.has(rate.id)) errors[`rates.${index}.id`] = MESSAGES.rateId;
      seen.add(rate.id);
    });
    refuseIf(errors);
    await trx
      .updateTable('shipping_zones')
      .set({ name: zone.name, locations: JSON.stringify(zone.locations), updated_at: sql`now()` as unknown as Date })
      .where('id', '=', zoneId)
      .execute();
    await writeRates(trx, zoneId, zone.rates);
  });
  return getShippingZone(db, website, actor, zoneId);
}

export async function deleteShippingZone(db: Kysely<Database>, website: Website, actor: Actor, zoneId: string): Promise<{ deleted: true; id: string }> {
  authorize(actor, 'store-settings:write');
  const deleted = await db.deleteFrom('shipping_zones').where('website_id', '=', website.id).where('id', '=', zoneId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw notFound(MESSAGES.zoneNotFound);
  return { deleted: true, id: zoneId };
}

// ---------------------------------------------------------------------------------------------
// Tax rules

export async function listTaxRules(db: Kysely<Database>, website: Website, actor: Actor): Promise<{ taxRules: TaxRuleJson[]; pricesIncludeTax: boolean }> {
  authorize(actor, 'store-settings:read');
  return { taxRules: (await loadTaxRules(db, website.id)).map(taxRuleJson), pricesIncludeTax: pricesIncludeTaxOf(website) };
}

export async function createTaxRule(db: Kysely<Database>, website: Website, actor: Actor, body: TaxRuleBody): Promise<{ taxRule: TaxRuleJson }> {
  authorize(actor, 'store-settings:write');
  const { rule, errors } = readTaxRule(body);
  refuseIf(errors);
  // The count and the insert in one statement: two racing creations cannot both pass the cap.
  const inserted = await sql<{ id: string }>`
    INSERT INTO tax_rules (id, website_id, name, country, region, rate_basis_points, shipping_taxable)
    SELECT ${newId()}, ${website.id}, ${rule.name}, ${rule.country}, ${rule.region}, ${rule.rateBasisPoints}, ${rule.shippingTaxable}
    WHERE (SELECT count(*) FROM tax_rules WHERE website_id = ${website.id}) < ${LIMITS.taxRules}
    RETURNING id`.execute(db);
  if (inserted.rows.length === 0) throw conflict(MESSAGES.tooManyTaxRules);
  const row = await db.selectFrom('tax_rules').selectAll().where('id', '=', inserted.rows[0].id).executeTakeFirstOrThrow();
  return { taxRule: taxRuleJson(row) };
}

export async function replaceTaxRule(db: Kysely<Database>, website: Website, actor: Actor, ruleId: string, body: TaxRuleBody): Promise<{ taxRule: TaxRuleJson }> {
  authorize(actor, 'store-settings:write');
  const { rule, errors } = readTaxRule(body);
  refuseIf(errors);
  const row = await db
    .updateTable('tax_rules')
    .set({
      name: rule.name,
      country: rule.country,
      region: rule.region,
      rate_basis_points: rule.rateBasisPoints,
      shipping_taxable: rule.shippingTaxable,
      updated_at: sql`now()` as unknown as Date,
    })
    .where('website_id', '=', website.id)
    .where('id', '=', ruleId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound(MESSAGES.ruleNotFound);
  return { taxRule: taxRuleJson(row) };
}

export async function deleteTaxRule(db: Kysely<Database>, website: Website, actor: Actor, ruleId: string): Promise<{ deleted: true; id: string }> {
  authorize(actor, 'store-settings:write');
  const deleted = await db.deleteFrom('tax_rules').where('website_id', '=', website.id).where('id', '=', ruleId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw notFound(MESSAGES.ruleNotFound);
  return { deleted: true, id: ruleId };
}

// ---------------------------------------------------------------------------------------------
// Coupons

export async function listCoupons(db: Kysely<Database>, website: Website, actor: Actor): Promise<{ coupons: CouponJson[] }> {
  authorize(actor, 'store-settings:read');
  const rows = await db.selectFrom('coupons').selectAll().where('website_id', '=', website.id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return { coupons: rows.map(couponJson) };
}

export async function getCoupon(db: Kysely<Database>, website: Website, actor: Actor, couponId: string): Promise<{ coupon: CouponJson }> {
  authorize(actor, 'store-settings:read');
  const row = await db.selectFrom('coupons').selectAll().where('website_id', '=', website.id).where('id', '=', couponId).executeTakeFirst();
  if (!row) throw notFound(MESSAGES.couponNotFound);
  return { coupon: couponJson(row) };
}

/** A coupon body read and checked whole, its scope's ids against the store's products or collections. */
async function checkedCoupon(db: Kysely<Database>, website: Website, body: CouponBody): Promise<CouponRecord> {
  const { coupon, errors } = readCoupon(body);
  Object.assign(errors, await scopeIdErrors(db, website.id, coupon.scope, MESSAGES));
  refuseIf(errors);
  return coupon;
}

function couponColumns(coupon: CouponRecord) {
  return {
    code: coupon.code,
    code_normalised: coupon.codeNormalised,
    kind: coupon.kind,
    percent_basis_points: coupon.percentBasisPoints,
    amount_cents: coupon.amountCents,
    min_subtotal_cents: coupon.minSubtotalCents,
    starts_at: coupon.startsAt,
    ends_at: coupon.endsAt,
    usage_limit: coupon.usageLimit,
    per_customer_limit: coupon.perCustomerLimit,
    scope: JSON.stringify(coupon.scope),
    active: coupon.active,
    combines_with_automatic: coupon.combinesWithAutomaticDiscounts,
  };
}

const codeTaken = () => conflict(MESSAGES.codeTaken, { code: MESSAGES.codeTaken });

export async function createCoupon(db: Kysely<Database>, website: Website, actor: Actor, body: CouponBody): Promise<{ coupon: CouponJson }> {
  authorize(actor, 'store-settings:write');
  const coupon = await checkedCoupon(db, website, body);
  try {
    const row = await inTransaction(db, async (trx) => {
      const { n } = await trx.selectFrom('coupons').select((eb) => eb.fn.countAll<number>().as('n')).where('website_id', '=', website.id).executeTakeFirstOrThrow();
      if (Number(n) >= LIMITS.coupons) throw conflict(MESSAGES.tooManyCoupons);
      // The unique (website_id, code_normalised) index decides between two owners adding one code at once.
      return trx.insertInto('coupons').values({ id: newId(), website_id: website.id, ...couponColumns(coupon) }).returningAll().executeTakeFirstOrThrow();
    });
    return { coupon: couponJson(row) };
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

export async function replaceCoupon(db: Kysely<Database>, website: Website, actor: Actor, couponId: string, body: CouponBody): Promise<{ coupon: CouponJson }> {
  authorize(actor, 'store-settings:write');
  const coupon = await checkedCoupon(db, website, body);
  try {
    const row = await db
      .updateTable('coupons')
      .set({ ...couponColumns(coupon), updated_at: sql`now()` as unknown as Date })
      .where('website_id', '=', website.id)
      .where('id', '=', couponId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(MESSAGES.couponNotFound);
    return { coupon: couponJson(row) };
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

export async function deleteCoupon(db: Kysely<Database>, website: Website, actor: Actor, couponId: string): Promise<{ deleted: true; id: string }> {
  authorize(actor, 'store-settings:write');
  const deleted = await db.deleteFrom('coupons').where('website_id', '=', website.id).where('id', '=', couponId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw notFound(MESSAGES.couponNotFound);
  return { deleted: true, id: couponId };
}
