import { describe, expect, it } from 'vitest';
import { computeCartTotals, type CartEntry, type ShoppingCart } from '@vitrine/commerce';
import {
  addCartEntryContract,
  getShoppingCartContract,
  getStockContract,
  removeCartEntryContract,
  startExpressCheckoutContract,
  startSubscriptionContract,
  updateCartEntryAdditionalFieldsContract,
  updateCartEntryQuantityContract,
} from './cart';
import { check, responseErrors } from './test-validator';

const ITEM = '5f0c1e2d3a4b5c6d7e8f9a0b';
const ENTRY = '0a9f8e7d6c5b4a3d2e1c0f5e';
const QUANTITY = 'Quantity must be a number.';
const ITEM_ID = 'itemId must be a product id.';
const SKU = 'sku must be a string.';
const ADDITIONAL_FIELDS = 'additionalFields must be a JSON string.';
const ENTRY_ID = 'entryId must be a cart entry id.';
const fieldError = (field: string, message: string) => ({ message, errors: { [field]: message } });

describe('POST /api/commerce/shopping-cart/entries', () => {
  const add = (body: unknown) => check(addCartEntryContract, { body });
  const valid = { itemId: ITEM, sku: 'TOTE', quantity: 1 };

  it('accepts what the product form sends, and the shapes older clients send', () => {
    expect(add(valid)).toBeUndefined();
    expect(add({ ...valid, quantity: '5' })).toBeUndefined();
    expect(add({ itemId: ITEM, quantity: 1 })).toBeUndefined();
    expect(add({ ...valid, sku: null })).toBeUndefined();
    expect(add({ ...valid, additionalFields: '{"name":"Ada"}' })).toBeUndefined();
    expect(add({ ...valid, additionalFields: null })).toBeUndefined();
    expect(add({ ...valid, additionalFields: '' })).toBeUndefined();
    expect(add({ ...valid, additionalFields: 'x'.repeat(16_384) })).toBeUndefined();
  });

  it('leaves whole-number and range checks to parseQuantity', () => {
    expect(add({ ...valid, quantity: 1.5 })).toBeUndefined();
    expect(add({ ...valid, quantity: 0 })).toBeUndefined();
    expect(add({ ...valid, quantity: 10_000 })).toBeUndefined();
    expect(add({ ...valid, quantity: '0' })).toBeUndefined();
  });

  it('refuses a body that is not a JSON object', () => {
    for (const body of [[1, 2], 'hello', 42, null, undefined]) {
      expect(add(body)).toEqual({ message: 'The request body must be a JSON object.' });
    }
  });

  it.each([
    ['a number', 42],
    ['an object', { $ne: null }],
    ['empty', ''],
    ['65 characters', 'x'.repeat(65)],
    ['holding NUL', `${ITEM}\u0000`],
  ])('refuses an itemId that is %s', (_name, itemId) => {
    expect(add({ ...valid, itemId })).toEqual(fieldError('itemId', ITEM_ID));
  });

  it('refuses a missing itemId', () => {
    expect(add({ sku: 'TOTE', quantity: 1 })).toEqual(fieldError('itemId', ITEM_ID));
  });

  it.each([
    ['an array', ['TOTE']],
    ['a number', 7],
    ['101 characters', 'S'.repeat(101)],
    ['holding NUL', 'TO\u0000TE'],
  ])('refuses a sku that is %s', (_name, sku) => {
    expect(add({ ...valid, sku })).toEqual(fieldError('sku', SKU));
  });

  it.each([
    ['true', true],
    ['33 characters long', '1'.repeat(33)],
    ['"5\\u0000"', '5\u0000'],
    ['Infinity (JSON 1e400)', Infinity],
    ['null', null],
    ['an array', [1]],
  ])('refuses quantity %s with the spec message', (_name, quantity) => {
    expect(add({ ...valid, quantity })).toEqual(fieldError('quantity', QUANTITY));
  });

  it.each(['abc', '0x10', '1e3', '', '1.5', ' 5', '-1'])('leaves the string %j to the shared rule (parseQuantity), which words it', (quantity) => {
    expect(add({ ...valid, quantity })).toBeUndefined();
  });

  it('refuses a missing quantity with the spec message', () => {
    expect(add({ itemId: ITEM, sku: 'TOTE' })).toEqual(fieldError('quantity', QUANTITY));
  });

  it.each([
    ['an object', { a: 1 }],
    ['a number', 7],
    ['over 16,384 characters', 'x'.repeat(16_385)],
    ['holding NUL', '{"a":"\u0000"}'],
  ])('refuses additionalFields that is %s', (_name, additionalFields) => {
    expect(add({ ...valid, additionalFields })).toEqual(fieldError('additionalFields', ADDITIONAL_FIELDS));
  });

  it('refuses an unknown field', () => {
    expect(add({ ...valid, qty: 2 })).toEqual(fieldError('qty', 'Unknown field.'));
    expect(add({ ...valid, price: 0 })).toEqual(fieldError('price', 'Unknown field.'));
  });

  it('names every bad field; the message is the first one in the schema order, whatever the body order', () => {
    expect(add({ quantity: ['many'], foo: 1, itemId: 42 })).toEqual({
      message: ITEM_ID,
      errors: { itemId: ITEM_ID, quantity: QUANTITY, foo: 'Unknown field.' },
    });
  });

  it('changes nothing in the body: no coercion, no defaults, no stripping', () => {
    const body = { itemId: ITEM, quantity: '5' };
    expect(add(body)).toBeUndefined();
    expect(body).toEqual({ itemId: ITEM, quantity: '5' });
    const withExtra = { ...valid, extra: true };
    add(withExtra);
    expect(withExtra).toEqual({ ...valid, extra: true });
  });
});

