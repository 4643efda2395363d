import { fractionDigitsOf } from './money';

/**
 * The shop's filters and sort, read from a collection's or the search page's address (issue 38 item 1). Pure: the
 * address in, what to filter by (and what was wrong with it) out. The names are the address a shopper shares:
 *
 *   ?price_min=20&price_max=50   the lowest shown price, in the store currency's major units ("19.99")
 *   &available=1                  in stock only
 *   &tag=summer&tag=gifts         any of these tags
 *   &size=M&size=L&color=Navy     an option by its lower-cased name (each space → '-'): any of these values, and every
 *                                 option named must be met by one and the same variant. A name taken by one of
 *                                 the names above is written `option-{name}` (`option-tag=…`); `option-size` works too.
 *   &sort=price-asc               featured (the owner's order; the collection's default), relevance (search's
 *                                 default), price-asc, price-desc, newest, best-selling
 *
 * Within a filter the values are alternatives (OR); different filters all apply (AND). Any other name (utm_source,
 * fbclid, …) is not a filter unless an option of the listed products has that name (the SQL ignores a group no
 * option has).
 */

export const SHOP_SORTS = ['featured', 'relevance', 'price-asc', 'price-desc', 'newest', 'best-selling'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];
export type ShopScope = 'collection' | 'search';

/** The address names that are not options (an option with one of these names is `option-{name}`). */
export const RESERVED_PARAMS: ReadonlySet<string> = new Set([
  'q', 'page', 'sort', 'format', 'available', 'tag', 'price_min', 'price_max', 'design-preview', 'sku', 'reviewspage',
]);
export const OPTION_PARAM_PREFIX = 'option-';

/** Limits on what one address may ask: beyond them the JSON call answers 400, the page ignores the rest. */
export const FILTER_LIMITS = { groups: 10, valuesPerGroup: 30, tags: 30, valueLength: 100 } as const;
/** The highest price a filter reads: 10 million in major units (the SQL compares integers). */
const PRICE_MAX_MAJOR_UNITS = 10_000_000;

export const FILTER_MESSAGES = {
  invalid: 'Some filters are not valid.',
  price: 'Enter a price of 0 or more, like 20 or 19.99.',
  priceOrder: 'The lowest price must not be above the highest.',
  available: 'available is 1 (in stock only) or 0.',
  sort: `sort is one of ${SHOP_SORTS.filter((sort) => sort !== 'relevance').join(', ')} (relevance on search).`,
  tooMany: `At most ${FILTER_LIMITS.valuesPerGroup} values per filter, ${FILTER_LIMITS.groups} option filters and ${FILTER_LIMITS.tags} tags.`,
  tooLong: `A filter value has at most ${FILTER_LIMITS.valueLength} characters.`,
} as const;

export interface ShopFilters {
  priceMinCents: number | null;
  priceMaxCents: number | null;
  available: boolean;
  tags: string[];
  /** By option key (optionKeyOf): the values asked for, in the address's order, without repeats. */
  options: Record<string, string[]>;
  sort: ShopSort;
}

export interface ParsedShopFilters {
  filters: ShopFilters;
  /** By address name: what is wrong with it (that filter is left out of `filters`). Empty when all is well. */
  errors: Record<string, string>;
}

type QueryValue = string | string[] | undefined;

/** An option's key in addresses and in the facet SQL (the same rule there): its name trimmed, lower-cased, each space a '-'. */
export function optionKeyOf(optionName: string): string {
  return optionName.trim().toLowerCase().replaceAll(' ', '-');
}

/** The address name of an option filter: its key, or `option-{key}` when the key is a reserved name. */
export function optionParamOf(optionKey: string): string {
  return RESERVED_PARAMS.has(optionKey) || optionKey.startsWith(OPTION_PARAM_PREFIX) ? `${OPTION_PARAM_PREFIX}${optionKey}` : optionKey;
}

/** The default sort of a scope: the owner's order for a collection, relevance for a search. */
export function defaultSortOf(scope: ShopScope): ShopSort {
  return scope === 'search' ? 'relevance' : 'featured';
}

// A lone surrogate (%ED%A0%80 in an address) cannot travel in the jsonb parameter: it becomes U+FFFD, as in text.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD');
const valuesOf = (value: QueryValue): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]).map(wellFormed);

