import {
  CHECKOUT_SETTINGS_LIMITS as LIMITS,
  CHECKOUT_SETTINGS_MESSAGES as MESSAGES,
  COUNTRY_CODES,
  FIELD_MESSAGES,
  US_TERRITORIES,
  type CouponBody,
  type CouponKind,
  type CouponScope,
  type ShippingRateKind,
  type ShippingZoneBody,
  type ShippingZoneLocation,
  type TaxRuleBody,
  type WeightTier,
} from '@vitrine/contracts';

/**
 * The checkout settings' rules, pure: a request body (its top-level fields already checked by the contract) read
 * into what is stored, or the errors keyed by path ('rates.1.weightTiers.0.upToGrams'). What needs the database
 * (coupon scope ids, code uniqueness) is checked by the service.
 */

export type Errors = Record<string, string>;

const KNOWN_COUNTRIES: ReadonlySet<string> = new Set(COUNTRY_CODES);
const TERRITORIES: ReadonlySet<string> = new Set(US_TERRITORIES);

/** Regions we know for the countries where tax and shipping go by region most; others are checked by form only. */
const KNOWN_REGIONS: Record<string, ReadonlySet<string>> = {
  US: new Set([
    'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN',
    'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA',
    'WA', 'WV', 'WI', 'WY', 'DC', ...US_TERRITORIES, 'AA', 'AE', 'AP',
  ]),
  CA: new Set(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']),
};
const REGION_PATTERN = /^[A-Z0-9]{1,3}$/;

/** Why a region code is refused for a country, or undefined when it is fine. */
function regionProblem(country: string, region: unknown): string | undefined {
  if (typeof region !== 'string' || !REGION_PATTERN.test(region)) return MESSAGES.region;
  const known = KNOWN_REGIONS[country];
  return known && !known.has(region) ? MESSAGES.unknownRegion : undefined;
}

/** Why a country code is refused, or undefined. */
function countryProblem(country: unknown): string | undefined {
  if (typeof country !== 'string' || !/^[A-Z]{2}$/.test(country)) return MESSAGES.country;
  return KNOWN_COUNTRIES.has(country) ? undefined : MESSAGES.unknownCountry;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isWhole = (value: unknown, min: number, max: number): value is number => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

function unknownKeys(value: Record<string, unknown>, known: readonly string[], path: string, errors: Errors): void {
  for (const key of Object.keys(value)) if (!known.includes(key)) errors[`${path}.${key}`] = FIELD_MESSAGES.unknownField;
}

function readName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const name = value.trim();
  return name.length >= 1 && name.length <= LIMITS.nameLength && !name.includes('\u0000') ? name : undefined;
}

// ---------------------------------------------------------------------------------------------
// Shipping zones

export interface RateRecord {
  /** The existing rate this keeps, when sent. */
  id?: string;
  name: string;
  kind: ShippingRateKind;
  amountCents: number;
  freeOverCents: number | null;
  weightTiers: WeightTier[] | null;
}

export interface ZoneRecord {
  name: string;
  locations: ShippingZoneLocation[];
  rates: RateRecord[];
}

/**
 * The zone's places: codes checked, US territories listed as countries (PR) turned into the US with that region,
 * and one entry per country (a country listed whole anywhere is whole; otherwise its regions are merged).
 */
function readLocations(value: unknown, errors: Errors): ShippingZoneLocation[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > LIMITS.locationsPerZone) {
    errors.locations = MESSAGES.locations;
    return [];
  }
  const byCountry = new Map<string, Set<string> | null>();
  value.forEach((entry, index) => {
    const path = `locations.${index}`;
    if (!isObject(entry)) {
      errors[path] = MESSAGES.locations;
      return;
    }
    unknownKeys(entry, ['country', 'regions'], path, errors);
    const problem = countryProblem(entry.country);
    if (problem) {
      errors[`${path}.country`] = problem;
      return;
    }
    let country = entry.country as string;
    let regions: string[] | null;
    const sent = entry.regions ?? null;
    if (sent !== null && (!Array.isArray(sent) || sent.length === 0 || sent.length > LIMITS.regionsPerLocation)) {
      errors[`${path}.regions`] = MESSAGES.regions;
      return;
    }
    if (TERRITORIES.has(country)) {
      if (sent !== null) {
        errors[`${path}.regions`] = MESSAGES.unknownRegion;
        return;
      }
      regions = [country];
      country = 'US';
    } else {
      regions = sent as unknown[] as string[] | null;
    }
    if (regions) {
      const bad = regions.findIndex((region) => regionProblem(country, region) !== undefined);
      if (bad !== -1) {
        errors[`${path}.regions.${bad}`] = regionProblem(country, regions[bad])!;
        return;
      }
    }
    const before = byCountry.get(country);
    if (before === null || regions === null) byCountry.set(country, null);
    else byCountry.set(country, new Set([...(before ?? []), ...regions]));
  });
  return [...byCountry].map(([country, regions]) => ({ country, regions: regions ? [...regions].sort() : null }));
}

