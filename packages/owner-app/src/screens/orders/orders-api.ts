import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  approveReturnContract,
  createFulfilmentContract,
  CreateFulfilmentBody,
  declineReturnContract,
  receiveReturnContract,
  refundReturnContract as refundReturnRouteContract,
  cancelOrderContract,
  markOrderPaidContract,
  exportOwnerOrdersContract,
  fulfilOrderContract,
  getOwnerOrderContract,
  ListOwnerOrdersQuery,
  ListOwnerOrdersReply,
  listOwnerOrdersContract,
  OwnerOrderReply,
  refundOrderContract,
  RefundReply,
} from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';

/** The Orders screen's calls, typed from their contracts (type-only imports). */
export const ORDER_ROUTES = {
  listOrders: callRoute<typeof listOwnerOrdersContract>('GET', '/api/owner/orders'),
  exportOrders: callRoute<typeof exportOwnerOrdersContract>('GET', '/api/owner/orders/export.csv'),
  getOrder: callRoute<typeof getOwnerOrderContract>('GET', '/api/owner/orders/:orderId'),
  fulfilOrder: callRoute<typeof fulfilOrderContract>('POST', '/api/owner/orders/:orderId/fulfil'),
  cancelOrder: callRoute<typeof cancelOrderContract>('POST', '/api/owner/orders/:orderId/cancel'),
  markOrderPaid: callRoute<typeof markOrderPaidContract>('POST', '/api/owner/orders/:orderId/mark-paid'),
  refundOrder: callRoute<typeof refundOrderContract>('POST', '/api/owner/orders/:orderId/refunds'),
  createFulfilment: callRoute<typeof createFulfilmentContract>('POST', '/api/owner/orders/:orderId/fulfilments'),
  approveReturn: callRoute<typeof approveReturnContract>('POST', '/api/owner/orders/:orderId/returns/:returnId/approve'),
  declineReturn: callRoute<typeof declineReturnContract>('POST', '/api/owner/orders/:orderId/returns/:returnId/decline'),
  receiveReturn: callRoute<typeof receiveReturnContract>('POST', '/api/owner/orders/:orderId/returns/:returnId/receive'),
  refundReturn: callRoute<typeof refundReturnRouteContract>('POST', '/api/owner/orders/:orderId/returns/:returnId/refund'),
} as const;

/** The packing slip's address (a page of its own, opened in a new tab to print). */
export const packingSlipHref = (orderId: string) => `/api/owner/orders/${encodeURIComponent(orderId)}/packing-slip`;

/** The orders' query family: any change to an order invalidates all of it (the detail and every list page). */
export const orderKeys = {
  all: ['orders'] as const,
  list: (query: ListOwnerOrdersQuery) => ['orders', 'list', query] as const,
  detail: (orderId: string) => ['orders', 'detail', orderId] as const,
};

/**
 * How often the list asks again while the tab is visible: new orders appear without a reload. TanStack Query
 * skips the interval's calls while the tab is hidden (refetchIntervalInBackground is false), and the list is
 * asked again as soon as the owner comes back to the tab.
 */
export const ORDERS_REFRESH_MS = 15_000;

/** A page of the order list; the previous page stays on screen while the next one loads. */
export function useOrderList(query: ListOwnerOrdersQuery, options: { enabled?: boolean } = {}) {
  const client = useOwnerClient();
  return useQuery<ListOwnerOrdersReply>({
    queryKey: orderKeys.list(query),
    queryFn: () => client.call(ORDER_ROUTES.listOrders, { query }) as Promise<ListOwnerOrdersReply>,
    placeholderData: keepPreviousData,
    refetchInterval: ORDERS_REFRESH_MS,
    refetchIntervalInBackground: false,
    // Back on the tab after a while: ask at once rather than at the next tick.
    refetchOnWindowFocus: 'always',
    enabled: options.enabled ?? true,
  });
}