describe('PUT /api/commerce/shopping-cart/entries/:entryId/quantity', () => {
  const put = (entryId: unknown, body: unknown) => check(updateCartEntryQuantityContract, { params: { entryId }, body });

  it('accepts a quantity for an entry', () => {
    expect(put(ENTRY, { quantity: 2 })).toBeUndefined();
    expect(put(ENTRY, { quantity: '2' })).toBeUndefined();
  });

  it.each([
    ['empty', ''],
    ['65 characters', 'e'.repeat(65)],
    ['holding NUL', 'ab\u0000'],
  ])('refuses an entryId that is %s, before looking at the body', (_name, entryId) => {
    expect(put(entryId, { quantity: 'x' })).toEqual(fieldError('entryId', ENTRY_ID));
  });

  it('refuses a bad or missing quantity and any other field', () => {
    expect(put(ENTRY, { quantity: [2] })).toEqual(fieldError('quantity', QUANTITY));
    expect(put(ENTRY, {})).toEqual(fieldError('quantity', QUANTITY));
    expect(put(ENTRY, { quantity: 2, itemId: ITEM })).toEqual(fieldError('itemId', 'Unknown field.'));
    expect(put(ENTRY, [2])).toEqual({ message: 'The request body must be a JSON object.' });
  });
});

describe('PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields', () => {
  const put = (body: unknown) => check(updateCartEntryAdditionalFieldsContract, { params: { entryId: ENTRY }, body });

  it('accepts new answers, with or without the sku', () => {
    expect(put({ itemId: ITEM, sku: 'TOTE', additionalFields: '{"name":"Ada"}' })).toBeUndefined();
    expect(put({ itemId: ITEM, additionalFields: '[]' })).toBeUndefined();
  });

  it('requires additionalFields as a string (that it parses is the server code\'s check)', () => {
    expect(put({ itemId: ITEM, sku: 'TOTE' })).toEqual(fieldError('additionalFields', ADDITIONAL_FIELDS));
    expect(put({ itemId: ITEM, sku: 'TOTE', additionalFields: null })).toEqual(fieldError('additionalFields', ADDITIONAL_FIELDS));
    expect(put({ itemId: ITEM, sku: 'TOTE', additionalFields: 7 })).toEqual(fieldError('additionalFields', ADDITIONAL_FIELDS));
  });

  it('requires the itemId and refuses other fields', () => {
    expect(put({ sku: 'TOTE', additionalFields: '{}' })).toEqual(fieldError('itemId', ITEM_ID));
    expect(put({ itemId: ITEM, additionalFields: '{}', quantity: 1 })).toEqual(fieldError('quantity', 'Unknown field.'));
  });
});

