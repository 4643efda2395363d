import { formatMoney, isCurrencyCode, minorUnitsToDecimalString } from '@vitrine/format';
import { defaultSortOf, optionParamOf, parseShopFilters, type ShopFacets, type ShopFilters, type ShopScope, type ShopSort } from '../catalog';

/**
 * What the theme's filter form prints (partials/shop-filters.block), worked out here so the template only lays it
 * out: every control's name, value, id and label, the counts, the addresses that remove one filter or all, and the
 * sort's choices. Pure: the filters and facets in, the view out.
 */
export interface ShopFiltersView {
  /** Where the GET form goes: the collection's address or /search. */
  action: string;
  /** This list's own address (the filters and sort in their one order, the page left out): the script shows it. */
  url: string;
  /** The search's words, kept as a hidden field (null on a collection). */
  query: string | null;
  total: number;
  /** '1 product', '12 products'. */
  countLabel: string;
  sortOptions: { value: ShopSort; label: string; selected: boolean }[];
  price: {
    /** The fields' values, in major units ('' when not set). */
    min: string;
    max: string;
    /** 'The highest price is $1,450.00' (the other filters applied); '' when nothing is left. */
    highestLabel: string;
    /** The fields' upper bound, in major units, rounded up ('' when nothing is left). */
    ceiling: string;
    /** The currency's symbol or code for the fields' label ('$'). */
    currencyLabel: string;
    /** Minor-unit step of the fields ('0.01', or '1' for a currency without fractions). */
    step: string;
  };
  available: { checked: boolean; count: number; id: string };
  /** The options, then the tags: each a fieldset of checkboxes. */
  groups: FilterGroupView[];
  /** The filters in force, each with the address without it. */
  active: { label: string; removeUrl: string }[];
  /** The address without any filter (the sort and search kept). */
  clearUrl: string;
  activeCount: number;
}

export interface FilterGroupView {
  id: string;
  name: string;
  param: string;
  selectedCount: number;
  /** Shown open: the options always; the tags (often many) only while one is chosen. */
  open: boolean;
  values: { id: string; value: string; label: string; count: number; checked: boolean; disabled: boolean }[];
}

export const SORT_LABELS: Record<ShopSort, string> = {
  featured: 'Featured',
  relevance: 'Relevance',
  'best-selling': 'Best selling',
  'price-asc': 'Price, low to high',
  'price-desc': 'Price, high to low',
  newest: 'Newest',
};
const SORT_ORDER: Record<ShopScope, ShopSort[]> = {
  collection: ['featured', 'best-selling', 'price-asc', 'price-desc', 'newest'],
  search: ['relevance', 'best-selling', 'price-asc', 'price-desc', 'newest'],
};

export interface ShopAddress {
  /** The page's path (/shop, /search). */
  path: string;
  scope: ShopScope;
  /** The search's words (search only). */
  query?: string;
}

/** A price in major units for an address or a field: '20', '19.99' (no trailing '.00'). */
export function priceParamOf(cents: number, currency: string): string {
  return minorUnitsToDecimalString(cents, currency).replace(/\.0+$/, '');
}

/**
 * The address of these filters, in one order (search words, options, tags, stock, prices, sort, page), leaving out
 * what is at its default: the same filters always make the same, shareable address.
 */
export function shopUrlOf(address: ShopAddress, filters: ShopFilters, currency: string, page = 1): string {
  const params = new URLSearchParams();
  if (address.scope === 'search') params.append('q', address.query ?? '');
  for (const [key, values] of Object.entries(filters.options)) for (const value of values) params.append(optionParamOf(key), value);
  for (const tag of filters.tags) params.append('tag', tag);
  if (filters.available) params.append('available', '1');
  if (filters.priceMinCents !== null) params.append('price_min', priceParamOf(filters.priceMinCents, currency));
  if (filters.priceMaxCents !== null) params.append('price_max', priceParamOf(filters.priceMaxCents, currency));
  if (filters.sort !== defaultSortOf(address.scope)) params.append('sort', filters.sort);
  if (page > 1) params.append('page', String(page));
  const text = params.toString();
  return text ? `${address.path}?${text}` : address.path;
}

const safeId = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'x';

