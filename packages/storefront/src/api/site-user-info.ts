import { readCookie } from './http';

/** The cookie the server sets beside the session (platform spec §3: authenticated, siteUserId). Readable by scripts; the server never trusts it. */
export const SITE_USER_INFO_COOKIE = 'SiteUserInfo';

export interface SiteUserInfo {
  authenticated: boolean;
  siteUserId: string;
}

/** Platform spec §8: an unparseable cookie is treated as no user, and this is logged. */
export const UNPARSEABLE_USER_INFO = 'Could not parse user info cookie value';

/** Who the page's cookie says is signed in, or null: no cookie, or one that does not parse into the spec's shape. */
export function readSiteUserInfo(cookieHeader?: string): SiteUserInfo | null {
  const raw = readCookie(SITE_USER_INFO_COOKIE, cookieHeader);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && typeof (value as SiteUserInfo).authenticated === 'boolean' && typeof (value as SiteUserInfo).siteUserId === 'string') {
      return { authenticated: (value as SiteUserInfo).authenticated, siteUserId: (value as SiteUserInfo).siteUserId };
    }
  } catch {
    // falls through to the warning
  }
  console.warn(UNPARSEABLE_USER_INFO);
  return null;
}
