import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  clearPageLockContract,
  createMemberAreaContract,
  CreateMemberAreaBody,
  deleteMemberAreaContract,
  getMemberAreaContract,
  grantMembershipContract,
  GrantMembershipBody,
  InventoryReply,
  listInventoryContract,
  ListMemberAreasReply,
  listMemberAreasContract,
  ListMembersReply,
  listMembersContract,
  ListPageLocksReply,
  listPageLocksContract,
  MemberAreaJson,
  MemberAreaReply,
  MembershipReply,
  PageLockReply,
  revokeMembershipContract,
  setPageLockContract,
  updateMemberAreaContract,
  UpdateMemberAreaBody,
} from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';
import type { MemberListState } from './members-state';

/** The Members screen's calls, typed from their contracts (type-only imports keep TypeBox out of the bundle). */
export const MEMBER_ROUTES = {
  listAreas: callRoute<typeof listMemberAreasContract>('GET', '/api/owner/member-areas'),
  createArea: callRoute<typeof createMemberAreaContract>('POST', '/api/owner/member-areas'),
  getArea: callRoute<typeof getMemberAreaContract>('GET', '/api/owner/member-areas/:memberAreaId'),
  updateArea: callRoute<typeof updateMemberAreaContract>('PUT', '/api/owner/member-areas/:memberAreaId'),
  deleteArea: callRoute<typeof deleteMemberAreaContract>('DELETE', '/api/owner/member-areas/:memberAreaId'),
  listMembers: callRoute<typeof listMembersContract>('GET', '/api/owner/member-areas/:memberAreaId/members'),
  grant: callRoute<typeof grantMembershipContract>('POST', '/api/owner/member-areas/:memberAreaId/members'),
  revoke: callRoute<typeof revokeMembershipContract>('POST', '/api/owner/member-areas/:memberAreaId/members/:membershipId/revoke'),
  listLocks: callRoute<typeof listPageLocksContract>('GET', '/api/owner/page-locks'),
  setLock: callRoute<typeof setPageLockContract>('PUT', '/api/owner/page-locks/:pageId'),
  clearLock: callRoute<typeof clearPageLockContract>('DELETE', '/api/owner/page-locks/:pageId'),
  /** The paid-area product picker reads the inventory (PAYWALL products are type 5). */
  products: callRoute<typeof listInventoryContract>('GET', '/api/owner/products'),
} as const;

export type MemberArea = MemberAreaJson;
export type Membership = ListMembersReply['members'][number];
export type PageLock = ListPageLocksReply['pageLocks'][number];
export type PaywallProduct = InventoryReply['products'][number];

/** Product type PAYWALL (platform §3). */
export const PAYWALL_PRODUCT_TYPE = 5;

export const memberKeys = {
  all: ['members'] as const,
  areas: () => ['members', 'areas'] as const,
  area: (areaId: string) => ['members', 'area', areaId] as const,
  members: (areaId: string, state: MemberListState) => ['members', 'memberships', areaId, state.status, state.q, state.cursor] as const,
  locks: () => ['members', 'locks'] as const,
  paywallProducts: () => ['members', 'paywall-products'] as const,
};

export function useMemberAreas(enabled: boolean) {
  const client = useOwnerClient();
  return useQuery<ListMemberAreasReply>({ queryKey: memberKeys.areas(), queryFn: () => client.call(MEMBER_ROUTES.listAreas, {}), enabled });
}

export function useMemberArea(areaId: string, enabled: boolean) {
  const client = useOwnerClient();
  return useQuery<MemberAreaReply>({
    queryKey: memberKeys.area(areaId),
    queryFn: () => client.call(MEMBER_ROUTES.getArea, { params: { memberAreaId: areaId } }),
    enabled: enabled && areaId !== '',
  });
}

/** A page of members with the status, search and cursor it was read for (the page shown while the next loads names its own). */
export type MembersPage = ListMembersReply & { listed: MemberListState };

