/** Storefront §8: the error dialog's titles. */
export const EN_ERROR_DIALOG_TITLES = {
  addItem: 'Unable to Add Item',
  purchaseItem: 'Unable to Purchase Item',
  giftCard: 'Unable to purchase Gift Card',
} as const;
