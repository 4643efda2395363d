import { fromPrice, isOnSale, isSoldOut, normalPrice, salePrice, type ProductItem } from '@vitrine/commerce';
import { formatMoney } from '@vitrine/format/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, render } from '../index';

const run = (source: string, context: unknown, options = {}) => render(compile(source), context, options).output;

const variant = fc.record({
  price: fc.integer({ min: 0, max: 100_000 }),
  salePrice: fc.integer({ min: 0, max: 100_000 }),
  onSale: fc.boolean(),
  qtyInStock: fc.integer({ min: 0, max: 5 }),
  unlimited: fc.boolean(),
});
const product = fc.record({
  id: fc.constant('p1'),
  structuredContent: fc.record({ productType: fc.constantFrom(1, 2, 3, 4, -1), variants: fc.array(variant, { maxLength: 4 }) }),
}) as fc.Arbitrary<ProductItem>;

describe('commerce formatters and predicates', () => {
  it('agree with @vitrine/commerce on every product', () => {
    fc.assert(
      fc.property(product, (item) => {
        const out = run(
          '{.section item}{.sold-out?}S{.or}-{.end}{.on-sale?}O{.or}-{.end}|{@|from-price}|{@|normal-price}|{@|sale-price}{.end}',
          { item },
        );
        const expected = `${isSoldOut(item) ? 'S' : '-'}${isOnSale(item) ? 'O' : '-'}|${fromPrice(item)}|${normalPrice(item)}|${salePrice(item)}`;
        expect(out).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('formats prices in the store currency, JPY without decimals', () => {
    const item = { structuredContent: { productType: 2, priceMoney: { currency: 'JPY', value: '2500' } } };
    expect(run('{@|product-price}', item)).toBe('<div class="product-price">\n<span class="sqs-money-native">2,500</span>\n</div>');
    const cldr = { ...item, featureFlags: { useCLDRMoneyFormat: true } };
    expect(run('{@|product-price}', cldr, { locale: 'ja-JP' })).toBe(
      `<div class="product-price">\n${formatMoney(2500, 'JPY', { locale: 'ja-JP' })}\n</div>`,
    );
  });

  it('writes the sold-out mark with the merchant text escaped', () => {
    const context = {
      id: 'x',
      structuredContent: { productType: 1, variants: [{ qtyInStock: 0 }] },
      productMerchandisingContext: { x: { customSoldOutText: '<b>Gone</b>' } },
    };
    expect(run('{@|product-status}', context)).toBe('<div class="product-mark sold-out">&lt;b&gt;Gone&lt;/b&gt;</div>');
  });

  it('hides the quantity input when only one unit could be bought', () => {
    const item = { id: 'i', structuredContent: { productType: 1, variants: [{ qtyInStock: 1 }] } };
    expect(run('{item|quantity-input}', { item })).toBe('');
    item.structuredContent.variants[0]!.qtyInStock = 2;
    expect(run('{item|quantity-input}', { item })).toContain('max="9999" min="1"');
  });
});
