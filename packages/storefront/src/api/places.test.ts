// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test-support/fixtures';
import { PLACES_TRACKING_ERROR, placeDetails, placesAutocomplete } from './places';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('places calls', () => {
  it('logs a console error when the details tracking context lacks productPage or productSection, and still calls', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { status: 'OK', result: { geometry: { location: { lat: 1, lng: 2 } } } }));
    vi.stubGlobal('fetch', fetch);
    const logger = { error: vi.fn() };
    await placeDetails({ place_id: 'gazetteer:1' }, { productPage: 'p' }, logger);
    expect(logger.error).toHaveBeenCalledWith(PLACES_TRACKING_ERROR);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('/api/google-maps/places/details?productPage=p&place_id=gazetteer%3A1');
    logger.error.mockClear();
    await placeDetails({ place_id: 'x' }, { productPage: 'p', productSection: 's' }, logger);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('sends the query and the tracking context on autocomplete, without a console error', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { status: 'OK', predictions: [] }));
    vi.stubGlobal('fetch', fetch);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await placesAutocomplete({ input: 'Par is' }, { productPage: 'p' })).toEqual({ status: 'OK', predictions: [] });
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('/api/google-maps/places/autocomplete?productPage=p&input=Par+is');
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });
});
