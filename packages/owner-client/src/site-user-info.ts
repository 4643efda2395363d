import { readCookie } from './cookies';
import { OWNER_CLIENT_MESSAGES } from './errors';

/** The cookie the server sets beside the session, readable by scripts (platform spec §3: authenticated, siteUserId). */
export const SITE_USER_INFO_COOKIE = 'SiteUserInfo';

export interface SiteUserInfo {
  authenticated: boolean;
  siteUserId: string;
}

/**
 * Who the cookie says is signed in, or null: no cookie, or one that does not parse into the spec's
 * shape, which is treated as no user and reported as 'Could not parse user info cookie value'
 * (platform spec §6, §8). A hint for the owner app (show sign-in or not), never proof: the server
 * decides from the session.
 */
export function parseSiteUserInfo(cookieHeader: string, warn: (message: string) => void = console.warn): SiteUserInfo | null {
  const raw = readCookie(SITE_USER_INFO_COOKIE, cookieHeader);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object') {
      const { authenticated, siteUserId } = value as Record<string, unknown>;
      if (typeof authenticated === 'boolean' && typeof siteUserId === 'string') return { authenticated, siteUserId };
    }
  } catch {
    // reported below
  }
  warn(OWNER_CLIENT_MESSAGES.unparseableUserInfo);
  return null;
}
