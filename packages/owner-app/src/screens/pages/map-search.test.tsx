// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MapPlaceSearch, placeChoiceOf } from './MapPlaceSearch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lisbon = { description: 'Lisbon, Lisbon, Portugal', place_id: 'gaz:2267057', structured_formatting: { main_text: 'Lisbon', secondary_text: 'Lisbon, Portugal' } };
const details = {
  name: 'Lisbon',
  geometry: { location: { lat: 38.71667, lng: -9.13333 } },
  address_components: [{ long_name: 'Lisbon', types: ['locality'] }, { long_name: 'Portugal', types: ['country', 'political'] }],
};

describe('the map block’s place search', () => {
  it('turns a place into the block’s address and coordinates', () => {
    expect(placeChoiceOf(lisbon, details)).toEqual({ addressLine1: 'Lisbon', addressLine2: 'Lisbon', addressCountry: 'Portugal', mapLat: 38.71667, mapLng: -9.13333 });
    expect(placeChoiceOf(lisbon, undefined)).toEqual({ addressLine1: 'Lisbon', addressLine2: 'Lisbon, Portugal', addressCountry: '', mapLat: null, mapLng: null });
  });

  it('searches the places proxy and fills the block with the chosen place', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      calls.push(url);
      const body = url.includes('autocomplete') ? { status: 'OK', predictions: [lisbon] } : { status: 'OK', result: details };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }));
    const onChoose = vi.fn();
    render(<MapPlaceSearch onChoose={onChoose} />);
    fireEvent.change(screen.getByLabelText('Find a place'), { target: { value: 'Lisb' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    expect(calls[0]).toBe('/api/google-maps/places/autocomplete?input=Lisb');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Lisbon, Lisbon, Portugal' })));
    expect(calls[1]).toBe('/api/google-maps/places/details?place_id=gaz%3A2267057');
    expect(onChoose).toHaveBeenCalledWith({ addressLine1: 'Lisbon', addressLine2: 'Lisbon', addressCountry: 'Portugal', mapLat: 38.71667, mapLng: -9.13333 });
  });

  it('says when nothing is found', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ status: 'ZERO_RESULTS', predictions: [] }), { status: 200 })));
    render(<MapPlaceSearch onChoose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Find a place'), { target: { value: 'Nowhere' } });
    await act(async () => fireEvent.keyDown(screen.getByLabelText('Find a place'), { key: 'Enter' }));
    expect(screen.getByRole('status').textContent).toBe('No place found. Type the address in the fields below instead.');
  });
});
