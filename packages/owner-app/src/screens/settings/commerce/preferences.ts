import { CURRENCY_CODES, fractionDigitsOf } from '@vitrine/format/currencies';
import { decimalStringToMinorUnits, minorUnitsToDecimalString } from '@vitrine/format/money';
import type { CommercePreferences } from './commerce-api';

/**
 * The commerce preferences the panel knows (the contract's typed fields, platform §3 and storefront §2, §7): each
 * with its label, its help and its kind. Any other preference the website holds is kept as it is (a save sends
 * only what changed).
 */
export type PreferenceKind = 'flag' | 'amount' | 'country' | 'text' | 'longText' | 'days';

export interface KnownPreference {
  name: string;
  label: string;
  help: string;
  kind: PreferenceKind;
  /** What the storefront does while it is not set. */
  unset: boolean | null;
  group: 'checkout' | 'installments' | 'manual' | 'restock';
  /** Text kinds: the longest value the server takes. */
  maxLength?: number;
}

export const KNOWN_PREFERENCES: readonly KnownPreference[] = [
  { name: 'minimumOrderSubtotalCents', group: 'checkout', kind: 'amount', unset: null, label: 'Minimum order subtotal', help: 'Checkout is refused below this subtotal. Leave empty for no minimum.' },
  { name: 'multipleQuantityAllowedForServices', group: 'checkout', kind: 'flag', unset: true, label: 'Allow more than one of a service', help: 'Shoppers may put a quantity above 1 of a service product in the cart.' },
  { name: 'expressCheckout', group: 'checkout', kind: 'flag', unset: false, label: 'Express checkout', help: "Product buttons buy at once ('Purchase') instead of adding to the cart." },
  { name: 'customCart', group: 'checkout', kind: 'flag', unset: false, label: 'The site has its own cart', help: 'Hides the floating cart pill: use it when the header or a page shows the cart.' },
  { name: 'afterPayAvailable', group: 'installments', kind: 'flag', unset: false, label: 'Offer installments', help: 'Product pages show the installment pill for prices within the range below.' },
  { name: 'afterPayMin', group: 'installments', kind: 'amount', unset: null, label: 'Installments from', help: 'The lowest price installments are offered for.' },
  { name: 'afterPayMax', group: 'installments', kind: 'amount', unset: null, label: 'Installments up to', help: 'The highest price installments are offered for.' },
  { name: 'stripeAccountCountry', group: 'installments', kind: 'country', unset: null, label: 'Payment account country', help: 'Two capital letters (US, GB, AU…): the country of the payment account, which decides the installment offer.' },
  { name: 'manualPaymentEnabled', group: 'manual', kind: 'flag', unset: false, label: 'Offer a manual payment method', help: 'Shoppers may choose it at checkout instead of paying online. Their order waits, its items held, until you mark it paid.' },
  { name: 'manualPaymentLabel', group: 'manual', kind: 'text', unset: null, maxLength: 60, label: 'Method name', help: 'What shoppers choose at checkout, such as Bank transfer or Cash on delivery.' },
  { name: 'manualPaymentInstructions', group: 'manual', kind: 'longText', unset: null, maxLength: 2000, label: 'Payment instructions', help: 'Shown on the order page and in the confirmation email: account details, the reference to use, when you ship.' },
  { name: 'manualPaymentExpiryDays', group: 'manual', kind: 'days', unset: null, label: 'Days to pay', help: 'An order not marked paid within this many days is cancelled and its items go back in stock. Empty: 7 days.' },
  { name: 'restockAutoSend', group: 'restock', kind: 'flag', unset: false, label: 'Send back-in-stock notices automatically', help: 'When a sold-out variant is in stock again, everyone who signed up is mailed at once, without pressing Send on the Restock screen.' },
];

export const PREFERENCE_GROUPS = [
  { id: 'checkout', title: 'Cart and checkout' },
  { id: 'installments', title: 'Installments' },
  { id: 'manual', title: 'Manual payment (bank transfer, cash on delivery)' },
  { id: 'restock', title: 'Back-in-stock notices' },
] as const;

