// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { InventoryReply } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { App } from '../app/App';
import { navigate } from '../app/router';
import { BOOT, fakeServer } from '../test-support/fixtures';
import { beaconPanelSender, panelEventContent, setPanelEventSender, trackPanelEvent } from './track';

const product = {
  id: 'p1', title: 'Linen Shirt', productType: 1, storeId: 's1', archived: false, priceCents: 4500, totalStock: 5, unlimited: false,
  shownPrice: { from: false, priceCents: 4500, compareAtCents: null, onSale: false },
  variants: [{ id: 'v1', sku: 'LS', optionValues: [], priceCents: 4500, salePriceCents: 0, onSale: false, qtyInStock: 5, unlimited: false, imageIds: [], weightGrams: null, shownPrice: { from: false, priceCents: 4500, compareAtCents: null, onSale: false } }],
};

describe('panel tracking', () => {
  let events: string[];
  beforeEach(() => {
    events = [];
    setPanelEventSender((panel, action) => events.push(`${panel}:${action}`));
    window.history.replaceState(null, '', '/config');
  });
  afterEach(() => {
    cleanup();
    setPanelEventSender(() => {});
    vi.restoreAllMocks();
  });

  it("builds an admin-panel event with the common fields the server's schema requires, one session per tab", () => {
    window.history.replaceState(null, '', '/config/products/');
    const first = panelEventContent({ id: 'w1', locale: 'fr-FR' }, 'inventory', 'search', 1_700_000_000_000);
    const second = panelEventContent({ id: 'w1', locale: 'fr-FR' }, 'inventory', 'next-page');
    expect(first).toMatchObject({
      panel: 'inventory', action: 'search', page_path: '/config/products', context_website_id: 'w1', resolved_locale: 'fr-FR',
      client_name: 'vitrine-owner-app', source_environment: 'prod', event_occurrence_timestamp: 1_700_000_000_000,
    });
    expect(first.event_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.event_id).not.toBe(first.event_id);
    expect(second.session_id).toBe(first.session_id);
    expect(second.analytics_id).toBe(first.analytics_id);
  });

  it('sends by beacon to the events call, form-encoded, and never throws into the screen', () => {
    const beacon = vi.fn((_url: string, _body: URLSearchParams) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    beaconPanelSender({ id: 'w1', locale: 'en-US' })('api-keys', 'create-key');
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0]!;
    expect(url).toBe('/api/v1/clanker/events');
    expect(body.get('eventSchemaName')).toBe('admin-panel');
    expect(JSON.parse(body.get('eventContent')!)).toMatchObject({ panel: 'api-keys', action: 'create-key' });
    setPanelEventSender(() => {
      throw new Error('offline');
    });
    expect(() => trackPanelEvent('inventory', 'search')).not.toThrow();
  });

  it('the inventory panel reports search, sort by stock and price, next page and the row expander', async () => {
    const server = fakeServer(() => ({ products: [product], nextCursor: 'n1' }) satisfies InventoryReply);
    render(<App client={server.client} boot={BOOT} queryClient={createQueryClient()} />);
    await act(async () => navigate('/config/products'));
    await screen.findByRole('button', { name: 'Variants of Linen Shirt' });
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'linen' } });
    fireEvent.submit(screen.getByRole('search'));
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'stock' } });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Variants of Linen Shirt' }));
    fireEvent.click(screen.getByRole('button', { name: 'Variants of Linen Shirt' }));
    await waitFor(() => expect(events).toEqual(['inventory:search', 'inventory:sort-by-stock', 'inventory:sort-by-price', 'inventory:next-page', 'inventory:row-expander']));
  });
});
