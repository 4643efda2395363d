// databases: both — the shopper's return form on the order's page, and the owner's mail of a new request
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_REQUEST_MESSAGES } from '@vitrine/contracts';
import { createWebsite } from '../platform';
import { TEST_SHIPPING_ADDRESS, demoProductId, openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';

const PLATFORM = 'vitrine.test';
const HOST = `demo.${PLATFORM}`;
let server: TestServer;
let manager: TestVisitor;
beforeAll(async () => {
  server = await openTestServer({ platformDomain: PLATFORM });
  await createWebsite(server.database.db, { identifier: 'elsewhere', siteTitle: 'Elsewhere', sampleContent: true });
  manager = await ownerVisitor(server, 'storeManager', { identifier: 'demo', host: HOST });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;

/** A shipped order: two totes and a vase, all fulfilled; its page's visitor is the shopper who bought it. */
async function shippedOrder(email: string, shopper = new TestVisitor(server.app, undefined, { host: HOST })) {
  await shopper.visit('/shop');
  for (const [slug, sku, quantity] of [['canvas-tote', 'TOTE', 2], ['wool-blanket', 'BLANKET', 1]] as const) {
    expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId(slug), sku, quantity })).statusCode).toBe(200);
  }
  const placed = await shopper.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email });
  expect(placed.statusCode, placed.body).toBe(201);
  const id: string = placed.json().order.id;
  const lines: Array<{ lineId: string; quantity: number }> = (await manager.get(`/api/owner/orders/${id}`)).json().order.lines;
  const shipped = await manager.post(`/api/owner/orders/${id}/fulfilments`, { lines: lines.map(({ lineId, quantity }) => ({ lineId, quantity })), carrier: 'ups', trackingNumber: '1Z999AA10123456784' });
  expect(shipped.statusCode, shipped.body).toBe(201);
  return { id, shopper, tote: lines[0]!.lineId, vase: lines[1]!.lineId };
}

