import { EN_RESTOCK } from './restock';

/** The restock box's texts when the store wrote none (the spec names only 'Signed up!'). */
export const EN_RESTOCK_TEXTS = {
  CTAText: 'Get notified by email when this product is back in stock.',
  placeholderText: 'Email address',
  buttonText: 'Sign up',
  mailingListDescription: 'Also send me news and offers by email',
  successText: EN_RESTOCK.success,
} as const;
