import { describe, expect, it } from 'vitest';
import { ADD_TO_CART_MESSAGES } from '@vitrine/commerce';
import { addCartEntryContract } from './cart';
import { CRUMB_MESSAGES, HTTP_MESSAGES, RATE_LIMIT_MESSAGE } from './messages';
import { signUpContract } from './site-users';
import { formatValidationErrors, type ValidationIssue } from './validation';

const issue = (instancePath: string, keyword: string, params: Record<string, unknown> = {}): ValidationIssue => ({
  instancePath,
  keyword,
  params,
  message: 'Ajv wording, never shown',
});

describe('formatValidationErrors', () => {
  it('keys a field by the first segment of its path and takes its message from the contract', () => {
    const errors = [issue('/quantity', 'type'), issue('/quantity', 'pattern'), issue('/quantity', 'anyOf')];
    expect(formatValidationErrors(errors, 'body', addCartEntryContract)).toEqual({
      message: 'Quantity must be a number.',
      errors: { quantity: 'Quantity must be a number.' },
    });
  });

  it('names a missing field by missingProperty and an unknown one by additionalProperty', () => {
    const errors = [issue('', 'additionalProperties', { additionalProperty: 'price' }), issue('', 'required', { missingProperty: 'itemId' })];
    expect(formatValidationErrors(errors, 'body', addCartEntryContract)).toEqual({
      message: 'itemId must be a product id.',
      errors: { itemId: 'itemId must be a product id.', price: 'Unknown field.' },
    });
  });

  it('picks a message by keyword when the annotation has several', () => {
    expect(formatValidationErrors([issue('/password', 'maxLength', { limit: 200 })], 'body', signUpContract).errors).toEqual({
      password: 'Password must be at most 200 characters.',
    });
    expect(formatValidationErrors([issue('', 'required', { missingProperty: 'password' })], 'body', signUpContract).errors).toEqual({
      password: 'Password must be at least 8 characters.',
    });
  });

  it('answers a body that is not an object without field errors', () => {
    expect(formatValidationErrors([issue('', 'type', { type: 'object' })], 'body', addCartEntryContract)).toEqual({
      message: HTTP_MESSAGES.bodyNotObject,
    });
  });

  it('still names fields without a contract, in generic words', () => {
    expect(formatValidationErrors([issue('/mock', 'type')], 'querystring')).toEqual({
      message: 'mock is not valid.',
      errors: { mock: 'mock is not valid.' },
    });
    expect(formatValidationErrors([issue('', 'type')], 'headers')).toEqual({ message: HTTP_MESSAGES.invalidRequest });
    expect(formatValidationErrors([], 'body')).toEqual({ message: HTTP_MESSAGES.invalidRequest });
  });

  it('decodes JSON Pointer escapes and keeps odd names as plain fields', () => {
    const errors = [issue('/a~1b', 'type'), issue('', 'additionalProperties', { additionalProperty: '__proto__' })];
    const body = formatValidationErrors(errors, 'body');
    expect(body.message).toBe('a/b is not valid.');
    expect(Object.keys(body.errors ?? {})).toEqual(['a/b', '__proto__']);
    expect(Object.getPrototypeOf(body.errors)).toBe(Object.prototype);
  });

  it('lists an unknown field once, and not over a known field', () => {
    const errors = [
      issue('', 'additionalProperties', { additionalProperty: 'qty' }),
      issue('', 'additionalProperties', { additionalProperty: 'qty' }),
    ];
    expect(formatValidationErrors(errors, 'body', addCartEntryContract)).toEqual({ message: 'Unknown field.', errors: { qty: 'Unknown field.' } });
  });
});

describe('messages written once', () => {
  it('the crumb and 429 texts are commerce\'s (storefront spec §8)', () => {
    expect(CRUMB_MESSAGES).toEqual({
      sessionExpired: 'Your session has expired. Please reload the page and try again.',
      enableCookies: 'Please enable cookies in your browser, reload the page, and try again.',
    });
    expect(CRUMB_MESSAGES.sessionExpired).toBe(ADD_TO_CART_MESSAGES.sessionExpired);
    expect(RATE_LIMIT_MESSAGE).toBe('Please try again in a few seconds.');
  });
});
