import { useQuery } from '@tanstack/react-query';
import type { CouponBody, CouponJson, createCouponContract, deleteCouponContract, InventoryReply, listCouponsContract, listInventoryContract, replaceCouponContract } from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../../api/client';
import { useOwnerMutation } from '../../../api/hooks';

/** Settings → Coupons' calls (type-only imports of the contracts); products for a coupon's scope are searched in the catalog's list. */
export const COUPON_ROUTES = {
  listCoupons: callRoute<typeof listCouponsContract>('GET', '/api/owner/coupons'),
  createCoupon: callRoute<typeof createCouponContract>('POST', '/api/owner/coupons'),
  replaceCoupon: callRoute<typeof replaceCouponContract>('PUT', '/api/owner/coupons/:couponId'),
  deleteCoupon: callRoute<typeof deleteCouponContract>('DELETE', '/api/owner/coupons/:couponId'),
  searchProducts: callRoute<typeof listInventoryContract>('GET', '/api/owner/products'),
} as const;

export const couponKeys = {
  all: ['coupons'] as const,
  products: (q: string) => ['coupons', 'products', q] as const,
};

export function useCoupons() {
  const client = useOwnerClient();
  return useQuery<{ coupons: CouponJson[] }>({ queryKey: couponKeys.all, queryFn: () => client.call(COUPON_ROUTES.listCoupons, {}) as Promise<{ coupons: CouponJson[] }> });
}

/** Products whose title or sku matches the words (20 at most); nothing is asked for fewer than 1 character. */
export function useProductSearch(q: string) {
  const client = useOwnerClient();
  return useQuery<InventoryReply>({
    queryKey: couponKeys.products(q),
    queryFn: () => client.call(COUPON_ROUTES.searchProducts, { query: { q, limit: '20' } }) as Promise<InventoryReply>,
    enabled: q.trim() !== '',
  });
}

export function useSaveCoupon() {
  const client = useOwnerClient();
  return useOwnerMutation<{ couponId?: string; body: CouponBody }, { coupon: CouponJson }>({
    mutationFn: ({ couponId, body }) =>
      (couponId ? client.call(COUPON_ROUTES.replaceCoupon, { params: { couponId }, body }) : client.call(COUPON_ROUTES.createCoupon, { body })) as Promise<{ coupon: CouponJson }>,
    invalidates: [couponKeys.all],
  });
}

export function useDeleteCoupon() {
  const client = useOwnerClient();
  return useOwnerMutation<string, unknown>({ mutationFn: (couponId) => client.call(COUPON_ROUTES.deleteCoupon, { params: { couponId } }), invalidates: [couponKeys.all] });
}
