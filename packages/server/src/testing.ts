import type { FastifyInstance } from 'fastify';
import type { InjectOptions, LightMyRequestResponse as Response } from 'fastify';
import { sql } from 'kysely';
import { buildApp, type BuildAppOptions } from './app';
import { openTestDatabase, type TestDatabase } from './db/testing';
import { CRUMB_COOKIE, CRUMB_HEADER } from './http/crumb';
import { HOST_PREFIX } from './http/cookies';
import { SITE_USER_XSRF_HEADER } from './http/request-context';
import { DEMO_WEBSITE } from './catalog/demo-store';
import { stableId } from './ids';
import { CONTRIBUTOR_ROLES, type ContributorRoleName } from '@vitrine/contracts';
import { systemActor } from './actor';
import { createSetupLink } from './owner';
import { findDefaultWebsite } from './websites';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { CaptchaDifficulty } from './captcha';

/** Challenges a test solves in a few milliseconds (the default asks about a second of a phone's work). */
export const TEST_CAPTCHA_DIFFICULTY: CaptchaDifficulty = { cost: 50, minCounter: 1, maxCounter: 20 };

/**
 * A shipping address for tests that place orders of things that ship: the demo store ships to the US (Standard,
 * $6.00 under $100, free from $100; Express $18.00) and has no tax rule for Oregon, so the totals are the subtotal
 * plus shipping. Send it with the order: `{ email, shippingAddress: TEST_SHIPPING_ADDRESS }`.
 */
export const TEST_SHIPPING_ADDRESS = {
  name: 'Test Shopper',
  line1: '1 Test Street',
  city: 'Portland',
  region: 'OR',
  postalCode: '97201',
  country: 'US',
} as const;

