import type { ShippingLocation, ShippingZone } from './types';

/** The spec's US territories (platform §3): shipping and tax treat them as the US with the territory as region. */
export const US_TERRITORIES: readonly string[] = ['PR', 'GU', 'VI', 'AS', 'MP', 'UM'];

export interface LocationInput {
  country?: string | null;
  region?: string | null;
  postalCode?: string | null;
}

function clean(value: string | null | undefined): string {
  return (value ?? '').trim().toUpperCase();
}

/**
 * A location in canonical form, or null without a country: codes trimmed and upper case, a region given with its
 * country prefix ('US-CA') stripped to 'CA', a US territory given as a country ('PR') turned into
 * `{ country: 'US', region: 'PR' }`. Also used on the zones' and tax rules' own places so both sides compare alike.
 */
export function normaliseLocation(input: LocationInput | null | undefined): ShippingLocation | null {
  if (!input) return null;
  let country = clean(input.country);
  if (!country) return null;
  let region: string | null = clean(input.region) || null;
  if (region && region.startsWith(`${country}-`)) region = region.slice(country.length + 1) || null;
  if (US_TERRITORIES.includes(country)) {
    region = country;
    country = 'US';
  }
  const location: ShippingLocation = { country, region };
  if (input.postalCode !== undefined) location.postalCode = clean(input.postalCode) || null;
  return location;
}

/** A zone's listed place, normalised like a location (a listed 'PR' is the US region PR). null regions: the whole country. */
function normaliseZonePlace(place: { country: string; regions: string[] | null }): { country: string; regions: string[] | null } {
  const country = clean(place.country);
  if (US_TERRITORIES.includes(country)) return { country: 'US', regions: [country] };
  const regions = place.regions
    ?.map((region) => clean(region))
    .map((region) => (region.startsWith(`${country}-`) ? region.slice(country.length + 1) : region))
    .filter((region) => region.length > 0);
  return { country, regions: regions && regions.length > 0 ? regions : null };
}

/**
 * How specifically a zone names a location: 2 when it lists the location's region, 1 when it lists the whole
 * country, 0 when it does not match. An empty regions list counts as the whole country.
 */
export function zoneSpecificity(location: ShippingLocation | null, zone: Pick<ShippingZone, 'locations'>): 0 | 1 | 2 {
  const where = normaliseLocation(location);
  if (!where) return 0;
  let best: 0 | 1 | 2 = 0;
  for (const raw of zone.locations) {
    const place = normaliseZonePlace(raw);
    if (place.country !== where.country) continue;
    if (place.regions === null) best = best > 1 ? best : 1;
    else if (where.region !== null && place.regions.includes(where.region)) best = 2;
  }
  return best;
}

/** Whether the zone lists the location's country (whole) or its region. */
export function locationMatchesZone(location: ShippingLocation | null, zone: Pick<ShippingZone, 'locations'>): boolean {
  return zoneSpecificity(location, zone) > 0;
}

/** The zone that ships to the location: a region match wins over a country match; among equals, the first listed. */
export function zoneFor<Z extends Pick<ShippingZone, 'locations'>>(
  location: ShippingLocation | null,
  zones: readonly Z[],
): Z | null {
  let found: Z | null = null;
  let foundSpecificity = 0;
  for (const zone of zones) {
    const specificity = zoneSpecificity(location, zone);
    if (specificity > foundSpecificity) {
      found = zone;
      foundSpecificity = specificity;
    }
  }
  return found;
}
