import { describe, expect, it } from 'vitest';
import { FILTER_MESSAGES, optionKeyOf, optionParamOf, parseShopFilters, priceToMinorUnits } from './filters';

/* The shop's filters read from an address (catalog/filters.ts) and written back (pages/shop-filters-view.ts): pure. */

describe('parseShopFilters', () => {
  it('reads prices in major units, options by their lower-cased name, tags, stock and the sort', () => {
    const { filters, errors } = parseShopFilters(
      { price_min: '19.99', price_max: '50', Size: ['M', 'L', 'M'], 'option-tag': 'x', tag: ['summer', ' gifts '], available: '1', sort: 'price-desc', utm_source: 'mail' },
      'USD', 'collection',
    );
    expect(errors).toEqual({});
    expect(filters).toEqual({
      priceMinCents: 1999, priceMaxCents: 5000, available: true, tags: ['summer', 'gifts'],
      options: { size: ['M', 'L'], tag: ['x'], utm_source: ['mail'] }, sort: 'price-desc',
    });
  });

  it('treats empty fields as no filter and defaults the sort by scope', () => {
    expect(parseShopFilters({ price_min: '', price_max: ' ', available: '0', size: '' }, 'USD', 'collection')).toEqual({
      filters: { priceMinCents: null, priceMaxCents: null, available: false, tags: [], options: {}, sort: 'featured' }, errors: {},
    });
    expect(parseShopFilters({ q: 'wool' }, 'USD', 'search').filters.sort).toBe('relevance');
    expect(parseShopFilters({ sort: 'relevance' }, 'USD', 'collection').errors).toEqual({ sort: FILTER_MESSAGES.sort });
  });

  it('names each bad value and leaves it out', () => {
    const { filters, errors } = parseShopFilters({ price_min: '60', price_max: '10', available: 'yes', sort: 'cheap' }, 'USD', 'collection');
    expect(errors).toEqual({ price_min: FILTER_MESSAGES.priceOrder, available: FILTER_MESSAGES.available, sort: FILTER_MESSAGES.sort });
    expect(filters).toMatchObject({ priceMinCents: null, priceMaxCents: null, available: false, sort: 'featured' });
    expect(FILTER_MESSAGES.sort).toBe('sort is one of featured, price-asc, price-desc, newest, best-selling (relevance on search).');
  });

  it('prices follow the currency\'s fraction digits', () => {
    expect(priceToMinorUnits('20', 'USD')).toBe(2000);
    expect(priceToMinorUnits('20.5', 'EUR')).toBe(2050);
    expect(priceToMinorUnits('20.50', 'USD')).toBe(2050);
    expect(priceToMinorUnits('2000', 'JPY')).toBe(2000);
    expect(priceToMinorUnits('2000.5', 'JPY')).toBeNull();
    expect(priceToMinorUnits('2000.0', 'JPY')).toBe(2000);
    for (const bad of ['-1', '1e3', 'abc', '12.345', '0x10', '99999999999']) expect(priceToMinorUnits(bad, 'USD'), bad).toBeNull();
  });

  it('keys and names options so an option named like a reserved name still has an address', () => {
    expect(optionKeyOf(' Frame Colour ')).toBe('frame-colour');
    expect(optionParamOf('size')).toBe('size');
    expect(optionParamOf('tag')).toBe('option-tag');
    expect(optionParamOf('sort')).toBe('option-sort');
    expect(optionParamOf('option-x')).toBe('option-option-x');
    expect(parseShopFilters({ 'option-option-x': 'a' }, 'USD', 'collection').filters.options).toEqual({ 'option-x': ['a'] });
  });
});

describe('parseShopFilters on hostile addresses', () => {
  it('turns a lone surrogate into U+FFFD and never writes a prototype', () => {
    const { filters } = parseShopFilters({ size: 'M\uD800', __proto__x: 'a', 'option-__proto__': 'b', constructor: 'c' }, 'USD', 'collection');
    expect(filters.options.size).toEqual(['M\uFFFD']);
    expect(Object.getPrototypeOf(filters.options)).toBe(Object.prototype);
    expect(Object.keys(filters.options)).toEqual(['size', '__proto__x', 'constructor']);
  });
});
