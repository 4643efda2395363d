/** Storefront §5: the email message's two sentences (checkout and accounts answer the first alone). */
export const EN_EMAIL = {
  notValid: 'Email is not valid.',
  formatHint: 'Email addresses should follow the format user@domain.com.',
} as const;
