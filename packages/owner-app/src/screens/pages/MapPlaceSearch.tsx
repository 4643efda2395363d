import { useId, useState } from 'react';

/**
 * The map block's place search (issue 18): the site's places proxy (`GET /api/google-maps/places/autocomplete`
 * and `…/details`: Google Places with a key, the offline gazetteer without) finds a place as the owner types,
 * and choosing one fills the block's address and its latitude and longitude. The fields stay editable by hand.
 */
interface Prediction {
  description: string;
  place_id: string;
  structured_formatting: { main_text: string; secondary_text: string };
}

interface PlaceDetails {
  name?: string;
  geometry?: { location?: { lat?: number; lng?: number } };
  address_components?: Array<{ long_name: string; types: string[] }>;
}

export interface PlaceChoice {
  addressLine1: string;
  addressLine2: string;
  addressCountry: string;
  mapLat: number | null;
  mapLng: number | null;
}

export const MAP_SEARCH_TEXTS = {
  label: 'Find a place',
  search: 'Search',
  none: 'No place found. Type the address in the fields below instead.',
  failed: 'Unable to load results',
  results: 'Places found',
} as const;

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** What a chosen place puts in the block's settings. */
export function placeChoiceOf(prediction: Prediction, details: PlaceDetails | undefined): PlaceChoice {
  const country = details?.address_components?.find((component) => component.types.includes('country'))?.long_name ?? '';
  const location = details?.geometry?.location;
  return {
    addressLine1: prediction.structured_formatting.main_text,
    addressLine2: prediction.structured_formatting.secondary_text.replace(new RegExp(`,?\\s*${country.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), '').trim(),
    addressCountry: country,
    mapLat: typeof location?.lat === 'number' ? location.lat : null,
    mapLng: typeof location?.lng === 'number' ? location.lng : null,
  };
}

export function MapPlaceSearch({ onChoose }: { onChoose: (choice: PlaceChoice) => void }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [predictions, setPredictions] = useState<Prediction[] | null>(null);
  const [message, setMessage] = useState('');

  const search = async () => {
    const input = query.trim();
    if (!input) return;
    setMessage('');
    try {
      const answer = await getJson<{ predictions?: Prediction[] }>(`/api/google-maps/places/autocomplete?input=${encodeURIComponent(input)}`);
      const found = answer.predictions ?? [];
      setPredictions(found);
      if (found.length === 0) setMessage(MAP_SEARCH_TEXTS.none);
    } catch {
      setPredictions(null);
      setMessage(MAP_SEARCH_TEXTS.failed);
    }
  };

  const choose = async (prediction: Prediction) => {
    let details: PlaceDetails | undefined;
    try {
      details = (await getJson<{ result?: PlaceDetails }>(`/api/google-maps/places/details?place_id=${encodeURIComponent(prediction.place_id)}`)).result;
    } catch {
      details = undefined;
    }
    onChoose(placeChoiceOf(prediction, details));
    setPredictions(null);
    setQuery(prediction.description);
  };

  return (
    <div className="pages-map-search">
      <label htmlFor={`${id}-query`}>{MAP_SEARCH_TEXTS.label}</label>
      <div className="pages-map-search-row">
        <input
          id={`${id}-query`}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void search();
            }
          }}
        />
        <button type="button" className="button button-secondary" onClick={() => void search()}>
          {MAP_SEARCH_TEXTS.search}
        </button>
      </div>
      <p role="status" className="pages-muted">{message}</p>
      {predictions && predictions.length > 0 ? (
        <ul className="pages-map-results" aria-label={MAP_SEARCH_TEXTS.results}>
          {predictions.slice(0, 8).map((prediction) => (
            <li key={prediction.place_id}>
              <button type="button" className="button button-plain" onClick={() => void choose(prediction)}>
                {prediction.description}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