function readWeightTiers(value: unknown, path: string, errors: Errors): WeightTier[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > LIMITS.weightTiers) {
    errors[path] = MESSAGES.weightTiers;
    return null;
  }
  const tiers: WeightTier[] = [];
  value.forEach((tier, index) => {
    const at = `${path}.${index}`;
    if (!isObject(tier)) {
      errors[at] = MESSAGES.weightTiers;
      return;
    }
    unknownKeys(tier, ['upToGrams', 'amountCents'], at, errors);
    if (!isWhole(tier.upToGrams, 1, LIMITS.maxGrams)) errors[`${at}.upToGrams`] = MESSAGES.upToGrams;
    else if (tiers.length > 0 && tier.upToGrams <= tiers[tiers.length - 1].upToGrams) errors[`${at}.upToGrams`] = MESSAGES.tiersAscending;
    if (!isWhole(tier.amountCents, 0, LIMITS.maxCents)) errors[`${at}.amountCents`] = MESSAGES.cents;
    if (isWhole(tier.upToGrams, 1, LIMITS.maxGrams) && isWhole(tier.amountCents, 0, LIMITS.maxCents)) {
      tiers.push({ upToGrams: tier.upToGrams, amountCents: tier.amountCents });
    }
  });
  return tiers;
}

function readRate(value: unknown, path: string, errors: Errors): RateRecord | undefined {
  if (!isObject(value)) {
    errors[path] = MESSAGES.rates;
    return undefined;
  }
  unknownKeys(value, ['id', 'name', 'kind', 'amountCents', 'freeOverCents', 'weightTiers'], path, errors);
  const name = readName(value.name);
  if (!name) errors[`${path}.name`] = MESSAGES.name;
  const kind = value.kind;
  if (kind !== 'flat' && kind !== 'weight' && kind !== 'free-over') {
    errors[`${path}.kind`] = MESSAGES.rateKind;
    return undefined;
  }
  const amountCents = value.amountCents ?? 0;
  if (!isWhole(amountCents, 0, LIMITS.maxCents)) errors[`${path}.amountCents`] = MESSAGES.cents;
  let freeOverCents: number | null = null;
  const freeOver = value.freeOverCents ?? null;
  if (kind === 'free-over') {
    if (!isWhole(freeOver, 0, LIMITS.maxCents)) errors[`${path}.freeOverCents`] = MESSAGES.freeOverCents;
    else freeOverCents = freeOver;
  } else if (freeOver !== null) {
    errors[`${path}.freeOverCents`] = MESSAGES.freeOverOnly;
  }
  let weightTiers: WeightTier[] | null = null;
  if (kind === 'weight') weightTiers = readWeightTiers(value.weightTiers, `${path}.weightTiers`, errors);
  else if ((value.weightTiers ?? null) !== null) errors[`${path}.weightTiers`] = MESSAGES.weightTiersOnly;
  const id = value.id;
  if (id !== undefined && (typeof id !== 'string' || id.length === 0 || id.length > 64)) errors[`${path}.id`] = MESSAGES.rateId;
  return { ...(typeof id === 'string' ? { id } : {}), name: name ?? '', kind, amountCents: amountCents as number, freeOverCents, weightTiers };
}

/** A zone body read whole; errors keyed by path. */
export function readZone(body: ShippingZoneBody): { zone: ZoneRecord; errors: Errors } {
  const errors: Errors = {};
  const name = readName(body.name);
  if (!name) errors.name = MESSAGES.name;
  const locations = readLocations(body.locations, errors);
  const rates: RateRecord[] = [];
  if (!Array.isArray(body.rates) || body.rates.length > LIMITS.ratesPerZone) errors.rates = MESSAGES.rates;
  else body.rates.forEach((rate, index) => {
    const read = readRate(rate, `rates.${index}`, errors);
    if (read) rates.push(read);
  });
  return { zone: { name: name ?? '', locations, rates }, errors };
}

// ---------------------------------------------------------------------------------------------
// Tax rules

export interface TaxRuleRecord {
  name: string;
  country: string;
  region: string | null;
  rateBasisPoints: number;
  shippingTaxable: boolean;
}

