import { useQuery } from '@tanstack/react-query';
import type { getCommercePreferencesContract, updateCommercePreferencesContract } from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useBoot, useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';

/** The commerce preferences panel's calls (type-only imports of the contracts). */
export const COMMERCE_ROUTES = {
  getPreferences: callRoute<typeof getCommercePreferencesContract>('GET', '/api/v1/commerce-preferences/:websiteId'),
  updatePreferences: callRoute<typeof updateCommercePreferencesContract>('PUT', '/api/v1/commerce-preferences/:websiteId'),
} as const;

/** The preferences as the server answers them: the currency, and whatever else is set (empty values are never answered). */
export type CommercePreferences = { currency: string } & Record<string, unknown>;

export const commerceKeys = {
  all: ['commerce-preferences'] as const,
  of: (websiteId: string) => ['commerce-preferences', websiteId] as const,
};

export function useCommercePreferences() {
  const client = useOwnerClient();
  const websiteId = useBoot().website.id;
  return useQuery<CommercePreferences>({
    queryKey: commerceKeys.of(websiteId),
    queryFn: () => client.call(COMMERCE_ROUTES.getPreferences, { params: { websiteId } }) as Promise<CommercePreferences>,
  });
}

/** Sends the fields that changed (the server merges; null removes one). */
export function useSaveCommercePreferences() {
  const client = useOwnerClient();
  const websiteId = useBoot().website.id;
  return useOwnerMutation<Record<string, unknown>, CommercePreferences>({
    mutationFn: (changes) => client.call(COMMERCE_ROUTES.updatePreferences, { params: { websiteId }, body: changes }) as Promise<CommercePreferences>,
    invalidates: [commerceKeys.all],
  });
}
