import { addressFormatFor, checkAddress, COUNTRY_CODES, US_TERRITORIES, type AddressErrors, type AddressFormat } from '@vitrine/commerce/checkout';
import type { Address } from '@vitrine/commerce/cart';

/**
 * The address form's values and rules, pure: what the inputs hold, which fields a country asks for, and the
 * shared `checkAddress` (the server checks the same way) keyed by the names the server's errors use.
 */

export type AddressField = 'name' | 'line1' | 'line2' | 'city' | 'region' | 'postalCode' | 'country' | 'phone';

/** What the inputs hold: always strings (an empty optional part is ''). */
export type AddressValues = Record<AddressField, string>;

/** 'shippingAddress' | 'billingAddress': the server's error keys are `${prefix}.${field}`. */
export type AddressPrefix = 'shippingAddress' | 'billingAddress';

export function emptyAddress(country: string): AddressValues {
  return { name: '', line1: '', line2: '', city: '', region: '', postalCode: '', country, phone: '' };
}

export function valuesOf(saved: Address | null | undefined, fallbackCountry: string): AddressValues {
  if (!saved) return emptyAddress(fallbackCountry);
  return {
    name: saved.name,
    line1: saved.line1,
    line2: saved.line2 ?? '',
    city: saved.city,
    region: saved.region ?? '',
    postalCode: saved.postalCode ?? '',
    country: saved.country,
    phone: saved.phone ?? '',
  };
}

/**
 * The address as the PUT call takes it: only the parts the country asks for (a region typed for the US and
 * left there after switching to France is not sent), empty parts null.
 */
export function addressBody(values: AddressValues): Record<AddressField, string | null> {
  const format = addressFormatFor(values.country);
  const part = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    name: part(values.name),
    line1: part(values.line1),
    line2: part(values.line2),
    city: part(values.city),
    region: format.regionLabel ? part(values.region) : null,
    postalCode: format.postalLabel ? part(values.postalCode) : null,
    country: part(values.country),
    phone: part(values.phone),
  };
}

/** The errors `checkAddress` finds, by field ({} when the address is good). */
export function addressErrors(values: AddressValues): AddressErrors {
  const result = checkAddress(addressBody(values));
  return result.ok ? {} : result.errors;
}

/** The same address, compared as it would be sent (so a saved address is not sent again for nothing). */
export function sameAddress(values: AddressValues, saved: Address | null | undefined): boolean {
  if (!saved) return false;
  const result = checkAddress(addressBody(values));
  if (!result.ok) return false;
  const address = result.address;
  return (Object.keys(address) as (keyof typeof address)[]).every((key) => (address[key] ?? null) === (saved[key] ?? null));
}

/** The label of a postal code input: 'ZIP code', 'Postcode', 'Postal code', 'Eircode'. */
export function postalLabelOf(format: AddressFormat): string | null {
  if (!format.postalLabel) return null;
  return format.postalLabel.charAt(0).toUpperCase() + format.postalLabel.slice(1);
}

export interface CountryOption {
  code: string;
  name: string;
}

/**
 * The countries to choose from, named in the page's language and sorted by name: the store's (`shipsTo`; a US
 * territory comes along with the US, platform §3 treats them as the US) or, with null, every country.
 */
export function countryOptions(shipsTo: readonly string[] | null, locale: string): CountryOption[] {
  let codes: string[];
  if (shipsTo === null) codes = [...COUNTRY_CODES];
  else {
    const allowed = new Set(shipsTo.map((code) => code.toUpperCase()));
    if (allowed.has('US')) for (const territory of US_TERRITORIES) allowed.add(territory);
    codes = COUNTRY_CODES.filter((code) => allowed.has(code));
  }
  const names = countryNamer(locale);
  return codes.map((code) => ({ code, name: names(code) })).sort((a, b) => a.name.localeCompare(b.name, locale));
}

function countryNamer(locale: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** The country a new address starts at: the page locale's own when offered, else the first offered. */
export function defaultCountry(options: readonly CountryOption[], locale: string): string {
  const localeRegion = /[-_]([A-Za-z]{2})$/.exec(locale)?.[1]?.toUpperCase();
  if (localeRegion && options.some((option) => option.code === localeRegion)) return localeRegion;
  return options[0]?.code ?? '';
}
