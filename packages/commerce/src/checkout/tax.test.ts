import { describe, expect, it } from 'vitest';
import { applicableTaxRules, computeTax, taxPerRule } from './tax';
import type { TaxRule } from './types';

const rule = (id: string, country: string, region: string | null, rateBasisPoints: number, shippingTaxable = false): TaxRule => ({
  id, name: id, country, region, rateBasisPoints, shippingTaxable,
});

const rules = [
  rule('us', 'US', null, 100),
  rule('ca', 'US', 'CA', 725),
  rule('ny', 'US', 'NY', 400),
  rule('pr', 'PR', null, 1150), // a rule for the territory: the US region PR
  rule('fr', 'FR', null, 2000, true),
];

describe('applicableTaxRules', () => {
  it('adds the country-wide rules and the exact region’s', () => {
    expect(applicableTaxRules({ country: 'US', region: 'CA' }, rules).map((r) => r.id)).toEqual(['us', 'ca']);
    expect(applicableTaxRules({ country: 'us', region: 'tx' }, rules).map((r) => r.id)).toEqual(['us']);
    expect(applicableTaxRules({ country: 'FR', region: 'IDF' }, rules).map((r) => r.id)).toEqual(['fr']);
    expect(applicableTaxRules(null, rules)).toEqual([]);
  });

  it('treats PR as the US with PR as the region', () => {
    expect(applicableTaxRules({ country: 'PR', region: null }, rules).map((r) => r.id)).toEqual(['us', 'pr']);
  });
});

describe('taxPerRule', () => {
  it('computes the formulas exactly, with half-even ties', () => {
    // 1000 × 825 / 10000 = 82.5 → 82 (even)
    expect(taxPerRule(1000, [825], false)).toEqual([82]);
    // 1100 × 825 / 10000 = 90.75 → 91
    expect(taxPerRule(1100, [825], false)).toEqual([91]);
    // country 1 %: 10; California 7.25 %: 72.5 → 72 (even)
    expect(taxPerRule(1000, [100, 725], false)).toEqual([10, 72]);
    // 1,000 × 350 / 10000 = 35 exactly
    expect(taxPerRule(1000, [350], false)).toEqual([35]);
    // 1030 × 250 / 10000 = 25.75 → 26; 1020 × 250 / 10000 = 25.5 → 26 (even); 1060 → 26.5 → 26 (even)
    expect(taxPerRule(1030, [250], false)).toEqual([26]);
    expect(taxPerRule(1020, [250], false)).toEqual([26]);
    expect(taxPerRule(1060, [250], false)).toEqual([26]);
    // inclusive 20 %: 1200 − 1200 × 10000 / 12000 (= 1000) = 200
    expect(taxPerRule(1200, [2000], true)).toEqual([200]);
    // inclusive 20 %: 999 × 10000 / 12000 = 832.5 → 832 (even); 999 − 832 = 167
    expect(taxPerRule(999, [2000], true)).toEqual([167]);
    // JPY inclusive 10 %: ¥1,100 → 1100 − 1000 = 100
    expect(taxPerRule(1100, [1000], true)).toEqual([100]);
    // inclusive 5 % + 10 % (Σ 1500): 1000 × 10000 / 11500 = 869.56 → 870; tax 130 split 5:10 → 43.33, 86.67
    // → floors 43, 86 (= 129), the cent left to the higher rate → [43, 87]
    expect(taxPerRule(1000, [500, 1000], true)).toEqual([43, 87]);
    expect(taxPerRule(0, [2000], true)).toEqual([0]);
    expect(taxPerRule(1000, [0], true)).toEqual([0]);
  });
});

describe('computeTax', () => {
  it('taxes each line after its discount, and the shipping only under shipping-taxable rules', () => {
    const applicable = [rule('country', 'US', null, 500, true), rule('state', 'US', 'CA', 700, false)];
    const result = computeTax(
      [
        { amountCents: 1000, discountCents: 100 }, // 900: 5 % = 45, 7 % = 63 → 108
        { amountCents: 2000 }, // 5 % = 100, 7 % = 140 → 240
        { amountCents: 5000, taxable: false }, // a gift card: 0
      ],
      { amountCents: 1000 }, // shipping: 5 % only (state rule does not tax shipping) = 50
      applicable,
      { pricesIncludeTax: false },
    );
    expect(result.lineTaxCents).toEqual([108, 240, 0]);
    expect(result.shippingTaxCents).toBe(50);
    expect(result.taxCents).toBe(398);
    expect(result.byRule.map((r) => [r.id, r.taxCents])).toEqual([['country', 195], ['state', 203]]);
  });

  it('is zero without rules', () => {
    expect(computeTax([{ amountCents: 1000 }], 500, [], { pricesIncludeTax: true }).taxCents).toBe(0);
  });
});
