import { useQuery } from '@tanstack/react-query';
import type {
  AutomaticDiscountBody, AutomaticDiscountJson, createAutomaticDiscountContract, deleteAutomaticDiscountContract, listAutomaticDiscountsContract,
  replaceAutomaticDiscountContract,
} from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';

/** Marketing → Discounts' calls (type-only imports of the contracts). */
export const DISCOUNT_ROUTES = {
  list: callRoute<typeof listAutomaticDiscountsContract>('GET', '/api/owner/automatic-discounts'),
  create: callRoute<typeof createAutomaticDiscountContract>('POST', '/api/owner/automatic-discounts'),
  replace: callRoute<typeof replaceAutomaticDiscountContract>('PUT', '/api/owner/automatic-discounts/:discountId'),
  remove: callRoute<typeof deleteAutomaticDiscountContract>('DELETE', '/api/owner/automatic-discounts/:discountId'),
} as const;

export const discountKeys = { all: ['automatic-discounts'] as const };

export function useAutomaticDiscounts() {
  const client = useOwnerClient();
  return useQuery<{ automaticDiscounts: AutomaticDiscountJson[] }>({
    queryKey: discountKeys.all,
    queryFn: () => client.call(DISCOUNT_ROUTES.list, {}) as Promise<{ automaticDiscounts: AutomaticDiscountJson[] }>,
  });
}

export function useSaveAutomaticDiscount() {
  const client = useOwnerClient();
  return useOwnerMutation<{ discountId?: string; body: AutomaticDiscountBody }, { automaticDiscount: AutomaticDiscountJson }>({
    mutationFn: ({ discountId, body }) =>
      (discountId ? client.call(DISCOUNT_ROUTES.replace, { params: { discountId }, body }) : client.call(DISCOUNT_ROUTES.create, { body })) as Promise<{ automaticDiscount: AutomaticDiscountJson }>,
    invalidates: [discountKeys.all],
  });
}

export function useDeleteAutomaticDiscount() {
  const client = useOwnerClient();
  return useOwnerMutation<string, unknown>({ mutationFn: (discountId) => client.call(DISCOUNT_ROUTES.remove, { params: { discountId } }), invalidates: [discountKeys.all] });
}

/** The body of a stored discount as it is, for saving it again with one change (on/off). */
export function bodyOfDiscount(discount: AutomaticDiscountJson): AutomaticDiscountBody {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...rest } = discount;
  const body: AutomaticDiscountBody = { title: rest.title, kind: rest.kind, active: rest.active, startsAt: rest.startsAt, endsAt: rest.endsAt };
  if (rest.kind === 'free-shipping' || rest.kind === 'spend-over') body.minSubtotalCents = rest.minSubtotalCents;
  if (rest.kind === 'spend-over') {
    if (rest.amountCents != null) body.amountCents = rest.amountCents;
    else body.percentBasisPoints = rest.percentBasisPoints;
  }
  if (rest.kind === 'buy-x-get-y') Object.assign(body, { buyQuantity: rest.buyQuantity, getQuantity: rest.getQuantity, percentBasisPoints: rest.percentBasisPoints, scope: rest.scope });
  if (rest.kind === 'quantity-tiers') Object.assign(body, { tiers: rest.tiers, scope: rest.scope });
  return body;
}