export const COMMERCE_TEXTS = {
  currency: 'Store currency',
  currencyHelp: 'Prices are kept as they are typed: changing the currency converts nothing.',
  save: 'Save preferences',
  saving: 'Saving…',
  saved: 'Saved.',
  nothingChanged: 'Nothing to save: no preference changed.',
  amount: (currency: string) => (fractionDigitsOf(currency) === 0 ? `Enter a whole amount in ${currency}, 0 or more.` : `Enter an amount in ${currency} such as 25 or 25.50, 0 or more.`),
  country: 'Enter two capital letters, such as US.',
  range: 'Installments from must not be more than installments up to.',
  tooLong: (max: number) => `Write ${max} characters at most.`,
  days: 'Enter a whole number of days from 1 to 60.',
  manualLabelRequired: 'Name the method, such as Bank transfer, or turn it off.',
  manualInstructionsRequired: 'Write the instructions shoppers follow to pay, or turn the method off.',
  fixFields: 'Some preferences are not valid. Check the fields marked.',
  readOnly: 'Your role may see these preferences but not change them.',
} as const;

export const CURRENCIES: readonly string[] = CURRENCY_CODES;

/** The form's values: text for amounts and the country, booleans for flags, the currency code. */
export type PreferenceForm = Record<string, string | boolean>;

export function formOf(preferences: CommercePreferences): PreferenceForm {
  const form: PreferenceForm = { currency: preferences.currency };
  for (const preference of KNOWN_PREFERENCES) {
    const value = preferences[preference.name];
    if (preference.kind === 'flag') form[preference.name] = typeof value === 'boolean' ? value : preference.unset === true;
    else if (preference.kind === 'amount') form[preference.name] = typeof value === 'number' ? minorUnitsToDecimalString(value, preferences.currency) : '';
    else if (preference.kind === 'days') form[preference.name] = typeof value === 'number' ? String(value) : '';
    else form[preference.name] = typeof value === 'string' ? value : '';
  }
  return form;
}

/** Text to minor units in the currency: null for empty, undefined when it is not an amount. */
export function parseAmount(text: string, currency: string): number | null | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  try {
    const minor = decimalStringToMinorUnits(trimmed, currency);
    return minor < 0n || minor > 10_000_000_000n ? undefined : Number(minor);
  } catch {
    return undefined;
  }
}

/**
 * What to send: the fields whose value differs from the saved one, read and checked in the app (the server checks
 * again). Amounts are in the currency being saved. An empty amount or country removes the preference (null).
 */
export function changesOf(saved: CommercePreferences, form: PreferenceForm): { changes: Record<string, unknown>; errors: Record<string, string> } {
  const currency = String(form.currency);
  const changes: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  if (currency !== saved.currency) changes.currency = currency;
  const values: Record<string, unknown> = {};
  for (const preference of KNOWN_PREFERENCES) {
    const entry = form[preference.name];
    let value: unknown;
    if (preference.kind === 'flag') value = entry === true;
    else if (preference.kind === 'amount') {
      value = parseAmount(String(entry ?? ''), currency);
      if (value === undefined) errors[preference.name] = COMMERCE_TEXTS.amount(currency);
    } else if (preference.kind === 'days') {
      const text = String(entry ?? '').trim();
      value = text === '' ? null : /^\d{1,2}$/.test(text) && Number(text) >= 1 && Number(text) <= 60 ? Number(text) : undefined;
      if (value === undefined) errors[preference.name] = COMMERCE_TEXTS.days;
    } else if (preference.kind === 'text' || preference.kind === 'longText') {
      const text = String(entry ?? '').trim();
      value = text === '' ? null : text;
      if (preference.maxLength !== undefined && text.length > preference.maxLength) {
        errors[preference.name] = COMMERCE_TEXTS.tooLong(preference.maxLength);
        value = undefined;
      }
    } else {
      const text = String(entry ?? '').trim();
      value = text === '' ? null : text;
      if (text !== '' && !/^[A-Z]{2}$/.test(text)) errors[preference.name] = COMMERCE_TEXTS.country;
    }
    values[preference.name] = value;
    const before = saved[preference.name];
    const was = preference.kind === 'flag' ? (typeof before === 'boolean' ? before : preference.unset === true) : (before ?? null);
    if (value !== undefined && value !== was) changes[preference.name] = value;
  }
  const min = values.afterPayMin;
  const max = values.afterPayMax;
  if (typeof min === 'number' && typeof max === 'number' && min > max) errors.afterPayMin = COMMERCE_TEXTS.range;
  // The manual method is on only with what the shopper needs (the server refuses it otherwise, with the same words).
  if (values.manualPaymentEnabled === true) {
    if (values.manualPaymentLabel === null) errors.manualPaymentLabel = COMMERCE_TEXTS.manualLabelRequired;
    if (values.manualPaymentInstructions === null) errors.manualPaymentInstructions = COMMERCE_TEXTS.manualInstructionsRequired;
  }
  return { changes, errors };
}
