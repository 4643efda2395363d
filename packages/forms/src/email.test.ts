import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, EMAIL_MIN_LENGTH, EMAIL_PATTERN, isValidEmail } from './email';

describe('the email rule of storefront §5 and §9', () => {
  it.each([
    ['ada@example.com', true],
    ["o'brien+shop/1=2?^`{|}~@mail.example.co.uk", true],
    ['a.b_c!#$%&*-@x-y.io', true],
    ['a@b.io', true],
    ['ada@example.museum', false],
    ['ada@example', false],
    ['ada example@example.com', false],
    ['@example.com', false],
    ['ada@@example.com', false],
    ['ada@example.com ', false],
    ['', false],
  ])('%s → %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  it('is 3 to 256 characters long', () => {
    expect([EMAIL_MIN_LENGTH, EMAIL_MAX_LENGTH]).toEqual([3, 256]);
    const domain = '@example.com';
    expect(isValidEmail('a'.repeat(256 - domain.length) + domain)).toBe(true);
    expect(isValidEmail('a'.repeat(257 - domain.length) + domain)).toBe(false);
    expect(EMAIL_PATTERN.test('a'.repeat(257 - domain.length) + domain)).toBe(true);
  });

  it('refuses what is not a string', () => {
    for (const value of [42, null, undefined, ['a@b.io'], { email: 'a@b.io' }]) expect(isValidEmail(value)).toBe(false);
  });
});