export function shopFiltersView(address: ShopAddress, filters: ShopFilters, facets: ShopFacets, currency: string, locale: string): ShopFiltersView {
  const shownCurrency = isCurrencyCode(currency) ? currency : 'USD';
  const money = (cents: number) => formatMoney(cents, shownCurrency, { locale: locale.replace('_', '-') });
  const url = (changed: Partial<ShopFilters>) => shopUrlOf(address, { ...filters, ...changed }, shownCurrency);
  const active: ShopFiltersView['active'] = [];
  const groups: FilterGroupView[] = [];

  for (const option of facets.options) {
    const asked = Object.hasOwn(filters.options, option.key) ? filters.options[option.key]! : [];
    groups.push({
      id: `filter-${safeId(option.param)}`,
      name: option.name,
      param: option.param,
      selectedCount: option.values.filter((value) => value.selected).length,
      open: true,
      values: option.values.map((value, index) => ({
        id: `filter-${safeId(option.param)}-${index}`,
        value: value.value,
        label: value.value,
        count: value.count,
        checked: value.selected,
        disabled: value.count === 0 && !value.selected,
      })),
    });
    for (const value of option.values.filter((candidate) => candidate.selected)) {
      const rest = asked.filter((other) => other !== value.value);
      const options = { ...filters.options };
      if (rest.length > 0) options[option.key] = rest;
      else delete options[option.key];
      active.push({ label: `${option.name}: ${value.value}`, removeUrl: url({ options }) });
    }
  }
  if (facets.tags.length > 0) {
    groups.push({
      id: 'filter-tag',
      name: 'Tags',
      param: 'tag',
      selectedCount: facets.tags.filter((tag) => tag.selected).length,
      open: facets.tags.some((tag) => tag.selected),
      values: facets.tags.map((tag, index) => ({
        id: `filter-tag-${index}`, value: tag.tag, label: tag.tag, count: tag.count, checked: tag.selected, disabled: tag.count === 0 && !tag.selected,
      })),
    });
  }
  for (const tag of filters.tags.filter((asked) => facets.tags.some((known) => known.tag === asked))) {
    active.push({ label: `Tag: ${tag}`, removeUrl: url({ tags: filters.tags.filter((other) => other !== tag) }) });
  }
  if (filters.available) active.push({ label: 'In stock', removeUrl: url({ available: false }) });
  if (filters.priceMinCents !== null || filters.priceMaxCents !== null) {
    const label = filters.priceMinCents !== null && filters.priceMaxCents !== null
      ? `${money(filters.priceMinCents)}–${money(filters.priceMaxCents)}`
      : filters.priceMinCents !== null ? `From ${money(filters.priceMinCents)}` : `Up to ${money(filters.priceMaxCents!)}`;
    active.push({ label: `Price: ${label}`, removeUrl: url({ priceMinCents: null, priceMaxCents: null }) });
  }

  const digits = minorUnitsToDecimalString(1, shownCurrency).includes('.') ? 2 : 0;
  const highest = facets.priceRange?.maxCents ?? null;
  const unit = 10 ** digits;
  return {
    action: address.path,
    url: url({}),
    query: address.scope === 'search' ? (address.query ?? '') : null,
    total: facets.total,
    countLabel: facets.total === 1 ? '1 product' : `${facets.total} products`,
    sortOptions: SORT_ORDER[address.scope].map((value) => ({ value, label: SORT_LABELS[value], selected: value === filters.sort })),
    price: {
      min: filters.priceMinCents === null ? '' : priceParamOf(filters.priceMinCents, shownCurrency),
      max: filters.priceMaxCents === null ? '' : priceParamOf(filters.priceMaxCents, shownCurrency),
      highestLabel: highest === null ? '' : `The highest price is ${money(highest)}`,
      ceiling: highest === null ? '' : String(Math.ceil(highest / unit)),
      currencyLabel: money(0).replace(/[\d.,\s\u00a0\u202f]/g, '') || shownCurrency,
      step: digits === 0 ? '1' : '0.01',
    },
    available: { checked: filters.available, count: facets.inStockCount, id: 'filter-available' },
    groups,
    active,
    clearUrl: url({ priceMinCents: null, priceMaxCents: null, available: false, tags: [], options: {} }),
    activeCount: active.length,
  };
}

/** Names a listing's address may carry that are not filters, kept as they are (the owner's design preview; `format`). */
const KEPT_PARAMS = ['design-preview', 'format'];

/**
 * The one spelling of a listing's address, when the request's differs: a plain GET form (no JavaScript) sends every
 * field in the form's order, empty ones and the default sort too (`?sort=featured&price_min=&price_max=50&size=M`),
 * and a hand-typed address may say `Size=M` or `price_min=20.00`. The page redirects there, so the address in the bar
 * is always the one worth sharing (the one the script shows). A name that is no filter of ours stays, as an option
 * would (utm_source); a bad value goes (the page ignores it). Undefined when the address is already that spelling.
 */
export function canonicalListingAddress(url: string, scope: ShopScope, currency: string): string | undefined {
  const [path, search = ''] = url.split('?', 2) as [string, string?];
  if (!search) return undefined;
  const params = new URLSearchParams(search);
  const query: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of params) {
    const before = query[name];
    query[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  const { filters } = parseShopFilters(query, currency, scope);
  const pageText = params.getAll('page').at(-1) ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : 1;
  const canonical = new URL(shopUrlOf({ path, scope, query: params.get('q') ?? '' }, filters, currency, page), 'http://x');
  for (const name of KEPT_PARAMS) for (const value of params.getAll(name)) canonical.searchParams.append(name, value);
  const same = [...canonical.searchParams].join('&') === [...params].join('&');
  if (same) return undefined;
  const text = canonical.searchParams.toString();
  return text ? `${path}?${text}` : path;
}