/** A page of an area's members (50, newest first) of a status, matching a search; the page shown stays while the next loads. */
export function useMembers(areaId: string, state: MemberListState, enabled: boolean) {
  const client = useOwnerClient();
  return useQuery<MembersPage>({
    queryKey: memberKeys.members(areaId, state),
    queryFn: async () => {
      const query = { ...(state.status ? { status: state.status } : {}), ...(state.q ? { q: state.q } : {}), ...(state.cursor ? { cursor: state.cursor } : {}) };
      return { ...(await client.call(MEMBER_ROUTES.listMembers, { params: { memberAreaId: areaId }, query })), listed: state };
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePageLocks(enabled: boolean) {
  const client = useOwnerClient();
  return useQuery<ListPageLocksReply>({ queryKey: memberKeys.locks(), queryFn: () => client.call(MEMBER_ROUTES.listLocks, {}), enabled });
}

/**
 * The website's PAYWALL products for a paid area: the inventory's first 200 rows by name, keeping type 5 (the
 * inventory call has no type filter; a website sells a handful of memberships).
 */
export function usePaywallProducts(enabled: boolean) {
  const client = useOwnerClient();
  return useQuery<PaywallProduct[]>({
    queryKey: memberKeys.paywallProducts(),
    queryFn: async () => {
      const reply = await client.call(MEMBER_ROUTES.products, { query: { limit: '200', sort: 'name' } });
      return reply.products.filter((product) => product.productType === PAYWALL_PRODUCT_TYPE && !product.archived);
    },
    enabled,
  });
}

export function useCreateArea() {
  const client = useOwnerClient();
  return useOwnerMutation<CreateMemberAreaBody, MemberAreaReply>({
    mutationFn: (body) => client.call(MEMBER_ROUTES.createArea, { body }),
    invalidates: [memberKeys.areas()],
  });
}

export function useUpdateArea(areaId: string) {
  const client = useOwnerClient();
  return useOwnerMutation<UpdateMemberAreaBody, MemberAreaReply>({
    mutationFn: (body) => client.call(MEMBER_ROUTES.updateArea, { params: { memberAreaId: areaId }, body }),
    invalidates: [memberKeys.areas(), memberKeys.area(areaId)],
  });
}

export function useDeleteArea() {
  const client = useOwnerClient();
  return useOwnerMutation<string, { deleted: boolean }>({
    mutationFn: (areaId) => client.call(MEMBER_ROUTES.deleteArea, { params: { memberAreaId: areaId } }),
    invalidates: [memberKeys.areas()],
  });
}

/** Grants (or extends) a membership; the area's members and its live count refetch. */
export function useGrantMembership(areaId: string) {
  const client = useOwnerClient();
  return useOwnerMutation<GrantMembershipBody, MembershipReply>({
    mutationFn: (body) => client.call(MEMBER_ROUTES.grant, { params: { memberAreaId: areaId }, body }),
    invalidates: [['members', 'memberships', areaId], memberKeys.area(areaId), memberKeys.areas()],
  });
}

export function useRevokeMembership(areaId: string) {
  const client = useOwnerClient();
  return useOwnerMutation<string, MembershipReply>({
    mutationFn: (membershipId) => client.call(MEMBER_ROUTES.revoke, { params: { memberAreaId: areaId, membershipId } }),
    invalidates: [['members', 'memberships', areaId], memberKeys.area(areaId), memberKeys.areas()],
  });
}

export function useSetPageLock() {
  const client = useOwnerClient();
  return useOwnerMutation<{ pageId: string; password: string }, PageLockReply>({
    mutationFn: ({ pageId, password }) => client.call(MEMBER_ROUTES.setLock, { params: { pageId }, body: { password } }),
    invalidates: [memberKeys.locks()],
  });
}

export function useClearPageLock() {
  const client = useOwnerClient();
  return useOwnerMutation<string, PageLockReply>({
    mutationFn: (pageId) => client.call(MEMBER_ROUTES.clearLock, { params: { pageId } }),
    invalidates: [memberKeys.locks()],
  });
}
