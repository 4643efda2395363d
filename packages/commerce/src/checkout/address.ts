import { EN_ADDRESS } from '@vitrine/format/catalogs/en';
import { fillPlaceholders } from '@vitrine/format/catalogs/fill';
import { US_TERRITORIES } from './location';

/**
 * Postal addresses as checkout asks for them, country by country (issue 17). Pure: the checkout island shows the
 * fields and messages of a country from here, and the server re-checks every address with the same function.
 */

export interface AddressInput {
  name?: string | null;
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  region?: string | null;
  postalCode?: string | null;
  country?: string | null;
  phone?: string | null;
}

/** A checked address: trimmed, codes upper case, empty optional parts null. */
export interface PostalAddressValue {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string | null;
  country: string;
  phone: string | null;
}

export interface Region {
  code: string;
  name: string;
}

/** How a country's addresses are written: what its region and postal code are called, and which are asked. */
export interface AddressFormat {
  /** null: no region is asked. */
  regionLabel: string | null;
  /** The regions to choose from (then one is required); null with a label: free text, optional. */
  regions: readonly Region[] | null;
  /** null: no postal code is asked. */
  postalLabel: string | null;
  /** The postal code's shape (upper-cased input); null: any text, required when the country has postal codes. */
  postalPattern: RegExp | null;
  postalRequired: boolean;
}

export const ADDRESS_LIMITS = { name: 100, line: 200, city: 100, region: 100, postalCode: 20, phone: 30 } as const;

export const ADDRESS_MESSAGES = {
  ...EN_ADDRESS,
  region: (label: string) => fillPlaceholders(EN_ADDRESS.region, { label: label.toLowerCase() }),
  postalCode: (label: string) => fillPlaceholders(EN_ADDRESS.postalCode, { label }),
  noShipping: (country: string) => fillPlaceholders(EN_ADDRESS.noShipping, { country }),
} as const;

const US_STATES: readonly Region[] = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'], ['CO', 'Colorado'],
  ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'],
  ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'],
  ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'],
  ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'],
  ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'],
  ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'],
  ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
  ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'],
  ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
  // The territories, also offered as countries of their own (platform §3 treats both as the US).
  ['AS', 'American Samoa'], ['GU', 'Guam'], ['MP', 'Northern Mariana Islands'], ['PR', 'Puerto Rico'],
  ['UM', 'U.S. Minor Outlying Islands'], ['VI', 'U.S. Virgin Islands'],
  // Military mail.
  ['AA', 'Armed Forces Americas'], ['AE', 'Armed Forces Europe'], ['AP', 'Armed Forces Pacific'],
].map(([code, name]) => ({ code: code!, name: name! }));

const CA_PROVINCES: readonly Region[] = [
  ['AB', 'Alberta'], ['BC', 'British Columbia'], ['MB', 'Manitoba'], ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'], ['NT', 'Northwest Territories'], ['NS', 'Nova Scotia'], ['NU', 'Nunavut'],
  ['ON', 'Ontario'], ['PE', 'Prince Edward Island'], ['QC', 'Quebec'], ['SK', 'Saskatchewan'], ['YT', 'Yukon'],
].map(([code, name]) => ({ code: code!, name: name! }));

const AU_STATES: readonly Region[] = [
  ['ACT', 'Australian Capital Territory'], ['NSW', 'New South Wales'], ['NT', 'Northern Territory'],
  ['QLD', 'Queensland'], ['SA', 'South Australia'], ['TAS', 'Tasmania'], ['VIC', 'Victoria'], ['WA', 'Western Australia'],
].map(([code, name]) => ({ code: code!, name: name! }));

const ZIP: Omit<AddressFormat, 'regionLabel' | 'regions'> = { postalLabel: 'ZIP code', postalPattern: /^\d{5}(-\d{4})?$/, postalRequired: true };
const FIVE_DIGITS = /^\d{5}$/;
const FOUR_DIGITS = /^\d{4}$/;
const postal = (pattern: RegExp | null, label = 'postal code'): Omit<AddressFormat, 'regionLabel' | 'regions'> => ({
  postalLabel: label,
  postalPattern: pattern,
  postalRequired: true,
});
const NO_REGION = { regionLabel: null, regions: null } as const;

