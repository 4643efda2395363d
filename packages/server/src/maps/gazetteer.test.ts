import { describe, expect, it } from 'vitest';
import { Gazetteer, loadGazetteer, normalisePlaceName } from './gazetteer';

const city = (name: string, country: string, admin1 = '01') => ({ name, lat: '1.5', lng: '-2.25', country, admin1, admin2: '' });

describe('Gazetteer', () => {
  const gazetteer = Gazetteer.fromCities(
    [city('Zürich', 'CH', '25'), city('Zurich', 'NL'), city('Paris', 'CA', '08'), city('Paris', 'FR', '11'), city('Parisot', 'FR', '11'), city('Pa', 'US')],
    [{ code: 'CH.25', name: 'Zurich' }, { code: 'FR.11', name: 'Île-de-France' }, { code: 'CA.08', name: 'Ontario' }],
  );

  it('normalises case, accents and punctuation', () => {
    expect(normalisePlaceName('  Zürich ')).toBe('zurich');
    expect(normalisePlaceName('SÃO-Paulo')).toBe('sao paulo');
  });

  it('finds by prefix, accent- and case-insensitively, exact names first, then shorter', () => {
    expect(gazetteer.search('ZUR').map((place) => `${place.name} ${place.countryCode}`)).toEqual(['Zürich CH', 'Zurich NL']);
    expect(gazetteer.search('par').map((place) => place.name)).toEqual(['Paris', 'Paris', 'Parisot']);
    expect(gazetteer.search('paris').map((place) => place.name)).toEqual(['Paris', 'Paris', 'Parisot']);
    expect(gazetteer.search('   ')).toEqual([]);
    expect(gazetteer.search('nowhere')).toEqual([]);
  });

  it('narrows by a country code or name, or a region, after a comma, and by a country filter', () => {
    expect(gazetteer.search('Paris, FR').map((place) => place.countryCode)).toEqual(['FR', 'FR']);
    expect(gazetteer.search('Paris, fra').map((place) => place.countryCode)).toEqual(['FR', 'FR']);
    expect(gazetteer.search('Paris, ontario').map((place) => place.countryCode)).toEqual(['CA']);
    expect(gazetteer.search('paris', { countries: ['ca'] }).map((place) => place.region)).toEqual(['Ontario']);
    expect(gazetteer.search('p', { limit: 2 })).toHaveLength(2);
  });

  it('answers a place by its id, with coordinates and country', () => {
    const [first] = gazetteer.search('zurich');
    expect(gazetteer.byPlaceId(first.placeId)).toEqual({ placeId: first.placeId, name: 'Zürich', countryCode: 'CH', countryName: 'Switzerland', region: 'Zurich', lat: 1.5, lng: -2.25 });
    expect(gazetteer.byPlaceId('gazetteer:999')).toBeUndefined();
    expect(gazetteer.byPlaceId('ChIJ-not-ours')).toBeUndefined();
  });

  it('loads the installed GeoNames cities once', async () => {
    const [a, b] = await Promise.all([loadGazetteer(), loadGazetteer()]);
    expect(a).toBe(b);
    expect(a.size).toBe(171_075);
    const paris = a.search('Paris, France')[0];
    expect(paris).toMatchObject({ name: 'Paris', countryCode: 'FR', region: 'Île-de-France' });
    expect(paris.lat).toBeCloseTo(48.85, 1);
  });
});
