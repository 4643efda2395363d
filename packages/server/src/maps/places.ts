import type { PlaceDetailsQuery, PlacesAutocompleteQuery } from '@vitrine/contracts';
import { loadGazetteer, type GazetteerPlace } from './gazetteer';
import { googleAutocomplete, googleDetails, type GooglePlacesConfig } from './google-places';

/**
 * The places proxy (platform spec §7): Google Places when a key is configured, else the offline
 * gazetteer, in Google's answer shapes either way (predictions[{ description, place_id,
 * structured_formatting }], result{ …, geometry.location }), so a client works against both.
 */
export interface PlacesConfig {
  google: GooglePlacesConfig | undefined;
}

function secondaryText(place: GazetteerPlace): string {
  return [place.region, place.countryName].filter((part) => part.length > 0 && part !== place.name).join(', ');
}

function predictionOf(place: GazetteerPlace) {
  const secondary = secondaryText(place);
  return {
    description: secondary ? `${place.name}, ${secondary}` : place.name,
    place_id: place.placeId,
    types: ['locality', 'political', 'geocode'],
    structured_formatting: { main_text: place.name, secondary_text: secondary },
  };
}

function detailsOf(place: GazetteerPlace) {
  const secondary = secondaryText(place);
  return {
    place_id: place.placeId,
    name: place.name,
    formatted_address: secondary ? `${place.name}, ${secondary}` : place.name,
    types: ['locality', 'political'],
    address_components: [
      { long_name: place.name, short_name: place.name, types: ['locality', 'political'] },
      ...(place.region ? [{ long_name: place.region, short_name: place.region, types: ['administrative_area_level_1', 'political'] }] : []),
      { long_name: place.countryName, short_name: place.countryCode, types: ['country', 'political'] },
    ],
    geometry: { location: { lat: place.lat, lng: place.lng } },
  };
}

/** Google's components filter, 'country:fr|country:be', as country codes. */
export function countriesOf(components: string | undefined): string[] | undefined {
  if (!components) return undefined;
  const codes = components
    .split('|')
    .map((part) => /^country:([A-Za-z]{2})$/.exec(part.trim())?.[1])
    .filter((code): code is string => code !== undefined);
  return codes.length > 0 ? codes : undefined;
}

export async function placesAutocomplete(config: PlacesConfig, query: PlacesAutocompleteQuery) {
  if (config.google) return googleAutocomplete(config.google, query);
  const places = (await loadGazetteer()).search(query.input, { countries: countriesOf(query.components) });
  return { status: places.length > 0 ? 'OK' : 'ZERO_RESULTS', predictions: places.map(predictionOf) };
}

export async function placeDetails(config: PlacesConfig, query: PlaceDetailsQuery) {
  if (config.google) return googleDetails(config.google, query);
  const place = (await loadGazetteer()).byPlaceId(query.place_id);
  return place ? { status: 'OK', result: detailsOf(place) } : { status: 'NOT_FOUND' };
}
