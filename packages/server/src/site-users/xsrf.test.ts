// databases: one — the account rules and answers; sign-in races are proven by totp and sign-in-throttle on both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_USER_XSRF_HEADER, SITE_USER_XSRF_MESSAGE } from '../http/request-context';
import { demoProductId, openTestServer, snapshotDomainTables, TestVisitor, type TestServer } from '../testing';

// Platform spec §7: the sign-in answer's xsrfToken travels in X-SiteUser-XSRF-Token on later calls.
// The server requires it on every state change of a signed-in visitor, so a session cookie alone
// (stolen, or sent by a forged cross-site form that also got past the crumb) changes nothing.
let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function signedIn(email: string): Promise<{ visitor: TestVisitor; xsrfToken: string }> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit();
  const signUp = await visitor.post('/api/site-users/account', { email, password: 'long enough' });
  expect(signUp.statusCode).toBe(201);
  const xsrfToken = signUp.json().xsrfToken as string;
  // From here on this visitor sends only what a cookie thief would have: the cookies and the crumb.
  visitor.siteUserXsrfToken = undefined;
  return { visitor, xsrfToken };
}

const addTote = (visitor: TestVisitor, headers: Record<string, string> = {}) =>
  visitor.request({
    method: 'POST',
    url: '/api/commerce/shopping-cart/entries',
    payload: { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 },
    headers,
  });

describe('site-user XSRF token', () => {
  it('refuses a signed-in change without the token, or with a wrong one, writing nothing', async () => {
    const { visitor } = await signedIn('xsrf-missing@example.com');
    const before = await snapshotDomainTables(server.database.db);
    const attempts: Record<string, string>[] = [{}, { [SITE_USER_XSRF_HEADER]: 'not-the-token' }, { [SITE_USER_XSRF_HEADER]: '' }];
    for (const headers of attempts) {
      const response = await addTote(visitor, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: SITE_USER_XSRF_MESSAGE });
    }
    expect(await snapshotDomainTables(server.database.db)).toEqual(before);
  });

  it("accepts the session's own token, and not another session's", async () => {
    const { visitor, xsrfToken } = await signedIn('xsrf-right@example.com');
    const other = await signedIn('xsrf-other@example.com');
    expect((await addTote(visitor, { [SITE_USER_XSRF_HEADER]: other.xsrfToken })).statusCode).toBe(403);
    expect((await addTote(visitor, { [SITE_USER_XSRF_HEADER]: xsrfToken })).statusCode).toBe(200);
  });

  it('does not ask anonymous visitors for it, nor reads of a signed-in visitor', async () => {
    const anonymous = new TestVisitor(server.app);
    await anonymous.visit();
    expect((await addTote(anonymous)).statusCode).toBe(200);
    const { visitor } = await signedIn('xsrf-reads@example.com');
    expect((await visitor.get('/api/site-users/account')).statusCode).toBe(200);
    expect((await visitor.get('/api/commerce/shopping-cart')).statusCode).toBe(200);
  });

  it('lets a signed-in visitor sign out and sign in again without it', async () => {
    const { visitor } = await signedIn('xsrf-out@example.com');
    expect((await visitor.request({ method: 'DELETE', url: '/api/site-users/account/session' })).statusCode).toBe(200);
    expect((await visitor.get('/api/site-users/account')).statusCode).toBe(401);
    const { visitor: again } = await signedIn('xsrf-again@example.com');
    const signIn = await again.post('/api/site-users/account/session', { email: 'xsrf-out@example.com', password: 'long enough' });
    expect(signIn.statusCode).toBe(200);
  });
});
