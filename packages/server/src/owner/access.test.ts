// databases: one — sign-in, roles and the owner app page; no lock, race or transaction of its own
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTOR_ROLES, ROUTE_CONTRACTS, roleMay, type ContributorRoleName, type RouteContract } from '@vitrine/contracts';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { OWNER_MESSAGES } from '../authorize';

/*
 * Every owner call against every role, from the contracts: nobody signed in gets 401, a shopper and a
 * role without the call's permission get 403, and a role with it gets past the check (whatever the call
 * then answers to this empty request: 200, 400 for the missing fields, 404 for the made-up id).
 * Each domain's own tests check what an allowed call does.
 */

const ownerCalls = ROUTE_CONTRACTS.filter((contract): contract is RouteContract & { access: NonNullable<RouteContract['access']> } => contract.access !== undefined);
const roles = Object.keys(CONTRIBUTOR_ROLES) as ContributorRoleName[];

let server: TestServer;
const browsers = new Map<ContributorRoleName | 'anonymous' | 'shopper', TestVisitor>();
beforeAll(async () => {
  // One browser per role makes every owner change twice in the XSRF check: more than the default rate limit allows.
  server = await openTestServer({ rateLimit: { max: 1_000_000 } });
  for (const role of roles) browsers.set(role, await ownerVisitor(server, role));
  const anonymous = new TestVisitor(server.app);
  await anonymous.visit('/');
  browsers.set('anonymous', anonymous);
  const shopper = new TestVisitor(server.app);
  await shopper.visit('/');
  await shopper.post('/api/site-users/account', { email: 'access-shopper@example.com', password: 'password1' });
  browsers.set('shopper', shopper);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const call = (browser: TestVisitor, contract: RouteContract) =>
  browser.request({
    method: contract.method,
    url: contract.url.replace(/:(\w+)/g, 'no-such-$1'),
    ...(contract.method === 'GET' || contract.method === 'DELETE' ? {} : { payload: {} }),
  });

describe('owner calls, role by role', () => {
  it('there are owner calls to check', () => {
    expect(ownerCalls.length).toBeGreaterThan(0);
  });

  for (const contract of ownerCalls) {
    describe(`${contract.method} ${contract.url} (${contract.access})`, () => {
      it('answers 401 to nobody and 403 to a shopper', async () => {
        const anonymous = await call(browsers.get('anonymous')!, contract);
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json()).toEqual({ message: OWNER_MESSAGES.notSignedIn });
        const shopper = await call(browsers.get('shopper')!, contract);
        expect(shopper.statusCode).toBe(403);
        expect(shopper.json()).toEqual({ message: OWNER_MESSAGES.notContributor });
      });

      it('lets each role through exactly when the matrix allows it', async () => {
        for (const role of roles) {
          const allowed = contract.access === 'contributor' || roleMay(CONTRIBUTOR_ROLES[role], contract.access);
          const answer = await call(browsers.get(role)!, contract);
          if (allowed) expect([401, 403], `${role}: ${answer.body}`).not.toContain(answer.statusCode);
          else {
            expect(answer.statusCode, role).toBe(403);
            expect(answer.json()).toEqual({ message: OWNER_MESSAGES.notAllowed });
          }
        }
      });
    });
  }

  it('refuses a signed-in owner\'s change without X-SiteUser-XSRF-Token, or with another session\'s', async () => {
    const admin = browsers.get('admin')!;
    const changes = ownerCalls.filter((contract) => contract.method !== 'GET');
    for (const contract of changes) {
      for (const token of [undefined, browsers.get('storeManager')!.siteUserXsrfToken]) {
        const answer = await admin.request({
          method: contract.method,
          url: contract.url.replace(/:(\w+)/g, 'no-such-$1'),
          headers: token ? { 'x-siteuser-xsrf-token': token } : { 'x-siteuser-xsrf-token': '' },
          ...(contract.method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(answer.statusCode, `${contract.method} ${contract.url}`).toBe(403);
      }
    }
  });
});
