// databases: one — what the edge lets through with planted cookies; the tables are only compared before and after
import { RETURN_REQUEST_MESSAGES } from '@vitrine/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { newId } from '../ids';
import { routeCollector, type FuzzRoute } from '../reliability/request-generator';
import { demoProductId, openTestServer, TestVisitor, type TestServer } from '../testing';
import { insertWebsite } from '../websites';
import { CRUMB_MESSAGES } from './crumb';

/*
 * Cookie tossing (issue 32 item 3). Over plain HTTP a site on a sibling subdomain of the platform domain can plant
 * cookies for the parent domain, and the browser sends them to every sibling beside the site's own. Here the
 * attacker holds an identity on the victim's website (a crumb, its key, a cart, a session, all its own) and one
 * on its own website; every state-changing route of the route table, sent to the victim's website with those
 * cookies planted and the planted crumb echoed (header, or form field), is refused as the crumb check refuses, and
 * writes nothing. The victim's own crumb still works. No answer ever sets a cookie with a Domain.
 *
 * Not sent: routes authorised by a signed token instead of cookies ('token': a mail's one-click unsubscribe, the
 * newsletter confirmation, the payment webhook) and the analytics beacons ('beacon': sendBeacon cannot send a
 * header; a forged one adds a row to the statistics and nothing else).
 */

const PLATFORM = 'vitrine.test';
const VICTIM_HOST = `demo.${PLATFORM}`;
const SIBLING_HOST = `sibling.${PLATFORM}`;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ENTRIES = '/api/commerce/shopping-cart/entries';
const tote = { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 };
const PASSWORD = 'correct horse battery staple';

const MEMBER_FORM_CRUMB = 'This page has expired. Go back, reload it and try again.';
const OWNER_FORM_CRUMB = 'This form has expired. Please try again.';
/** The plain-form routes and how each refuses a crumb that is not the visitor's (their handlers check the field). */
const FORM_REFUSALS: Record<string, (response: LightMyRequestResponse) => void> = {
  'POST /members/join': (response) => expectPage(response, 403, MEMBER_FORM_CRUMB),
  'POST /members/unlock': (response) => expectPage(response, 403, MEMBER_FORM_CRUMB),
  'POST /account/sign-in': (response) => expectPage(response, 403, MEMBER_FORM_CRUMB),
  'POST /account/sign-up': (response) => expectPage(response, 403, MEMBER_FORM_CRUMB),
  'POST /account/sign-out': (response) => expectPage(response, 403, MEMBER_FORM_CRUMB),
  'POST /account/forgot-password': (response) => expectPage(response, 403, MEMBER_FORM_CRUMB),
  'POST /account/reset-password': (response) => expectPage(response, 403, MEMBER_FORM_CRUMB),
  'POST /subscriptions/manage/cancel': (response) => expectPage(response, 403, MEMBER_FORM_CRUMB),
  'POST /account/subscriptions/cancel': (response) => expectPage(response, 403, MEMBER_FORM_CRUMB),
  'POST /reviews/request': (response) => {
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(/[?&]error=crumb(&|$)/);
  },
  'POST /config/setup': (response) => expectPage(response, 403, OWNER_FORM_CRUMB),
  'POST /config/sign-in': (response) => expectPage(response, 403, OWNER_FORM_CRUMB),
  'POST /config/forgot-password': (response) => expectPage(response, 403, OWNER_FORM_CRUMB),
  'POST /config/reset-password': (response) => expectPage(response, 403, OWNER_FORM_CRUMB),
  'POST /config/sign-out': (response) => expectPage(response, 403, OWNER_FORM_CRUMB),
  'POST /api/events/RecordEvent': (response) => expectCrumbFail(response),
  'POST /checkout/order-confirmed/returns': (response) => expectPage(response, 403, RETURN_REQUEST_MESSAGES.expired),
};

function expectPage(response: LightMyRequestResponse, status: number, text: string): void {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.body).toContain(text);
}

function expectCrumbFail(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ message: CRUMB_MESSAGES.sessionExpired, crumbFail: true });
}

const cookieHeader = (cookies: Map<string, string>) => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

let server: TestServer;
const collector = routeCollector();
/** Every Set-Cookie this file's requests got back. */
const setCookies: string[] = [];
const kept = (response: LightMyRequestResponse): LightMyRequestResponse => {
  setCookies.push(...[response.headers['set-cookie'] ?? []].flat().map(String));
  return response;
};

beforeAll(async () => {
  server = await openTestServer({ platformDomain: PLATFORM, onRoute: collector.onRoute, rateLimit: { max: 1_000_000_000 } });
  const id = newId();
  await insertWebsite(server.database.db, { id, identifier: 'sibling', siteTitle: 'The sibling', currency: 'USD', locale: 'en-US', timeZone: 'UTC', captchaSiteKey: null, settings: {} });
});
afterAll(async () => {
  await server?.close();
});

/** A fingerprint of every table but the rate-limit counters (which count every call, refused or not). */
async function everyTable(): Promise<Record<string, string>> {
  const { rows } = await sql<{ tablename: string }>`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'rate_limits' ORDER BY tablename`.execute(server.database.db);
  const fingerprints: Record<string, string> = {};
  for (const { tablename } of rows) {
    const { rows: [row] } = await sql<{ fingerprint: string | null }>`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS fingerprint FROM ${sql.table(tablename)} t`.execute(server.database.db);
    fingerprints[tablename] = row?.fingerprint ?? '';
  }
  return fingerprints;
}

/** The visitor's cookie header, the crumb it echoes, and where it sends them. */
interface Attack {
  name: string;
  cookie: () => string;
  crumb: () => string;
}

