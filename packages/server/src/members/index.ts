/**
 * The members domain (issue 20 item 1; tables member_areas, member_area_pages, memberships, page_locks; migration
 * 031): who may see a site page, memberships granted by joins, orders, subscriptions and the owner, page passwords.
 */
export { ANONYMOUS_VIEWER, canSee, listMembersOnlyPageIds, viewerOf, type AccessDecision, type MemberAreaAccess, type Viewer, type ViewerRequest } from './access';
export { UNLOCK_COOKIE } from './unlock-cookie';