const formPost = (visitor: TestVisitor, fields: Record<string, string>) =>
  visitor.request({ method: 'POST', url: '/checkout/order-confirmed/returns', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
const pageOf = (id: string, query = '') => `/checkout/order-confirmed?orderId=${encodeURIComponent(id)}${query}`;
const ownerMails = () => db().selectFrom('mail_outbox').select(['to_address', 'subject', 'text_body']).where('template', '=', 'return-requested').execute();

describe("the order page's return form", () => {
  it('asks for lines and a reason without JavaScript, shows the request afterwards and mails the owner once', async () => {
    const { id, shopper, tote } = await shippedOrder('form@returns.test');
    const page = await shopper.get(pageOf(id));
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).toContain('<h2 id="order-returns-title">Returns</h2>');
    expect(page.body).toContain(`name="quantity.${tote}" type="number" min="0" max="2" value="0"`);
    expect(page.body).toContain('<input type="radio" id="return-reason-other" name="reason" value="other" required> Another reason');
    const crumb = shopper.crumb!;
    expect(page.body).toContain(`<input type="hidden" name="crumb" value="${crumb}">`);

    const mailsBefore = (await ownerMails()).length;
    const sent = await formPost(shopper, { crumb, orderId: id, [`quantity.${tote}`]: '1', reason: 'does-not-fit', note: 'Too small' });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`${pageOf(id, '&returnNotice=requested')}#returns`);
    const after = await shopper.get(sent.headers.location as string);
    expect(after.body).toContain(`<p class="notice" role="status">${RETURN_REQUEST_MESSAGES.requested}</p>`);
    expect(after.body).toContain('<strong>Requested: the store will answer soon</strong>');
    expect(after.body).toContain('<p>It does not fit: Too small</p>');
    expect(after.body).toContain('<li>1 × Canvas Tote</li>');
    // One tote is left to return now.
    expect(after.body).toContain(`name="quantity.${tote}" type="number" min="0" max="1" value="0"`);

    const mails = await ownerMails();
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = mails.at(-1)!;
    expect(mail.to_address).toMatch(/^storemanager-\d+-\d+@owner\.test$/);
    expect(mail.subject).toMatch(/^Return requested for order #\d+ \(.+\)$/);
    expect(mail.text_body).toContain('form@returns.test asks to return items from order #');
    expect(mail.text_body).toContain('Reason: It does not fit: Too small');
    expect(mail.text_body).toContain('1 × Canvas Tote');
    expect(mail.text_body).toContain(`Approve or decline it: http`);
    expect(mail.text_body).toContain(`/config/orders/${id}`);
    const history = await manager.get(`/api/owner/orders/${id}`);
    expect(history.json().order.returns).toHaveLength(1);
  });

  it('refuses bad answers with a code back to the page, and writes nothing', async () => {
    const { id, shopper, tote, vase } = await shippedOrder('bad@returns.test');
    await shopper.get(pageOf(id));
    const crumb = shopper.crumb!;
    const refused = async (fields: Record<string, string>, code: string, message: string) => {
      const answer = await formPost(shopper, { orderId: id, crumb, ...fields });
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toBe(`${pageOf(id, `&returnError=${code}`)}#returns`);
      expect((await shopper.get(answer.headers.location as string)).body).toContain(`<p class="form-error" role="alert">${message}</p>`);
    };
    await refused({ reason: 'damaged' }, 'choose', RETURN_REQUEST_MESSAGES.chooseSomething);
    await refused({ [`quantity.${tote}`]: '1', reason: 'other', note: '  ' }, 'other', RETURN_REQUEST_MESSAGES.otherNeedsNote);
    await refused({ [`quantity.${tote}`]: '1', reason: 'bored' }, 'reason', 'Choose why you are returning the items.');
    await refused({ [`quantity.${tote}`]: '3', reason: 'damaged' }, 'too-many', 'You asked to return more than can be returned. Check the quantities.');
    await refused({ [`quantity.${vase}`]: '-1', reason: 'damaged' }, 'too-many', 'You asked to return more than can be returned. Check the quantities.');
    await refused({ [`quantity.${tote}`]: '1', reason: 'damaged', note: 'x'.repeat(501) }, 'note', 'Keep the reason to 500 characters or fewer.');
    // A NUL never reaches the database: refused before the handler (a 400), never a 500.
    expect((await formPost(shopper, { orderId: id, crumb, [`quantity.${tote}`]: '1', reason: 'damaged', note: 'a\u0000b' })).statusCode).toBe(400);
    await refused({ [`quantity.${tote}`]: '1', reason: 'damaged', crumb: 'forged' }, 'crumb', RETURN_REQUEST_MESSAGES.expired);
    // The JSON call refuses "Another reason" without words with a 400 naming the field.
    const json = await shopper.post(`/api/commerce/orders/${id}/returns`, { lines: [{ lineId: tote, quantity: 1 }], reason: 'other' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: RETURN_REQUEST_MESSAGES.otherNeedsNote, errors: { note: RETURN_REQUEST_MESSAGES.otherNeedsNote } });
    expect(await db().selectFrom('order_returns').select('id').where('order_id', '=', id).execute()).toHaveLength(0);
  });

  it('says when nothing is left to return, and before anything has shipped', async () => {
    const { id, shopper, tote, vase } = await shippedOrder('all@returns.test');
    await shopper.get(pageOf(id));
    const sent = await formPost(shopper, { crumb: shopper.crumb!, orderId: id, [`quantity.${tote}`]: '2', [`quantity.${vase}`]: '1', reason: 'changed-mind' });
    expect(sent.headers.location).toBe(`${pageOf(id, '&returnNotice=requested')}#returns`);
    const page = (await shopper.get(pageOf(id))).body;
    expect(page).toContain(`<p>${RETURN_REQUEST_MESSAGES.nothingReturnable}</p>`);
    expect(page).not.toContain('class="return-form"');
    // Asked again (an old tab): back with the code, nothing more written.
    const again = await formPost(shopper, { crumb: shopper.crumb!, orderId: id, [`quantity.${tote}`]: '1', reason: 'changed-mind' });
    expect(again.headers.location).toBe(`${pageOf(id, '&returnError=too-many')}#returns`);
    expect(await db().selectFrom('order_returns').select('id').where('order_id', '=', id).execute()).toHaveLength(1);

    const unshipped = new TestVisitor(server.app, undefined, { host: HOST });
    await unshipped.visit('/shop');
    await unshipped.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId('canvas-tote'), sku: 'TOTE', quantity: 1 });
    const placed = (await unshipped.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email: 'wait@returns.test' })).json().order;
    const waiting = await unshipped.get(pageOf(placed.id));
    expect(waiting.body).toContain(`<p>${RETURN_REQUEST_MESSAGES.notShipped}</p>`);
    expect(waiting.body).not.toContain('class="return-form"');
    const early = await unshipped.request({ method: 'POST', url: '/checkout/order-confirmed/returns', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ crumb: (await unshipped.fetchCrumb()), orderId: placed.id, [`quantity.${placed.items[0].id}`]: '1', reason: 'damaged' }).toString() });
    expect(early.headers.location).toBe(`${pageOf(placed.id, '&returnError=nothing')}#returns`);
  });

  it("refuses another shopper's order and another website's", async () => {
    const owner = new TestVisitor(server.app, undefined, { host: HOST });
    await owner.visit('/');
    expect((await owner.post('/api/site-users/account', { email: 'mine@returns.test', password: 'shopper-password-1' })).statusCode).toBe(201);
    const { id, tote } = await shippedOrder('mine@returns.test', owner);
    // Signed in to another account: no form on the page, and the form and the JSON call answer 404.
    const stranger = new TestVisitor(server.app, undefined, { host: HOST });
    await stranger.visit('/');
    expect((await stranger.post('/api/site-users/account', { email: 'stranger@returns.test', password: 'shopper-password-1' })).statusCode).toBe(201);
    const seen = await stranger.get(pageOf(id));
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toContain('id="order-returns-title"');
    const crumb = await stranger.fetchCrumb();
    expect((await formPost(stranger, { crumb, orderId: id, [`quantity.${tote}`]: '1', reason: 'damaged' })).statusCode).toBe(404);
    expect((await stranger.post(`/api/commerce/orders/${id}/returns`, { lines: [{ lineId: tote, quantity: 1 }], reason: 'damaged' })).statusCode).toBe(404);
    expect((await stranger.get(`/api/commerce/orders/${id}/returns`)).statusCode).toBe(404);
    // Another website, whoever asks.
    const other = new TestVisitor(server.app, undefined, { host: `elsewhere.${PLATFORM}` });
    const otherCrumb = await other.fetchCrumb();
    expect((await formPost(other, { crumb: otherCrumb, orderId: id, [`quantity.${tote}`]: '1', reason: 'damaged' })).statusCode).toBe(404);
    expect((await other.get(pageOf(id))).statusCode).toBe(404);
    expect(await db().selectFrom('order_returns').select('id').where('order_id', '=', id).execute()).toHaveLength(0);
    // The shopper's own account page links to the order and its return form.
    const account = await owner.get('/account');
    if (account.statusCode === 200) expect(account.body).toContain(`${pageOf(id).replace('?', '?').replaceAll('&', '&amp;')}#returns`);
  });
});
