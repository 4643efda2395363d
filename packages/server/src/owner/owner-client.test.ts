// databases: one — sign-in, roles and the owner app page; no lock, race or transaction of its own
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CONTRIBUTOR_ROLES, createApiKeyContract, createProductContract, getCurrentApiKeyContract, getOwnerProductContract, listInventoryContract,
  OWNER_CATALOG_MESSAGES, type ContributorRoleName,
} from '@vitrine/contracts';
import {
  CookieJar, OwnerApiError, OwnerClient, StoreCreationError, checkTags, isValidUrl, memoryTokenStore, storeUrlId, type OwnerClientOptions,
} from '@vitrine/owner-client';
import { systemActor } from '../actor';
import type { Website } from '../db/schema';
import { SITE_USER_XSRF_MESSAGE } from '../http/request-context';
import { OWNER_MESSAGES } from '../authorize';
import { openTestServer, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { freePort } from '../free-port';
import { createSetupLink } from './setup';

/*
 * @vitrine/owner-client against the real server: buildApp on PGlite (PostgreSQL with TEST_DATABASE_URL)
 * listening on a free loopback port, through real fetch and HTTP, signed in as real owner accounts made
 * from one-time set-up links. The client's pure rules have their own tests in packages/owner-client.
 */

const PASSWORD = 'owner-client-password';

let server: TestServer;
let origin: string;
let website: Website;
let accounts = 0;

beforeAll(async () => {
  // Every call comes from 127.0.0.1: one visitor for the rate limit, so it is raised for this file.
  server = await openTestServer({ rateLimit: { max: 100_000 } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  website = (await findDefaultWebsite(server.database.db))!;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** A browser stand-in: a cookie jar, and the calls it made ('GET /config'). */
function browserClient(options: OwnerClientOptions = {}, jar = new CookieJar()) {
  const requests: string[] = [];
  const jarFetch = jar.fetch();
  const client = new OwnerClient({
    baseUrl: origin,
    fetch: async (input, init) => {
      requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      return jarFetch(input, init);
    },
    cookies: () => jar.header(),
    xsrfTokens: memoryTokenStore(),
    ...options,
  });
  return { client, jar, requests };
}

/** A real owner: a set-up link for a new account with `role`, redeemed through the client. */
async function ownerClient(role: ContributorRoleName = 'admin', options: OwnerClientOptions = {}) {
  accounts += 1;
  const email = `${role.toLowerCase()}-${accounts}@client.test`;
  const link = await createSetupLink(server.database.db, website, systemActor('test'), { role: CONTRIBUTOR_ROLES[role], email });
  const browser = browserClient(options);
  const signedIn = await browser.client.setUpOwner({ token: link.token, email, password: PASSWORD });
  expect(signedIn.owner.roleName).toBe(role);
  return { ...browser, email };
}

const failureOf = (promise: Promise<unknown>) => promise.then(
  () => {
    throw new Error('expected the call to fail');
  },
  (error: unknown) => error,
);

describe('signing in and out', () => {
  it('fetches the crumb first, then signs every change with the crumb and the XSRF token of the sign-in', async () => {
    const { client, requests, email } = await ownerClient('admin');
    // No crumb cookie yet: asked for (GET /api/crumb) before the set-up call.
    expect(requests.slice(0, 2)).toEqual(['GET /api/crumb', 'POST /api/owner/setup']);
    expect(await client.me()).toMatchObject({ siteUser: { email }, role: CONTRIBUTOR_ROLES.admin, roleName: 'admin' });
    expect(client.siteUserInfo()).toEqual({ authenticated: true, siteUserId: expect.any(String) });

    // Without the XSRF token, the session cookie alone changes nothing.
    const token = client.http.xsrfTokens.get();
    client.http.xsrfTokens.set(null);
    const refused = await failureOf(client.commercePreferences.update(website.id, { giftNote: 'x' }));
    expect(refused).toBeInstanceOf(OwnerApiError);
    expect(refused).toMatchObject({ status: 403, message: SITE_USER_XSRF_MESSAGE });
    client.http.xsrfTokens.set(token);

    await client.signOut();
    expect(client.http.xsrfTokens.get()).toBeNull();
    const signedOut = await failureOf(client.me());
    expect(signedOut).toMatchObject({ status: 401, message: OWNER_MESSAGES.notSignedIn, errors: {} });
    expect(client.siteUserInfo()).toBeNull();

    // And back in with the password.
    const signedIn = await client.signIn({ email, password: PASSWORD, rememberMe: true });
    expect(signedIn.xsrfToken).toBe(client.http.xsrfTokens.get());
    expect((await client.me()).roleName).toBe('admin');
  });

  it('retries a logout once when the answer is a crumb failure, with a fresh crumb', async () => {
    const { client, jar, requests } = await ownerClient('viewer');
    jar.set('crumb', 'stale.crumb');
    requests.length = 0;
    await client.signOut({ cloneCart: true });
    expect(requests).toEqual(['DELETE /api/site-users/account/session', 'GET /api/crumb', 'DELETE /api/site-users/account/session']);
    expect(jar.get('crumb')).not.toBe('stale.crumb');
    expect(await failureOf(client.me())).toMatchObject({ status: 401 });
  });

  it('retries only once: a second crumb failure is the answer', async () => {
    const owner = await ownerClient('viewer');
    // The same browser, with a crumb page that sets no crumb: the retry fails the same way.
    const { client, jar, requests } = browserClient({ crumbPage: '/api/health', xsrfTokens: owner.client.http.xsrfTokens }, owner.jar);
    jar.set('crumb', 'stale.crumb');
    requests.length = 0;
    const failure = await failureOf(client.signOut());
    expect(failure).toBeInstanceOf(OwnerApiError);
    expect(failure).toMatchObject({ status: 403, crumbFail: true });
    expect(requests.filter((request) => request.startsWith('DELETE'))).toHaveLength(2);
    expect((await client.me()).roleName).toBe('viewer');
  });

  it("reports an unparseable SiteUserInfo cookie as no user ('Could not parse user info cookie value')", async () => {
    const warn = vi.fn();
    const { client, jar } = await ownerClient('viewer', { warn });
    jar.set('SiteUserInfo', '{broken');
    expect(client.siteUserInfo()).toBeNull();
    expect(warn).toHaveBeenCalledWith('Could not parse user info cookie value');
    // The server never trusted it: the session still signs the owner in.
    expect((await client.me()).roleName).toBe('viewer');
  });

  it("says 'Network error' when no server answers", async () => {
    const client = new OwnerClient({ baseUrl: `http://127.0.0.1:${await freePort()}`, cookies: () => '', xsrfTokens: memoryTokenStore() });
    expect(await failureOf(client.me())).toMatchObject({ status: 0, message: 'Network error' });
  });
});

describe('typed calls and their errors', () => {
  it("answers a contract's call, and a refusal as an OwnerApiError with the server's message and field errors", async () => {
    const { client } = await ownerClient('storeManager');
    const product = {
      productType: 1,
      title: 'Client Mug',
      variants: [{ sku: 'CLIENT-MUG', priceCents: 1250, qtyInStock: 3 }],
      tags: ['kitchen', 'a'.repeat(51)],
    };
    // The client's own rule and the server agree on the tag limit (platform spec §5), in the same words.
    expect(checkTags(product.tags).error).toBe(OWNER_CATALOG_MESSAGES.tags);
    const refused = await failureOf(client.call(createProductContract, { body: product }));
    expect(refused).toBeInstanceOf(OwnerApiError);
    expect(refused).toMatchObject({ status: 400, message: OWNER_CATALOG_MESSAGES.tags, errors: { tags: OWNER_CATALOG_MESSAGES.tags } });

    const created = await client.call(createProductContract, { body: { ...product, tags: ['kitchen'] } });
    expect(created.product).toMatchObject({ title: 'Client Mug', tags: ['kitchen'], variants: [{ sku: 'CLIENT-MUG', qtyInStock: 3 }] });
    const read = await client.call(getOwnerProductContract, { params: { productId: created.product.id } });
    expect(read.product.id).toBe(created.product.id);
    const page = await client.call(listInventoryContract, { query: { q: 'Client Mug' } });
    expect(page.products.map((row) => row.title)).toEqual(['Client Mug']);

    // A role without the permission: the server's 403, as it said it.
    const { client: viewer } = await ownerClient('viewer');
    expect(await failureOf(viewer.call(createProductContract, { body: product }))).toMatchObject({ status: 403, message: OWNER_MESSAGES.notAllowed });
  });

  it('imports a CSV body and reads the CSV export as text', async () => {
    const { client } = await ownerClient('admin');
    const imported = await client.importProducts('Handle,Title,Variant SKU,Variant Price\nclient-tea-towel,Client Tea Towel,CLIENT-TT,9.50\n');
    expect(imported).toEqual({ created: 1, updated: 0, variants: 1 });
    const csv = await client.exportProducts();
    expect(csv.split('\n')[0]).toMatch(/^Handle,Title,/);
    expect(csv).toContain('client-tea-towel,Client Tea Towel');
    const refused = await failureOf(client.importProducts('Handle,Name\nx,y\n'));
    expect(refused).toMatchObject({ status: 400, errors: { 'row 1: Handle': expect.any(String) } });
  });

  it('calls with an API key alone, without cookies, crumb or XSRF token', async () => {
    const { client } = await ownerClient('admin');
    const { secret } = await client.call(createApiKeyContract, { body: { name: 'headless', scopes: ['catalog:read'] } });
    const headless = browserClient({ apiKey: secret });
    expect((await headless.client.call(getCurrentApiKeyContract)).apiKey.scopes).toEqual(['catalog:read']);
    expect((await headless.client.call(listInventoryContract)).products.length).toBeGreaterThan(0);
    expect(await failureOf(headless.client.call(createProductContract, { body: { productType: 1, title: 'No', variants: [{ sku: 'NO', priceCents: 1 }] } }))).toMatchObject({
      status: 403,
      message: OWNER_MESSAGES.keyScopeMissing,
    });
    expect(headless.requests.every((request) => !request.endsWith('/config'))).toBe(true);
    expect(headless.jar.header()).toBe('');
  });
});

describe('commerce preferences through the client (platform spec §4)', () => {
  it('are loaded once, merged, announced, then saved, and the storefront serves them', async () => {
    const { client, requests } = await ownerClient('storeManager');
    const path = `/api/v1/commerce-preferences/${website.id}`;
    const before = await client.commercePreferences.get(website.id);
    expect(before.currency).toEqual(expect.any(String));
    await client.commercePreferences.get(website.id);
    expect(requests.filter((request) => request === `GET ${path}`)).toHaveLength(1);

    const heard: Array<Record<string, unknown>> = [];
    client.commercePreferences.subscribe((websiteId) => {
      void client.commercePreferences.get(websiteId).then((preferences) => heard.push(preferences));
    });
    const saved = await client.commercePreferences.update(website.id, {
      minimumOrderSubtotalCents: 1234,
      giftWrapNote: 'Wrapped in paper',
      paymentSecret: '__MASKED_FIELD__',
    });
    expect(saved).toMatchObject({ minimumOrderSubtotalCents: 1234, giftWrapNote: 'Wrapped in paper' });
    expect(saved).not.toHaveProperty('paymentSecret');
    expect(heard[0]).toMatchObject({ minimumOrderSubtotalCents: 1234, giftWrapNote: 'Wrapped in paper' });
    // One PUT with only the fields changed, and still one GET.
    expect(requests.filter((request) => request.endsWith(path))).toEqual([`GET ${path}`, `PUT ${path}`]);

    // Another owner's client reads what was saved; the storefront serves it on its next page.
    const other = await ownerClient('admin');
    expect(await other.client.commercePreferences.get(website.id)).toMatchObject({ minimumOrderSubtotalCents: 1234, giftWrapNote: 'Wrapped in paper' });
    const page = await fetch(`${origin}/cart?format=json`).then((answer) => answer.json());
    expect(page.websiteSettings.storeSettings.minimumOrderSubtotalCents).toBe(1234);

    // An empty value removes one.
    expect(await client.commercePreferences.update(website.id, { giftWrapNote: '' })).not.toHaveProperty('giftWrapNote');
  });

  it('surface a refused save and forget the cached change', async () => {
    const { client } = await ownerClient('storeManager');
    const refused = await failureOf(client.commercePreferences.update(website.id, { currency: 'XYZ' }));
    expect(refused).toMatchObject({ status: 400, errors: { currency: 'Choose one of the supported currencies.' } });
    expect((await client.commercePreferences.get(website.id)).currency).not.toBe('XYZ');
  });
});

describe('store creation through the client (platform spec §4, §5)', () => {
  const storeRow = (id: string) => server.database.db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('creates the store, its root category, and links it from the main navigation', async () => {
    const { client } = await ownerClient('admin');
    const created = await client.createStore(website.id, { title: 'Summer Sale', description: 'Sunny things' });
    const store = await storeRow(created.storeId);
    expect(store).toMatchObject({ title: 'Summer Sale', navigation_title: 'Summer Sale', url_id: storeUrlId('Summer Sale'), description: 'Sunny things' });
    const category = await server.database.db.selectFrom('categories').selectAll().where('id', '=', created.categoryId).executeTakeFirstOrThrow();
    expect(category).toMatchObject({ collection_id: created.storeId, type: 'ROOT', page_rendering: 'LIST_VIEW', display_index: 1, parent_category_id: null, display_name: 'Summer Sale' });
    const main = created.layout!.layout[0]!;
    expect(main.identifier).toBe('mainNav');
    const linked = main.links.filter((link) => link.collectionId === created.storeId);
    expect(linked).toEqual([{ title: 'Summer Sale', collectionId: created.storeId, children: [] }]);
    // Before the closing Cart link, which stays last.
    expect(main.links.at(-1)).toMatchObject({ externalLink: '/cart' });
    expect((await fetch(`${origin}/${store.url_id}`)).status).toBe(200);

    // The same title again: the next unused number, as the client's rule says with the url ids it knows.
    const again = await client.createStore(website.id, { title: 'Summer Sale' }, { addToMainNavigation: false });
    expect(again.layout).toBeUndefined();
    expect((await storeRow(again.storeId)).url_id).toBe(storeUrlId('Summer Sale', [store.url_id]));
    expect((await client.siteLayout()).layout[0]!.links.some((link) => link.collectionId === again.storeId)).toBe(false);
  });

  it("names the store it made when a later step fails: 'Unable to find site main navigation'", async () => {
    const { client } = await ownerClient('admin');
    // A site with navigations but not its main one (deleted in the database).
    await client.updateNavigation({ fieldName: 'footerNav', navigation: { items: [{ title: 'Home', externalLink: '/' }] } });
    const mainItems = (await server.database.db.selectFrom('site_navigations').select('items').where('field_name', '=', 'mainNav').executeTakeFirst())?.items;
    await server.database.db.deleteFrom('site_navigations').where('website_id', '=', website.id).where('field_name', '=', 'mainNav').execute();
    try {
      const failure = await failureOf(client.createStore(website.id, { title: 'Autumn' }));
      expect(failure).toBeInstanceOf(StoreCreationError);
      expect(failure).toMatchObject({ step: 'navigation', message: 'Unable to find site main navigation' });
      expect((await storeRow((failure as StoreCreationError).storeId)).title).toBe('Autumn');
    } finally {
      if (mainItems) await client.updateNavigation({ fieldName: 'mainNav', navigation: { items: mainItems as never } });
    }
  });

  it("leaves a store manager's store out of the navigation when the role may not change it", async () => {
    const { client } = await ownerClient('storeManager');
    const failure = await failureOf(client.createStore(website.id, { title: 'Winter' }));
    expect(failure).toMatchObject({ step: 'navigation', message: OWNER_MESSAGES.notAllowed });
    expect((await storeRow((failure as StoreCreationError).storeId)).url_id).toBe('winter');
  });

  it('refuses a store of another website before creating anything', async () => {
    const { client } = await ownerClient('admin');
    const failure = await failureOf(client.createStore('another-website', { title: 'Nowhere' }));
    expect(failure).toBeInstanceOf(OwnerApiError);
    expect(failure).toMatchObject({ status: 404, message: 'No such website.' });
  });
});

describe("the client's URL validator (platform spec §5)", () => {
  it('accepts exactly the links the server takes in a navigation', async () => {
    const { client } = await ownerClient('editor');
    const base = 'https://example.com/';
    const links = [
      'https://example.com', 'http://example.com/a?b=c#d', 'mailto:shop@example.com', '/', '/cart', base + 'a'.repeat(2083 - base.length),
      'example.com', 'javascript:alert(1)', '//evil.example', '/\\evil.example', 'https://exa mple.com', 'ftp://example.com', 'https://',
      base + 'a'.repeat(2084 - base.length), 'data:text/html,hi',
    ];
    for (const link of links) {
      const saved = await client.updateNavigation({ fieldName: 'linkCheck', navigation: { items: [{ title: 'Link', externalLink: link }] } }).then(
        () => true,
        (error: unknown) => {
          expect(error, link).toMatchObject({ status: 400 });
          return false;
        },
      );
      expect(saved, link).toBe(isValidUrl(link));
    }
  });
});
