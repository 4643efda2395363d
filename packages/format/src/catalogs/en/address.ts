/** Ours: checkout address checks ({label} is the country's own name for the field). */
export const EN_ADDRESS = {
  name: 'Enter a name.',
  line1: 'Enter an address.',
  city: 'Enter a city.',
  country: 'Select a country.',
  tooLong: 'This is too long.',
  phone: 'Enter a valid phone number.',
  region: 'Select a {label}.',
  postalCode: 'Enter a valid {label}.',
  noShipping: "We don't ship to {country}.",
} as const;
