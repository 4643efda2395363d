import { describe, expect, it } from 'vitest';
import {
  ADD_TO_CART_MESSAGES, errorDialogTitle, hasStockBeyondCart, missingOptionsMessage, parseQuantity,
  validateAddToCart,
} from './add-to-cart';
import type { ProductItem } from './types';

const tee: ProductItem = {
  id: 'tee',
  structuredContent: {
    productType: 1,
    variantOptionOrdering: ['Size', 'Color'],
    variants: [
      { sku: 'TEE-S-RED', attributes: { Size: 'S', Color: 'Red' }, price: 2500, qtyInStock: 3 },
      { sku: 'TEE-M-RED', attributes: { Size: 'M', Color: 'Red' }, price: 2500, qtyInStock: 0 },
      { sku: 'TEE-S-BLUE', attributes: { Size: 'S', Color: 'Blue' }, price: 2500, unlimited: true },
    ],
  },
};

describe('missing option messages', () => {
  it.each([
    [['Size'], 'Please select the Size option.'],
    [['Size', 'Color'], 'Please select the Size and Color options.'],
    [['Size', 'Color', 'Fit'], 'Please select the Size, Color and Fit options.'],
  ])('%j → %s', (names, message) => {
    expect(missingOptionsMessage(names)).toBe(message);
  });
});

describe('quantity', () => {
  it.each([
    ['abc', 'Quantity must be a number.'],
    ['', 'Quantity must be a number.'],
    [null, 'Quantity must be a number.'],
    [Number.NaN, 'Quantity must be a number.'],
    [1.5, 'Quantity must be a whole number'],
    ['2.5', 'Quantity must be a whole number'],
    [0, 'Quantity must be between 1 and 9999.'],
    [10000, 'Quantity must be between 1 and 9999.'],
    [-1, 'Quantity must be between 1 and 9999.'],
    ['-1', 'Quantity must be between 1 and 9999.'],
    // A quantity in a string is plain decimal digits: Number() alone would read these as 16, 1000, 2 and 1.
    ['0x10', 'Quantity must be a number.'],
    ['1e3', 'Quantity must be a number.'],
    ['0b10', 'Quantity must be a number.'],
    ['+1', 'Quantity must be a number.'],
    ['Infinity', 'Quantity must be a number.'],
  ])('%j is refused with %s', (input, message) => {
    expect(parseQuantity(input)).toEqual({ ok: false, message });
  });

  it.each([[1, 1], ['9999', 9999], [' 3 ', 3]])('%j is read as %d', (input, quantity) => {
    expect(parseQuantity(input)).toEqual({ ok: true, quantity });
  });
});

describe('validateAddToCart', () => {
  it('names the options still to choose', () => {
    expect(validateAddToCart({ product: tee, selectedOptions: {}, quantity: 1 })).toMatchObject({
      ok: false, message: 'Please select the Size and Color options.',
    });
    expect(validateAddToCart({ product: tee, selectedOptions: { Size: 'S' }, quantity: 1 })).toMatchObject({
      ok: false, message: 'Please select the Color option.',
    });
  });

  it('refuses an unknown sku as an unavailable variant', () => {
    expect(validateAddToCart({ product: tee, sku: 'NOPE', quantity: 1 })).toMatchObject({
      ok: false, message: ADD_TO_CART_MESSAGES.variantUnavailable,
    });
  });

  it('counts what is already in the cart against stock', () => {
    expect(validateAddToCart({ product: tee, sku: 'TEE-S-RED', quantity: 3 })).toMatchObject({ ok: true, quantity: 3 });
    expect(validateAddToCart({ product: tee, sku: 'TEE-S-RED', quantity: 2, quantityInCart: 2 })).toMatchObject({
      ok: false, message: 'Sorry, we do not have enough of that item available.',
    });
    expect(validateAddToCart({ product: tee, sku: 'TEE-M-RED', quantity: 1 })).toMatchObject({
      ok: false, message: 'Sorry, we do not have enough of that item available.',
    });
    expect(validateAddToCart({ product: tee, sku: 'TEE-S-BLUE', quantity: 9999, quantityInCart: 9999 })).toMatchObject({ ok: true });
  });

  it('checks stock before quantity when the product has additional fields', () => {
    const withForm: ProductItem = {
      structuredContent: { ...tee.structuredContent, additionalFieldsFormId: 'form-1' },
    };
    expect(validateAddToCart({ product: withForm, sku: 'TEE-M-RED', quantity: 'abc' })).toMatchObject({
      ok: false, message: ADD_TO_CART_MESSAGES.notEnoughStock,
    });
    expect(validateAddToCart({ product: tee, sku: 'TEE-M-RED', quantity: 'abc' })).toMatchObject({
      ok: false, message: 'Quantity must be a number.',
    });
  });

  it('asks for a gift card denomination', () => {
    const giftCard: ProductItem = {
      structuredContent: {
        productType: 4,
        variants: [{ sku: 'GC-25', attributes: { Value: '25' } }, { sku: 'GC-50', attributes: { Value: '50' } }],
      },
    };
    expect(validateAddToCart({ product: giftCard, quantity: 1 })).toMatchObject({
      ok: false, message: 'Select a denomination for the Gift Card',
    });
    expect(validateAddToCart({ product: giftCard, sku: 'GC-50', quantity: 1 })).toMatchObject({ ok: true });
  });

  it('allows one unit of a service when the store does not allow several', () => {
    const consultation: ProductItem = { structuredContent: { productType: 3, variants: [{ sku: 'CONSULT', unlimited: true }] } };
    const single = { multipleQuantityAllowedForServices: false };
    expect(validateAddToCart({ product: consultation, quantity: 1, settings: single })).toMatchObject({ ok: true });
    expect(validateAddToCart({ product: consultation, quantity: 2, settings: single })).toMatchObject({
      ok: false, message: 'Sorry, only one of this service can be added to the cart.',
    });
    expect(validateAddToCart({ product: consultation, quantity: 1, quantityInCart: 1, settings: single })).toMatchObject({ ok: false });
    expect(validateAddToCart({ product: consultation, quantity: 5 })).toMatchObject({ ok: true, quantity: 5 });
  });

  it('never runs out of digital goods', () => {
    const ebook: ProductItem = { structuredContent: { productType: 2, variants: [{ sku: 'EBOOK', qtyInStock: 0 }] } };
    expect(validateAddToCart({ product: ebook, quantity: 5 })).toMatchObject({ ok: true, quantity: 5 });
  });
});

describe('stock beyond the cart (additional-fields products)', () => {
  it('passes when any record is unlimited or holds more than the cart has', () => {
    expect(hasStockBeyondCart([{ qtyInStock: 2 }], 1)).toBe(true);
    expect(hasStockBeyondCart([{ qtyInStock: 2 }], 2)).toBe(false);
    expect(hasStockBeyondCart([{ qtyInStock: 0 }, { unlimited: true }], 50)).toBe(true);
  });
});

describe('error dialog titles', () => {
  it('depend on the flow', () => {
    expect(errorDialogTitle(tee)).toBe('Unable to Add Item');
    expect(errorDialogTitle(tee, { expressCheckout: true })).toBe('Unable to Purchase Item');
    expect(errorDialogTitle({ structuredContent: { productType: 4 } })).toBe('Unable to purchase Gift Card');
  });
});
