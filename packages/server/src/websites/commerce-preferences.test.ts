import { describe, expect, it } from 'vitest';
import type { Website } from '../db/schema';
import { Failure } from '../failures';
import { commercePreferencesOf, isEmptyPreference, jsonDepth, readPreferenceChanges } from './commerce-preferences';

const website = (settings: Website['settings'] = {}): Website => ({
  id: 'w1',
  identifier: 'demo',
  site_title: 'Demo',
  currency: 'USD',
  locale: 'en-US',
  time_zone: 'UTC',
  settings,
  captcha_site_key: null,
  suspended_at: null,
  deleted_at: null,
  site_tagline: '',
  logo_image_id: null,
  logo_alt_text: '',
  favicon_image_id: null,
  social_image_id: null,
  identity_pictures: {},
  site_styles: null,
  status: 8,
  created_at: new Date(0),
});

const failureOf = (work: () => unknown): Failure => {
  try {
    work();
  } catch (error) {
    return error as Failure;
  }
  throw new Error('expected a failure');
};

describe('commerce preference rules', () => {
  it('empty is null, undefined, "", [] and {} — not false or 0', () => {
    for (const value of [null, undefined, '', [], {}]) expect(isEmptyPreference(value), JSON.stringify(value)).toBe(true);
    for (const value of [false, 0, ' ', [0], { a: null }]) expect(isEmptyPreference(value), JSON.stringify(value)).toBe(false);
  });

  it('measures nesting', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth([])).toBe(1);
    expect(jsonDepth({ a: [{ b: 1 }] })).toBe(3);
  });

  it('answers the settings with the currency, leaving out websiteId, empty values and site-owned settings', () => {
    expect(commercePreferencesOf(website({ websiteId: 'w1', expressCheckout: false, siteDescription: 'Hi', note: '', list: [], afterPayMin: 0 }))).toEqual({
      currency: 'USD',
      expressCheckout: false,
      afterPayMin: 0,
    });
  });

  it('reads a body into sets and removals; websiteId is ignored', () => {
    expect(readPreferenceChanges(website({ a: 1 }), { websiteId: 'x', currency: 'EUR', a: null, b: [], c: { d: 1 }, e: false })).toEqual({
      currency: 'EUR',
      set: { c: { d: 1 }, e: false },
      removed: ['a', 'b'],
    });
  });

  it('checks min ≤ max against what will be stored, and bounds the free-form values', () => {
    expect(failureOf(() => readPreferenceChanges(website({ afterPayMax: 100 }), { afterPayMin: 200 })).errors).toEqual({
      afterPayMin: 'afterPayMin must not be more than afterPayMax.',
    });
    expect(readPreferenceChanges(website({ afterPayMax: 100 }), { afterPayMin: 200, afterPayMax: null }).removed).toEqual(['afterPayMax']);
    const deep = failureOf(() => readPreferenceChanges(website(), { x: [[[[[[1]]]]]] }));
    expect(deep.kind).toBe('invalid');
    expect(Object.keys(deep.errors!)).toEqual(['x']);
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`k${index}`, index]));
    expect(failureOf(() => readPreferenceChanges(website({ existing: 1 }), many)).errors).toEqual({ k0: 'A website keeps 100 preferences at most.' });
  });
});
