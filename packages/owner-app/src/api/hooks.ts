import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { AnalyticsSummaryReply, OwnerJson, Permission } from '@vitrine/contracts';
import { useBoot, useOwnerClient } from './client';
import { queryKeys } from './keys';
import { ROUTES } from './routes';

/** The signed-in owner: the boot data at first, the server's answer when it is read again. */
export function useOwner() {
  const client = useOwnerClient();
  const boot = useBoot();
  return useQuery<OwnerJson>({ queryKey: queryKeys.owner.me(), queryFn: () => client.me(), initialData: boot.owner, staleTime: 5 * 60_000 });
}

/**
 * The analytics summary of a range (and of the period before it, in the same answer). Changing the range
 * keeps the last answer on screen until the new one comes (`isPlaceholderData`), so the figures do not blink.
 */
export function useAnalyticsSummary(range: { from: string; to: string }, options: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  const client = useOwnerClient();
  return useQuery<AnalyticsSummaryReply>({
    queryKey: queryKeys.analytics.summary(range),
    queryFn: () => client.call(ROUTES.analyticsSummary, { query: { from: range.from, to: range.to } }) as Promise<AnalyticsSummaryReply>,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval ?? false,
  });
}

/**
 * A change through the API that, once it succeeded, makes the named query families stale (they refetch if
 * on screen): `useOwnerMutation({ mutationFn, invalidates: [queryKeys.analytics.all] })`.
 */
export function useOwnerMutation<TInput, TResult>(options: { mutationFn: (input: TInput) => Promise<TResult>; invalidates: readonly QueryKey[]; onSuccess?: (result: TResult) => void }) {
  const queryClient = useQueryClient();
  return useMutation<TResult, Error, TInput>({
    mutationFn: options.mutationFn,
    onSuccess: async (result) => {
      await Promise.all(options.invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      options.onSuccess?.(result);
    },
  });
}

/** Signs out through the API (platform §4's one retry on a crumb failure), forgets every cached answer, and goes to the sign-in page. */
export function useSignOut(options: { afterSignOut?: () => void } = {}) {
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  return useMutation<void, Error, void>({
    mutationFn: () => client.signOut(),
    onSuccess: () => {
      queryClient.clear();
      (options.afterSignOut ?? (() => window.location.assign('/config')))();
    },
  });
}

/** Whether the signed-in owner's role holds a permission (the server refuses without it; screens hide what it refuses). */
export function useCan(permission: Permission): boolean {
  return useOwner().data?.permissions.includes(permission) ?? false;
}
