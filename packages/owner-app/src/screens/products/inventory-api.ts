import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InventoryReply, listInventoryContract, setStockContract, StockReply } from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';
import { inventoryQuery, type InventoryState } from './inventory-state';

/** The inventory panel's calls, typed from their contracts (type-only imports). */
export const INVENTORY_ROUTES = {
  listInventory: callRoute<typeof listInventoryContract>('GET', '/api/owner/products'),
  setStock: callRoute<typeof setStockContract>('PUT', '/api/owner/variants/:variantId/stock'),
} as const;

/** The inventory's query family: a stock change invalidates all of it. */
export const inventoryKeys = {
  all: ['inventory'] as const,
  list: (state: InventoryState) => ['inventory', 'list', inventoryQuery(state)] as const,
};

/** A page of the inventory list; the previous page stays on screen while the next one loads. */
export function useInventory(state: InventoryState) {
  const client = useOwnerClient();
  return useQuery<InventoryReply>({
    queryKey: inventoryKeys.list(state),
    queryFn: () => client.call(INVENTORY_ROUTES.listInventory, { query: inventoryQuery(state) }) as Promise<InventoryReply>,
    placeholderData: keepPreviousData,
  });
}

/** Sets a variant's stock to a number (the absolute set: what the owner typed is what is on the shelf); the list refetches. */
export function useSetStock() {
  const client = useOwnerClient();
  return useOwnerMutation<{ variantId: string; qtyInStock: number }, StockReply>({
    mutationFn: ({ variantId, qtyInStock }) => client.call(INVENTORY_ROUTES.setStock, { params: { variantId }, body: { qtyInStock } }) as Promise<StockReply>,
    invalidates: [inventoryKeys.all],
  });
}
