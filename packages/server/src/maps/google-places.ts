import type { PlaceDetailsQuery, PlacesAutocompleteQuery } from '@vitrine/contracts';

/**
 * Google Places (the legacy web service's autocomplete and details calls), when GOOGLE_MAPS_API_KEY is
 * set. Only the parameters Google reads are forwarded; the caller's tracking context stays here. The
 * base address is configurable (GOOGLE_MAPS_API_BASE) so tests stand a loopback server in for Google.
 */
export const GOOGLE_MAPS_API_BASE = 'https://maps.googleapis.com';
export const GOOGLE_TIMEOUT_MS = 5000;

export interface GooglePlacesConfig {
  apiKey: string;
  baseUrl: string;
  timeoutMs?: number;
}

/** Google did not answer usefully (network, timeout, not JSON): the route answers 502. */
export class PlacesUnavailable extends Error {
  constructor(reason: string) {
    super(`Google Places: ${reason}`);
    this.name = 'PlacesUnavailable';
  }
}

const AUTOCOMPLETE_PARAMETERS = ['input', 'sessiontoken', 'language', 'components', 'types'] as const;
const DETAILS_PARAMETERS = ['place_id', 'sessiontoken', 'language', 'fields'] as const;

async function callGoogle(config: GooglePlacesConfig, path: string, parameters: Record<string, string | undefined>): Promise<Record<string, unknown>> {
  const url = new URL(path, config.baseUrl);
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.set(name, value);
  url.searchParams.set('key', config.apiKey);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(config.timeoutMs ?? GOOGLE_TIMEOUT_MS), headers: { accept: 'application/json' } });
  } catch (error) {
    throw new PlacesUnavailable((error as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable');
  }
  if (!response.ok) throw new PlacesUnavailable(`HTTP ${response.status}`);
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (!body || typeof body !== 'object' || typeof (body as { status?: unknown }).status !== 'string') throw new PlacesUnavailable('not a Places answer');
  return body as Record<string, unknown>;
}

const pick = <K extends string>(query: Partial<Record<K, string>>, names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, query[name]])) as Record<K, string | undefined>;

type Prediction = { description: string; place_id: string; structured_formatting: { main_text: string; secondary_text: string } };

function isPrediction(value: unknown): value is Prediction {
  const candidate = value as { description?: unknown; place_id?: unknown } | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.description === 'string' && typeof candidate.place_id === 'string';
}

export async function googleAutocomplete(config: GooglePlacesConfig, query: PlacesAutocompleteQuery) {
  const body = await callGoogle(config, '/maps/api/place/autocomplete/json', pick(query, AUTOCOMPLETE_PARAMETERS));
  const predictions = Array.isArray(body.predictions) ? body.predictions.filter(isPrediction).slice(0, 10) : [];
  // error_message is Google's word to the key's owner (quota, billing): logged by no one, shown to no shopper.
  return { status: body.status as string, predictions };
}

export async function googleDetails(config: GooglePlacesConfig, query: PlaceDetailsQuery) {
  const body = await callGoogle(config, '/maps/api/place/details/json', pick(query, DETAILS_PARAMETERS));
  return { status: body.status as string, ...(body.result && typeof body.result === 'object' ? { result: body.result } : {}) };
}
