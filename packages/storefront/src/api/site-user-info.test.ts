import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSiteUserInfo, UNPARSEABLE_USER_INFO } from './site-user-info';

afterEach(() => vi.restoreAllMocks());

describe('readSiteUserInfo', () => {
  it('reads the cookie the server sets', () => {
    const cookie = `crumb=abc; SiteUserInfo=${encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId: 'u1' }))}`;
    expect(readSiteUserInfo(cookie)).toEqual({ authenticated: true, siteUserId: 'u1' });
  });

  it('is null without the cookie, silently', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readSiteUserInfo('crumb=abc')).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it.each(['not json', '{"authenticated":"yes"}', '[1]', '{"authenticated":true}', 'null'])('treats %s as no user and logs it', (value) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readSiteUserInfo(`SiteUserInfo=${encodeURIComponent(value)}`)).toBeNull();
    expect(warn).toHaveBeenCalledWith(UNPARSEABLE_USER_INFO);
  });
});
