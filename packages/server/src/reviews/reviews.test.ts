// databases: both — the request job claims each once; racing submits make one review
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_REVIEW_MESSAGES, REVIEW_MESSAGES } from '@vitrine/contracts';
import type { Website } from '../db/schema';
import { demoProductId, openTestServer, ownerVisitor, TEST_SHIPPING_ADDRESS, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { reviewLinksFor } from './links';
import { ReviewRequestJob } from './requests';

/*
 * Native product reviews (issue 20 item 3) through the real API: a paid order's review request mailed by the job, its
 * signed link's page (209), the buyer's review once per line, the owner's moderation, and what the storefront shows.
 */

let server: TestServer;
let website: Website;
let admin: TestVisitor;
const db = () => server.database.db;
const REVIEWS = '/api/commerce/reviews';
const mail = { from: 'no-reply@localhost', publicUrl: 'http://shop.test', unsubscribeTokens: undefined as never };
let emailCount = 0;
const uniqueEmail = (name: string) => `${name}-${++emailCount}-${process.pid}@example.com`;

beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(db()))!;
  admin = await ownerVisitor(server, 'admin');
});
afterAll(async () => {
  await server?.close();
});

/** A test-mode order through the real API (paid on the spot), and the token of its review link. */
async function buyAndGetLink(lines: Array<[slug: string, sku: string]>, email = uniqueEmail('buyer')) {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/shop');
  for (const [slug, sku] of lines) expect((await visitor.post('/api/commerce/shopping-cart/entries', { itemId: demoProductId(slug), sku, quantity: 1 })).statusCode).toBe(200);
  const placed = await visitor.post('/api/commerce/orders', { shippingAddress: TEST_SHIPPING_ADDRESS, email });
  expect(placed.statusCode).toBe(201);
  const orderId = placed.json().order.id as string;
  const items = await db().selectFrom('order_items').select(['id', 'product_id', 'product_name']).where('order_id', '=', orderId).orderBy('position').execute();
  const token = (await reviewLinksFor(db())).issue(website.id, orderId, new Date(Date.now() + 60_000));
  return { visitor, orderId, items, token, email };
}

