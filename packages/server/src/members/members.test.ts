// databases: both — racing joins make one membership; versions and locks
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BLOCK_TYPES } from '@vitrine/blocks';
import { buildApp } from '../app';
import { OWNER_MESSAGES } from '../authorize';
import { newId } from '../ids';
import { openTestServer, ownerVisitor, TestVisitor, TEST_CAPTCHA_DIFFICULTY, type TestServer } from '../testing';
import { cycleDueDate } from '@vitrine/commerce/subscriptions';
import { renewalOrderRecorder, TestModePaymentProvider } from '../orders';
import { SubscriptionRenewalJob } from '../subscriptions/renewals';
import { SHOPPER_ADDRESS } from '../subscriptions/testing';
import { MEMBER_AREA_MESSAGES } from './areas';
import { MEMBER_PAGE_TEXT } from './pages';

/*
 * Member areas end to end through the real app: the owner's calls, the access check on every path of a page
 * (the page, ?format=json, an item of a gated collection, frames, RSS, the sitemap), joins (free, paid by a
 * one-off PAYWALL product, paid by a subscription), expiry, grant and revoke, two apps on one database, the lock
 * screen. With TEST_DATABASE_URL on PostgreSQL.
 */

let server: TestServer;
let admin: TestVisitor;
let pageIds: Record<string, string>;
let clubId: string;

const ABOUT_TEXT = 'Who we are and how we choose what we sell.';
const CONTACT_TEXT = 'a real person replies within two working days';

async function pageIdOf(urlId: string): Promise<string> {
  const row = await server.database.db.selectFrom('site_pages').select('id').where('url_id', '=', urlId).executeTakeFirstOrThrow();
  return row.id;
}

/** A new shopper with an account, signed in, with the crumb. */
async function signedInShopper(email = `member-${newId()}@example.com`): Promise<TestVisitor> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/');
  const answer = await visitor.post('/api/site-users/account', { email, password: 'password-123' });
  expect(answer.statusCode, answer.body).toBe(201);
  return visitor;
}

