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