/** A tax rule body: a US territory sent as a country (PR) is the US with that region. */
export function readTaxRule(body: TaxRuleBody): { rule: TaxRuleRecord; errors: Errors } {
  const errors: Errors = {};
  const name = readName(body.name);
  if (!name) errors.name = MESSAGES.name;
  let country = body.country;
  let region = body.region === '' ? null : (body.region ?? null);
  const problem = countryProblem(country);
  if (problem) errors.country = problem;
  else if (TERRITORIES.has(country)) {
    if (region !== null) errors.region = MESSAGES.unknownRegion;
    region = country;
    country = 'US';
  } else if (region !== null) {
    const bad = regionProblem(country, region);
    if (bad) errors.region = bad;
  }
  if (!isWhole(body.rateBasisPoints, 0, LIMITS.maxBasisPoints)) errors.rateBasisPoints = MESSAGES.rateBasisPoints;
  return { rule: { name: name ?? '', country, region, rateBasisPoints: body.rateBasisPoints, shippingTaxable: body.shippingTaxable ?? false }, errors };
}

// ---------------------------------------------------------------------------------------------
// Coupons

/** How shoppers' codes and stored codes are compared: trimmed, upper case. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export interface CouponRecord {
  code: string;
  codeNormalised: string;
  kind: CouponKind;
  percentBasisPoints: number | null;
  amountCents: number | null;
  minSubtotalCents: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  scope: CouponScope;
  active: boolean;
  combinesWithAutomaticDiscounts: boolean;
}

/** An ISO 8601 date (midnight UTC) or date and time with its offset, as a Date; undefined when it does not exist (2026-02-30). */
export function parseIsoDate(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return undefined;
  const [, year, month, day] = match.map(Number);
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return undefined;
  const time = /T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  if (time && (Number(time[1]) > 23 || Number(time[2]) > 59 || Number(time[3] ?? 0) > 59)) return undefined;
  const parsed = new Date(text.length === 10 ? `${text}T00:00:00Z` : text);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

/** A coupon's (or an automatic discount's) scope read; its ids are checked against the store by the caller. */
export function readScope(value: unknown, errors: Errors): CouponScope {
  if (value === undefined || value === null) return { kind: 'all' };
  if (!isObject(value)) {
    errors.scope = MESSAGES.scope;
    return { kind: 'all' };
  }
  const listed = (key: 'productIds' | 'collectionIds'): string[] => {
    unknownKeys(value, ['kind', key], 'scope', errors);
    const ids = value[key];
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > LIMITS.scopeIds || ids.some((id) => typeof id !== 'string' || id.length === 0 || id.length > 64 || id.includes('\u0000'))) {
      errors[`scope.${key}`] = MESSAGES.scopeIds;
      return [];
    }
    return [...new Set(ids as string[])];
  };
  if (value.kind === 'all') {
    unknownKeys(value, ['kind'], 'scope', errors);
    return { kind: 'all' };
  }
  if (value.kind === 'products') return { kind: 'products', productIds: listed('productIds') };
  if (value.kind === 'collections') return { kind: 'collections', collectionIds: listed('collectionIds') };
  errors.scope = MESSAGES.scope;
  return { kind: 'all' };
}

/** A coupon body read whole (the scope's ids are checked against the store by the service). */
export function readCoupon(body: CouponBody): { coupon: CouponRecord; errors: Errors } {
  const errors: Errors = {};
  const kind = body.kind;
  const percent = body.percentBasisPoints ?? null;
  const amount = body.amountCents ?? null;
  if (kind === 'percentage' && percent === null) errors.percentBasisPoints = MESSAGES.percentBasisPoints;
  if (kind !== 'percentage' && percent !== null) errors.percentBasisPoints = MESSAGES.percentageOnly;
  if (kind === 'fixed' && amount === null) errors.amountCents = MESSAGES.amountCents;
  if (kind !== 'fixed' && amount !== null) errors.amountCents = MESSAGES.fixedOnly;
  const dateOf = (field: 'startsAt' | 'endsAt'): Date | null => {
    const text = body[field];
    if (text === undefined || text === null || text === '') return null;
    const parsed = parseIsoDate(text);
    if (!parsed) errors[field] = MESSAGES.date;
    return parsed ?? null;
  };
  const startsAt = dateOf('startsAt');
  const endsAt = dateOf('endsAt');
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) errors.endsAt = MESSAGES.endsAfterStarts;
  const scope = readScope(body.scope, errors);
  return {
    coupon: {
      code: body.code.trim(),
      codeNormalised: normaliseCouponCode(body.code),
      kind,
      percentBasisPoints: kind === 'percentage' ? percent : null,
      amountCents: kind === 'fixed' ? amount : null,
      minSubtotalCents: body.minSubtotalCents ?? null,
      startsAt,
      endsAt,
      usageLimit: body.usageLimit ?? null,
      perCustomerLimit: body.perCustomerLimit ?? null,
      scope,
      active: body.active ?? true,
      combinesWithAutomaticDiscounts: body.combinesWithAutomaticDiscounts ?? false,
    },
    errors,
  };
}