const FORMATS: Record<string, AddressFormat> = {
  US: { regionLabel: 'State', regions: US_STATES, ...ZIP },
  CA: { regionLabel: 'Province', regions: CA_PROVINCES, ...postal(/^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/) },
  AU: { regionLabel: 'State', regions: AU_STATES, ...postal(FOUR_DIGITS, 'postcode') },
  GB: { ...NO_REGION, ...postal(/^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/, 'postcode') },
  DE: { ...NO_REGION, ...postal(FIVE_DIGITS) },
  FR: { ...NO_REGION, ...postal(FIVE_DIGITS) },
  IT: { regionLabel: 'Province', regions: null, ...postal(FIVE_DIGITS) },
  ES: { regionLabel: 'Province', regions: null, ...postal(FIVE_DIGITS) },
  NL: { ...NO_REGION, ...postal(/^\d{4} ?[A-Z]{2}$/) },
  BE: { ...NO_REGION, ...postal(FOUR_DIGITS) },
  AT: { ...NO_REGION, ...postal(FOUR_DIGITS) },
  CH: { ...NO_REGION, ...postal(FOUR_DIGITS) },
  DK: { ...NO_REGION, ...postal(FOUR_DIGITS) },
  SE: { ...NO_REGION, ...postal(/^\d{3} ?\d{2}$/) },
  NO: { ...NO_REGION, ...postal(FOUR_DIGITS) },
  FI: { ...NO_REGION, ...postal(FIVE_DIGITS) },
  PL: { ...NO_REGION, ...postal(/^\d{2}-\d{3}$/) },
  PT: { ...NO_REGION, ...postal(/^\d{4}-\d{3}$/) },
  JP: { regionLabel: 'Prefecture', regions: null, ...postal(/^\d{3}-?\d{4}$/) },
  NZ: { ...NO_REGION, ...postal(FOUR_DIGITS, 'postcode') },
  IE: { regionLabel: 'County', regions: null, postalLabel: 'Eircode', postalPattern: /^[A-Z]\d[\dW] ?[A-Z\d]{4}$/, postalRequired: false },
  // Places without postal codes.
  HK: { ...NO_REGION, postalLabel: null, postalPattern: null, postalRequired: false },
  AE: { regionLabel: 'Emirate', regions: null, postalLabel: null, postalPattern: null, postalRequired: false },
};

/** Anywhere else: an optional region and an optional postal code of any shape. */
const DEFAULT_FORMAT: AddressFormat = { regionLabel: 'Region', regions: null, postalLabel: 'Postal code', postalPattern: null, postalRequired: false };

/** A US territory given as a country is written like a US address without a state (the territory is the state). */
const US_TERRITORY_FORMAT: AddressFormat = { ...NO_REGION, ...ZIP };

/** ISO 3166-1 alpha-2 codes a shopper can pick (names come from Intl.DisplayNames in the shopper's language). */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
  'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const KNOWN_COUNTRIES = new Set(COUNTRY_CODES);

export const isKnownCountry = (code: string): boolean => KNOWN_COUNTRIES.has(code.trim().toUpperCase());

/** The fields and rules of a country's addresses. */
export function addressFormatFor(country: string): AddressFormat {
  const code = country.trim().toUpperCase();
  if (US_TERRITORIES.includes(code)) return US_TERRITORY_FORMAT;
  return FORMATS[code] ?? DEFAULT_FORMAT;
}

const text = (value: string | null | undefined) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '');

export type AddressErrors = Partial<Record<keyof PostalAddressValue, string>>;

/**
 * Checks an address against its country's format. Answers the cleaned address, or the errors by field (the
 * spec's field names: name, line1, city, region, postalCode, country, phone), each with the message to show.
 * A region is matched by its code or its name ('California' → 'CA').
 */
export function checkAddress(input: AddressInput): { ok: true; address: PostalAddressValue } | { ok: false; errors: AddressErrors } {
  const errors: AddressErrors = {};
  const country = text(input.country).toUpperCase();
  if (!country || !isKnownCountry(country)) errors.country = ADDRESS_MESSAGES.country;
  const format = addressFormatFor(country);

  const name = text(input.name);
  const line1 = text(input.line1);
  const line2 = text(input.line2) || null;
  const city = text(input.city);
  const phone = text(input.phone) || null;
  if (!name) errors.name = ADDRESS_MESSAGES.name;
  else if (name.length > ADDRESS_LIMITS.name) errors.name = ADDRESS_MESSAGES.tooLong;
  if (!line1) errors.line1 = ADDRESS_MESSAGES.line1;
  else if (line1.length > ADDRESS_LIMITS.line) errors.line1 = ADDRESS_MESSAGES.tooLong;
  if (line2 && line2.length > ADDRESS_LIMITS.line) errors.line2 = ADDRESS_MESSAGES.tooLong;
  if (!city) errors.city = ADDRESS_MESSAGES.city;
  else if (city.length > ADDRESS_LIMITS.city) errors.city = ADDRESS_MESSAGES.tooLong;
  if (phone && (phone.length > ADDRESS_LIMITS.phone || !/^\+?[\d\s().-]{5,}$/.test(phone))) errors.phone = ADDRESS_MESSAGES.phone;

  let region: string | null = null;
  const regionText = text(input.region);
  if (format.regions) {
    const wanted = regionText.toUpperCase().replace(new RegExp(`^${country}-`), '');
    const found = format.regions.find((candidate) => candidate.code === wanted || candidate.name.toUpperCase() === wanted);
    if (found) region = found.code;
    else errors.region = ADDRESS_MESSAGES.region(format.regionLabel ?? 'Region');
  } else if (format.regionLabel && regionText) {
    if (regionText.length > ADDRESS_LIMITS.region) errors.region = ADDRESS_MESSAGES.tooLong;
    else region = regionText;
  }

  let postalCode: string | null = null;
  const postalText = text(input.postalCode).toUpperCase();
  if (format.postalLabel) {
    if (!postalText) {
      if (format.postalRequired) errors.postalCode = ADDRESS_MESSAGES.postalCode(format.postalLabel);
    } else if (postalText.length > ADDRESS_LIMITS.postalCode || (format.postalPattern && !format.postalPattern.test(postalText))) {
      errors.postalCode = ADDRESS_MESSAGES.postalCode(format.postalLabel);
    } else {
      postalCode = postalText;
    }
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, address: { name, line1, line2, city, region, postalCode, country, phone } };
}
