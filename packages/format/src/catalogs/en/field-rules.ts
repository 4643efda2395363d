/** Ours: per-field rules where the spec is silent. */
export const EN_FIELD_RULES = {
  requiredOnSiteForm: 'This field is required.',
  number: 'Enter a number.',
  currency: 'Enter an amount, such as 12.50.',
  website: 'Enter a web address, such as example.com.',
  twitter: 'Enter a Twitter handle, such as @example.',
  phone: 'Enter a phone number using digits.',
  date: 'Enter a valid date.',
  time: 'Enter a valid time.',
  unknownField: 'Unknown field.',
  wrongShape: 'This answer is not in the expected form.',
  unknownOption: 'Choose one of the listed options.',
  unstorableCharacters: 'This answer contains characters that cannot be stored.',
} as const;
