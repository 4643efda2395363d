import { useQuery } from '@tanstack/react-query';
import type {
  AbandonedCartDelayHours,
  AbandonedCartSettingsJson,
  AbandonedCartSummaryJson,
  getAbandonedCartSettingsContract,
  getAbandonedCartSummaryContract,
  updateAbandonedCartSettingsContract,
} from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';

/** Abandoned-cart recovery's calls (type-only imports of the contracts): the setting, and the dashboard's figures. */
export const ABANDONED_CART_ROUTES = {
  settings: callRoute<typeof getAbandonedCartSettingsContract>('GET', '/api/owner/abandoned-carts/settings'),
  updateSettings: callRoute<typeof updateAbandonedCartSettingsContract>('PUT', '/api/owner/abandoned-carts/settings'),
  summary: callRoute<typeof getAbandonedCartSummaryContract>('GET', '/api/owner/abandoned-carts/summary'),
} as const;

export const abandonedCartKeys = { settings: ['abandoned-carts', 'settings'] as const, summary: ['abandoned-carts', 'summary'] as const };

export function useAbandonedCartSettings() {
  const client = useOwnerClient();
  return useQuery<AbandonedCartSettingsJson>({ queryKey: abandonedCartKeys.settings, queryFn: () => client.call(ABANDONED_CART_ROUTES.settings) as Promise<AbandonedCartSettingsJson> });
}

export function useSaveAbandonedCartSettings() {
  const client = useOwnerClient();
  return useOwnerMutation<number | null, AbandonedCartSettingsJson>({
    mutationFn: (delayHours) => client.call(ABANDONED_CART_ROUTES.updateSettings, { body: { delayHours: delayHours as AbandonedCartDelayHours | null } }) as Promise<AbandonedCartSettingsJson>,
    invalidates: [abandonedCartKeys.settings],
  });
}

export function useAbandonedCartSummary(enabled: boolean) {
  const client = useOwnerClient();
  return useQuery<AbandonedCartSummaryJson>({ queryKey: abandonedCartKeys.summary, queryFn: () => client.call(ABANDONED_CART_ROUTES.summary) as Promise<AbandonedCartSummaryJson>, enabled });
}

export const ABANDONED_CART_TEXTS = {
  title: 'Abandoned-cart reminders',
  intro:
    'A shopper who gave an email at checkout and left without buying gets one reminder, with a link that brings the cart back on any device. Never after a purchase, and never to an address that unsubscribed.',
  choice: 'Send a reminder',
  off: 'Off',
  after: (hours: number) => (hours === 1 ? 'After 1 hour' : `After ${hours} hours`),
  save: 'Save reminders',
  saving: 'Saving…',
  saved: 'Saved.',
  readOnly: 'Your role may see this setting but not change it.',
  current: (words: string) => `Reminders: ${words}`,
  cardTitle: 'Recovered carts',
  cardNote: 'All time: orders placed after a reminder’s link brought the cart back.',
  remindersSent: 'Reminders sent',
  recoveredOrders: 'Recovered orders',
  recoveredRevenue: 'Recovered revenue',
} as const;