describe('DELETE /api/commerce/shopping-cart/entries/:entryId', () => {
  it('checks the entry id only', () => {
    expect(check(removeCartEntryContract, { params: { entryId: ENTRY } })).toBeUndefined();
    expect(check(removeCartEntryContract, { params: { entryId: '' } })).toEqual(fieldError('entryId', ENTRY_ID));
  });
});

describe('GET /api/commerce/shopping-cart', () => {
  const get = (querystring: unknown) => check(getShoppingCartContract, { querystring });

  it('accepts its three string parameters and any cache buster', () => {
    expect(get({})).toBeUndefined();
    expect(get({ mock: 'true', timecode: '1700000000000', calculateSubtotal: 'true', _: '123' })).toBeUndefined();
  });

  it('refuses a repeated parameter (an array) and NUL', () => {
    expect(get({ mock: ['true', 'false'] })).toEqual(fieldError('mock', 'mock is not valid.'));
    expect(get({ timecode: '1\u0000' })).toEqual(fieldError('timecode', 'timecode is not valid.'));
  });
});

describe('POST /api/3/commerce/cart/subscription', () => {
  const subscribe = (body: unknown) => check(startSubscriptionContract, { body });

  it('accepts itemId, sku, qty and additionalFields', () => {
    expect(subscribe({ itemId: ITEM, sku: 'COFFEE-MONTHLY', qty: 1 })).toBeUndefined();
    expect(subscribe({ itemId: ITEM, sku: 'COFFEE-MONTHLY', qty: '1', additionalFields: '{}' })).toBeUndefined();
  });

  it('calls the quantity qty: quantity is an unknown field there', () => {
    expect(subscribe({ itemId: ITEM, sku: 'COFFEE-MONTHLY', quantity: 1 })).toEqual({
      message: QUANTITY,
      errors: { qty: QUANTITY, quantity: 'Unknown field.' },
    });
    expect(subscribe({ itemId: ITEM, qty: { n: 1 } })).toEqual(fieldError('qty', QUANTITY));
  });
});

describe('POST /api/commerce/express-checkout', () => {
  const express = (body: unknown) => check(startExpressCheckoutContract, { body });

  it('takes what adding to the cart takes', () => {
    expect(express({ itemId: ITEM, sku: 'TOTE', quantity: 1 })).toBeUndefined();
    expect(express({ itemId: ITEM, sku: 'TOTE', quantity: false })).toEqual(fieldError('quantity', QUANTITY));
    expect(express({ itemId: ITEM, sku: 'TOTE', quantity: 1, email: 'a@example.com' })).toEqual(fieldError('email', 'Unknown field.'));
  });
});

describe('GET /api/commerce/inventory/stock/', () => {
  const stock = (querystring: unknown) => check(getStockContract, { querystring });

  it('needs one itemId; other keys are cache busters', () => {
    expect(stock({ itemId: ITEM })).toBeUndefined();
    expect(stock({ itemId: ITEM, _: '1' })).toBeUndefined();
  });

  it.each([
    ['missing', {}],
    ['empty', { itemId: '' }],
    ['repeated', { itemId: [ITEM, ITEM] }],
    ['holding NUL', { itemId: '\u0000' }],
    ['65 characters', { itemId: 'i'.repeat(65) }],
  ])('refuses an itemId that is %s', (_name, querystring) => {
    expect(stock(querystring)).toEqual(fieldError('itemId', ITEM_ID));
  });
});

