import type { Kysely } from 'kysely';
import type { CouponScope, ShippingZoneLocation, WeightTier } from '@vitrine/contracts';
import type { Database } from '../db/schema';
import { stableId } from '../ids';
import { normaliseCouponCode } from './rules';

/**
 * The demo store's checkout settings (issue 17: "the demo store ships to a few zones with tax and a demo coupon"),
 * written with the rest of the demo in the first start's seed transaction (demo-site.ts), so only on a fresh seed.
 * Ids derive from names, the same on every database. Amounts in the demo's currency (USD), minor units.
 */

export const DEMO_COUPON_CODE = 'WELCOME10';

interface DemoZone {
  key: string;
  name: string;
  locations: ShippingZoneLocation[];
  rates: { key: string; name: string; kind: 'flat' | 'weight' | 'free-over'; amountCents: number; freeOverCents?: number; weightTiers?: WeightTier[] }[];
}

export const DEMO_SHIPPING_ZONES: DemoZone[] = [
  {
    key: 'us',
    name: 'United States',
    locations: [{ country: 'US', regions: null }],
    rates: [
      { key: 'standard', name: 'Standard', kind: 'free-over', amountCents: 6_00, freeOverCents: 100_00 },
      { key: 'express', name: 'Express', kind: 'flat', amountCents: 18_00 },
    ],
  },
  {
    key: 'canada',
    name: 'Canada',
    locations: [{ country: 'CA', regions: null }],
    rates: [{ key: 'standard', name: 'Standard', kind: 'flat', amountCents: 14_00 }],
  },
  {
    key: 'europe',
    name: 'Europe',
    locations: ['AT', 'BE', 'DE', 'DK', 'ES', 'FI', 'FR', 'IE', 'IT', 'LU', 'NL', 'PT', 'SE'].map((country) => ({ country, regions: null })),
    rates: [
      {
        key: 'international',
        name: 'International',
        kind: 'weight',
        amountCents: 0,
        weightTiers: [
          { upToGrams: 500, amountCents: 12_00 },
          { upToGrams: 2_000, amountCents: 22_00 },
          { upToGrams: 10_000, amountCents: 39_00 },
        ],
      },
    ],
  },
];

export const DEMO_TAX_RULES = [
  { key: 'us-ca', name: 'California sales tax', country: 'US', region: 'CA', rateBasisPoints: 725, shippingTaxable: false },
  { key: 'us-ny', name: 'New York sales tax', country: 'US', region: 'NY', rateBasisPoints: 400, shippingTaxable: false },
  { key: 'de', name: 'Germany VAT', country: 'DE', region: null, rateBasisPoints: 1900, shippingTaxable: true },
  { key: 'fr', name: 'France VAT', country: 'FR', region: null, rateBasisPoints: 2000, shippingTaxable: false },
];

export async function seedDemoCheckoutSettings(trx: Kysely<Database>, websiteId: string, websiteIdentifier: string): Promise<void> {
  for (const [position, zone] of DEMO_SHIPPING_ZONES.entries()) {
    const zoneId = stableId(`shipping-zone:${websiteIdentifier}:${zone.key}`);
    await trx.insertInto('shipping_zones').values({ id: zoneId, website_id: websiteId, name: zone.name, locations: JSON.stringify(zone.locations), position }).execute();
    await trx
      .insertInto('shipping_rates')
      .values(
        zone.rates.map((rate, ratePosition) => ({
          id: stableId(`shipping-rate:${websiteIdentifier}:${zone.key}:${rate.key}`),
          zone_id: zoneId,
          name: rate.name,
          kind: rate.kind,
          amount_cents: rate.amountCents,
          free_over_cents: rate.freeOverCents ?? null,
          weight_tiers: rate.weightTiers ? JSON.stringify(rate.weightTiers) : null,
          position: ratePosition,
        })),
      )
      .execute();
  }
  await trx
    .insertInto('tax_rules')
    .values(
      DEMO_TAX_RULES.map((rule) => ({
        id: stableId(`tax-rule:${websiteIdentifier}:${rule.key}`),
        website_id: websiteId,
        name: rule.name,
        country: rule.country,
        region: rule.region,
        rate_basis_points: rule.rateBasisPoints,
        shipping_taxable: rule.shippingTaxable,
      })),
    )
    .execute();
  const scope: CouponScope = { kind: 'all' };
  await trx
    .insertInto('coupons')
    .values({
      id: stableId(`coupon:${websiteIdentifier}:${DEMO_COUPON_CODE}`),
      website_id: websiteId,
      code: DEMO_COUPON_CODE,
      code_normalised: normaliseCouponCode(DEMO_COUPON_CODE),
      kind: 'percentage',
      percent_basis_points: 1000,
      min_subtotal_cents: 30_00,
      scope: JSON.stringify(scope),
    })
    .execute();
}
