/**
 * The English catalog: the specs' words, the source of truth every other catalog translates. The commerce, forms
 * and contracts constants (CART_MESSAGES, FORM_MESSAGES, RESTOCK_MESSAGES, …) are these very objects, so the
 * English a shopper reads is written once, here. Patterns are ICU MessageFormat: `{name}` is a placeholder;
 * none of these English patterns needs quoting, so each reads the same raw as formatted (catalogs.test.ts checks).
 * Each domain is its own export so a bundle that needs the cart's words does not carry the forms'.
 */

/** Storefront §4 (cart page and drawer). */
export const EN_CART = {
  empty: 'You have nothing in your shopping cart.',
  updateQuantityFailed: 'Unable to update quantity',
  updateFormFailed: 'Unable to update form',
  openFormFailed: 'Unable to open form',
  removeFailed: 'Unable to remove item',
  offline: 'Please check your internet connection.',
  tryAgain: 'Please try again.',
} as const;

/** Ours: a cart's size limits ({maxLines} and {maxUnits} are passed as plain digits, never grouped). */
export const EN_CART_LIMITS = {
  tooManyLines: 'Your cart is full: it can hold {maxLines} different items at most. Please check out or remove an item first.',
  tooManyUnits: 'Your cart can hold {maxUnits} items at most. Please lower a quantity first.',
  tooMuchPersonalisation: 'Your cart holds too many personalised details. Please check out or remove an item first.',
} as const;

/** Storefront §4 and §8: add to cart. */
export const EN_ADD_TO_CART = {
  variantUnavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  notEnoughStock: 'Sorry, we do not have enough of that item available.',
  quantityNotNumber: 'Quantity must be a number.',
  quantityNotWhole: 'Quantity must be a whole number',
  // The spec bounds quantity to 1–9999 without wording the error; this is ours.
  quantityOutOfRange: 'Quantity must be between {min} and {max}.',
  giftCardDenomination: 'Select a denomination for the Gift Card',
  // The spec only hides the quantity input for such services; a request for more is refused with our words.
  singleServiceOnly: 'Sorry, only one of this service can be added to the cart.',
  productUnavailable: 'Sorry, that item is no longer available.',
  sessionExpired: 'Your session has expired. Please reload the page and try again.',
  enableCookies: 'Please enable cookies in your browser, reload the page, and try again.',
  rateLimited: 'Please try again in a few seconds.',
} as const;

/** Storefront §8: the error dialog's titles. */
export const EN_ERROR_DIALOG_TITLES = {
  addItem: 'Unable to Add Item',
  purchaseItem: 'Unable to Purchase Item',
  giftCard: 'Unable to purchase Gift Card',
} as const;

/** Ours: checkout address checks ({label} is the country's own name for the field). */
export const EN_ADDRESS = {
  name: 'Enter a name.',
  line1: 'Enter an address.',
  city: 'Enter a city.',
  country: 'Select a country.',
  tooLong: 'This is too long.',
  phone: 'Enter a valid phone number.',
  region: 'Select a {label}.',
  postalCode: 'Enter a valid {label}.',
  noShipping: "We don't ship to {country}.",
} as const;

/** Ours: why a coupon code does not apply ({amount}: what the subtotal lacks, formatted in the store currency). */
export const EN_COUPON = {
  notFound: 'This coupon code does not exist.',
  expired: 'This coupon has expired.',
  notStarted: 'This coupon is not active yet.',
  minSubtotal: 'Add {amount} more to use this coupon.',
  notApplicable: 'This coupon does not apply to anything in your cart.',
  usedUp: 'This coupon has been used up.',
  alreadyUsed: 'You have already used this coupon.',
  notCombinable: 'This coupon cannot be combined with another coupon in your cart.',
  notCombinableWithAutomatic: 'Your automatic discounts save more; this coupon cannot be combined with them.',
} as const;