describe('cart answers', () => {
  function entry(id: string, overrides: Partial<CartEntry> = {}): CartEntry {
    return {
      id,
      itemId: ITEM,
      chosenVariant: { id: 'v1', sku: 'TOTE', attributes: { Colour: 'Natural' } },
      quantity: 2,
      title: 'Canvas tote',
      subTotal: 3_000,
      purchasePriceCents: 1_500,
      additionalFields: null,
      productType: 1,
      isSubscription: false,
      url: '/shop/p/canvas-tote',
      imageUrl: null,
      ...overrides,
    };
  }

  function cartOf(entries: CartEntry[], id = 'c0ffee000000000000000001'): ShoppingCart {
    return {
      id,
      websiteId: 'w1',
      orderId: null,
      created: 1_763_000_000_000,
      isPurchased: false,
      entries,
      shippingOptions: [],
      selectedShippingOption: null,
      shippingLocation: null,
      applicableTaxRules: [],
      coupons: [],
      validCoupons: [],
      invalidCoupons: [],
      ...computeCartTotals(entries),
      currency: 'USD',
    };
  }

  const cart = cartOf([
    entry(ENTRY),
    entry('e2', { productType: 2, chosenVariant: { sku: 'EBOOK', attributes: {} }, additionalFields: '{"to":"Ada"}', imageUrl: '/a.svg' }),
  ]);

  it('a real cart with totals from computeCartTotals matches ShoppingCart', () => {
    expect(responseErrors(getShoppingCartContract, 200, cart)).toEqual([]);
    expect(responseErrors(getShoppingCartContract, 200, cartOf([], ''))).toEqual([]);
  });

  it('each cart call answers with it', () => {
    expect(responseErrors(addCartEntryContract, 200, { shoppingCart: cart, newlyAdded: cart.entries[0] })).toEqual([]);
    expect(responseErrors(updateCartEntryQuantityContract, 200, { shoppingCart: cart })).toEqual([]);
    expect(responseErrors(updateCartEntryAdditionalFieldsContract, 200, { shoppingCart: cart, updatedEntry: cart.entries[1] })).toEqual([]);
    expect(responseErrors(removeCartEntryContract, 200, { shoppingCart: cart })).toEqual([]);
    expect(responseErrors(startSubscriptionContract, 200, { cartToken: 'tok' })).toEqual([]);
    expect(responseErrors(startExpressCheckoutContract, 200, { cartToken: 'tok' })).toEqual([]);
  });

  it('keeps fields the schema does not list, and refuses a cart missing a spec field', () => {
    expect(responseErrors(getShoppingCartContract, 200, { ...cart, somethingNew: 1 })).toEqual([]);
    const { grandTotalCents: _dropped, ...withoutTotal } = cart;
    expect(responseErrors(getShoppingCartContract, 200, withoutTotal)).not.toEqual([]);
  });

  it('the stock answer', () => {
    const results = [
      { variantId: 'v1', sku: 'TOTE', unlimited: false, qtyInStock: 3 },
      { variantId: 'v2', sku: 'EBOOK', unlimited: true, qtyInStock: Number.MAX_SAFE_INTEGER },
    ];
    expect(responseErrors(getStockContract, 200, { results })).toEqual([]);
  });

  it('errors answer { message, errors?, crumbFail? }', () => {
    expect(responseErrors(addCartEntryContract, '4xx', { message: QUANTITY, errors: { quantity: QUANTITY } })).toEqual([]);
    expect(responseErrors(addCartEntryContract, '4xx', { message: 'Your session has expired.', crumbFail: true })).toEqual([]);
    expect(responseErrors(addCartEntryContract, '4xx', { message: 'x', crumbFail: false })).not.toEqual([]);
    expect(responseErrors(addCartEntryContract, '5xx', { message: 'Something went wrong. Please try again.' })).toEqual([]);
  });
});
