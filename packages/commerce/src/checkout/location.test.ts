import { describe, expect, it } from 'vitest';
import { locationMatchesZone, normaliseLocation, zoneFor, zoneSpecificity } from './location';
import type { ShippingZone } from './types';

const zone = (id: string, locations: ShippingZone['locations']): ShippingZone => ({ id, name: id, locations, rates: [] });

describe('normaliseLocation', () => {
  it('upper-cases, trims and strips a country prefix from the region', () => {
    expect(normaliseLocation({ country: ' us ', region: 'ca', postalCode: ' 94103 ' })).toEqual({ country: 'US', region: 'CA', postalCode: '94103' });
    expect(normaliseLocation({ country: 'US', region: 'US-NY' })).toEqual({ country: 'US', region: 'NY' });
    expect(normaliseLocation({ country: 'fr', region: '' })).toEqual({ country: 'FR', region: null });
  });

  it.each(['PR', 'GU', 'VI', 'AS', 'MP', 'UM'])('treats the territory %s as the US with it as the region', (code) => {
    expect(normaliseLocation({ country: code.toLowerCase(), region: null })).toEqual({ country: 'US', region: code });
  });

  it('answers null without a country', () => {
    expect(normaliseLocation({ country: '  ', region: 'CA' })).toBeNull();
    expect(normaliseLocation(null)).toBeNull();
  });
});

describe('zones', () => {
  const usAll = zone('us', [{ country: 'US', regions: null }]);
  const west = zone('west', [{ country: 'us', regions: ['CA', 'or', 'US-WA'] }]);
  const territories = zone('territories', [{ country: 'PR', regions: null }, { country: 'GU', regions: null }]);
  const europe = zone('eu', [{ country: 'FR', regions: [] }, { country: 'DE', regions: null }]);

  it('matches by country or by region', () => {
    expect(locationMatchesZone({ country: 'US', region: 'TX' }, usAll)).toBe(true);
    expect(locationMatchesZone({ country: 'US', region: 'TX' }, west)).toBe(false);
    expect(zoneSpecificity({ country: 'US', region: 'WA' }, west)).toBe(2);
    expect(locationMatchesZone({ country: 'FR', region: null }, europe)).toBe(true); // empty regions = whole country
    expect(locationMatchesZone(null, usAll)).toBe(false);
  });

  it('picks the most specific zone, whatever the order', () => {
    expect(zoneFor({ country: 'US', region: 'CA' }, [usAll, west])?.id).toBe('west');
    expect(zoneFor({ country: 'US', region: 'CA' }, [west, usAll])?.id).toBe('west');
    expect(zoneFor({ country: 'US', region: 'NY' }, [west, usAll])?.id).toBe('us');
    expect(zoneFor({ country: 'JP', region: null }, [west, usAll, europe])).toBeNull();
  });

  it('treats a territory (PR) as the US: a US-wide zone ships there, a zone listing PR wins', () => {
    expect(zoneFor({ country: 'PR', region: null }, [usAll])?.id).toBe('us');
    expect(zoneFor({ country: 'PR', region: null }, [usAll, territories])?.id).toBe('territories');
    expect(zoneFor({ country: 'US', region: 'GU' }, [usAll, territories])?.id).toBe('territories');
  });
});
