import { describe, expect, it } from 'vitest';
import {
  UNLIMITED_STOCK, addToCartLabel, findVariant, fromPrice, isOnSale, isQuantityInputVisible, isSoldOut,
  normalPrice, priceView, productStatus, salePrice, soldOutButtonLabel, variantOptions,
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

  it('orders options by variantOptionOrdering and values as the variants list them, never as text', () => {
    const shirt = product(1, [
      { sku: 'S-WHITE', attributes: { Size: 'S', Color: 'White' } },
      { sku: 'S-NAVY', attributes: { Size: 'S', Color: 'Navy' } },
      { sku: 'M-WHITE', attributes: { Size: 'M', Color: 'White' } },
      { sku: 'M-NAVY', attributes: { Size: 'M', Color: 'Navy' } },
    ], { variantOptionOrdering: ['Size', 'Color'] });
    expect(variantOptions(shirt)).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Color', values: ['White', 'Navy'] },
    ]);
    const giftCard = product(4, [
      { sku: 'G25', attributes: { Amount: '$25.00' } },
      { sku: 'G50', attributes: { Amount: '$50.00' } },
      { sku: 'G100', attributes: { Amount: '$100.00' } },
    ], { variantOptionOrdering: ['Amount'] });
    expect(variantOptions(giftCard)).toEqual([{ name: 'Amount', values: ['$25.00', '$50.00', '$100.00'] }]);
    // A merchant who lists sizes large first keeps that order; numbers are not re-sorted either.
    expect(variantOptions(product(1, [
      { attributes: { Size: 'XL' } }, { attributes: { Size: 'L' } }, { attributes: { Size: 'S' } },
    ]))).toEqual([{ name: 'Size', values: ['XL', 'L', 'S'] }]);
    expect(variantOptions(product(1, [{ attributes: { Pack: '100' } }, { attributes: { Pack: '25' } }]))[0]!.values)
      .toEqual(['100', '25']);
  });

  it('takes the option names from the variants when there is no ordering, and offers nothing for one variant', () => {
    expect(variantOptions(product(1, [
      { attributes: { Color: 'Red', Size: 'S' } }, { attributes: { Color: 'Blue', Size: 'S' } },
    ])).map((o) => o.name)).toEqual(['Color', 'Size']);
    expect(variantOptions(product(1, [{ attributes: { Size: 'S' } }]))).toEqual([]);
  });
});

describe('the product page price line', () => {
  const money = (value: string) => ({ value, currency: 'USD' });
  const shirt = product(1, [
    { sku: 'S', attributes: { Size: 'S' }, priceMoney: money('45.00') },
    { sku: 'M', attributes: { Size: 'M' }, priceMoney: money('48.00'), onSale: true, salePriceMoney: money('38.00') },
  ]);

  it('shows the from-price while the choice is incomplete and the variants differ', () => {
    expect(priceView(shirt, undefined)).toEqual({ from: true, priceCents: 3800, compareAtCents: null, savedCents: 0 });
  });

  it("shows the chosen variant's price, and its sale price beside the struck regular one", () => {
    const [small, medium] = shirt.structuredContent!.variants!;
    expect(priceView(shirt, small)).toEqual({ from: false, priceCents: 4500, compareAtCents: null, savedCents: 0 });
    expect(priceView(shirt, medium)).toEqual({ from: false, priceCents: 3800, compareAtCents: 4800, savedCents: 1000 });
  });

  it('reads a single variant, a uniform price and a digital product without a choice', () => {
    const tote = product(1, [{ priceMoney: money('30.00'), onSale: true, salePriceMoney: money('22.00') }]);
    expect(priceView(tote, undefined)).toEqual({ from: false, priceCents: 2200, compareAtCents: 3000, savedCents: 800 });
    const same = product(1, [{ attributes: { Size: 'S' }, priceMoney: money('5.00') }, { attributes: { Size: 'M' }, priceMoney: money('5.00') }]);
    expect(priceView(same, undefined)).toEqual({ from: false, priceCents: 500, compareAtCents: null, savedCents: 0 });
    const ebook = product(2, [], { priceMoney: money('15.00'), onSale: true, salePriceMoney: money('12.00') });
    expect(priceView(ebook, undefined)).toEqual({ from: false, priceCents: 1200, compareAtCents: 1500, savedCents: 300 });
  });

  it("labels the sold-out button with the store's text, else 'Sold Out'", () => {
    expect(soldOutButtonLabel('Gone for now')).toBe('Gone for now');
    expect(soldOutButtonLabel('  ')).toBe('Sold Out');
    expect(soldOutButtonLabel(undefined)).toBe('Sold Out');
  });
});
