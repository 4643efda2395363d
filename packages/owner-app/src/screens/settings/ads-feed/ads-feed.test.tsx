// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Permission } from '@vitrine/contracts';
import { ROUTE_CONTRACTS } from '@vitrine/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { App } from '../../../app/App';
import { navigate } from '../../../app/router';
import { BOOT, fakeServer } from '../../../test-support/fixtures';
import { setPanelEventSender } from '../../../ui/track';
import { ADS_FEED_ROUTES, parsePixelId } from './ads-feed-api';

const FEED = 'https://shop.example.com/api/product-feed/tok_one';

let events: string[];
let writes: string[];
beforeEach(() => {
  window.history.replaceState(null, '', '/config');
  events = [];
  writes = [];
  setPanelEventSender((panel, action) => events.push(`${panel}:${action}`));
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void writes.push(text) } });
});
afterEach(() => {
  cleanup();
  setPanelEventSender(() => {});
});

function renderPanel(answer: Parameters<typeof fakeServer>[0], permissions: Permission[] = ['store-settings:read', 'store-settings:write']) {
  const server = fakeServer(answer);
  render(<App client={server.client} boot={{ ...BOOT, owner: { ...BOOT.owner, permissions } }} queryClient={createQueryClient()} />);
  return server;
}

describe('the dynamic ads feed panel', () => {
  it('names calls the contracts have; reads pixel ids of 10 to 20 digits, empty as none', () => {
    for (const route of Object.values(ADS_FEED_ROUTES)) {
      expect(ROUTE_CONTRACTS.some((contract) => contract.method === route.method && contract.url === route.url)).toBe(true);
    }
    expect(parsePixelId(' 1234567890 ')).toBe('1234567890');
    expect(parsePixelId('12345678901234567890')).toBe('12345678901234567890');
    expect(parsePixelId('')).toBeNull();
    for (const text of ['123456789', '123456789012345678901', '12345abcde', '1234 567890', '-1234567890']) expect(parsePixelId(text)).toBeUndefined();
  });

  it('copies the feed URL, saves a pixel id (checked in the app first), tracking url-copy then pixel-id-save', async () => {
    let pixelId: string | null = null;
    const server = renderPanel((method) => {
      if (method === 'PUT') pixelId = '123456789012345';
      return { feedUrl: FEED, pixelId };
    });
    await act(async () => navigate('/config/settings/ads-feed'));
    const url = (await screen.findByLabelText('Feed URL')) as HTMLInputElement;
    expect(url.value).toBe(FEED);
    expect(url.readOnly).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the feed URL' }));
    expect(await screen.findByText('Copied.')).toBeTruthy();
    expect(writes).toEqual([FEED]);

    const pixel = screen.getByLabelText('Pixel id');
    fireEvent.change(pixel, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save pixel id' }));
    expect(await screen.findByText('A pixel id is 10 to 20 digits.')).toBeTruthy();
    expect(pixel.getAttribute('aria-invalid')).toBe('true');
    expect(server.calls.some((call) => call.startsWith('PUT'))).toBe(false);

    fireEvent.change(pixel, { target: { value: '123456789012345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save pixel id' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(server.calls).toContain('PUT /api/owner/product-feed/pixel');
    expect(pixel.getAttribute('aria-invalid')).toBeNull();
    expect(events).toEqual(['dynamic-ads-feed:url-copy', 'dynamic-ads-feed:pixel-id-save']);
  });

  it('makes a new URL only after the confirm modal says the old one stops working', async () => {
    let feed = FEED;
    const server = renderPanel((method) => {
      if (method === 'POST') feed = 'https://shop.example.com/api/product-feed/tok_two';
      return { feedUrl: feed, pixelId: null };
    });
    await act(async () => navigate('/config/settings/ads-feed'));
    fireEvent.click(await screen.findByRole('button', { name: 'New URL' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make a new feed URL?' });
    expect(dialog.textContent).toContain('The current URL stops working at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((call) => call.startsWith('POST'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'New URL' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make a new URL' }));
    expect(await screen.findByText('The feed has a new URL. Copy it into your ads platform.')).toBeTruthy();
    expect(server.calls).toContain('POST /api/owner/product-feed/token');
    await waitFor(() => expect((screen.getByLabelText('Feed URL') as HTMLInputElement).value).toBe('https://shop.example.com/api/product-feed/tok_two'));
    expect(events).toEqual([]);
  });

  it('lets a role without store-settings:write copy but not change (no New URL, no Save)', async () => {
    renderPanel(() => ({ feedUrl: FEED, pixelId: '1234567890' }), ['store-settings:read']);
    await act(async () => navigate('/config/settings/ads-feed'));
    expect(await screen.findByRole('button', { name: 'Copy the feed URL' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New URL' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save pixel id' })).toBeNull();
    expect((screen.getByLabelText('Pixel id') as HTMLInputElement).readOnly).toBe(true);
  });

  it('selects the URL for Ctrl+C when the clipboard is not available', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    renderPanel(() => ({ feedUrl: FEED, pixelId: null }));
    await act(async () => navigate('/config/settings/ads-feed'));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy the feed URL' }));
    expect(await screen.findByText(/press Ctrl\+C/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Feed URL'));
    expect(events).toEqual(['dynamic-ads-feed:url-copy']);
  });
});
