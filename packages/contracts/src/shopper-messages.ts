/**
 * Words and numbers the shopper's browser needs, kept free of schema code so the storefront bundle can
 * import them (`@vitrine/contracts/shopper-messages`) without TypeBox. The server imports them through
 * the package's front, which re-exports this file.
 */

/** Storefront spec §5: the restock form's messages. */
export const RESTOCK_MESSAGES = {
  emailBlank: 'Email cannot be blank',
  emailInvalid: 'Email is invalid',
  captchaMissing: 'Complete CAPTCHA before submitting.',
  success: 'Signed up!',
} as const;

/**
 * The restock box's texts when the store has not written its own (restockNotificationMessages; the
 * spec names the keys, not their default words, except 'Signed up!').
 */
export const RESTOCK_DEFAULT_TEXTS = {
  CTAText: 'Get notified by email when this product is back in stock.',
  placeholderText: 'Email address',
  buttonText: 'Sign up',
  mailingListDescription: 'Also send me news and offers by email',
  successText: RESTOCK_MESSAGES.success,
} as const;
export type RestockTextKey = keyof typeof RESTOCK_DEFAULT_TEXTS;
export const RESTOCK_TEXT_KEYS = Object.keys(RESTOCK_DEFAULT_TEXTS) as RestockTextKey[];

export const CAPTCHA_MESSAGES = {
  /** Storefront spec §5 and §8: a rendered challenge and no solution. */
  missing: 'Complete CAPTCHA before submitting.',
  /** Not in the spec: a solution that does not check out (forged, for another site, or not a solution at all). */
  invalid: 'The CAPTCHA could not be verified. Please try again.',
  /** Not in the spec: the challenge was older than its lifetime. */
  expired: 'The CAPTCHA has expired. Please try again.',
  /** Not in the spec: a solution already used once. */
  replayed: 'This CAPTCHA was already used. Please try again.',
} as const;

/**
 * The browser widget's errors (platform spec §8). They name the spec's provider; they keep their
 * meaning for our widget: a render failure (logged only), a solve asked for before the widget is set
 * up (rejected), and the page going away while the widget loads (rejected).
 */
export const CAPTCHA_WIDGET_ERRORS = {
  render: 'Error rendering captcha into node',
  notSetUp: 'ReCaptcha has not been set up!',
  destroyed: 'Document was destroyed',
} as const;

/** A widget narrower than this shows its compact size (platform spec §4). */
export const CAPTCHA_COMPACT_WIDTH_PX = 320;