export interface TestServer {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * A real app on a private, seeded database (PGlite clone, or a fresh PostgreSQL database with TEST_DATABASE_URL).
 * Its route schemas compile on first use, as under `npm start` (http/lazy-schema-compilers.ts): compiling all of
 * them took about a second per app, and a file uses a handful of routes. app.test.ts builds the app eagerly, so a
 * schema that does not compile still fails a test.
 */
export async function openTestServer(options: Omit<BuildAppOptions, 'db'> = {}): Promise<TestServer> {
  const database = await openTestDatabase();
  const app = await buildApp({ db: database.db, databaseKind: database.kind, captchaDifficulty: TEST_CAPTCHA_DIFFICULTY, lazySchemaCompilation: true, ...options });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

let visitorCount = 0;

/**
 * A browser stand-in for app.inject: keeps cookies between calls, sends the crumb header on
 * state-changing calls (asking GET /api/crumb first when it has no crumb yet, as the storefront's client does:
 * pages set no cookie), and comes from its own address (the rate limit is per visitor).
 */
export class TestVisitor {
  readonly cookies = new Map<string, string>();
  readonly ip: string;
  /** The xsrfToken of the last sign-in, echoed in X-SiteUser-XSRF-Token as the platform's client does. */
  siteUserXsrfToken: string | undefined;

  /** host: the Host header every request of this visitor sends (a platform's websites are told apart by it). */
  constructor(private readonly app: FastifyInstance, ip?: string, private readonly options: { host?: string } = {}) {
    visitorCount += 1;
    this.ip = ip ?? `10.0.${Math.floor(visitorCount / 250)}.${(visitorCount % 250) + 1}`;
  }

  /** The crumb cookie's value (`__Host-crumb` when the server sets secure cookies). */
  get crumb(): string | undefined {
    return this.cookies.get(`${HOST_PREFIX}${CRUMB_COOKIE}`) ?? this.cookies.get(CRUMB_COOKIE);
  }

  /** Asks for the crumb as the storefront's client does before its first state change (GET /api/crumb sets its cookies). */
  async fetchCrumb(): Promise<string> {
    const response = await this.get('/api/crumb');
    if (response.statusCode !== 200) throw new Error(`no crumb: ${response.statusCode} ${response.body}`);
    return (response.json() as { crumb: string }).crumb;
  }

  /** Loads a page, as a browser would before calling the API (a page sets no crumb: the first change asks for it). */
  async visit(url = '/shop'): Promise<Response> {
    return this.request({ method: 'GET', url });
  }

  async request(options: InjectOptions & { sendCrumb?: boolean }): Promise<Response> {
    const { sendCrumb = true, ...rest } = options;
    const headers: Record<string, string> = { ...(this.options.host ? { host: this.options.host } : {}), ...(rest.headers as Record<string, string> | undefined) };
    const ownCookies = 'cookie' in headers;
    const method = (rest.method ?? 'GET').toUpperCase();
    // A test that writes its own Cookie or crumb header says exactly what is sent: nothing is fetched for it.
    if (sendCrumb && method !== 'GET' && !this.crumb && !(CRUMB_HEADER in headers) && !ownCookies) await this.fetchCrumb();
    if (this.cookies.size > 0 && !ownCookies) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (sendCrumb && method !== 'GET' && this.crumb && !(CRUMB_HEADER in headers)) headers[CRUMB_HEADER] = this.crumb;
    if (method !== 'GET' && this.siteUserXsrfToken && !(SITE_USER_XSRF_HEADER in headers)) headers[SITE_USER_XSRF_HEADER] = this.siteUserXsrfToken;
    const response = await this.app.inject({ ...rest, headers, remoteAddress: this.ip });
    if (response.headers['content-type']?.toString().startsWith('application/json')) {
      const token = (response.json() as { xsrfToken?: unknown } | null)?.xsrfToken;
      if (typeof token === 'string') this.siteUserXsrfToken = token;
    }
    for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = cookie.value === '' || (cookie.expires && cookie.expires.getTime() <= Date.now()) || cookie.maxAge === 0;
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  post(url: string, payload?: unknown) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
  }

  put(url: string, payload?: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }

  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
}

/**
 * What the captcha widget does in a browser: fetches a challenge, solves it, and answers the payload it
 * would put in the form (base64 of `{ challenge, solution }`).
 */
export async function solveCaptcha(visitor: TestVisitor): Promise<string> {
  const response = await visitor.get('/api/captcha/challenge');
  if (response.statusCode !== 200) throw new Error(`no captcha challenge: ${response.statusCode} ${response.body}`);
  const challenge = response.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha challenge not solved');
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

/**
 * Row counts and stock of every table a bad request must not touch: compare before and after. One statement (the
 * fuzzer takes two snapshots around each of its thousands of refused requests: seven round trips each were most of
 * its time).
 */
export async function snapshotDomainTables(db: TestDatabase['db']): Promise<Record<string, unknown>> {
  const { rows } = await sql<{ snapshot: Record<string, unknown> }>`
    SELECT json_build_object(
      'carts', (SELECT count(*) FROM carts),
      'cartEntries', (SELECT coalesce(json_agg(json_build_object('id', id, 'quantity', quantity, 'additional_fields', additional_fields) ORDER BY id), '[]') FROM cart_entries),
      'orders', (SELECT count(*) FROM orders),
      'orderItems', (SELECT count(*) FROM order_items),
      'siteUsers', (SELECT count(*) FROM site_users),
      'sessions', (SELECT count(*) FROM site_user_sessions),
      'stock', (SELECT coalesce(json_agg(json_build_object('sku', sku, 'qty_in_stock', qty_in_stock) ORDER BY sku), '[]') FROM variants)
    ) AS snapshot`.execute(db);
  return rows[0]!.snapshot;
}

/** Ids of the demo store are derived from names (see catalog/seed.ts), so tests can name products. */
export function demoProductId(slug: string): string {
  return stableId(`product:${DEMO_WEBSITE.identifier}:${slug}`);
}

export function demoVariantId(sku: string): string {
  return stableId(`variant:${DEMO_WEBSITE.identifier}:${sku}`);
}

export async function setStock(db: TestDatabase['db'], sku: string, qtyInStock: number): Promise<void> {
  await db.updateTable('variants').set({ qty_in_stock: qtyInStock }).where('sku', '=', sku).execute();
}

export async function stockOf(db: TestDatabase['db'], sku: string): Promise<number> {
  const row = await db.selectFrom('variants').select('qty_in_stock').where('sku', '=', sku).executeTakeFirstOrThrow();
  return row.qty_in_stock;
}

let ownerCount = 0;

/**
 * A browser signed in as an owner with `role` (a fresh account, through a one-time set-up link, the
 * way a real owner gets in): its calls carry the crumb and the X-SiteUser-XSRF-Token.
 */
export async function ownerVisitor(
  server: TestServer,
  role: ContributorRoleName = 'admin',
  /** On a platform: the website's identifier and the host to sign in at (its subdomain). */
  on: { identifier?: string; host?: string } = {},
): Promise<TestVisitor> {
  ownerCount += 1;
  const website = (await findDefaultWebsite(server.database.db, on.identifier))!;
  const email = `${role.toLowerCase()}-${ownerCount}-${process.pid}@owner.test`;
  const link = await createSetupLink(server.database.db, website, systemActor('test'), { role: CONTRIBUTOR_ROLES[role], email });
  const visitor = new TestVisitor(server.app, undefined, { host: on.host });
  await visitor.visit('/');
  const answer = await visitor.post('/api/owner/setup', { token: link.token, email, password: 'owner-password-1' });
  if (answer.statusCode !== 201) throw new Error(`owner set-up failed: ${answer.statusCode} ${answer.body}`);
  return visitor;
}
