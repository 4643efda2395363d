// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test-support/fixtures';
import { addCartEntry, fetchCart } from './commerce';
import { ApiError, readCookie, requestJson, setSiteUserXsrfToken } from './http';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('readCookie', () => {
  it('finds one cookie among several and decodes it', () => {
    expect(readCookie('crumb', 'a=1; crumb=abc%3D%3D; b=2')).toBe('abc==');
    expect(readCookie('crumb', 'a=1')).toBeNull();
  });

  it('takes the __Host- cookie the server sets over HTTPS before a plain one of the same name', () => {
    expect(readCookie('crumb', 'crumb=planted; __Host-crumb=own')).toBe('own');
    expect(readCookie('CART', '__Host-CART=token-1')).toBe('token-1');
  });
});

describe('requestJson', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    clearCookies();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the xsrfToken of a sign-in answer and sends it in X-SiteUser-XSRF-Token on later changes, not on reads', async () => {
    setSiteUserXsrfToken(null);
    document.cookie = 'crumb=token-123; path=/';
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { xsrfToken: 'xsrf-1', siteUser: { id: 'u', email: 'a@example.com' } }));
    await requestJson('POST', '/api/site-users/account/session', { email: 'a@example.com', password: 'secret-password' });
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)['X-SiteUser-XSRF-Token']).toBeUndefined();
    fetchMock.mockResolvedValue(jsonResponse(200, { shoppingCart: {}, newlyAdded: {} }));
    await addCartEntry({ itemId: 'i', sku: 's', quantity: 1 });
    expect((fetchMock.mock.calls[1]![1]?.headers as Record<string, string>)['X-SiteUser-XSRF-Token']).toBe('xsrf-1');
    expect(localStorage.getItem('vitrine:siteUserXsrfToken')).toBe('xsrf-1');
    await fetchCart();
    expect((fetchMock.mock.calls[2]![1]?.headers as Record<string, string>)['X-SiteUser-XSRF-Token']).toBeUndefined();
    setSiteUserXsrfToken(null);
    await addCartEntry({ itemId: 'i', sku: 's', quantity: 1 });
    expect((fetchMock.mock.calls[3]![1]?.headers as Record<string, string>)['X-SiteUser-XSRF-Token']).toBeUndefined();
  });

  it('takes the token a plain-form sign-in left in its hand-off cookie, keeps it and deletes the cookie', async () => {
    setSiteUserXsrfToken('xsrf-of-an-older-session');
    document.cookie = 'crumb=token-123; path=/';
    document.cookie = 'siteUserXsrfHandoff=xsrf-form; path=/';
    fetchMock.mockResolvedValue(jsonResponse(200, { shoppingCart: {}, newlyAdded: {} }));
    await addCartEntry({ itemId: 'i', sku: 's', quantity: 1 });
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)['X-SiteUser-XSRF-Token']).toBe('xsrf-form');
    expect(localStorage.getItem('vitrine:siteUserXsrfToken')).toBe('xsrf-form');
    // Deleted (happy-dom keeps an emptied cookie where a browser drops it: either way nothing is left to take).
    expect(readCookie('siteUserXsrfHandoff') || null).toBeNull();
    await addCartEntry({ itemId: 'i', sku: 's', quantity: 1 });
    expect((fetchMock.mock.calls[1]![1]?.headers as Record<string, string>)['X-SiteUser-XSRF-Token']).toBe('xsrf-form');
    setSiteUserXsrfToken(null);
  });

  it('sends the crumb cookie back in X-CSRF-Token on state-changing calls', async () => {
    document.cookie = 'crumb=token-123; path=/';
    fetchMock.mockResolvedValue(jsonResponse(200, { shoppingCart: {}, newlyAdded: {} }));
    await addCartEntry({ itemId: 'i', sku: 's', quantity: 2 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/commerce/shopping-cart/entries');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['X-CSRF-Token']).toBe('token-123');
    expect(JSON.parse(String(init?.body))).toEqual({ itemId: 'i', sku: 's', quantity: 2 });
  });

  it("names the page's language (its <html lang>) on state-changing calls, so a /fr/ page's sign-up is French", async () => {
    document.cookie = 'crumb=token-123; path=/';
    document.documentElement.lang = 'fr-FR';
    try {
      fetchMock.mockResolvedValue(jsonResponse(200, { shoppingCart: {}, newlyAdded: {} }));
      await addCartEntry({ itemId: 'i', sku: 's', quantity: 1 });
      expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)['X-Page-Language']).toBe('fr-FR');
    } finally {
      document.documentElement.lang = '';
    }
  });

  it('asks for the crumb (GET /api/crumb) before the first change when the page set none, and sends it', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { crumb: 'asked-1' }));
    fetchMock.mockResolvedValue(jsonResponse(200, { shoppingCart: {}, newlyAdded: {} }));
    await addCartEntry({ itemId: 'i', sku: 's', quantity: 1 });
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual(['GET /api/crumb', 'POST /api/commerce/shopping-cart/entries']);
    expect((fetchMock.mock.calls[1]![1]?.headers as Record<string, string>)['X-CSRF-Token']).toBe('asked-1');
  });

  it('sends no crumb on reads', async () => {
    document.cookie = 'crumb=token-123; path=/';
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await fetchCart();
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)['X-CSRF-Token']).toBeUndefined();
  });

  it('maps 429 to the rate-limit message', async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { message: 'Too Many Requests' }));
    const error = await failureOf(requestJson('POST', '/x', {}));
    expect(error.status).toBe(429);
    expect(error.message).toBe('Please try again in a few seconds.');
  });

  it('maps a crumb failure to the session-expired message when cookies work', async () => {
    document.cookie = 'crumb=stale; path=/';
    fetchMock.mockResolvedValue(jsonResponse(403, { message: 'x', crumbFail: true }));
    const error = await failureOf(requestJson('POST', '/x', {}));
    expect(error.message).toBe('Your session has expired. Please reload the page and try again.');
  });

  it('maps a crumb failure to the enable-cookies message when the page has no cookies', async () => {
    fetchMock.mockResolvedValue(jsonResponse(403, { message: 'x', crumbFail: true }));
    const error = await failureOf(requestJson('POST', '/x', {}));
    expect(error.message).toBe('Please enable cookies in your browser, reload the page, and try again.');
  });

  it('maps a network failure to the connection message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failureOf(requestJson('POST', '/x', {}));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Please check your internet connection.');
  });

  it("shows the server's own message otherwise, with its field errors", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { message: 'Sorry, we do not have enough of that item available.', errors: { email: 'Bad' } }),
    );
    const error = await failureOf(requestJson('POST', '/x', {}));
    expect(error.message).toBe('Sorry, we do not have enough of that item available.');
    expect(error.fieldErrors).toEqual({ email: 'Bad' });
  });

  it("falls back to 'Please try again.' when the server sends no message", async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 500 }));
    const error = await failureOf(requestJson('GET', '/x'));
    expect(error.message).toBe('Please try again.');
  });
});
