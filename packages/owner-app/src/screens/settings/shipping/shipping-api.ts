import { useQuery } from '@tanstack/react-query';
import type { createShippingZoneContract, deleteShippingZoneContract, listShippingZonesContract, replaceShippingZoneContract, ShippingZoneBody, ShippingZoneJson } from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';

/** Settings → Shipping's calls (type-only imports of the contracts). */
export const SHIPPING_ROUTES = {
  listZones: callRoute<typeof listShippingZonesContract>('GET', '/api/owner/shipping-zones'),
  createZone: callRoute<typeof createShippingZoneContract>('POST', '/api/owner/shipping-zones'),
  replaceZone: callRoute<typeof replaceShippingZoneContract>('PUT', '/api/owner/shipping-zones/:zoneId'),
  deleteZone: callRoute<typeof deleteShippingZoneContract>('DELETE', '/api/owner/shipping-zones/:zoneId'),
} as const;

export const shippingKeys = { all: ['shipping-zones'] as const };

export function useShippingZones() {
  const client = useOwnerClient();
  return useQuery<{ zones: ShippingZoneJson[] }>({
    queryKey: shippingKeys.all,
    queryFn: () => client.call(SHIPPING_ROUTES.listZones, {}) as Promise<{ zones: ShippingZoneJson[] }>,
  });
}

/** Adds a zone (no id) or saves one whole (its id). */
export function useSaveZone() {
  const client = useOwnerClient();
  return useOwnerMutation<{ zoneId?: string; body: ShippingZoneBody }, { zone: ShippingZoneJson }>({
    mutationFn: ({ zoneId, body }) =>
      (zoneId ? client.call(SHIPPING_ROUTES.replaceZone, { params: { zoneId }, body }) : client.call(SHIPPING_ROUTES.createZone, { body })) as Promise<{ zone: ShippingZoneJson }>,
    invalidates: [shippingKeys.all],
  });
}

export function useDeleteZone() {
  const client = useOwnerClient();
  return useOwnerMutation<string, unknown>({
    mutationFn: (zoneId) => client.call(SHIPPING_ROUTES.deleteZone, { params: { zoneId } }),
    invalidates: [shippingKeys.all],
  });
}