export function useOrder(orderId: string) {
  const client = useOwnerClient();
  return useQuery<OwnerOrderReply>({
    queryKey: orderKeys.detail(orderId),
    queryFn: () => client.call(ORDER_ROUTES.getOrder, { params: { orderId } }) as Promise<OwnerOrderReply>,
  });
}

export function useFulfilOrder(orderId: string) {
  const client = useOwnerClient();
  return useOwnerMutation<{ note: string }, OwnerOrderReply>({
    mutationFn: ({ note }) => client.call(ORDER_ROUTES.fulfilOrder, { params: { orderId }, body: note.trim() ? { note: note.trim() } : {} }) as Promise<OwnerOrderReply>,
    invalidates: [orderKeys.all],
  });
}

export function useCancelOrder(orderId: string) {
  const client = useOwnerClient();
  return useOwnerMutation<{ note: string }, OwnerOrderReply>({
    mutationFn: ({ note }) => client.call(ORDER_ROUTES.cancelOrder, { params: { orderId }, body: note.trim() ? { note: note.trim() } : {} }) as Promise<OwnerOrderReply>,
    invalidates: [orderKeys.all],
  });
}

/** A manual order's "Mark as paid" (the server pays it once, however many clicks arrive). */
export function useMarkOrderPaid(orderId: string) {
  const client = useOwnerClient();
  return useOwnerMutation<{ note: string }, OwnerOrderReply>({
    mutationFn: ({ note }) => client.call(ORDER_ROUTES.markOrderPaid, { params: { orderId }, body: note.trim() ? { note: note.trim() } : {} }) as Promise<OwnerOrderReply>,
    invalidates: [orderKeys.all],
  });
}

export interface RefundInput {
  idempotencyKey: string;
  amountCents: number;
  note: string;
}

export function useRefundOrder(orderId: string) {
  const client = useOwnerClient();
  return useOwnerMutation<RefundInput, RefundReply>({
    mutationFn: ({ idempotencyKey, amountCents, note }) =>
      client.call(ORDER_ROUTES.refundOrder, { params: { orderId }, body: { idempotencyKey, amountCents, ...(note.trim() ? { note: note.trim() } : {}) } }) as Promise<RefundReply>,
    invalidates: [orderKeys.all],
  });
}

export function useCreateFulfilment(orderId: string) {
  const client = useOwnerClient();
  return useOwnerMutation<CreateFulfilmentBody, OwnerOrderReply>({
    mutationFn: (body) => client.call(ORDER_ROUTES.createFulfilment, { params: { orderId }, body }) as Promise<OwnerOrderReply>,
    invalidates: [orderKeys.all],
  });
}

export type ReturnStep =
  | { step: 'approve'; returnId: string }
  | { step: 'decline'; returnId: string; message: string }
  | { step: 'receive'; returnId: string }
  | { step: 'refund'; returnId: string; restock: string[] };

/** One step of a return (approve, decline, received, refund): each answers the order as it now stands. */
export function useReturnStep(orderId: string) {
  const client = useOwnerClient();
  return useOwnerMutation<ReturnStep, OwnerOrderReply>({
    mutationFn: (input) => {
      const params = { orderId, returnId: input.returnId };
      switch (input.step) {
        case 'approve':
          return client.call(ORDER_ROUTES.approveReturn, { params, body: {} }) as Promise<OwnerOrderReply>;
        case 'decline':
          return client.call(ORDER_ROUTES.declineReturn, { params, body: { message: input.message } }) as Promise<OwnerOrderReply>;
        case 'receive':
          return client.call(ORDER_ROUTES.receiveReturn, { params, body: {} }) as Promise<OwnerOrderReply>;
        case 'refund':
          return client.call(ORDER_ROUTES.refundReturn, { params, body: { restock: input.restock } }) as Promise<OwnerOrderReply>;
      }
    },
    invalidates: [orderKeys.all],
  });
}
