/**
 * The members domain (issue 20 item 1; tables member_areas, member_area_pages, memberships, page_locks; migration
 * 031): who may see a site page, memberships granted by joins, orders, subscriptions and the owner, page passwords.
 */
export { ANONYMOUS_VIEWER, canSee, canSeeFrame, isGatedPath, listGatedPageUrlIds, listMembersOnlyPageIds, viewerOf, type AccessDecision, type MemberAreaAccess, type Viewer, type ViewerRequest } from './access';
export { UNLOCK_COOKIE } from './unlock-cookie';
export { assignPageToMemberArea, MEMBER_AREA_MESSAGES } from './areas';
export { endMembershipsOfSubscription, endMembershipsOfSubscriptionAt, grantMembership, MEMBERSHIP_MESSAGES } from './memberships';
export { grantMembershipsForPaidOrder, joinMemberArea } from './join';
export { accountPageParts, confirmedPageParts, deniedPageParts, membershipConfirmedPathForOrder, MEMBER_PAGE_TEXT, MEMBER_PAGE_TYPES, ACCOUNT_ERRORS, type DeniedPageInput } from './pages';
export { forgotPasswordPageParts, resetPasswordPageParts, FORGOT_PASSWORD_PATH, PASSWORD_PAGE_ERRORS, PASSWORD_PAGE_TEXT } from './password-pages';
export { PAGE_LOCK_MESSAGES, UNLOCK_ATTEMPTS } from './page-locks';
export { registerMemberRoutes } from './routes';
export { DEMO_MEMBER_AREA, seedDemoMembers } from './demo';
export { listMemberAreaLinkTargets } from './queries';
