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
