import { describe, expect, it } from 'vitest';
import { ROUTE_CONTRACTS, getAnalyticsSummaryContract } from '@vitrine/contracts';
import { BROWSER_CLIENT_ROUTES, OwnerBrowserClient, callRoute } from './browser';
import { memoryTokenStore } from './http';

/** A fetch answering from a list, recording what was asked. */
function scriptedFetch(answers: Array<{ status: number; body: unknown; setCrumb?: string }>) {
  const seen: Array<{ method: string; url: string; headers: Record<string, string> }> = [];
  let cookies = 'crumb=old';
  const fetch = (async (input: string, init: RequestInit) => {
    seen.push({ method: init.method ?? 'GET', url: input, headers: { ...(init.headers as Record<string, string>) } });
    if (input === '/api/crumb') {
      cookies = 'crumb=fresh';
      return new Response(JSON.stringify({ crumb: 'fresh' }), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    const answer = answers.shift()!;
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, seen, cookies: () => cookies };
}

describe('the browser entry', () => {
  it('names routes the contracts have', () => {
    const known = new Set(ROUTE_CONTRACTS.map((contract) => `${contract.method} ${contract.url}`));
    for (const route of Object.values(BROWSER_CLIENT_ROUTES)) expect(known).toContain(`${route.method} ${route.url}`);
    const summary = callRoute<typeof getAnalyticsSummaryContract>('GET', '/api/owner/analytics/summary');
    expect(summary).toEqual({ method: getAnalyticsSummaryContract.method, url: getAnalyticsSummaryContract.url });
  });

  it('calls a route with its path parameters and query, and carries the crumb and the XSRF token on changes', async () => {
    const server = scriptedFetch([{ status: 200, body: { ok: 1 } }, { status: 200, body: { ok: 2 } }]);
    const client = new OwnerBrowserClient({ fetch: server.fetch, cookies: server.cookies, xsrfTokens: memoryTokenStore('xsrf-1') });
    await client.call(callRoute('GET', '/api/owner/analytics/summary'), { query: { from: '2026-01-01', to: '2026-01-07' } } as never);
    await client.call(callRoute('PUT', '/api/things/:id'), { params: { id: 'a b' }, body: { x: 1 } } as never);
    expect(server.seen.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/owner/analytics/summary?from=2026-01-01&to=2026-01-07',
      'PUT /api/things/a%20b',
    ]);
    expect(server.seen[1]!.headers).toMatchObject({ 'X-CSRF-Token': 'old', 'X-SiteUser-XSRF-Token': 'xsrf-1' });
  });

  it('retries sign-out once after a crumb failure, with a fresh crumb, and forgets the XSRF token', async () => {
    const server = scriptedFetch([
      { status: 403, body: { message: 'Your session has expired.', crumbFail: true } },
      { status: 200, body: { signedOut: true } },
    ]);
    const tokens = memoryTokenStore('xsrf-1');
    const client = new OwnerBrowserClient({ fetch: server.fetch, cookies: server.cookies, xsrfTokens: tokens });
    await client.signOut();
    expect(server.seen.map((call) => `${call.method} ${call.url} ${call.headers['X-CSRF-Token'] ?? ''}`)).toEqual([
      'DELETE /api/site-users/account/session?cloneCart=false old',
      'GET /api/crumb ',
      'DELETE /api/site-users/account/session?cloneCart=false fresh',
    ]);
    expect(tokens.get()).toBeNull();
  });
});