const review = (token: string, orderItemId: string, extra: Record<string, unknown> = {}) => ({
  token, orderItemId, rating: 4, title: 'Good shirt', body: 'Soft linen, fits well.', reviewerName: 'Dana', ...extra,
});
const reviewCount = async () => Number((await db().selectFrom('product_reviews').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const setReviewsFlag = async (enabled: boolean) => expect((await admin.put('/api/owner/feature-flags', { flags: [{ code: 66, enabled }] })).statusCode).toBe(200);

describe('the review request', () => {
  it('is written with the paid order and mailed once by the job after its delay, with a signed link to page 209', async () => {
    const { orderId, email } = await buyAndGetLink([['linen-shirt', 'SHIRT-S-WHITE'], ['sticker-pack', 'STICKERS']]);
    expect(await db().selectFrom('review_requests').select('status').where('order_id', '=', orderId).executeTakeFirstOrThrow()).toEqual({ status: 'waiting' });
    // Nothing in the outbox at payment but the confirmation: the request waits for its delay.
    const templates = async () => (await db().selectFrom('mail_outbox').select('template').where('to_address', '=', email).orderBy('created_at').execute()).map((row) => row.template);
    expect(await templates()).toEqual(['order-confirmation']);
    const weekly = new ReviewRequestJob(db(), { mail });
    expect((await weekly.runOnce())[orderId]).toBeUndefined();
    // Two jobs in two "processes" after the delay: mailed once.
    const [first, second] = await Promise.all([new ReviewRequestJob(db(), { mail, delayMs: 0 }).runOnce(), new ReviewRequestJob(db(), { mail, delayMs: 0 }).runOnce()]);
    expect([first[orderId], second[orderId]].filter(Boolean)).toEqual(['mailed']);
    expect(await templates()).toEqual(['order-confirmation', 'review-request']);
    const message = await db().selectFrom('mail_outbox').selectAll().where('to_address', '=', email).where('template', '=', 'review-request').executeTakeFirstOrThrow();
    const order = await db().selectFrom('orders').select('order_number').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(message.subject).toBe(`How did you like your order #${order.order_number} from Vitrine Demo Store?`);
    expect(message.text_body).toContain('- Linen Shirt\n- Sticker Pack\n');
    const url = /Write a review: (\S+)/.exec(message.text_body)?.[1] ?? '';
    expect(url).toMatch(/^http:\/\/shop\.test\/reviews\/request\?token=/);
    const page = await new TestVisitor(server.app).get(`${url.slice('http://shop.test'.length)}&format=json`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ pageType: 209, title: 'Review your order', orderNumber: order.order_number });
    expect(page.json().lines.map((line: { productName: string; reviewed: boolean }) => [line.productName, line.reviewed])).toEqual([['Linen Shirt', false], ['Sticker Pack', false]]);
    expect(await new ReviewRequestJob(db(), { mail, delayMs: 0 }).runOnce()).not.toHaveProperty(orderId);
  });
});

describe('a buyer\'s review', () => {
  it('is stored pending for the link\'s own order line, once; the second is a 409 with nothing written', async () => {
    const { token, items } = await buyAndGetLink([['linen-shirt', 'SHIRT-S-WHITE']]);
    const visitor = new TestVisitor(server.app);
    await visitor.visit('/shop');
    const sent = await visitor.post(REVIEWS, review(token, items[0]!.id));
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ review: { id: expect.any(String), orderItemId: items[0]!.id, productId: demoProductId('linen-shirt'), status: 'pending' }, message: REVIEW_MESSAGES.submitted });
    const before = await reviewCount();
    const again = await visitor.post(REVIEWS, review(token, items[0]!.id, { title: 'Again' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: REVIEW_MESSAGES.alreadyReviewed });
    expect(await reviewCount()).toBe(before);
    // Pending reviews are not shown.
    const product = (await visitor.get('/shop/p/linen-shirt?format=json')).json();
    expect(product.reviews.reviews.some((shown: { title: string }) => shown.title === 'Good shirt')).toBe(false);
  });

  it('two racing submits for one line: one wins, the other is a 409', async () => {
    const { token, items } = await buyAndGetLink([['canvas-tote', 'TOTE']]);
    const visitors = [new TestVisitor(server.app), new TestVisitor(server.app), new TestVisitor(server.app)];
    for (const visitor of visitors) await visitor.visit('/shop');
    const answers = await Promise.all(visitors.map((visitor, index) => visitor.post(REVIEWS, review(token, items[0]!.id, { title: `Racer ${index}` }))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await db().selectFrom('product_reviews').select('id').where('order_item_id', '=', items[0]!.id).execute()).toHaveLength(1);
  });

  it('refuses another order\'s line, a tampered, expired or foreign link, and bad fields, writing nothing', async () => {
    const mine = await buyAndGetLink([['linen-shirt', 'SHIRT-S-WHITE']]);
    const theirs = await buyAndGetLink([['sticker-pack', 'STICKERS']]);
    const visitor = new TestVisitor(server.app);
    await visitor.visit('/shop');
    const before = await reviewCount();
    const refused = async (body: Record<string, unknown>, status: number, answer: unknown) => {
      const response = await visitor.post(REVIEWS, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()).toEqual(answer);
    };
    await refused(review(mine.token, theirs.items[0]!.id), 404, { message: REVIEW_MESSAGES.orderItemId });
    const [payload, signature] = mine.token.split('.');
    const forged = Buffer.from(Buffer.from(payload!, 'base64url').toString().replace(mine.orderId, theirs.orderId)).toString('base64url');
    await refused(review(`${forged}.${signature}`, theirs.items[0]!.id), 404, { message: REVIEW_MESSAGES.link });
    await refused(review(`${payload}.${signature!.slice(0, -2)}xx`, mine.items[0]!.id), 404, { message: REVIEW_MESSAGES.link });
    const expired = (await reviewLinksFor(db())).issue(website.id, mine.orderId, new Date(Date.now() - 1000));
    await refused(review(expired, mine.items[0]!.id), 404, { message: REVIEW_MESSAGES.link });
    const otherSite = (await reviewLinksFor(db())).issue('another-website', mine.orderId, new Date(Date.now() + 60_000));
    await refused(review(otherSite, mine.items[0]!.id), 404, { message: REVIEW_MESSAGES.link });
    await refused(review(mine.token, mine.items[0]!.id, { rating: 6 }), 400, { message: REVIEW_MESSAGES.rating, errors: { rating: REVIEW_MESSAGES.rating } });
    await refused(review(mine.token, mine.items[0]!.id, { rating: 0 }), 400, { message: REVIEW_MESSAGES.rating, errors: { rating: REVIEW_MESSAGES.rating } });
    await refused(review(mine.token, mine.items[0]!.id, { title: '   ' }), 400, { message: REVIEW_MESSAGES.invalid, errors: { title: REVIEW_MESSAGES.title } });
    await refused(review(mine.token, mine.items[0]!.id, { body: 'x'.repeat(5001) }), 400, { message: REVIEW_MESSAGES.body, errors: { body: REVIEW_MESSAGES.body } });
    const nul = await visitor.post(REVIEWS, review(mine.token, mine.items[0]!.id, { title: 'a\u0000b' }));
    expect(nul.statusCode).toBe(400);
    await refused({ ...review(mine.token, mine.items[0]!.id), extra: 1 }, 400, expect.objectContaining({ message: expect.any(String) }));
    expect(await reviewCount()).toBe(before);
    // The page of a bad link is the not-found page.
    expect((await visitor.get(`/reviews/request?token=${encodeURIComponent(expired)}`)).statusCode).toBe(404);
  });

  it('works through the page\'s plain form: 303 back with the thanks, then the line shows as reviewed', async () => {
    const { token, items } = await buyAndGetLink([['ceramic-vase', 'VASE']]);
    const visitor = new TestVisitor(server.app);
    const page = await visitor.get(`/reviews/request?token=${encodeURIComponent(token)}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h2 id="review-product-');
    const form = (fields: Record<string, string>) => visitor.request({
      method: 'POST', url: '/reviews/request', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString(),
    });
    const bad = await form({ token, orderItemId: items[0]!.id, crumb: visitor.crumb!, rating: '9', title: 'T', body: 'B', reviewerName: 'N' });
    expect(bad.statusCode).toBe(303);
    expect(bad.headers.location).toBe(`/reviews/request?${new URLSearchParams({ token, error: 'rating', line: items[0]!.id })}#review-${items[0]!.id}`);
    const noCrumb = await form({ token, orderItemId: items[0]!.id, crumb: 'nope', rating: '5', title: 'T', body: 'B', reviewerName: 'N' });
    expect(noCrumb.headers.location).toContain('error=crumb');
    const good = await form({ token, orderItemId: items[0]!.id, crumb: visitor.crumb!, rating: '5', title: 'Lovely', body: 'Sits on my desk.', reviewerName: 'Robin' });
    expect(good.headers.location).toBe(`/reviews/request?${new URLSearchParams({ token, submitted: '1' })}`);
    const after = (await visitor.get(`${good.headers.location}&format=json`)).json();
    expect(after.notice).toBe(REVIEW_MESSAGES.submitted);
    expect(after.lines[0].reviewed).toBe(true);
  });
});

describe('moderation', () => {
  it('moves pending → approved → hidden → approved, keeps the rollup, replies, and 404s an unknown review', async () => {
    const { token, items } = await buyAndGetLink([['engraved-pen', 'PEN-SILVER']]).catch(async () => buyAndGetLink([['sticker-pack', 'STICKERS']]));
    const visitor = new TestVisitor(server.app);
    await visitor.visit('/shop');
    const { review: sent } = (await visitor.post(REVIEWS, review(token, items[0]!.id, { rating: 2, title: 'Meh' }))).json();
    const productId = items[0]!.product_id;
    const rollup = async () => (await db().selectFrom('product_review_summaries').select(['review_count', 'rating_total']).where('product_id', '=', productId).executeTakeFirst()) ?? { review_count: 0, rating_total: 0 };
    const start = await rollup();
    const pending = (await admin.get('/api/owner/reviews?status=pending')).json();
    expect(pending.reviews.map((row: { id: string }) => row.id)).toContain(sent.id);
    const approve = await admin.post(`/api/owner/reviews/${sent.id}/approve`);
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ changed: true, review: { id: sent.id, status: 'approved', source: 'buyer', rating: 2, title: 'Meh' } });
    expect(await rollup()).toEqual({ review_count: start.review_count + 1, rating_total: start.rating_total + 2 });
    // Approving twice at once changes it once.
    const twice = await Promise.all([admin.post(`/api/owner/reviews/${sent.id}/approve`), admin.post(`/api/owner/reviews/${sent.id}/approve`)]);
    expect(twice.map((answer) => answer.json().changed)).toEqual([false, false]);
    expect(await rollup()).toEqual({ review_count: start.review_count + 1, rating_total: start.rating_total + 2 });
    const hidden = await Promise.all([admin.post(`/api/owner/reviews/${sent.id}/hide`), admin.post(`/api/owner/reviews/${sent.id}/hide`)]);
    expect(hidden.map((answer) => answer.json().changed).sort()).toEqual([false, true]);
    expect(await rollup()).toEqual(start);
    expect((await admin.post(`/api/owner/reviews/${sent.id}/approve`)).json().review.status).toBe('approved');
    const replied = await admin.put(`/api/owner/reviews/${sent.id}/reply`, { reply: '  Sorry to hear it — write to us.  ' });
    expect(replied.json()).toMatchObject({ changed: true, review: { reply: 'Sorry to hear it — write to us.' } });
    expect((await admin.put(`/api/owner/reviews/${sent.id}/reply`, { reply: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await admin.post('/api/owner/reviews/no-such-review/approve')).json()).toEqual({ message: OWNER_REVIEW_MESSAGES.notFound });
    expect((await admin.get('/api/owner/reviews?status=lost')).statusCode).toBe(400);
  });

  it('is for roles with reviews:moderate: a moderator and a store manager may, an editor and a viewer may not', async () => {
    const [moderator, storeManager, editor, viewer] = await Promise.all([
      ownerVisitor(server, 'moderator'), ownerVisitor(server, 'storeManager'), ownerVisitor(server, 'editor'), ownerVisitor(server, 'viewer'),
    ]);
    expect((await moderator.get('/api/owner/reviews')).statusCode).toBe(200);
    expect((await storeManager.get('/api/owner/reviews')).statusCode).toBe(200);
    for (const refused of [editor, viewer]) {
      const answer = await refused.get('/api/owner/reviews');
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ message: 'Your role does not allow this.' });
    }
    expect((await new TestVisitor(server.app).get('/api/owner/reviews')).statusCode).toBe(401);
  });

  it('lists newest first in cursor pages without repeats', async () => {
    const first = (await admin.get('/api/owner/reviews?limit=2')).json();
    expect(first.reviews).toHaveLength(2);
    const second = (await admin.get(`/api/owner/reviews?limit=2&cursor=${first.nextCursor}`)).json();
    const ids = [...first.reviews, ...second.reviews].map((row: { id: string }) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(first.reviews[0].created).toBeGreaterThanOrEqual(first.reviews[1].created);
  });

  it('pages through reviews created within one millisecond, each once (the cursor keeps microseconds)', async () => {
    // Five reviews newer than any other, a microsecond apart within one millisecond, two at the same instant (the id breaks the tie).
    const micros = [1, 2, 2, 3, 4];
    const ids = micros.map((_, index) => `same-ms-${index}-${process.pid}`);
    await db().insertInto('product_reviews').values(ids.map((id, index) => ({
      id, website_id: website.id, product_id: demoProductId('leather-armchair'), source: 'imported' as const, rating: 3, title: `Same ms ${index}`, body: 'Fine.',
      reviewer_name: 'Tester', status: 'hidden' as const, created_at: `2099-01-01T00:00:00.00000${micros[index]}Z`,
    }))).execute();
    try {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const answer = await admin.get(`/api/owner/reviews?status=hidden&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(answer.statusCode, answer.body).toBe(200);
        seen.push(...answer.json().reviews.map((row: { id: string }) => row.id));
        cursor = answer.json().nextCursor;
      } while (cursor && seen.length < ids.length);
      expect(seen.slice(0, ids.length)).toEqual([ids[4], ids[3], ids[2], ids[1], ids[0]]);
    } finally {
      await db().deleteFrom('product_reviews').where('id', 'in', ids).execute();
    }
  });
});

describe('the storefront', () => {
  it('shows the demo\'s approved reviews: the tab, the anchor, card summaries from the rollup and AggregateRating', async () => {
    const visitor = new TestVisitor(server.app);
    const json = (await visitor.get('/shop/p/canvas-tote?format=json')).json();
    expect(json.reviews.summary).toMatchObject({ count: 3, averageRating: 4.7, averageLabel: '4.7', countLabel: '3 reviews', accessibleLabel: 'Rated 4.7 out of 5 from 3 reviews' });
    expect(json.reviews.tabLabel).toBe('Reviews (3)');
    expect(json.reviews.reviews.map((shown: { reviewerName: string }) => shown.reviewerName)).toEqual(['Aiko M.', 'Tom B.', 'Priya S.']);
    expect(json.reviews.reviews[1].reply).toBe('Thank you, Tom! An inside pocket is on our list for the next batch.');
    const html = (await visitor.get('/shop/p/canvas-tote')).body;
    expect(html).toContain('<a class="product-rating-link" href="#reviews" data-reviews-anchor><span class="review-stars" aria-hidden="true">★</span> 4.7 (3 reviews)</a>');
    expect(html).toContain('data-reviews-tab>Reviews (3)</button>');
    expect(html).toContain('<p class="review-reply-by">Reply from the store</p>');
    const ldJson = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(ldJson.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: '4.7', reviewCount: 3, bestRating: 5, worstRating: 1 });
    expect(ldJson.review[0]).toMatchObject({ '@type': 'Review', name: 'Bought a second one', author: { '@type': 'Person', name: 'Aiko M.' }, reviewRating: { ratingValue: 5 } });
    const shop = await visitor.get('/shop?format=json');
    const cards = shop.json().items as { id: string; reviewSummary?: { count: number; averageLabel: string } }[];
    expect(cards.find((card) => card.id === demoProductId('canvas-tote'))?.reviewSummary).toMatchObject({ count: 3, averageLabel: '4.7' });
    expect(cards.find((card) => card.id === demoProductId('wool-blanket'))?.reviewSummary).toMatchObject({ count: 1, averageLabel: '5.0' });
    expect(cards.find((card) => card.id === demoProductId('leather-armchair'))).not.toHaveProperty('reviewSummary');
    expect((await visitor.get('/shop')).body).toContain('<span class="product-card-rating-text" aria-hidden="true">4.7 (3)</span>');
    // A product without reviews has the tab with none, and no summary.
    const none = (await visitor.get('/shop/p/leather-armchair?format=json')).json();
    expect(none.reviews).toMatchObject({ summary: null, tabLabel: 'Reviews', reviews: [] });
  });

  it('pages the tab five at a time', async () => {
    const productId = demoProductId('leather-armchair');
    for (let index = 0; index < 7; index += 1) {
      await db().insertInto('product_reviews').values({
        id: `paging-${index}-${process.pid}`, website_id: website.id, product_id: productId, source: 'imported', rating: 3, title: `Review ${index}`, body: 'Fine.',
        reviewer_name: 'Tester', status: 'pending', created_at: new Date(Date.now() - (10 - index) * 60_000),
      }).execute();
      expect((await admin.post(`/api/owner/reviews/paging-${index}-${process.pid}/approve`)).statusCode).toBe(200);
    }
    const visitor = new TestVisitor(server.app);
    const first = (await visitor.get('/shop/p/leather-armchair?format=json')).json().reviews;
    expect(first).toMatchObject({ page: 1, pageCount: 2, previousUrl: null, nextUrl: '/shop/p/leather-armchair?reviewsPage=2#reviews' });
    expect(first.reviews.map((shown: { title: string }) => shown.title)).toEqual(['Review 6', 'Review 5', 'Review 4', 'Review 3', 'Review 2']);
    const second = (await visitor.get('/shop/p/leather-armchair?format=json&reviewsPage=2')).json().reviews;
    expect(second).toMatchObject({ page: 2, open: true, nextUrl: null, previousUrl: '/shop/p/leather-armchair?reviewsPage=1#reviews' });
    expect(second.reviews.map((shown: { title: string }) => shown.title)).toEqual(['Review 1', 'Review 0']);
  });

  it('flag 66 off: no tab, no summaries, no AggregateRating, and the buyer\'s calls and page are refused', async () => {
    const { token, items } = await buyAndGetLink([['sticker-pack', 'STICKERS']]);
    await setReviewsFlag(false);
    try {
      const visitor = new TestVisitor(server.app);
      await visitor.visit('/shop');
      const json = (await visitor.get('/shop/p/canvas-tote?format=json')).json();
      expect(json).not.toHaveProperty('reviews');
      const html = (await visitor.get('/shop/p/canvas-tote')).body;
      expect(html).not.toContain('data-reviews-tab');
      expect(html).not.toContain('aggregateRating');
      expect((await visitor.get('/shop?format=json')).json().items.some((item: object) => 'reviewSummary' in item)).toBe(false);
      const before = await reviewCount();
      const refused = await visitor.post(REVIEWS, review(token, items[0]!.id));
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: REVIEW_MESSAGES.featureOff });
      expect(await reviewCount()).toBe(before);
      expect((await visitor.get(`/reviews/request?token=${encodeURIComponent(token)}`)).statusCode).toBe(404);
    } finally {
      await setReviewsFlag(true);
    }
  });
});
