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