const counts = async () => {
  const db = server.database.db;
  const [areas, pages, memberships] = await Promise.all([
    db.selectFrom('member_areas').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('member_area_pages').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('memberships').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { areas: areas.n, pages: pages.n, memberships: memberships.n };
};

/** A PAYWALL product (type 5) in the demo store, one variant; a subscription when a plan is given. */
async function paywallProduct(title: string, priceCents: number, plan?: { billingPeriod: { value: number; unit: 'MONTH' }; numBillingCycles: number }): Promise<string> {
  const db = server.database.db;
  const store = await db.selectFrom('collections').select(['id', 'website_id']).orderBy('created_at').executeTakeFirstOrThrow();
  const id = newId();
  await db.insertInto('products').values({
    id, website_id: store.website_id, collection_id: store.id, url_id: `paywall-${id}`, title, product_type: 5, price_cents: priceCents,
    is_subscribable: plan !== undefined, subscription_plan: plan ? JSON.stringify(plan) : null,
  } as never).execute();
  await db.insertInto('variants').values({ id: newId(), website_id: store.website_id, product_id: id, sku: `PAYWALL-${id}`, price_cents: priceCents, unlimited: true } as never).execute();
  return id;
}

beforeAll(async () => {
  server = await openTestServer({ rateLimit: { max: 1_000_000 } });
  admin = await ownerVisitor(server, 'admin');
  pageIds = { about: await pageIdOf('about'), journal: await pageIdOf('journal'), contact: await pageIdOf('contact'), events: await pageIdOf('events') };
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('the owner\'s member areas', () => {
  it('creates a free area gating a page and a blog', async () => {
    const created = await admin.post('/api/owner/member-areas', { name: 'Club', description: 'For friends of the shop.', access: 'free', pageIds: [pageIds.about, pageIds.journal] });
    expect(created.statusCode, created.body).toBe(201);
    const area = created.json().memberArea;
    clubId = area.id;
    expect(area).toMatchObject({
      name: 'Club', description: 'For friends of the shop.', access: 'free', paywallProductId: null, paywallProduct: null, joinButtonText: '', durationDays: null,
      pages: [{ id: pageIds.about, title: 'About', kind: 'page', url: '/about' }, { id: pageIds.journal, title: 'Journal', kind: 'blog', url: '/journal' }],
      activeMemberCount: 0, version: 1,
    });
    const list = await admin.get('/api/owner/member-areas');
    // By name: the demo's own "Members" area is there too.
    expect(list.json().memberAreas.map((row: { name: string }) => row.name)).toEqual(['Club', 'Members']);
  });

  it('refuses bad input with nothing written', async () => {
    const before = await counts();
    const paidWithout = await admin.post('/api/owner/member-areas', { name: 'Gold', access: 'paid' });
    expect(paidWithout.statusCode).toBe(400);
    expect(paidWithout.json()).toEqual({ message: MEMBER_AREA_MESSAGES.paidNeedsProduct, errors: { paywallProductId: MEMBER_AREA_MESSAGES.paidNeedsProduct } });
    const notPaywall = await admin.post('/api/owner/member-areas', { name: 'Gold', access: 'paid', paywallProductId: (await server.database.db.selectFrom('products').select('id').where('product_type', '=', 1).executeTakeFirstOrThrow()).id });
    expect(notPaywall.statusCode).toBe(400);
    expect(notPaywall.json().errors).toEqual({ paywallProductId: MEMBER_AREA_MESSAGES.notPaywallProduct });
    const unknownPage = await admin.post('/api/owner/member-areas', { name: 'Gold', access: 'free', pageIds: ['no-such-page'] });
    expect(unknownPage.statusCode).toBe(400);
    expect(unknownPage.json().errors).toEqual({ pageIds: MEMBER_AREA_MESSAGES.unknownPages });
    const taken = await admin.post('/api/owner/member-areas', { name: 'club', access: 'free' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MEMBER_AREA_MESSAGES.nameTaken);
    const unknownField = await admin.post('/api/owner/member-areas', { name: 'Gold', access: 'free', price: 5 });
    expect(unknownField.statusCode).toBe(400);
    const badAccess = await admin.post('/api/owner/member-areas', { name: 'Gold', access: 'vip' });
    expect(badAccess.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('answers a stale version with 409 and keeps the pages', async () => {
    const stale = await admin.put(`/api/owner/member-areas/${clubId}`, { name: 'Club', access: 'free', version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(MEMBER_AREA_MESSAGES.stale);
    const renamed = await admin.put(`/api/owner/member-areas/${clubId}`, { name: 'Club', description: 'For friends of the shop.', access: 'free', joinButtonText: 'Join the club', version: 1 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().memberArea).toMatchObject({ version: 2, joinButtonText: 'Join the club', pages: [{ url: '/about' }, { url: '/journal' }] });
  });

  it('lets members:read roles list and only admins and website managers change', async () => {
    for (const [role, status] of [['editor', 200], ['storeManager', 200], ['reporting', 200], ['viewer', 403], ['moderator', 403]] as const) {
      const answer = await (await ownerVisitor(server, role)).get('/api/owner/member-areas');
      expect(answer.statusCode, role).toBe(status);
    }
    const editor = await ownerVisitor(server, 'editor');
    const refused = await editor.post('/api/owner/member-areas', { name: 'Editors', access: 'free' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: OWNER_MESSAGES.notAllowed });
    const manager = await ownerVisitor(server, 'websiteManager');
    expect((await manager.get(`/api/owner/member-areas/${clubId}/members`)).statusCode).toBe(200);
  });
});

describe('navigation to a member area', () => {
  it('links a memberAreaId item to the area\'s first page; an unknown area is refused', async () => {
    const post = (items: unknown[]) => admin.post('/api/widget/UpdateNavigation', { fieldName: 'mainNav', navigation: { items } });
    const unknown = await post([{ memberAreaId: 'no-such-area' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'navigation.items.0.memberAreaId': 'No such member area.' });
    const saved = await post([{ title: 'Home', externalLink: '/' }, { memberAreaId: clubId }, { title: 'Members only', memberAreaId: clubId }]);
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await new TestVisitor(server.app).get('/contact');
    expect(page.body).toContain('<a href="/about">Club</a>');
    expect(page.body).toContain('<a href="/about">Members only</a>');
  });
});

describe('a non-member', () => {
  it('gets the access-denied page (106, 403) and no content: the page, its JSON, an item of the blog', async () => {
    const visitor = new TestVisitor(server.app);
    const page = await visitor.get('/about');
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain(MEMBER_PAGE_TEXT.membersOnlyTitle);
    expect(page.body).toContain('Club');
    expect(page.body).toContain('Join the club');
    expect(page.body).toContain('href="/account?next=%2Fabout"');
    expect(page.body).toContain('data-gated="access-denied"');
    expect(page.body).not.toContain('Sketchbook with a pencil line');
    const json = await visitor.get('/about?format=json');
    expect(json.statusCode).toBe(403);
    const context = json.json();
    expect(context.pageType).toBe(106);
    expect(context.accessDenied.areas).toEqual([expect.objectContaining({ id: clubId, name: 'Club', access: 'free', joinLabel: 'Join the club', joinForm: null })]);
    expect(context).not.toHaveProperty('sections');
    expect(context).not.toHaveProperty('contentPage');
    expect(json.body).not.toContain('Sketchbook');
    const post = await visitor.get('/journal/meet-the-potter?format=json');
    expect(post.statusCode).toBe(403);
    expect(post.json().pageType).toBe(106);
    expect(post.json()).not.toHaveProperty('item');
    const blog = await visitor.get('/journal');
    expect(blog.statusCode).toBe(403);
    expect(blog.body).not.toContain('meet-the-potter');
  });

  it('gets no frame, no feed, and the sitemap leaves the gated pages out', async () => {
    const visitor = new TestVisitor(server.app);
    expect((await visitor.get(`/frames/page/${pageIds.about}/story`)).statusCode).toBe(404);
    expect((await visitor.get('/journal?format=rss')).statusCode).toBe(404);
    const sitemap = await visitor.get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).not.toContain('/about<');
    expect(sitemap.body).not.toContain('/journal');
    expect(sitemap.body).toContain('/contact<');
  });

  it('a summary block elsewhere lists nothing of a gated blog', async () => {
    const website = await server.database.db.selectFrom('websites').select('id').executeTakeFirstOrThrow();
    const summary = { schemaVersion: 1, sections: [{ id: 'section-1', blocks: [{ id: 'latest', type: BLOCK_TYPES['summary-v2'], settings: { collectionId: pageIds.journal, count: 3 } }] }] };
    await server.database.db.insertInto('site_pages').values({ id: newId(), website_id: website.id, kind: 'page', url_id: 'members-summary-test', title: 'Latest', status: 'published', body: JSON.stringify(summary) }).execute();
    const page = await new TestVisitor(server.app).get('/members-summary-test?format=json');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('meet-the-potter');
    expect(page.body).not.toContain('/journal/');
  });

  it('an owner (any contributor role) sees the page as it is', async () => {
    const page = await admin.get('/about');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sketchbook with a pencil line');
    expect(page.body).toContain('class="site-account" href="/account"');
  });
});

describe('joining a free area', () => {
  it('signed out: the join call asks to sign in; signed in: joins, sees the page and the confirmed page (208)', async () => {
    const anonymous = new TestVisitor(server.app);
    await anonymous.visit('/');
    const refused = await anonymous.post(`/api/members/areas/${clubId}/join`);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Sign in or create an account to join.' });

    const shopper = await signedInShopper();
    const denied = await shopper.get('/about');
    expect(denied.statusCode).toBe(403);
    expect(denied.body).toContain('action="/members/join"');
    expect(denied.body).toContain(`name="crumb" value="${shopper.crumb}"`);
    const joined = await shopper.post(`/api/members/areas/${clubId}/join`);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({ status: 'joined', redirectUrl: `/members/confirmed?area=${clubId}` });
    const page = await shopper.get('/about');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sketchbook with a pencil line');
    expect((await shopper.get('/journal/meet-the-potter')).statusCode).toBe(200);
    const confirmed = await shopper.get(`/members/confirmed?area=${clubId}&format=json`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ pageType: 208, confirmed: { areaName: 'Club', member: true, message: 'You are a member of Club.', firstPageUrl: '/about' } });
    const html = await shopper.get(`/members/confirmed?area=${clubId}`);
    expect(html.body).toContain('Membership confirmed');
    expect(html.body).toContain('href="/journal"');
    const account = await shopper.get('/account?format=json');
    expect(account.json().account.memberships).toEqual([expect.objectContaining({ areaName: 'Club', status: 'Active', url: '/about' })]);
  });

  it('through the page\'s plain form: joins and lands on 208; a wrong crumb is refused', async () => {
    const shopper = await signedInShopper();
    await shopper.get('/about');
    const forged = await shopper.request({ method: 'POST', url: '/members/join', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `memberAreaId=${clubId}&next=%2Fabout&crumb=forged`, sendCrumb: false });
    expect(forged.statusCode).toBe(403);
    const form = await shopper.request({ method: 'POST', url: '/members/join', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `memberAreaId=${clubId}&next=%2Fabout&crumb=${shopper.crumb}`, sendCrumb: false });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`/members/confirmed?area=${clubId}`);
    expect((await shopper.get('/about')).statusCode).toBe(200);
  });

  it('racing joins make one membership', async () => {
    const shopper = await signedInShopper();
    const answers = await Promise.all(Array.from({ length: 6 }, () => shopper.post(`/api/members/areas/${clubId}/join`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const siteUser = (await shopper.get('/api/site-users/account')).json().siteUser;
    const rows = await server.database.db.selectFrom('memberships').selectAll().where('site_user_id', '=', siteUser.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'active', source: 'sign-up', ends_at: null });
  });

  it('an expired membership loses access (no job: the read compares the clock)', async () => {
    const shopper = await signedInShopper();
    await shopper.post(`/api/members/areas/${clubId}/join`);
    expect((await shopper.get('/about')).statusCode).toBe(200);
    const siteUser = (await shopper.get('/api/site-users/account')).json().siteUser;
    await server.database.db.updateTable('memberships').set({ ends_at: new Date(Date.now() - 1000) }).where('site_user_id', '=', siteUser.id).execute();
    expect((await shopper.get('/about')).statusCode).toBe(403);
    const expired = await admin.get(`/api/owner/member-areas/${clubId}/members?status=expired`);
    expect(expired.json().members.map((row: { siteUserId: string; statusLabel: string }) => [row.siteUserId, row.statusLabel])).toEqual([[siteUser.id, 'Expired']]);
    // Joining again starts it afresh.
    await shopper.post(`/api/members/areas/${clubId}/join`);
    expect((await shopper.get('/about')).statusCode).toBe(200);
  });

  it('holds across two apps on one database', async () => {
    const second = await buildApp({ db: server.database.db, databaseKind: server.database.kind, captchaDifficulty: TEST_CAPTCHA_DIFFICULTY, rateLimit: { max: 1_000_000 } });
    try {
      const shopper = await signedInShopper();
      await shopper.post(`/api/members/areas/${clubId}/join`);
      const elsewhere = new TestVisitor(second);
      for (const [name, value] of shopper.cookies) elsewhere.cookies.set(name, value);
      expect((await elsewhere.get('/about')).statusCode).toBe(200);
      const stranger = new TestVisitor(second);
      expect((await stranger.get('/about')).statusCode).toBe(403);
    } finally {
      await second.close();
    }
  });
});

describe('the owner grants and revokes', () => {
  it('grants by email, revokes (idempotent), and the page follows', async () => {
    const email = `granted-${newId()}@example.com`;
    const shopper = await signedInShopper(email);
    expect((await shopper.get('/about')).statusCode).toBe(403);
    const unknown = await admin.post(`/api/owner/member-areas/${clubId}/members`, { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(400);
    const past = await admin.post(`/api/owner/member-areas/${clubId}/members`, { email, endsAt: '2001-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    const granted = await admin.post(`/api/owner/member-areas/${clubId}/members`, { email: email.toUpperCase() });
    expect(granted.statusCode, granted.body).toBe(201);
    expect(granted.json()).toMatchObject({ changed: true, membership: { email, source: 'owner', status: 'active', statusLabel: 'Active', endsAt: null } });
    expect((await admin.post(`/api/owner/member-areas/${clubId}/members`, { email })).json().changed).toBe(false);
    expect((await shopper.get('/about')).statusCode).toBe(200);
    const membershipId = granted.json().membership.id;
    const revoked = await admin.post(`/api/owner/member-areas/${clubId}/members/${membershipId}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ changed: true, membership: { status: 'ended', endedBy: 'owner' } });
    expect((await admin.post(`/api/owner/member-areas/${clubId}/members/${membershipId}/revoke`)).json().changed).toBe(false);
    expect((await shopper.get('/about')).statusCode).toBe(403);
    expect((await admin.post(`/api/owner/member-areas/${clubId}/members/no-such/revoke`)).statusCode).toBe(404);
  });
});

describe('a paid area', () => {
  let oneOffArea: string;
  let subscriptionArea: string;

  beforeAll(async () => {
    const pass = await paywallProduct('Events pass', 3000);
    const created = await admin.post('/api/owner/member-areas', { name: 'Events pass', access: 'paid', paywallProductId: pass, durationDays: 30, pageIds: [pageIds.events] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().memberArea.paywallProduct).toEqual({ id: pass, name: 'Events pass', priceLabel: '$30.00' });
    oneOffArea = created.json().memberArea.id;
    const studio = await paywallProduct('Studio membership', 1200, { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 });
    const second = await admin.post('/api/owner/member-areas', { name: 'Studio', access: 'paid', paywallProductId: studio, pageIds: [pageIds.events] });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().memberArea.paywallProduct.priceLabel).toBe('$12.00 every month');
    subscriptionArea = second.json().memberArea.id;
  });

  it('the owner makes a PAYWALL product (type 5, a subscription) through the catalog calls and sells an area with it', async () => {
    const product = await admin.post('/api/owner/products', {
      productType: 5, title: 'Pottery Club', variants: [{ sku: 'POTTERY-CLUB', priceCents: 900, unlimited: true }],
      isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
    });
    expect(product.statusCode, product.body).toBe(201);
    const productId = product.json().product.id;
    const area = await admin.post('/api/owner/member-areas', { name: 'Pottery Club', access: 'paid', paywallProductId: productId });
    expect(area.statusCode, area.body).toBe(201);
    expect(area.json().memberArea.paywallProduct).toEqual({ id: productId, name: 'Pottery Club', priceLabel: '$9.00 every month' });
    expect((await admin.delete(`/api/owner/member-areas/${area.json().memberArea.id}`)).json()).toEqual({ deleted: true });
  });

  it('keeps PAYWALL products out of the store, search and the sitemap', async () => {
    const visitor = new TestVisitor(server.app);
    const shop = await visitor.get('/shop?format=json');
    expect(JSON.stringify(shop.json())).not.toContain('Studio membership');
    expect((await visitor.get('/search?q=membership&format=json')).body).not.toContain('Studio membership');
    expect((await visitor.get('/sitemap.xml')).body).not.toContain('paywall-');
  });

  it('a one-off purchase grants the area for its duration; the order-confirmed page goes to 208', async () => {
    const shopper = await signedInShopper();
    const denied = await shopper.get('/events?format=json');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().accessDenied.areas.map((area: { name: string; priceLabel: string }) => [area.name, area.priceLabel])).toEqual([['Events pass', '$30.00'], ['Studio', '$12.00 every month']]);
    const join = await shopper.post(`/api/members/areas/${oneOffArea}/join`);
    expect(join.statusCode, join.body).toBe(200);
    expect(join.json().status).toBe('checkout');
    const cartToken = new URL(join.json().redirectUrl, 'http://x').searchParams.get('cartToken');
    expect(join.json().redirectUrl).toBe(`/checkout?cartToken=${cartToken}`);
    const siteUser = (await shopper.get('/api/site-users/account')).json().siteUser;
    expect((await shopper.put('/api/commerce/shopping-cart/checkout', { cartToken, email: siteUser.email, shippingAddress: SHOPPER_ADDRESS })).statusCode).toBe(200);
    const order = await shopper.post('/api/commerce/orders', { email: siteUser.email, cartToken });
    expect(order.statusCode, order.body).toBe(201);
    const orderId = order.json().order.id;
    const rows = await server.database.db.selectFrom('memberships').selectAll().where('site_user_id', '=', siteUser.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ member_area_id: oneOffArea, source: 'order', order_id: orderId, status: 'active' });
    const days = (rows[0]!.ends_at!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const confirmed = await shopper.get(`/checkout/order-confirmed?orderId=${orderId}`);
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe(`/members/confirmed?area=${oneOffArea}&orderId=${orderId}`);
    expect((await shopper.get('/events')).statusCode).toBe(200);
    // The account page lists the order ($30.00 and New York's 4 % tax) and the membership.
    const account = (await shopper.get('/account?format=json')).json().account;
    expect(account.orders).toEqual([expect.objectContaining({ id: orderId, label: expect.stringMatching(/^Order #\d+$/), total: '$31.20', status: 'Placed' })]);
    expect(account.memberships).toEqual([expect.objectContaining({ areaName: 'Events pass', status: 'Active', url: '/events', ends: expect.any(String) })]);
  });

  it('a subscription grants it while it lasts: cancelling ends the membership', async () => {
    const shopper = await signedInShopper();
    const join = await shopper.post(`/api/members/areas/${subscriptionArea}/join`);
    expect(join.statusCode, join.body).toBe(200);
    expect(join.json().redirectUrl).toMatch(/^\/checkout\/subscription\?cartToken=/);
    const cartToken = new URL(join.json().redirectUrl, 'http://x').searchParams.get('cartToken');
    const siteUser = (await shopper.get('/api/site-users/account')).json().siteUser;
    expect((await shopper.put('/api/commerce/shopping-cart/checkout', { cartToken, email: siteUser.email, shippingAddress: SHOPPER_ADDRESS })).statusCode).toBe(200);
    const order = await shopper.post('/api/commerce/orders', { email: siteUser.email, cartToken });
    expect(order.statusCode, order.body).toBe(201);
    const membership = await server.database.db.selectFrom('memberships').selectAll().where('site_user_id', '=', siteUser.id).executeTakeFirstOrThrow();
    expect(membership).toMatchObject({ member_area_id: subscriptionArea, source: 'subscription', ends_at: null });
    expect(membership.subscription_id).not.toBeNull();
    expect((await shopper.get('/events')).statusCode).toBe(200);
    const cancelled = await admin.post(`/api/owner/subscriptions/${membership.subscription_id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await server.database.db.selectFrom('memberships').selectAll().where('id', '=', membership.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'ended', ended_by: 'subscription' });
    expect((await shopper.get('/events')).statusCode).toBe(403);
  });

  it('a subscription that bills its last cycle keeps the membership to the end of the period it paid for', async () => {
    const shopper = await signedInShopper();
    const join = await shopper.post(`/api/members/areas/${subscriptionArea}/join`);
    const cartToken = new URL(join.json().redirectUrl, 'http://x').searchParams.get('cartToken');
    const siteUser = (await shopper.get('/api/site-users/account')).json().siteUser;
    expect((await shopper.put('/api/commerce/shopping-cart/checkout', { cartToken, email: siteUser.email, shippingAddress: SHOPPER_ADDRESS })).statusCode).toBe(200);
    expect((await shopper.post('/api/commerce/orders', { email: siteUser.email, cartToken })).statusCode).toBe(201);
    const db = server.database.db;
    const membership = await db.selectFrom('memberships').selectAll().where('site_user_id', '=', siteUser.id).executeTakeFirstOrThrow();
    const subscriptionId = membership.subscription_id!;
    // Two cycles in all, the second due now.
    await db.updateTable('subscriptions')
      .set({ total_cycles: 2, plan: JSON.stringify({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 2 }), next_renewal_at: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', subscriptionId)
      .execute();
    const job = new SubscriptionRenewalJob(db, renewalOrderRecorder(new TestModePaymentProvider()), {});
    expect((await job.runOnce()).outcomes[subscriptionId]).toBe('completed');
    const subscription = await db.selectFrom('subscriptions').select(['started_at', 'status']).where('id', '=', subscriptionId).executeTakeFirstOrThrow();
    expect(subscription.status).toBe('completed');
    const after = await db.selectFrom('memberships').selectAll().where('id', '=', membership.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'active' });
    expect(after.ends_at?.toISOString()).toBe(cycleDueDate(subscription.started_at, { value: 1, unit: 'MONTH' }, 3).toISOString());
    expect((await shopper.get('/events')).statusCode).toBe(200);
    // Once that period is over the membership grants nothing.
    await db.updateTable('memberships').set({ ends_at: sql<Date>`now() - interval '1 second'` }).where('id', '=', membership.id).execute();
    expect((await shopper.get('/events')).statusCode).toBe(403);
  });
});

describe('the lock screen (103)', () => {
  it('locks a page with a password; a right password unlocks it with a signed cookie; a new password locks again', async () => {
    const set = await admin.put(`/api/owner/page-locks/${pageIds.contact}`, { password: 'open sesame' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ pageId: pageIds.contact, locked: true });
    expect((await admin.put(`/api/owner/page-locks/${pageIds.contact}`, { password: 'abc' })).statusCode).toBe(400);
    expect((await admin.get('/api/owner/page-locks')).json().pageLocks).toEqual([expect.objectContaining({ pageId: pageIds.contact, title: 'Contact', url: '/contact' })]);

    const visitor = new TestVisitor(server.app);
    const locked = await visitor.get('/contact');
    expect(locked.statusCode).toBe(401);
    expect(locked.body).toContain(MEMBER_PAGE_TEXT.lockedTitle);
    expect(locked.body).not.toContain(CONTACT_TEXT);
    expect((await visitor.get('/contact?format=json')).json()).toMatchObject({ pageType: 103, lock: { title: 'This page is locked', error: '' } });
    const post = (password: string, crumb = visitor.crumb) =>
      visitor.request({ method: 'POST', url: '/members/unlock', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ pageId: pageIds.contact, next: '/contact', password, crumb: crumb ?? '' }).toString(), sendCrumb: false });
    const wrong = await post('guess');
    expect(wrong.statusCode).toBe(303);
    expect(wrong.headers.location).toBe('/contact?lockError=wrong');
    const again = await visitor.get('/contact?lockError=wrong');
    expect(again.statusCode).toBe(401);
    expect(again.body).toContain(MEMBER_PAGE_TEXT.wrongPassword);
    expect((await post('open sesame', 'forged')).statusCode).toBe(403);
    const right = await post('open sesame');
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/contact');
    expect(String(right.headers['set-cookie'])).toMatch(/vitrine_unlock=.*HttpOnly.*SameSite=Lax/);
    const open = await visitor.get('/contact');
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain(CONTACT_TEXT);
    // A forged cookie opens nothing.
    const forger = new TestVisitor(server.app);
    forger.cookies.set('vitrine_unlock', `${visitor.cookies.get('vitrine_unlock')!.split('.')[0]}.AAAA`);
    expect((await forger.get('/contact')).statusCode).toBe(401);
    // A new password locks everyone out again.
    await admin.put(`/api/owner/page-locks/${pageIds.contact}`, { password: 'new secret' });
    expect((await visitor.get('/contact')).statusCode).toBe(401);
    expect((await admin.delete(`/api/owner/page-locks/${pageIds.contact}`)).json()).toEqual({ pageId: pageIds.contact, locked: false });
    expect((await new TestVisitor(server.app).get('/contact')).statusCode).toBe(200);
  });

  it('limits password tries per page and address', async () => {
    await admin.put(`/api/owner/page-locks/${pageIds.contact}`, { password: 'limit test' });
    const visitor = new TestVisitor(server.app);
    await visitor.get('/contact');
    const post = (password: string) =>
      visitor.request({ method: 'POST', url: '/members/unlock', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ pageId: pageIds.contact, next: '/contact', password, crumb: visitor.crumb ?? '' }).toString(), sendCrumb: false });
    for (let attempt = 1; attempt <= 10; attempt++) expect((await post(`wrong-${attempt}`)).headers.location).toBe('/contact?lockError=wrong');
    expect((await post('limit test')).headers.location).toBe('/contact?lockError=wait');
    expect((await visitor.get('/contact?lockError=wait')).body).toContain(MEMBER_PAGE_TEXT.tooMany);
    await admin.delete(`/api/owner/page-locks/${pageIds.contact}`);
  });
});

describe('the account page', () => {
  it('signs up and in through plain forms and lists memberships; errors come back as codes', async () => {
    const visitor = new TestVisitor(server.app);
    const page = await visitor.get('/account?next=%2Fabout');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Create an account');
    // Signed out, the header offers to sign in (the website offers accounts).
    expect(page.body).toMatch(/<a class="site-account" href="\/account">.*<span class="site-account-label">Sign in<\/span><\/a>/);
    const form = (url: string, fields: Record<string, string>) =>
      visitor.request({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ ...fields, crumb: visitor.crumb ?? '' }).toString(), sendCrumb: false });
    const email = `form-${newId()}@example.com`;
    const short = await form('/account/sign-up', { email, password: 'short', next: '/about' });
    expect(short.headers.location).toBe('/account?form=sign-up&error=invalid&next=%2Fabout');
    const made = await form('/account/sign-up', { email, password: 'password-123', next: '/about' });
    expect(made.statusCode).toBe(303);
    expect(made.headers.location).toBe('/about');
    const signedIn = await visitor.get('/about');
    expect(signedIn.statusCode).toBe(403);
    expect(signedIn.body).toContain('action="/members/join"');
    expect(signedIn.body).toMatch(/<a class="site-account" href="\/account">.*<span class="site-account-label">Account<\/span><\/a>/);
    const account = await visitor.get('/account');
    expect(account.body).toContain('Your account');
    expect(account.body).toContain('You have no memberships.');
    await form('/account/sign-out', {});
    const wrong = await form('/account/sign-in', { email, password: 'wrong-password', next: '//evil.example' });
    expect(wrong.headers.location).toBe('/account?form=sign-in&error=credentials&next=%2Faccount');
    expect((await visitor.get(wrong.headers.location as string)).body).toContain('That email and password do not match an account.');
    expect((await visitor.get('/account?form=sign-in&error=<script>')).body).not.toContain('<script>');
  });
});