describe('cookies planted from a sibling subdomain', () => {
  let victim: TestVisitor;
  let attackerHere: TestVisitor;
  let attackerThere: TestVisitor;
  let crumbThere = '';

  beforeAll(async () => {
    // The attacker: a shopper of the victim's website (a crumb, its key, a cart, a session of its own) …
    attackerHere = new TestVisitor(server.app, undefined, { host: VICTIM_HOST });
    expect(kept(await attackerHere.post(ENTRIES, tote)).statusCode).toBe(200);
    expect(kept(await attackerHere.post('/api/site-users/account', { email: 'tosser@example.com', password: PASSWORD })).statusCode).toBe(201);
    // … and of its own website on the same platform domain.
    attackerThere = new TestVisitor(server.app, undefined, { host: SIBLING_HOST });
    crumbThere = await attackerThere.fetchCrumb();
    // The victim: signed in, with a cart.
    victim = new TestVisitor(server.app, undefined, { host: VICTIM_HOST });
    expect(kept(await victim.post(ENTRIES, tote)).statusCode).toBe(200);
    expect(kept(await victim.post('/api/site-users/account', { email: 'tossed-at@example.com', password: PASSWORD })).statusCode).toBe(201);
    expect(victim.cookies.has('siteUserSession') && victim.cookies.has('CART') && victim.cookies.has('vitrine_crumb_key')).toBe(true);
  });

  // Planted cookies come first in the header: a cookie planted on a longer path is sent first, and a server reads the first.
  const attacks: Attack[] = [
    {
      name: "another shopper's crumb, planted as the crumb cookie",
      cookie: () => `crumb=${attackerHere.crumb}; ${cookieHeader(victim.cookies)}`,
      crumb: () => attackerHere.crumb!,
    },
    {
      name: "another shopper's crumb, key, cart and session, planted beside the victim's",
      cookie: () => `${cookieHeader(attackerHere.cookies)}; ${cookieHeader(victim.cookies)}`,
      crumb: () => attackerHere.crumb!,
    },
    {
      name: 'a key and its crumb minted on the sibling website, at a visitor with no cookies of its own yet',
      cookie: () => cookieHeader(attackerThere.cookies),
      crumb: () => crumbThere,
    },
  ];

  // Fields the form would carry (the legacy tracker's body is checked by its contract before its crumb).
  const formFields = (route: FuzzRoute): Record<string, string> =>
    route.url === '/api/events/RecordEvent' ? { event: 'cart-page-product-form-open', data: '{}' } : { email: 'tossed-at@example.com', password: PASSWORD };
  const urlOf = (route: FuzzRoute) => route.url.replace(/:[A-Za-z]+/g, 'x').replace('*', 'x');
  const send = (route: FuzzRoute, attack: Attack) => {
    const form = FORM_REFUSALS[`${route.method} ${route.url}`] !== undefined;
    return server.app.inject({
      method: route.method as 'POST',
      url: urlOf(route),
      headers: {
        host: VICTIM_HOST,
        cookie: attack.cookie(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : { 'content-type': 'application/json', 'x-csrf-token': attack.crumb() }),
      },
      payload: form ? new URLSearchParams({ crumb: attack.crumb(), ...formFields(route) }).toString() : route.method === 'DELETE' ? undefined : '{}',
      remoteAddress: victim.ip,
    });
  };

  it('every form route is known here, and every other state-changing route is checked by the crumb hook', () => {
    // The platform's own pages answer on PLATFORM_DOMAIN only (their crumbs have the platform's scope: platform/accounts.test.ts).
    const changing = collector.routes.filter((route) => STATE_CHANGING.has(route.method) && !route.platformHostOnly);
    expect(changing.length).toBeGreaterThan(100);
    expect(changing.filter((route) => route.ownCrumbCheck === 'form').map((route) => `${route.method} ${route.url}`).sort()).toEqual(Object.keys(FORM_REFUSALS).sort());
  });

  it('every state-changing route refuses the planted crumb as the crumb check does, and nothing is written', async () => {
    const routes = collector.routes.filter((route) => STATE_CHANGING.has(route.method) && route.ownCrumbCheck !== 'token' && route.ownCrumbCheck !== 'beacon' && !route.platformHostOnly);
    const before = await everyTable();
    for (const route of routes) {
      const refusal = FORM_REFUSALS[`${route.method} ${route.url}`] ?? expectCrumbFail;
      for (const attack of attacks) {
        const response = kept(await send(route, attack));
        try {
          refusal(response);
        } catch (error) {
          throw new Error(`${route.method} ${route.url} with ${attack.name} → ${response.statusCode} ${response.body.slice(0, 200)}`, { cause: error });
        }
      }
    }
    expect(await everyTable()).toEqual(before);
  });

  it("the victim's own crumb still works, by header and as a form field", async () => {
    expect(kept(await victim.post(ENTRIES, tote)).statusCode).toBe(200);
    const own = (url: string, fields: Record<string, string>) =>
      victim.request({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ crumb: victim.crumb!, ...fields }).toString() }).then(kept);
    // Past the crumb: a page to unlock that does not exist, an owner sign-in with a wrong password.
    expect((await own('/members/unlock', { pageId: 'x', password: 'x', next: '/' })).statusCode).toBe(404);
    const signIn = await own('/config/sign-in', { email: 'tossed-at@example.com', password: 'not the password' });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.body).not.toContain(OWNER_FORM_CRUMB);
  });

  it('no answer set a cookie with a Domain', () => {
    expect(setCookies.length).toBeGreaterThan(5);
    for (const header of setCookies) expect(header).not.toMatch(/;\s*domain=/i);
  });
});