/** Major units ("19.99", "20") to minor units in the currency; null for anything else. */
export function priceToMinorUnits(text: string, currency: string): number | null {
  const digits = fractionDigitsOf(currency);
  const match = /^(\d{1,8})(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits && /[1-9]/.test(fraction.slice(digits))) return null;
  const whole = Number(match[1]);
  if (whole > PRICE_MAX_MAJOR_UNITS) return null;
  return whole * 10 ** digits + Number(fraction.slice(0, digits).padEnd(digits, '0') || '0');
}

/** Distinct non-empty trimmed values, in order; `limit` at most. */
function distinctValues(values: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const raw of values) {
    const value = raw.trim();
    if (value) seen.add(value);
  }
  return [...seen];
}

/**
 * Reads the filters and sort of an address (Fastify's query: a repeated name is an array). Empty values are no
 * filter (a GET form sends `price_min=` for an empty field). A bad value is left out and named in `errors`.
 */
export function parseShopFilters(query: Readonly<Record<string, QueryValue>>, currency: string, scope: ShopScope): ParsedShopFilters {
  const errors: Record<string, string> = {};
  const last = (name: string) => valuesOf(query[name]).map((value) => value.trim()).filter(Boolean).at(-1);

  const price = (name: 'price_min' | 'price_max') => {
    const text = last(name);
    if (text === undefined) return null;
    const cents = priceToMinorUnits(text, currency);
    if (cents === null) errors[name] = FILTER_MESSAGES.price;
    return cents;
  };
  let priceMinCents = price('price_min');
  let priceMaxCents = price('price_max');
  if (priceMinCents !== null && priceMaxCents !== null && priceMinCents > priceMaxCents) {
    errors.price_min = FILTER_MESSAGES.priceOrder;
    priceMinCents = null;
    priceMaxCents = null;
  }

  const availableText = last('available');
  if (availableText !== undefined && availableText !== '1' && availableText !== '0') errors.available = FILTER_MESSAGES.available;

  const sortText = last('sort');
  const sorts: readonly string[] = scope === 'search' ? SHOP_SORTS : SHOP_SORTS.filter((sort) => sort !== 'relevance');
  let sort = defaultSortOf(scope);
  if (sortText !== undefined) {
    if (sorts.includes(sortText)) sort = sortText as ShopSort;
    else errors.sort = FILTER_MESSAGES.sort;
  }

  const checkedValues = (name: string, limit: number): string[] => {
    const values = distinctValues(valuesOf(query[name]));
    if (values.some((value) => value.length > FILTER_LIMITS.valueLength)) errors[name] = FILTER_MESSAGES.tooLong;
    if (values.length > limit) errors[name] = FILTER_MESSAGES.tooMany;
    return values.filter((value) => value.length <= FILTER_LIMITS.valueLength).slice(0, limit);
  };
  const tags = checkedValues('tag', FILTER_LIMITS.tags);

  const options: Record<string, string[]> = {};
  for (const name of Object.keys(query)) {
    const lower = wellFormed(name).toLowerCase();
    const prefixed = lower.startsWith(OPTION_PARAM_PREFIX);
    if (!prefixed && RESERVED_PARAMS.has(lower)) continue;
    const key = optionKeyOf(prefixed ? lower.slice(OPTION_PARAM_PREFIX.length) : lower);
    // Never a key that would reach an object's prototype (the options are a plain object).
    if (!key || key.length > FILTER_LIMITS.valueLength || key === '__proto__') continue;
    const values = checkedValues(name, FILTER_LIMITS.valuesPerGroup);
    if (values.length === 0) continue;
    if (Object.keys(options).length >= FILTER_LIMITS.groups && !Object.hasOwn(options, key)) {
      errors[name] = FILTER_MESSAGES.tooMany;
      continue;
    }
    options[key] = distinctValues([...(Object.hasOwn(options, key) ? options[key]! : []), ...values]).slice(0, FILTER_LIMITS.valuesPerGroup);
  }

  return { filters: { priceMinCents, priceMaxCents, available: availableText === '1', tags, options, sort }, errors };
}

/** Whether anything filters the list (the sort alone does not). */
export function hasActiveFilters(filters: ShopFilters): boolean {
  return filters.priceMinCents !== null || filters.priceMaxCents !== null || filters.available || filters.tags.length > 0 || Object.keys(filters.options).length > 0;
}

/** The filters as the facet SQL's one jsonb parameter (catalog/facets.ts reads these names). */
export function filtersParameter(filters: ShopFilters): string {
  return JSON.stringify({
    priceMin: filters.priceMinCents,
    priceMax: filters.priceMaxCents,
    available: filters.available,
    tags: filters.tags,
    options: filters.options,
  });
}
