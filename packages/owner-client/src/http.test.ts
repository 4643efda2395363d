import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from './cookie-jar';
import { OwnerApiError } from './errors';
import { memoryTokenStore, OwnerHttp } from './http';

/*
 * The transport against a plain HTTP server answering what the real one rarely does (an HTML error page,
 * a Retry-After, nothing at all). The calls to the real server are in
 * packages/server/src/owner/owner-client.test.ts.
 */

const seen: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }> = [];
let origin: string;
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      if (request.url === '/api/crumb') {
        response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'crumb=fresh; Path=/; SameSite=Lax' });
        return response.end(JSON.stringify({ crumb: 'fresh' }));
      }
      if (request.url === '/bad-gateway') {
        response.writeHead(502, { 'content-type': 'text/html' });
        return response.end('<h1>Bad gateway</h1>');
      }
      if (request.url === '/busy') {
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
        return response.end(JSON.stringify({ message: 'Please try again in a few seconds.', errors: { a: 'x', b: 3 } }));
      }
      if (request.url === '/csv') {
        response.writeHead(200, { 'content-type': 'text/csv' });
        return response.end('Handle,Title\n');
      }
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ ok: true, ...(request.url === '/sign-in' ? { xsrfToken: 'token-1' } : {}) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function client(options: { apiKey?: string } = {}) {
  const jar = new CookieJar();
  return { jar, http: new OwnerHttp({ baseUrl: origin, fetch: jar.fetch(), cookies: () => jar.header(), xsrfTokens: memoryTokenStore(), ...options }) };
}

describe('the owner client over HTTP', () => {
  it('fetches a crumb before the first change, echoes it, and echoes the XSRF token once signed in', async () => {
    const { http: owner } = client();
    seen.length = 0;
    await owner.send('POST', '/sign-in', { json: { email: 'a@b.co' } });
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual(['GET /api/crumb', 'POST /sign-in']);
    expect(seen[1]!.headers).toMatchObject({ 'x-csrf-token': 'fresh', 'content-type': 'application/json', cookie: 'crumb=fresh' });
    expect(seen[1]!.headers['x-siteuser-xsrf-token']).toBeUndefined();
    expect(seen[1]!.body).toBe('{"email":"a@b.co"}');
    await owner.send('PUT', '/change', { json: {} });
    expect(seen[2]!.headers).toMatchObject({ 'x-csrf-token': 'fresh', 'x-siteuser-xsrf-token': 'token-1' });
    // Reads carry neither.
    await owner.send('GET', '/read', { query: { q: 'a b' } });
    expect(seen[3]!.url).toBe('/read?q=a+b');
    expect(seen[3]!.headers['x-csrf-token']).toBeUndefined();
  });

  it('with an API key sends the key, and no cookies, crumb or XSRF token', async () => {
    const { http: headless, jar } = client({ apiKey: 'vk_test' });
    jar.set('crumb', 'ambient');
    seen.length = 0;
    await headless.send('POST', '/change', { json: {} });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.authorization).toBe('Bearer vk_test');
    expect(seen[0]!.headers['x-csrf-token']).toBeUndefined();
  });

  it('answers text for a CSV', async () => {
    expect(await client().http.send('GET', '/csv')).toBe('Handle,Title\n');
  });

  it("keeps the server's message, field errors and Retry-After", async () => {
    const error = await client().http.send('GET', '/busy').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OwnerApiError);
    expect(error).toMatchObject({ status: 429, message: 'Please try again in a few seconds.', errors: { a: 'x' }, crumbFail: false, retryAfterSeconds: 7 });
    expect((error as OwnerApiError).toJSON()).toEqual({ message: 'Please try again in a few seconds.', errors: { a: 'x' } });
  });

  it("says 'Something went wrong' for an answer that is not the API's, and 'Network error' when nothing answers", async () => {
    await expect(client().http.send('GET', '/bad-gateway')).rejects.toMatchObject({ status: 502, message: 'Something went wrong' });
    // A port that was just free: nothing listens on it.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const nowhere = new OwnerHttp({ baseUrl: `http://127.0.0.1:${port}`, xsrfTokens: memoryTokenStore(), cookies: () => '' });
    await expect(nowhere.send('GET', '/x')).rejects.toMatchObject({ status: 0, message: 'Network error' });
  });
});

describe('the cookie jar', () => {
  it('keeps cookies, replaces them, and drops expired and emptied ones', () => {
    const jar = new CookieJar();
    jar.store(['crumb=a; Path=/', 'CART=t; Max-Age=100', 'SiteUserInfo=%7B%7D; Path=/']);
    expect(jar.header()).toBe('crumb=a; CART=t; SiteUserInfo=%7B%7D');
    jar.store(['crumb=b', 'CART=; Max-Age=0', 'SiteUserInfo=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
    expect(jar.header()).toBe('crumb=b');
  });
});
