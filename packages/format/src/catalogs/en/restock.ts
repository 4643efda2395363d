/** Storefront §5 and §8: the restock form's messages. */
export const EN_RESTOCK = {
  emailBlank: 'Email cannot be blank',
  emailInvalid: 'Email is invalid',
  captchaMissing: 'Complete CAPTCHA before submitting.',
  success: 'Signed up!',
} as const;
