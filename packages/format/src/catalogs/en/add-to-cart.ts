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
