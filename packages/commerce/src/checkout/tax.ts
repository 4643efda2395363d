import { normaliseLocation } from './location';
import { allocateProRata, roundHalfEven } from './rounding';
import type { AppliedTaxRule, ShippingLocation, TaxRule } from './types';

export const BASIS_POINTS = 10_000;

/** A rate clamped to 0..10000 whole basis points (the server validates; the engine never throws on a bad rule). */
export function clampBasisPoints(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return Math.min(BASIS_POINTS, Math.max(0, Math.trunc(value)));
}

/**
 * The rules that tax a location: every rule of its country with region null, then every rule of its exact region
 * (they add up: a state rate on top of a country rate). Rules' own places are normalised like locations, so a
 * rule for 'PR' is the US region PR. Each rule once (by id), in the order given within each group.
 */
export function applicableTaxRules<R extends TaxRule>(location: ShippingLocation | null, rules: readonly R[]): R[] {
  const where = normaliseLocation(location);
  if (!where) return [];
  const countryWide: R[] = [];
  const regional: R[] = [];
  const seen = new Set<string>();
  for (const rule of rules) {
    if (seen.has(rule.id)) continue;
    const place = normaliseLocation({ country: rule.country, region: rule.region });
    if (!place || place.country !== where.country) continue;
    if (place.region === null) countryWide.push(rule);
    else if (place.region === where.region) regional.push(rule);
    else continue;
    seen.add(rule.id);
  }
  return [...countryWide, ...regional];
}

/**
 * The tax in one amount, per rule, in minor units, half-even:
 * - exclusive (the amount is net): each rule's tax = roundHalfEven(net × bp / 10000);
 * - inclusive (the amount is gross, tax inside): the amount's tax = gross − roundHalfEven(gross × 10000 / (10000 + Σbp)),
 *   split across the rules pro rata by their rates (left-over cents to the highest rate, then the first listed).
 */
export function taxPerRule(amountCents: number, rates: readonly number[], pricesIncludeTax: boolean): number[] {
  const bps = rates.map(clampBasisPoints);
  if (amountCents <= 0) return bps.map(() => 0);
  if (!pricesIncludeTax) return bps.map((bp) => roundHalfEven(BigInt(amountCents) * BigInt(bp), BASIS_POINTS));
  const totalBp = bps.reduce((sum, bp) => sum + bp, 0);
  if (totalBp === 0) return bps.map(() => 0);
  const tax = amountCents - roundHalfEven(BigInt(amountCents) * BigInt(BASIS_POINTS), BASIS_POINTS + totalBp);
  return allocateProRata(tax, bps);
}

export interface TaxLine {
  /** The line's amount before discounts (unit price × quantity), net or gross as the store's prices are. */
  amountCents: number;
  /** The part of the order's discounts allocated to this line (taxed after it). */
  discountCents?: number;
  /** false: no tax on this line (gift cards). Default true. */
  taxable?: boolean;
}

export interface TaxResult {
  /** Σ of every line's and the shipping's tax. */
  taxCents: number;
  /** Per line, in the order given. */
  lineTaxCents: number[];
  shippingTaxCents: number;
  /** Each rule given, with its amount on this cart. */
  byRule: AppliedTaxRule[];
}

/**
 * Tax of a cart under the rules that apply (pass `applicableTaxRules(location, rules)`): per line after its
 * discount, then the shipping under the rules with shippingTaxable. Inclusive prices: the tax is inside the
 * amounts (the grand total does not add it); exclusive: it comes on top.
 */
export function computeTax(
  lines: readonly TaxLine[],
  shipping: number | { amountCents: number } | null,
  rules: readonly TaxRule[],
  options: { pricesIncludeTax: boolean },
): TaxResult {
  const perRule = rules.map(() => 0);
  const rates = rules.map((rule) => rule.rateBasisPoints);
  const lineTaxCents = lines.map((line) => {
    if (line.taxable === false) return 0;
    const taxed = Math.max(0, line.amountCents - Math.max(0, line.discountCents ?? 0));
    const parts = taxPerRule(taxed, rates, options.pricesIncludeTax);
    parts.forEach((part, index) => (perRule[index] = (perRule[index] ?? 0) + part));
    return parts.reduce((sum, part) => sum + part, 0);
  });

  const shippingCents = typeof shipping === 'number' ? shipping : (shipping?.amountCents ?? 0);
  const shippingRules = rules.map((rule, index) => ({ rule, index })).filter(({ rule }) => rule.shippingTaxable);
  const shippingParts = taxPerRule(shippingCents, shippingRules.map(({ rule }) => rule.rateBasisPoints), options.pricesIncludeTax);
  shippingParts.forEach((part, i) => {
    const index = (shippingRules[i] as { index: number }).index;
    perRule[index] = (perRule[index] ?? 0) + part;
  });
  const shippingTaxCents = shippingParts.reduce((sum, part) => sum + part, 0);

  const taxCents = lineTaxCents.reduce((sum, tax) => sum + tax, 0) + shippingTaxCents;
  return {
    taxCents,
    lineTaxCents,
    shippingTaxCents,
    byRule: rules.map((rule, index) => ({ ...rule, taxCents: perRule[index] ?? 0 })),
  };
}
