/** Ours: the text after a successful submission when the owner left the submission message empty. */
export const EN_FORM_SUBMISSION = {
  defaultMessage: 'Thank you!',
} as const;
