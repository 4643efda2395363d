/**
 * The English catalog: the specs' words, the source of truth every other catalog translates. The commerce, forms
 * and contracts constants (CART_MESSAGES, FORM_MESSAGES, RESTOCK_MESSAGES, …) are these very objects, so the
 * English a shopper reads is written once, here. Patterns are ICU MessageFormat: `{name}` is a placeholder;
 * none of these English patterns needs quoting, so each reads the same raw as formatted (catalogs.test.ts checks).
 * Each domain is a module of its own (en/): a bundler places modules, not exports, in chunks, so the page's
 * script carries the cart's words without the checkout's.
 */
import { EN_CART } from './en/cart';
import { EN_CART_LIMITS } from './en/cart-limits';
import { EN_ADD_TO_CART } from './en/add-to-cart';
import { EN_ERROR_DIALOG_TITLES } from './en/error-dialog-titles';
import { EN_ADDRESS } from './en/address';
import { EN_COUPON } from './en/coupon';
import { EN_GIFT_CARD } from './en/gift-card';
import { EN_EMAIL } from './en/email';
import { EN_FORM } from './en/form';
import { EN_FORM_SUBMISSION } from './en/form-submission';
import { EN_FIELD_RULES } from './en/field-rules';
import { EN_RESTOCK } from './en/restock';
import { EN_RESTOCK_TEXTS } from './en/restock-texts';
import { EN_CAPTCHA } from './en/captcha';
import { EN_THEME } from './en/theme';

export { EN_CART, EN_CART_LIMITS, EN_ADD_TO_CART, EN_ERROR_DIALOG_TITLES, EN_ADDRESS, EN_COUPON, EN_GIFT_CARD, EN_EMAIL, EN_FORM, EN_FORM_SUBMISSION, EN_FIELD_RULES, EN_RESTOCK, EN_RESTOCK_TEXTS, EN_CAPTCHA, EN_THEME };

export const EN = {
  cart: EN_CART,
  cartLimits: EN_CART_LIMITS,
  addToCart: EN_ADD_TO_CART,
  errorDialogTitles: EN_ERROR_DIALOG_TITLES,
  address: EN_ADDRESS,
  coupon: EN_COUPON,
  giftCard: EN_GIFT_CARD,
  email: EN_EMAIL,
  form: EN_FORM,
  formSubmission: EN_FORM_SUBMISSION,
  fieldRules: EN_FIELD_RULES,
  restock: EN_RESTOCK,
  restockTexts: EN_RESTOCK_TEXTS,
  captcha: EN_CAPTCHA,
  theme: EN_THEME,
} as const;
