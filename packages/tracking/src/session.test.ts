// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCookie } from './cookies';
import { TRACKING_MESSAGES } from './messages';
import { ANALYTICS_ID_LIFETIME_DAYS, ANALYTICS_KEYS, analyticsId, forgetAnalyticsIdInMemory, readExpiring, sessionId, sessionInfo } from './session';
import { blockStorage, recordCookieWrites, resetBrowser } from './test-support/browser';

const NOW = 1_800_000_000_000;
const DAY = 86_400_000;
const LIFETIME_SECONDS = 390 * 86_400;

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetBrowser();
  forgetAnalyticsIdInMemory();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});


describe('the analytics id (platform §4, §9)', () => {
  it('lives 390 days, in a cookie on path / (with its expiry) and in local storage', () => {
    expect(ANALYTICS_ID_LIFETIME_DAYS).toBe(390);
    const writes = recordCookieWrites();
    const id = analyticsId(NOW);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(writes).toContain(`SS_ANALYTICS_ID=${id};Path=/;SameSite=Lax;Max-Age=${LIFETIME_SECONDS}`);
    expect(writes).toContain(`SS_ANALYTICS_EXPIRATION=${NOW + 390 * DAY};Path=/;SameSite=Lax;Max-Age=${LIFETIME_SECONDS}`);
    expect(localStorage.getItem('SS_ANALYTICS_ID')).toBe(id);
    expect(localStorage.getItem('SS_ANALYTICS_EXPIRATION')).toBe(String(NOW + 390 * DAY));
  });

  it('comes from the cookie first', () => {
    document.cookie = 'SS_ANALYTICS_ID=from-cookie;Path=/';
    localStorage.setItem('SS_ANALYTICS_ID', 'from-storage');
    localStorage.setItem('SS_ANALYTICS_EXPIRATION', String(NOW + DAY));
    expect(analyticsId(NOW)).toBe('from-cookie');
    // …and local storage follows it.
    expect(localStorage.getItem('SS_ANALYTICS_ID')).toBe('from-cookie');
  });

  it('then from local storage while unexpired, restoring the cookie until the same expiry', () => {
    localStorage.setItem('SS_ANALYTICS_ID', 'from-storage');
    localStorage.setItem('SS_ANALYTICS_EXPIRATION', String(NOW + 10 * DAY));
    const writes = recordCookieWrites();
    expect(analyticsId(NOW)).toBe('from-storage');
    expect(writes).toContain(`SS_ANALYTICS_ID=from-storage;Path=/;SameSite=Lax;Max-Age=${10 * 86_400}`);
    expect(readCookie('SS_ANALYTICS_ID')).toBe('from-storage');
  });

  it('never from an expired local storage entry, which is removed', () => {
    localStorage.setItem('SS_ANALYTICS_ID', 'stale');
    localStorage.setItem('SS_ANALYTICS_EXPIRATION', String(NOW - 1));
    expect(readExpiring(localStorage, 'SS_ANALYTICS_ID', 'SS_ANALYTICS_EXPIRATION', NOW)).toBeNull();
    expect(localStorage.getItem('SS_ANALYTICS_ID')).toBeNull();
    expect(localStorage.getItem('SS_ANALYTICS_EXPIRATION')).toBeNull();
    localStorage.setItem('SS_ANALYTICS_ID', 'stale');
    localStorage.setItem('SS_ANALYTICS_EXPIRATION', String(NOW - 1));
    expect(analyticsId(NOW)).not.toBe('stale');
  });

  it('then from memory when neither cookie nor storage keeps it, else a new one', () => {
    blockStorage('localStorage');
    const first = analyticsId(NOW);
    expect(warn).toHaveBeenCalledWith('Unable to store analyticsId');
    // The cookie is gone (cleared by the browser), storage refuses: the page's memory still knows the id.
    document.cookie = 'SS_ANALYTICS_ID=;Path=/;Expires=Thu, 01 Jan 1970 00:00:00 GMT';
    expect(analyticsId(NOW + 1)).toBe(first);
    forgetAnalyticsIdInMemory();
    document.cookie = 'SS_ANALYTICS_ID=;Path=/;Expires=Thu, 01 Jan 1970 00:00:00 GMT';
    expect(analyticsId(NOW + 2)).not.toBe(first);
  });

  it("warns 'Unable to store analyticsId' when local storage refuses the write, and still answers", () => {
    blockStorage('localStorage', ['setItem']);
    const id = analyticsId(NOW);
    expect(warn).toHaveBeenCalledWith(TRACKING_MESSAGES.storeAnalyticsId);
    expect(TRACKING_MESSAGES.storeAnalyticsId).toBe('Unable to store analyticsId');
    expect(readCookie('SS_ANALYTICS_ID')).toBe(id);
  });
});

describe('session info (platform §3, §4)', () => {
  it('keeps one session id in a session cookie, created when missing', () => {
    const writes = recordCookieWrites();
    const id = sessionId();
    expect(writes).toEqual([`SS_SESSION_ID=${id};Path=/;SameSite=Lax`]);
    expect(sessionId()).toBe(id);
    expect(sessionInfo().sessionId).toBe(id);
  });

  it('first landing only on the session’s first page; first session through the whole first session only', () => {
    const first = sessionInfo();
    expect(first).toMatchObject({ isFirstLanding: true, isFirstSession: true });
    expect(sessionStorage.getItem(ANALYTICS_KEYS.isFirstSession)).toBe('true');
    expect(localStorage.getItem(ANALYTICS_KEYS.hasLanded)).toBe('true');
    expect(sessionInfo()).toMatchObject({ isFirstLanding: false, isFirstSession: true });
    expect(sessionInfo()).toMatchObject({ isFirstLanding: false, isFirstSession: true });
    // A new browser session: session storage is empty, the persistent landed flag stays.
    sessionStorage.clear();
    expect(sessionInfo()).toMatchObject({ isFirstLanding: true, isFirstSession: false });
    expect(sessionInfo()).toMatchObject({ isFirstLanding: false, isFirstSession: false });
  });

  it("says false twice and warns 'Unable access local/session storage.' when storage is blocked", () => {
    blockStorage('sessionStorage');
    const info = sessionInfo();
    expect(info).toEqual({ isFirstLanding: false, isFirstSession: false, sessionId: expect.any(String) });
    expect(warn).toHaveBeenCalledWith('Unable access local/session storage.');
    expect(TRACKING_MESSAGES.storage).toBe('Unable access local/session storage.');
  });
});
