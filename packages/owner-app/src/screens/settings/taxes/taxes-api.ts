import { useQuery } from '@tanstack/react-query';
import type { createTaxRuleContract, deleteTaxRuleContract, listTaxRulesContract, replaceTaxRuleContract, TaxRuleBody, TaxRuleJson, updateCommercePreferencesContract } from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useBoot, useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';
import { commerceKeys } from '../commerce/commerce-api';

/** Settings → Taxes' calls (type-only imports of the contracts). `pricesIncludeTax` is a commerce preference. */
export const TAX_ROUTES = {
  listRules: callRoute<typeof listTaxRulesContract>('GET', '/api/owner/tax-rules'),
  createRule: callRoute<typeof createTaxRuleContract>('POST', '/api/owner/tax-rules'),
  replaceRule: callRoute<typeof replaceTaxRuleContract>('PUT', '/api/owner/tax-rules/:ruleId'),
  deleteRule: callRoute<typeof deleteTaxRuleContract>('DELETE', '/api/owner/tax-rules/:ruleId'),
  updatePreferences: callRoute<typeof updateCommercePreferencesContract>('PUT', '/api/v1/commerce-preferences/:websiteId'),
} as const;

export type TaxRulesReply = { taxRules: TaxRuleJson[]; pricesIncludeTax: boolean };

export const taxKeys = { all: ['tax-rules'] as const };

export function useTaxRules() {
  const client = useOwnerClient();
  return useQuery<TaxRulesReply>({ queryKey: taxKeys.all, queryFn: () => client.call(TAX_ROUTES.listRules, {}) as Promise<TaxRulesReply> });
}

export function useSaveTaxRule() {
  const client = useOwnerClient();
  return useOwnerMutation<{ ruleId?: string; body: TaxRuleBody }, { taxRule: TaxRuleJson }>({
    mutationFn: ({ ruleId, body }) =>
      (ruleId ? client.call(TAX_ROUTES.replaceRule, { params: { ruleId }, body }) : client.call(TAX_ROUTES.createRule, { body })) as Promise<{ taxRule: TaxRuleJson }>,
    invalidates: [taxKeys.all],
  });
}

export function useDeleteTaxRule() {
  const client = useOwnerClient();
  return useOwnerMutation<string, unknown>({ mutationFn: (ruleId) => client.call(TAX_ROUTES.deleteRule, { params: { ruleId } }), invalidates: [taxKeys.all] });
}

/** Sets the `pricesIncludeTax` commerce preference (the preferences merge what is sent). */
export function useSetPricesIncludeTax() {
  const client = useOwnerClient();
  const websiteId = useBoot().website.id;
  return useOwnerMutation<boolean, unknown>({
    mutationFn: (pricesIncludeTax) => client.call(TAX_ROUTES.updatePreferences, { params: { websiteId }, body: { pricesIncludeTax } }),
    invalidates: [taxKeys.all, commerceKeys.all],
  });
}
