import { describe, expect, it } from 'vitest';
import type { Order } from '@vitrine/commerce';
import { isValidEmail } from './fields';
import { placeOrderContract } from './orders';
import { check, responseErrors } from './test-validator';

const EMAIL = 'Email is not valid.';
const CART_TOKEN = 'That checkout link is no longer valid.';
const fieldError = (field: string, message: string) => ({ message, errors: { [field]: message } });

describe('POST /api/commerce/orders', () => {
  const order = (body: unknown) => check(placeOrderContract, { body });

  it('accepts an email, with or without a cart token', () => {
    expect(order({ email: 'ada@example.com' })).toBeUndefined();
    expect(order({ email: 'ada@example.com', cartToken: 'Zm9vYmFy' })).toBeUndefined();
    expect(order({ email: 'ada@example.com', cartToken: null })).toBeUndefined();
  });

  it.each([
    ['missing', {}],
    ['not an address', { email: 'not-an-email' }],
    ['without a dotted domain', { email: 'a@b' }],
    ['a number', { email: 42 }],
    ['over 256 characters', { email: `${'a'.repeat(245)}@example.com` }],
    ['holding NUL', { email: 'ada\u0000@example.com' }],
  ])('refuses an email that is %s', (_name, body) => {
    expect(order(body)).toEqual(fieldError('email', EMAIL));
  });

  it('refuses a cart token that is not a short string', () => {
    expect(order({ email: 'ada@example.com', cartToken: 12 })).toEqual(fieldError('cartToken', CART_TOKEN));
    expect(order({ email: 'ada@example.com', cartToken: 't'.repeat(101) })).toEqual(fieldError('cartToken', CART_TOKEN));
  });

  it('refuses unknown fields (a client cannot send its own prices)', () => {
    expect(order({ email: 'ada@example.com', grandTotalCents: 1 })).toEqual(fieldError('grandTotalCents', 'Unknown field.'));
  });

  it('answers 201 with the Order', () => {
    const money = (value: string) => ({ value, currency: 'USD' });
    const placed: Order = {
      id: 'o1',
      orderNumber: 1001,
      purchasedCartId: 'c1',
      testMode: true,
      websiteId: 'w1',
      grandTotal: money('30.00'),
      shippingTotal: money('0.00'),
      taxTotal: money('0.00'),
      items: [{ sku: 'TOTE', productName: 'Canvas tote', quantity: 2, unitPrice: money('15.00'), kind: 'physical' }],
      email: 'ada@example.com',
      created: 1_763_000_000_000,
    };
    expect(responseErrors(placeOrderContract, 201, { order: placed })).toEqual([]);
    expect(responseErrors(placeOrderContract, 201, { order: { ...placed, grandTotal: 30 } })).not.toEqual([]);
    // The human number is a whole number, and every order has one.
    expect(responseErrors(placeOrderContract, 201, { order: { ...placed, orderNumber: '1001' } })).not.toEqual([]);
    const { orderNumber: _orderNumber, ...unnumbered } = placed;
    expect(responseErrors(placeOrderContract, 201, { order: unnumbered })).not.toEqual([]);
  });
});

describe('the email rule of storefront spec §5: one pattern for the schema and isValidEmail', () => {
  const schemaAccepts = (email: unknown) => check(placeOrderContract, { body: { email } }) === undefined;

  it.each([
    ['ada@example.com', true],
    ["o'brien+shop/1=2?^`{|}~@mail.example.co.uk", true],
    ['a@b.io', true],
    ['ada@example.museum', false],
    ['ada@example', false],
    ['ada example@example.com', false],
    ['@example.com', false],
    ['ada@@example.com', false],
    ['', false],
  ])('%s → %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
    expect(schemaAccepts(email)).toBe(valid);
  });

  it('both refuse what is not a string', () => {
    expect(isValidEmail(42)).toBe(false);
    expect(schemaAccepts(42)).toBe(false);
  });
});
