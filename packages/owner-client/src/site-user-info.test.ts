import { describe, expect, it, vi } from 'vitest';
import { OWNER_CLIENT_MESSAGES } from './errors';
import { parseSiteUserInfo } from './site-user-info';

describe('the SiteUserInfo cookie (platform spec §3, §6, §8)', () => {
  it('says who is signed in', () => {
    const cookie = `crumb=abc; SiteUserInfo=${encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId: 'u1' }))}`;
    expect(parseSiteUserInfo(cookie)).toEqual({ authenticated: true, siteUserId: 'u1' });
    // The server writes it unencoded too.
    expect(parseSiteUserInfo('SiteUserInfo={"authenticated":false,"siteUserId":""}')).toEqual({ authenticated: false, siteUserId: '' });
  });

  it('is no user when absent', () => {
    const warn = vi.fn();
    expect(parseSiteUserInfo('crumb=abc', warn)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it("is no user, with 'Could not parse user info cookie value', when it does not parse", () => {
    for (const value of ['{not json', '"text"', '{"authenticated":"yes","siteUserId":"u1"}', '{"authenticated":true}', 'null', '%E0%A4%A']) {
      const warn = vi.fn();
      expect(parseSiteUserInfo(`SiteUserInfo=${value}`, warn), value).toBeNull();
      expect(warn).toHaveBeenCalledWith('Could not parse user info cookie value');
    }
    expect(OWNER_CLIENT_MESSAGES.unparseableUserInfo).toBe('Could not parse user info cookie value');
  });
});
