import { describe, expect, it } from 'vitest';
import {
  UNLIMITED_STOCK, addToCartLabel, findVariant, fromPrice, isOnSale, isQuantityInputVisible, isSoldOut,
  normalPrice, productStatus, salePrice,
} from './product';
import type { ProductItem } from './types';

// Checked against the reference engine's plugin fixtures (in the conformance suite) by
// packages/template/src/conformance/commerce-fixtures.test.ts: commerce sits below template and does not read the suite.

function product(type: number | string, variants?: object[], extra: object = {}): ProductItem {
  return { structuredContent: { productType: type, ...(variants ? { variants } : {}), ...extra } } as ProductItem;
}

describe('sold out and on sale', () => {
  it.each([
    ['unlimited physical', product(1, [{ unlimited: true }]), false],
    ['digital', product(2), false],
    ['gift card', product(4, [{ qtyInStock: 0 }]), false],
    ['physical with stock', product(1, [{ qtyInStock: 3 }]), false],
    ['physical at zero', product(1, [{ qtyInStock: 0 }]), true],
    ['physical without variants', product(1, []), true],
    ['service at zero', product(3, [{ qtyInStock: 0 }, { qtyInStock: 0 }]), true],
    ['one of two variants left', product(1, [{ qtyInStock: 0 }, { qtyInStock: 1 }]), false],
    ['string product type', product('1', [{ qtyInStock: 0 }]), true],
  ])('%s → sold out %s', (_name, item, expected) => {
    expect(isSoldOut(item)).toBe(expected);
  });

  it('on sale: any variant for physical or service, the product flag for digital', () => {
    expect(isOnSale(product(1, [{ onSale: false }, { onSale: true }]))).toBe(true);
    expect(isOnSale(product(3, [{ onSale: false }]))).toBe(false);
    expect(isOnSale(product(2, undefined, { onSale: true }))).toBe(true);
    expect(isOnSale(product(2))).toBe(false);
  });

  it('label precedence: sold out, then sale, then nothing', () => {
    expect(productStatus(product(1, [{ onSale: true, qtyInStock: 0 }]))).toBe('sold-out');
    expect(productStatus(product(1, [{ onSale: true, qtyInStock: 4 }]))).toBe('sale');
    expect(productStatus(product(1, [{ qtyInStock: 4 }]))).toBeNull();
  });
});

describe('prices in minor units', () => {
  it('from-price is the lowest effective price', () => {
    expect(fromPrice(product(1, []))).toBe(0);
    expect(fromPrice(product(1, [{ priceMoney: { value: '1.00' } }, { priceMoney: { value: '2.00' } }]))).toBe(100);
    expect(fromPrice(product(1, [
      { priceMoney: { value: '1' } }, { onSale: true, salePriceMoney: { value: '.1' } },
      { priceMoney: { value: '.75' } }, { onSale: true, salePriceMoney: { value: '.5' } },
    ]))).toBe(10);
    expect(fromPrice(product(2, undefined, { priceMoney: { value: '7.50' } }))).toBe(750);
    expect(fromPrice(product(-1))).toBe(0);
  });

  it('normal price is the highest regular price; sale price the lowest sale price', () => {
    expect(normalPrice(product(1, [{ priceMoney: { value: '1.00' } }, { priceMoney: { value: '3.00' } }]))).toBe(300);
    expect(salePrice(product(1, [{ priceMoney: { value: '100' } }, { onSale: true, salePriceMoney: { value: '50' } }]))).toBe(5000);
    expect(salePrice(product(2, undefined, { onSale: true, salePriceMoney: { value: '100.00' } }))).toBe(10000);
    expect(salePrice(product(1, [{ priceMoney: { value: '1.00' } }]))).toBe(0);
  });

  it('reads integer cents when a variant has no money object', () => {
    expect(fromPrice(product(1, [{ price: 1250 }, { price: 990 }]))).toBe(990);
  });
});

describe('product page rules', () => {
  const sized = product(1, [
    { sku: 'S-RED', attributes: { Size: 'S', Color: 'Red' } },
    { sku: 'M-RED', attributes: { Size: 'M', Color: 'Red' } },
  ], { variantOptionOrdering: ['Size', 'Color'] });

  it('finds the variant matching every chosen option', () => {
    expect(findVariant(sized, { Size: 'M', Color: 'Red' })?.sku).toBe('M-RED');
    expect(findVariant(sized, { Size: 'M' })).toBeUndefined();
    expect(findVariant(product(1, [{ sku: 'ONLY' }]), {})?.sku).toBe('ONLY');
  });

  it('shows the quantity input for physical products with stock above 1, never for subscriptions', () => {
    expect(isQuantityInputVisible(product(1), undefined, 2)).toBe(true);
    expect(isQuantityInputVisible(product(1), undefined, 1)).toBe(false);
    expect(isQuantityInputVisible(product(3), undefined, 5)).toBe(true);
    expect(isQuantityInputVisible(product(3), { multipleQuantityAllowedForServices: false }, 5)).toBe(false);
    expect(isQuantityInputVisible(product(2), undefined, UNLIMITED_STOCK)).toBe(false);
    expect(isQuantityInputVisible(product(1, [], { isSubscribable: true }), undefined, 9)).toBe(false);
  });

  it('labels the button', () => {
    expect(addToCartLabel(product(1))).toBe('Add to Cart');
    expect(addToCartLabel(product(1), { expressCheckout: true })).toBe('Purchase');
    expect(addToCartLabel(product(1, [], { isSubscribable: true }))).toBe('Subscribe');
    expect(addToCartLabel(product(1, [], { useCustomAddButtonText: true, customAddButtonText: 'Add This' }))).toBe('Add This');
    expect(addToCartLabel(product(1, [], { useCustomAddButtonText: false, customAddButtonText: 'Add This' }))).toBe('Add to Cart');
  });
});
