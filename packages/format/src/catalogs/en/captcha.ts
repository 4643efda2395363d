/** The captcha's messages (the first is the spec's, the others ours). */
export const EN_CAPTCHA = {
  missing: 'Complete CAPTCHA before submitting.',
  invalid: 'The CAPTCHA could not be verified. Please try again.',
  expired: 'The CAPTCHA has expired. Please try again.',
  replayed: 'This CAPTCHA was already used. Please try again.',
} as const;
