import type { Kysely, Selectable } from 'kysely';
import type { CouponJson, ShippingZoneJson, TaxRuleJson } from '@vitrine/contracts';
import type { CouponsTable, Database, ShippingRatesTable, ShippingZonesTable, TaxRulesTable } from '../db/schema';

/** The checkout settings' reads, and their rows as the API answers them. */

type ZoneRow = Selectable<ShippingZonesTable>;
type RateRow = Selectable<ShippingRatesTable>;
export type TaxRuleRow = Selectable<TaxRulesTable>;
export type CouponRow = Selectable<CouponsTable>;

export function rateJson(row: RateRow) {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    amountCents: row.amount_cents,
    freeOverCents: row.free_over_cents,
    weightTiers: row.weight_tiers,
  };
}

export function zoneJson(row: ZoneRow, rates: RateRow[]): ShippingZoneJson {
  return {
    id: row.id,
    name: row.name,
    locations: row.locations,
    rates: rates.map(rateJson),
    position: row.position,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function taxRuleJson(row: TaxRuleRow): TaxRuleJson {
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    region: row.region,
    rateBasisPoints: row.rate_basis_points,
    shippingTaxable: row.shipping_taxable,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function couponJson(row: CouponRow): CouponJson {
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
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The website's zones with their rates, in order; or the one zone `zoneId`. */
export async function loadZones(db: Kysely<Database>, websiteId: string, zoneId?: string): Promise<ShippingZoneJson[]> {
  let zonesQuery = db.selectFrom('shipping_zones').selectAll().where('website_id', '=', websiteId);
  if (zoneId !== undefined) zonesQuery = zonesQuery.where('id', '=', zoneId);
  const zones = await zonesQuery.orderBy('position').orderBy('id').execute();
  if (zones.length === 0) return [];
  const rates = await db
    .selectFrom('shipping_rates')
    .selectAll()
    .where(
      'zone_id',
      'in',
      zones.map((zone) => zone.id),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
  return zones.map((zone) => zoneJson(zone, rates.filter((rate) => rate.zone_id === zone.id)));
}

export async function loadTaxRules(db: Kysely<Database>, websiteId: string): Promise<TaxRuleRow[]> {
  return db
    .selectFrom('tax_rules')
    .selectAll()
    .where('website_id', '=', websiteId)
    .orderBy('country')
    .orderBy('region', (order) => order.nullsFirst())
    .orderBy('id')
    .execute();
}

/** A coupon's or an automatic discount's scope: the whole store, some of its products, or some of its collections. */
export type ProductScope = { kind: 'all' } | { kind: 'products'; productIds: string[] } | { kind: 'collections'; collectionIds: string[] };

/**
 * The first id of a scope that is not one of the website's products (or collections), as a field error on its path
 * (`scope.productIds.2`); none for the whole store. Coupons and automatic discounts check their scope alike.
 */
export async function scopeIdErrors(
  db: Kysely<Database>, websiteId: string, scope: ProductScope, messages: { unknownProduct: string; unknownCollection: string },
): Promise<Record<string, string>> {
  if (scope.kind === 'all') return {};
  const [table, key, ids, message] =
    scope.kind === 'products'
      ? (['products', 'productIds', scope.productIds, messages.unknownProduct] as const)
      : (['collections', 'collectionIds', scope.collectionIds, messages.unknownCollection] as const);
  const known = await existingIds(db, websiteId, table, ids);
  const missing = ids.findIndex((id) => !known.has(id));
  return missing === -1 ? {} : { [`scope.${key}.${missing}`]: message };
}

/** Which of `ids` are products (or collections) of the website. */
export async function existingIds(db: Kysely<Database>, websiteId: string, table: 'products' | 'collections', ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom(table).select('id').where('website_id', '=', websiteId).where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}