/** Ours: gift card codes and delivery ({max}: a character limit, plain digits). */
export const EN_GIFT_CARD = {
  codeUnknown: 'This gift card code does not exist.',
  codeEmpty: 'This gift card has no balance left.',
  codeDisabled: 'This gift card has been disabled.',
  codeOtherCurrency: 'This gift card is in another currency than the store.',
  codeRequired: 'Enter a gift card code.',
  recipientEmail: "Enter the recipient's email address.",
  recipientName: "Enter the recipient's name in {max} characters or fewer.",
  senderName: 'Enter your name in {max} characters or fewer.',
  message: 'Keep the message to {max} characters or fewer.',
  sendOn: 'Choose a send date from today up to a year from now.',
  notGiftCardCart: 'This checkout has no gift card to send.',
  cartPurchased: 'This cart has already been purchased.',
  cartUnknown: 'That checkout link is no longer valid.',
} as const;

/** Storefront §5: the email message's two sentences (checkout and accounts answer the first alone). */
export const EN_EMAIL = {
  notValid: 'Email is not valid.',
  formatHint: 'Email addresses should follow the format user@domain.com.',
} as const;

/** Storefront §4, §5 and §8: site form messages. */
export const EN_FORM = {
  required: 'Required',
  characterLimit: 'You have exceeded the character limit.',
  emailNotValid: `${EN_EMAIL.notValid} ${EN_EMAIL.formatHint}`,
  invalidForm: 'One or more fields is invalid, please check your entries.',
  processingError: 'Error processing form submission. Please reload and try again.',
  unknownError: 'Unknown error, please try again later.',
  captchaIncomplete: 'Complete CAPTCHA before submitting.',
  submissionKeyFailed: 'Could not get a form submission key, please try again later.',
  parseFailed: 'Could not parse the form fields, please check your entries.',
  problemAbove: 'Your form has encountered a problem. Please scroll down to review.',
  problemBelow: 'Your form has encountered a problem. Please scroll up to review.',
  unauthorized: 'Unable to submit form. Please try again later.',
  notConfigured: 'This form has not been configured yet.',
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  sendFailed: 'Unable to send form. Please try again later.',
  submitting: 'Submitting…',
  saving: 'Saving…',
} as const;

/** Ours: the text after a successful submission when the owner left the submission message empty. */
export const EN_FORM_SUBMISSION = {
  defaultMessage: 'Thank you!',
} as const;

/** Ours: per-field rules where the spec is silent. */
export const EN_FIELD_RULES = {
  requiredOnSiteForm: 'This field is required.',
  number: 'Enter a number.',
  currency: 'Enter an amount, such as 12.50.',
  website: 'Enter a web address, such as example.com.',
  twitter: 'Enter a Twitter handle, such as @example.',
  phone: 'Enter a phone number using digits.',
  date: 'Enter a valid date.',
  time: 'Enter a valid time.',
  unknownField: 'Unknown field.',
  wrongShape: 'This answer is not in the expected form.',
  unknownOption: 'Choose one of the listed options.',
  unstorableCharacters: 'This answer contains characters that cannot be stored.',
} as const;

/** Storefront §5 and §8: the restock form's messages. */
export const EN_RESTOCK = {
  emailBlank: 'Email cannot be blank',
  emailInvalid: 'Email is invalid',
  captchaMissing: 'Complete CAPTCHA before submitting.',
  success: 'Signed up!',
} as const;

/** The restock box's texts when the store wrote none (the spec names only 'Signed up!'). */
export const EN_RESTOCK_TEXTS = {
  CTAText: 'Get notified by email when this product is back in stock.',
  placeholderText: 'Email address',
  buttonText: 'Sign up',
  mailingListDescription: 'Also send me news and offers by email',
  successText: EN_RESTOCK.success,
} as const;

/** The captcha's messages (the first is the spec's, the others ours). */
export const EN_CAPTCHA = {
  missing: 'Complete CAPTCHA before submitting.',
  invalid: 'The CAPTCHA could not be verified. Please try again.',
  expired: 'The CAPTCHA has expired. Please try again.',
  replayed: 'This CAPTCHA was already used. Please try again.',
} as const;

/** The default theme's own words (packages/theme templates read them as `{themeStrings.key}`). */
export const EN_THEME = {
  skipToContent: 'Skip to content',
  menu: 'Menu',
  search: 'Search',
  searchTheShop: 'Search the shop',
  secureCheckout: 'Secure checkout',
  backToCart: 'Back to cart',
  cart: 'Cart',
  yourCart: 'Your cart',
  /** A count of products in the cart (ours; plural forms per language). */
  itemCount: '{count, plural, one {# item} other {# items}}',
} as const;

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
