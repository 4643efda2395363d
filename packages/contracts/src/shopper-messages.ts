/**
 * Words and numbers the shopper's browser needs, kept free of schema code so the storefront bundle can
 * import them (`@vitrine/contracts/shopper-messages`) without TypeBox. The server imports them through
 * the package's front, which re-exports this file.
 */
import { EN_CAPTCHA, EN_RESTOCK, EN_RESTOCK_TEXTS } from '@vitrine/format/catalogs/en';

/** Storefront spec §5: the restock form's messages. */
export const RESTOCK_MESSAGES = EN_RESTOCK;

/**
 * The restock box's texts when the store has not written its own (restockNotificationMessages; the
 * spec names the keys, not their default words, except 'Signed up!').
 */
export const RESTOCK_DEFAULT_TEXTS = EN_RESTOCK_TEXTS;
export type RestockTextKey = keyof typeof RESTOCK_DEFAULT_TEXTS;
export const RESTOCK_TEXT_KEYS = Object.keys(RESTOCK_DEFAULT_TEXTS) as RestockTextKey[];

export const CAPTCHA_MESSAGES = EN_CAPTCHA;

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
