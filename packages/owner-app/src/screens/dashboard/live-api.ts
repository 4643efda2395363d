import { useQuery } from '@tanstack/react-query';
import type { AnalyticsNowReply, getAnalyticsNowContract, ListOwnerOrdersReply, listOwnerOrdersContract } from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';

/**
 * The dashboard's live part: visitors now and the latest orders, asked again every 15 seconds while the tab is
 * visible (TanStack Query pauses the interval in a hidden tab). Polling rather than server-sent events: it
 * works the same behind any proxy and across several server processes (an order placed on another process
 * needs no pub/sub to be seen), costs one small indexed query per open dashboard per interval, and 15 s is
 * as fresh as an owner glancing at the screen needs.
 */
export const LIVE_INTERVAL_MS = 15_000;
export const LATEST_ORDERS = 5;

export const LIVE_ROUTES = {
  now: callRoute<typeof getAnalyticsNowContract>('GET', '/api/owner/analytics/now'),
  latestOrders: callRoute<typeof listOwnerOrdersContract>('GET', '/api/owner/orders'),
} as const;

export const liveKeys = {
  now: ['analytics', 'now'] as const,
  // Under the orders family: an order changed anywhere in the app refreshes it too.
  latestOrders: ['orders', 'latest', LATEST_ORDERS] as const,
};

export function useVisitorsNow(options: { enabled: boolean; interval?: number }) {
  const client = useOwnerClient();
  return useQuery<AnalyticsNowReply>({
    queryKey: liveKeys.now,
    queryFn: () => client.call(LIVE_ROUTES.now, {}) as Promise<AnalyticsNowReply>,
    refetchInterval: options.interval ?? LIVE_INTERVAL_MS,
    enabled: options.enabled,
  });
}

export function useLatestOrders(options: { enabled: boolean; interval?: number }) {
  const client = useOwnerClient();
  return useQuery<ListOwnerOrdersReply>({
    queryKey: liveKeys.latestOrders,
    queryFn: () => client.call(LIVE_ROUTES.latestOrders, { query: { limit: String(LATEST_ORDERS) } }) as Promise<ListOwnerOrdersReply>,
    refetchInterval: options.interval ?? LIVE_INTERVAL_MS,
    enabled: options.enabled,
  });
}

/** Orders in `latest` not among those first seen: what arrived while the dashboard was open. */
export function newOrderIds(firstSeen: ReadonlySet<string> | null, latest: readonly { id: string }[]): string[] {
  if (!firstSeen) return [];
  return latest.filter((order) => !firstSeen.has(order.id)).map((order) => order.id);
}
