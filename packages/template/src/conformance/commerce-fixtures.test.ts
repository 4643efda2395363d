// @vitrine/commerce's rules against the reference engine's published fixtures for its commerce helpers
// (`cases/plugins/*.json` in the conformance suite). It lives here, not in commerce, because commerce sits below
// template and the suite's location is found by template's conformance helpers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  UNLIMITED_STOCK, hasVariants, hasVariedPrices, isMultipleQuantityAllowedForServices, totalStockRemaining,
  variantOptions, type ProductItem,
} from '@vitrine/commerce';
import { expect, it } from 'vitest';
import { describeWithConformanceSuite } from './describe-with-suite';

/** The fixtures' format: `:name` lines, each followed by one JSON value. */
function readFixtureSections(file: string): Map<string, unknown> {
  const text = readFileSync(file, 'utf8');
  const sections = new Map<string, unknown>();
  for (const block of text.split(/^:/m).slice(1)) {
    const newline = block.indexOf('\n');
    sections.set(block.slice(0, newline).trim(), JSON.parse(block.slice(newline + 1)));
  }
  return sections;
}

describeWithConformanceSuite('commerce rules agree with the reference fixtures', (suite) => {
  const readSections = (file: string) => readFixtureSections(join(suite, 'cases/plugins', file));

  it('hasVariedPrices agrees with has-varied-prices.json', () => {
    for (const [name, item] of readSections('has-varied-prices.json')) {
      expect(hasVariedPrices(item as ProductItem), name).toBe(name.endsWith('-true'));
    }
  });

  it('hasVariants agrees with has-variants.json', () => {
    for (const [name, item] of readSections('has-variants.json')) {
      expect(hasVariants(item as ProductItem), name).toBe(name.endsWith('-true'));
    }
  });

  it('variantOptions agrees with get-item-variant-options.json', () => {
    const sections = readSections('get-item-variant-options.json');
    for (const [name, item] of sections) {
      if (name.endsWith('-expected')) continue;
      expect(variantOptions(item as ProductItem), name).toEqual(sections.get(`${name}-expected`));
    }
  });

  it('totalStockRemaining agrees with get-total-stock-remaining.json', () => {
    const expected: Record<string, number> = {
      'getTotalStock-unlimited-physical': UNLIMITED_STOCK,
      'getTotalStock-digital': UNLIMITED_STOCK,
      'getTotalStock-six-service': 6,
      'getTotalStock-0-physical': 0,
      'getTotalStock-0-physical-2': 0,
      'getTotalStock-unknown': 0,
    };
    for (const [name, item] of readSections('get-total-stock-remaining.json')) {
      expect(totalStockRemaining(item as ProductItem), name).toBe(expected[name]);
    }
  });

  it('isMultipleQuantityAllowedForServices agrees with its fixture (default true)', () => {
    for (const [name, context] of readSections('is-multi-quantity-allowed-for-services.json')) {
      const settings = (context as { storeSettings: object }).storeSettings;
      expect(isMultipleQuantityAllowedForServices(settings), name).toBe(name.endsWith('-true'));
    }
  });
});
