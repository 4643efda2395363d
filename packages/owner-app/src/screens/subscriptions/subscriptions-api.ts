import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  cancelOwnerSubscriptionContract,
  CancelOwnerSubscriptionReply,
  ListOwnerSubscriptionsReply,
  listOwnerSubscriptionsContract,
  SubscriptionStatusName,
} from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';

/** The Subscriptions screen's calls, typed from their contracts (type-only imports keep TypeBox out of the bundle). */
export const SUBSCRIPTION_ROUTES = {
  list: callRoute<typeof listOwnerSubscriptionsContract>('GET', '/api/owner/subscriptions'),
  cancel: callRoute<typeof cancelOwnerSubscriptionContract>('POST', '/api/owner/subscriptions/:subscriptionId/cancel'),
} as const;

export type OwnerSubscription = ListOwnerSubscriptionsReply['subscriptions'][number];

/** The contract's statuses in the filter's order. */
export const SUBSCRIPTION_STATUSES_IN_ORDER: readonly SubscriptionStatusName[] = ['active', 'past_due', 'cancelled', 'completed'];

export interface SubscriptionListState {
  status: SubscriptionStatusName | '';
  cursor: string;
}

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  list: (state: SubscriptionListState) => ['subscriptions', 'list', state.status, state.cursor] as const,
};

export function useSubscriptionList(state: SubscriptionListState, options: { enabled: boolean }) {
  const client = useOwnerClient();
  return useQuery<ListOwnerSubscriptionsReply>({
    queryKey: subscriptionKeys.list(state),
    queryFn: () =>
      client.call(SUBSCRIPTION_ROUTES.list, {
        query: { ...(state.status ? { status: state.status } : {}), ...(state.cursor ? { cursor: state.cursor } : {}) },
      }),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/** Cancels one subscription; every list page refetches. */
export function useCancelSubscription() {
  const client = useOwnerClient();
  return useOwnerMutation<string, CancelOwnerSubscriptionReply>({
    mutationFn: (subscriptionId) => client.call(SUBSCRIPTION_ROUTES.cancel, { params: { subscriptionId } }),
    invalidates: [subscriptionKeys.all],
  });
}
