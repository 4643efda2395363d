// Types only: the contracts' schemas (TypeBox values) stay out of the browser bundle.
import type { PlaceDetailsQuery, PlacesAutocompleteQuery } from '@vitrine/contracts';
import { requestJson } from './http';

/**
 * The maps places proxy (platform spec §7). Each call carries the caller's query and its tracking
 * context; the server forwards only what Google reads and ignores the rest. A details call whose
 * tracking context lacks productPage or productSection still goes out, but logs a console error
 * (the spec's behaviour), so a caller that forgot them is seen in development.
 */

export interface PlacesTrackingContext {
  productPage?: string;
  productSection?: string;
  [key: string]: string | undefined;
}

export const PLACES_TRACKING_ERROR = 'Places details: the tracking context needs productPage and productSection.';

type Logger = Pick<Console, 'error'>;

function queryString(parameters: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) search.set(name, value);
  return search.toString();
}

export function placesAutocomplete(query: PlacesAutocompleteQuery, tracking: PlacesTrackingContext = {}) {
  return requestJson<{ status: string; predictions: Array<{ description: string; place_id: string }> }>(
    'GET',
    `/api/google-maps/places/autocomplete?${queryString({ ...tracking, ...query })}`,
  );
}

export function placeDetails(query: PlaceDetailsQuery, tracking: PlacesTrackingContext, logger: Logger = console) {
  if (!tracking.productPage || !tracking.productSection) logger.error(PLACES_TRACKING_ERROR);
  return requestJson<{ status: string; result?: { geometry?: { location?: { lat: number; lng: number } } } }>(
    'GET',
    `/api/google-maps/places/details?${queryString({ ...tracking, ...query })}`,
  );
}
