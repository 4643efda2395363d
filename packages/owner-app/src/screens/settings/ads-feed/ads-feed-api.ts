import { useQuery } from '@tanstack/react-query';
import type { getProductFeedSettingsContract, ProductFeedSettingsJson, rotateProductFeedTokenContract, saveProductFeedPixelContract } from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';

/** The dynamic ads feed panel's calls (type-only imports of the contracts). */
export const ADS_FEED_ROUTES = {
  getSettings: callRoute<typeof getProductFeedSettingsContract>('GET', '/api/owner/product-feed'),
  rotateToken: callRoute<typeof rotateProductFeedTokenContract>('POST', '/api/owner/product-feed/token'),
  savePixel: callRoute<typeof saveProductFeedPixelContract>('PUT', '/api/owner/product-feed/pixel'),
} as const;

export const adsFeedKeys = { all: ['product-feed'] as const };

export function useProductFeed() {
  const client = useOwnerClient();
  return useQuery<ProductFeedSettingsJson>({
    queryKey: adsFeedKeys.all,
    queryFn: () => client.call(ADS_FEED_ROUTES.getSettings) as Promise<ProductFeedSettingsJson>,
  });
}

export function useRotateFeedUrl() {
  const client = useOwnerClient();
  return useOwnerMutation<void, ProductFeedSettingsJson>({
    mutationFn: () => client.call(ADS_FEED_ROUTES.rotateToken, { body: {} }) as Promise<ProductFeedSettingsJson>,
    invalidates: [adsFeedKeys.all],
  });
}

export function useSavePixel() {
  const client = useOwnerClient();
  return useOwnerMutation<string | null, ProductFeedSettingsJson>({
    mutationFn: (pixelId) => client.call(ADS_FEED_ROUTES.savePixel, { body: { pixelId } }) as Promise<ProductFeedSettingsJson>,
    invalidates: [adsFeedKeys.all],
  });
}

/** A pixel id is 10 to 20 digits (the contract's PIXEL_ID_PATTERN); empty removes it. Undefined: not a pixel id. */
export function parsePixelId(text: string): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^[0-9]{10,20}$/.test(trimmed) ? trimmed : undefined;
}

export const ADS_FEED_TEXTS = {
  intro:
    'Ads platforms (Google Merchant Center, Meta catalogs for dynamic ads) read your products from this address: every variant that is not archived, with its price, stock and picture. Give it to the platform as a scheduled feed.',
  feedUrl: 'Feed URL',
  feedUrlHelp: 'Anyone with this address can read the feed (it holds only what your store pages show). Make a new one if it leaked.',
  copy: 'Copy',
  copyLabel: 'Copy the feed URL',
  newUrl: 'New URL',
  confirmTitle: 'Make a new feed URL?',
  confirmMessage: 'The current URL stops working at once: ads platforms reading it get nothing until you give them the new one.',
  confirmLabel: 'Make a new URL',
  rotated: 'The feed has a new URL. Copy it into your ads platform.',
  pixel: 'Pixel id',
  pixelHelp: 'The id of your ads pixel (10 to 20 digits), kept with the feed for the ads platform. Leave empty to remove it.',
  pixelInvalid: 'A pixel id is 10 to 20 digits.',
  savePixel: 'Save pixel id',
  saving: 'Saving…',
  saved: 'Saved.',
  removed: 'Pixel id removed.',
} as const;
