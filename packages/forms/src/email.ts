/**
 * The email rule of storefront spec §5 and §9, written once. Site forms, the newsletter, checkout, site-user
 * accounts and restock sign-ups all check an address with it; `@vitrine/contracts` re-exports it for request
 * schemas (its `EmailSchema` uses `EMAIL_PATTERN.source`).
 */

/** Storefront spec §9: an email is 3–256 characters. */
export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 256;

/**
 * Storefront spec §5: a local part of letters, digits and _ . ! # $ % & ' * + - / = ? ^ ` { | } ~, then @, then
 * dotted domain labels ending in 2–4 letters or digits.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9_.!#$%&'*+\-/=?^`{|}~]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z0-9]{2,4}$/;

/** Storefront spec §5: a string of 3–256 characters matching `EMAIL_PATTERN`. */
export function isValidEmail(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= EMAIL_MIN_LENGTH &&
    value.length <= EMAIL_MAX_LENGTH &&
    EMAIL_PATTERN.test(value)
  );
}
