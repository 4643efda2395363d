import type { TrackingPageContext } from './page-context';

/** Platform §2: the analytics clients read the page path with any trailing slash removed (the home page is ''). */
export function pagePath(pathname: string = location.pathname): string {
  return pathname.replace(/\/+$/, '');
}

/** Storefront §2: /config is the editing area. */
export function isEditingArea(path: string): boolean {
  return path === '/config' || path.startsWith('/config/');
}

/** Storefront §2, §7: page views (census hit, page-view event) are not recorded on /search. */
export function skipsPageView(path: string): boolean {
  return path === '/search';
}

/** Platform §2's page types where nothing is tracked (storefront §6): not found, lock screen, member area access denied. */
export const UNTRACKED_PAGE_TYPES: readonly number[] = [100, 103, 106];

export type SkipReason = 'editing-area' | 'disabled' | 'cookie-restrictions' | 'account-holder' | 'page-type';

/**
 * Why nothing is tracked on this page (storefront §6), or null when it is: the editing area, the global disable
 * flag, cookie restrictions (the caller clears the analytics cookies), a signed-in account holder unless their only
 * role is viewer, and the not-found, lock-screen and member-area-access-denied pages.
 */
export function trackingSkipReason(context: TrackingPageContext, path: string): SkipReason | null {
  if (isEditingArea(path)) return 'editing-area';
  if (context.disabled) return 'disabled';
  if (context.cookieRestrictions) return 'cookie-restrictions';
  if (context.accountHolder && !context.viewerOnly) return 'account-holder';
  if (UNTRACKED_PAGE_TYPES.includes(context.pageType)) return 'page-type';
  return null;
}
