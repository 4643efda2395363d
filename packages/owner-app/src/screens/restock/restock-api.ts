import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { listRestockGroupsContract, listRestockSignUpsContract, sendAllRestockContract, sendRestockContract } from '@vitrine/contracts';
import { callRoute, type CallAnswer, type CallRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';

/** The Restock screen's calls, typed from their contracts (type-only imports), at the spec's paths. */
export const RESTOCK_ROUTES = {
  listGroups: callRoute<typeof listRestockGroupsContract>('GET', '/api/site-users/account/notifications/restock/groups'),
  listSignUps: callRoute<typeof listRestockSignUpsContract>('GET', '/api/site-users/account/notifications/restock'),
  send: callRoute<typeof sendRestockContract>('POST', '/api/site-users/account/notifications/restock/send'),
  sendAll: callRoute<typeof sendAllRestockContract>('POST', '/api/site-users/account/notifications/restock/send/all'),
} as const;

type AnswerOf<R> = R extends CallRoute<infer S> ? CallAnswer<S> : never;
export type RestockGroupsReply = AnswerOf<typeof RESTOCK_ROUTES.listGroups>;
export type RestockGroup = RestockGroupsReply['signUpGroups'][number];
export type RestockSignUpsReply = AnswerOf<typeof RESTOCK_ROUTES.listSignUps>;
export type RestockSendAllReply = AnswerOf<typeof RESTOCK_ROUTES.sendAll>;
export type RestockSendResult = RestockSendAllReply['results'][number];

/** The restock family: a send invalidates all of it. */
export const restockKeys = {
  all: ['restock'] as const,
  groups: (cursor: string) => ['restock', 'groups', cursor] as const,
  signUps: (productId: string, variantId: string, cursor: string) => ['restock', 'sign-ups', productId, variantId, cursor] as const,
};

/** The Mail screen's family (its outbox shows the notices a send writes); named here so this chunk does not load that screen's code. */
const MAIL_FAMILY = ['mail'] as const;

/** A page of sign-up groups (product and variant, count, in stock); the previous page stays while the next loads. */
export function useRestockGroups(cursor: string) {
  const client = useOwnerClient();
  return useQuery<RestockGroupsReply>({
    queryKey: restockKeys.groups(cursor),
    queryFn: () => client.call(RESTOCK_ROUTES.listGroups, { query: cursor ? { cursor } : {} }),
    placeholderData: keepPreviousData,
  });
}

/** A page of one variant's waiting sign-ups, oldest first. */
export function useRestockSignUps(productId: string, variantId: string, cursor: string) {
  const client = useOwnerClient();
  return useQuery<RestockSignUpsReply>({
    queryKey: restockKeys.signUps(productId, variantId, cursor),
    queryFn: () => client.call(RESTOCK_ROUTES.listSignUps, { query: { productId, variantId, ...(cursor ? { cursor } : {}) } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Sends the notices of one or several variants through the "send all" call: each result says how many were
 * mailed or why none were (still sold out), and one refusal does not stop the others. The groups and the
 * outbox refetch.
 */
export function useSendAllRestock() {
  const client = useOwnerClient();
  return useOwnerMutation<{ productId: string; variantId: string }[], RestockSendAllReply>({
    mutationFn: (sendRequests) => client.call(RESTOCK_ROUTES.sendAll, { body: { sendRequests } }),
    invalidates: [restockKeys.all, MAIL_FAMILY],
  });
}

export type RestockSendReply = AnswerOf<typeof RESTOCK_ROUTES.send>;

/** Sends one variant's notices (a row's Send): 409 with the server's words while it is still sold out. */
export function useSendOneRestock() {
  const client = useOwnerClient();
  return useOwnerMutation<{ productId: string; variantId: string }, RestockSendReply>({
    mutationFn: (body) => client.call(RESTOCK_ROUTES.send, { body }),
    invalidates: [restockKeys.all, MAIL_FAMILY],
  });
}
