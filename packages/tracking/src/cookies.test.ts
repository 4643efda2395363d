// @vitest-environment happy-dom
// @vitest-environment-options { "url": "https://shop.example/" }
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookie, readCookie, writeCookie } from './cookies';
import { recordCookieWrites, resetBrowser } from './test-support/browser';

/** On an HTTPS page the client's cookies take the `__Host-` prefix, as the server's do with secure cookies. */
beforeEach(() => resetBrowser('/'));
afterEach(() => vi.restoreAllMocks());

describe('cookies on an HTTPS page', () => {
  it('are written as __Host-{name}, Secure, on Path=/ and without a Domain', () => {
    const writes = recordCookieWrites();
    writeCookie('SS_ANALYTICS_ID', 'id-1', 60);
    expect(writes).toEqual(['__Host-SS_ANALYTICS_ID=id-1;Path=/;SameSite=Lax;Max-Age=60;Secure']);
  });

  it('are read under the prefixed name first, so a plain one planted beside it is not taken', () => {
    document.cookie = 'ss_cvr=planted;Path=/';
    expect(readCookie('ss_cvr')).toBe('planted');
    writeCookie('ss_cvr', 'own');
    expect(readCookie('ss_cvr')).toBe('own');
  });

  it('are cleared under both names', () => {
    const writes = recordCookieWrites();
    clearCookie('SS_SESSION_ID');
    expect(writes).toEqual([
      'SS_SESSION_ID=;Path=/;Expires=Thu, 01 Jan 1970 00:00:00 GMT',
      '__Host-SS_SESSION_ID=;Path=/;Expires=Thu, 01 Jan 1970 00:00:00 GMT;Secure',
    ]);
  });
});
