// databases: both — racing likes make one row; keyset pages of the moderation list
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES, OWNER_COMMENT_MESSAGES } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import { DEMO_WEBSITE } from '../catalog';
import type { Website } from '../db/schema';
import { stableId } from '../ids';
import { openTestServer, ownerVisitor, solveCaptcha, TestVisitor, type TestServer } from '../testing';
import { findDefaultWebsite, updateWebsiteSettings } from '../websites';
import { systemActor } from '../actor';

/*
 * Comments and likes on a real server and database (PGlite; PostgreSQL with TEST_DATABASE_URL): the demo's thread
 * and counts in pages and JSON, the storefront §4 rule on the posting call, moderation (pending → approved, hidden,
 * deleted, owner replies), the spam defence reused from forms (captcha, honeypot, bot, rate limit), one like per
 * visitor under racing, roles, and bad input refused with nothing written.
 */

const postId = (urlId: string) => stableId(`item:${DEMO_WEBSITE.identifier}:journal:${urlId}`);
const COMMENTED = postId('caring-for-linen');
const QUIET = postId('meet-the-potter');
const commentsUrl = (itemId: string) => `/api/comments/posts/${itemId}/comments`;
const likeUrl = (itemId: string) => `/api/comments/posts/${itemId}/like`;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

let server: TestServer;
let website: Website;
let admin: TestVisitor;
let moderator: TestVisitor;
let editor: TestVisitor;
const db = () => server.database.db;

beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(db()))!;
  [admin, moderator, editor] = await Promise.all([ownerVisitor(server, 'admin'), ownerVisitor(server, 'moderator'), ownerVisitor(server, 'editor')]);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function visitor(): Promise<TestVisitor> {
  const next = new TestVisitor(server.app);
  await next.visit('/journal');
  // The analytics id the tracking client makes after load (a page sets no cookie).
  next.cookies.set('SS_ANALYTICS_ID', randomUUID());
  return next;
}

async function send(who: TestVisitor, itemId: string, body: Record<string, unknown>, userAgent = BROWSER) {
  return who.request({ method: 'POST', url: commentsUrl(itemId), payload: { captchaKey: await solveCaptcha(who), ...body }, headers: { 'user-agent': userAgent } });
}

const rowCount = async () => Number((await db().selectFrom('post_comments').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const likeRows = async (itemId: string) => Number((await db().selectFrom('post_likes').select(db().fn.countAll().as('n')).where('item_id', '=', itemId).executeTakeFirstOrThrow()).n);

async function postJson(urlId: string) {
  const page = await (await visitor()).get(`/journal/${urlId}?format=json`);
  expect(page.statusCode).toBe(200);
  return page.json().item;
}

async function setSite(changes: Record<string, unknown>) {
  const current = (await findDefaultWebsite(db()))!;
  await updateWebsiteSettings(db(), current, systemActor('test'), changes);
  // The app reads the website live through its cache; a settings call through the API refreshes it at once.
  await admin.put('/api/owner/comments/settings', {
    ...(changes.commentsEnabled !== undefined ? { commentsEnabled: changes.commentsEnabled === true } : {}),
    ...(changes.simpleLikingEnabled !== undefined ? { simpleLikingEnabled: changes.simpleLikingEnabled === true } : {}),
  });
}

describe('the demo post: counts and thread in the page, its JSON and the blog list', () => {
  it('carries publicCommentCount, likeCount and the approved thread, never an email', async () => {
    const item = await postJson('caring-for-linen');
    expect(item).toMatchObject({ commentState: 0, publicCommentCount: 3, likeCount: 4 });
    expect(item.comments).toMatchObject({ enabled: true, likingEnabled: true, disqusShortname: '', heading: '3 comments' });
    expect(item.comments.thread.map((entry: { authorName: string }) => entry.authorName)).toEqual(['Inès Moreau', 'Tom Okafor']);
    expect(item.comments.thread[0].replies[0]).toMatchObject({ authorName: 'Vitrine Demo Store', byOwner: true, depth: 1 });
    expect(JSON.stringify(item)).not.toContain('@example.com');

    const html = (await (await visitor()).get('/journal/caring-for-linen')).body;
    expect(html).toContain('<h2 id="comments-title" class="post-comments-title">3 comments</h2>');
    expect(html).toContain('Line-drying them this week');
    expect(html).toContain('<span class="comment-badge">Site owner</span>');
    expect(html).toContain('data-island="Comments"');
    expect(html).not.toContain('ines@example.com');
  });

  it('lists each post of the blog with its counts (the other posts have none)', async () => {
    const blog = (await (await visitor()).get('/journal?format=json')).json();
    const counts = Object.fromEntries(blog.items.map((item: { urlId: string; publicCommentCount: number; likeCount: number }) => [item.urlId, [item.publicCommentCount, item.likeCount]]));
    expect(counts).toEqual({ 'caring-for-linen': [3, 4], 'meet-the-potter': [0, 0], 'winter-wool-edit': [0, 0] });
    // The cards print them, and nothing for a post without any.
    const html = (await (await visitor()).get('/journal')).body;
    expect(html).toContain('<p class="post-card-engagement"><span>3 comments</span><span>4 likes</span></p>');
    expect(html.match(/class="post-card-engagement"/g)).toHaveLength(1);
  });

  it('shows no thread on a post with comments off and none public, only the like button', async () => {
    const item = await postJson('meet-the-potter');
    expect(item.comments).toMatchObject({ enabled: false, likingEnabled: true, publicCommentCount: 0, thread: [] });
    const html = (await (await visitor()).get('/journal/meet-the-potter')).body;
    expect(html).not.toContain('id="comments"');
    expect(html).toContain('post-like-button');
  });
});

describe('posting follows the rule (storefront §4)', () => {
  beforeEach(async () => {
    await db().updateTable('site_items').set({ comment_state: 0 }).where('id', '=', QUIET).execute();
  });

  it('refuses a post with comments off and no public comment, with nothing written', async () => {
    const before = await rowCount();
    const answer = await send(await visitor(), QUIET, { body: 'Hello', authorName: 'Ann', authorEmail: 'ann@example.com' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ message: COMMENT_MESSAGES.commentsOff });
    expect(await rowCount()).toBe(before);
  });

  it('takes comments once the post is switched on (commentState 1)', async () => {
    await db().updateTable('site_items').set({ comment_state: 1 }).where('id', '=', QUIET).execute();
    const answer = await send(await visitor(), QUIET, { body: 'Lovely pots.', authorName: 'Ann', authorEmail: 'ann@example.com' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ status: 'pending', message: COMMENT_MESSAGES.pending, comment: { authorName: 'Ann', body: 'Lovely pots.', depth: 0 } });
    expect(JSON.stringify(answer.json())).not.toContain('ann@example.com');
  });

  it('refuses every post when the site turns comments off, even one with public comments', async () => {
    await setSite({ commentsEnabled: false });
    try {
      const answer = await send(await visitor(), COMMENTED, { body: 'Hello', authorName: 'Ann', authorEmail: 'ann@example.com' });
      expect(answer.statusCode).toBe(403);
      expect((await postJson('caring-for-linen')).comments).toMatchObject({ enabled: false, thread: [] });
    } finally {
      await setSite({ commentsEnabled: true });
    }
  });

  it('answers 404 to a visitor who may not see the post (a blog behind a member area), for comments and likes', async () => {
    const journalId = stableId(`page:${DEMO_WEBSITE.identifier}:journal`);
    await db().insertInto('member_areas').values({ id: 'comments-test-area', website_id: website.id, name: 'Readers' }).execute();
    await db().insertInto('member_area_pages').values({ member_area_id: 'comments-test-area', page_id: journalId, website_id: website.id }).execute();
    try {
      const before = await rowCount();
      const outsider = await visitor();
      const comment = await send(outsider, COMMENTED, { body: 'Hello', authorName: 'Ann', authorEmail: 'ann@example.com' });
      expect(comment.statusCode).toBe(404);
      expect(comment.json()).toEqual({ message: COMMENT_MESSAGES.postNotFound });
      expect((await outsider.put(likeUrl(COMMENTED))).statusCode).toBe(404);
      expect(await rowCount()).toBe(before);
    } finally {
      await db().deleteFrom('member_areas').where('id', '=', 'comments-test-area').execute();
    }
  });

  it('answers 404 for an unknown post', async () => {
    const answer = await send(await visitor(), 'no-such-post', { body: 'Hello', authorName: 'Ann', authorEmail: 'ann@example.com' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: COMMENT_MESSAGES.postNotFound });
  });
});

describe('moderation', () => {
  it('a pending comment shows only once approved; a hidden one never', async () => {
    const sent = await send(await visitor(), COMMENTED, { body: 'Waiting for approval', authorName: 'Bea', authorEmail: 'bea@example.com' });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().comment.id;
    expect(JSON.stringify(await postJson('caring-for-linen'))).not.toContain('Waiting for approval');

    const pending = (await moderator.get('/api/owner/comments?status=pending')).json();
    expect(pending.comments.find((comment: { id: string }) => comment.id === id)).toMatchObject({ authorEmail: 'bea@example.com', postTitle: expect.any(String), postUrl: '/journal/caring-for-linen', status: 'pending', signedIn: false });

    const approved = await moderator.put(`/api/owner/comments/${id}/status`, { status: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().comment.status).toBe('approved');
    const shown = await postJson('caring-for-linen');
    expect(shown.publicCommentCount).toBe(4);
    expect(shown.comments.thread.at(-1)).toMatchObject({ id, body: 'Waiting for approval' });

    await moderator.put(`/api/owner/comments/${id}/status`, { status: 'hidden' });
    const hidden = await postJson('caring-for-linen');
    expect(hidden.publicCommentCount).toBe(3);
    expect(JSON.stringify(hidden)).not.toContain('Waiting for approval');
    expect((await (await visitor()).get('/journal/caring-for-linen')).body).not.toContain('Waiting for approval');
  });

  it('the owner replies in the site\'s name, public at once; deleting a comment takes its replies', async () => {
    const sent = await send(await visitor(), COMMENTED, { body: 'A question about ironing', authorName: 'Cal', authorEmail: 'cal@example.com' });
    const id = sent.json().comment.id;
    expect((await admin.post(`/api/owner/comments/${id}/replies`, { body: 'Thanks!' })).json()).toEqual({ message: OWNER_COMMENT_MESSAGES.replyToOwnPost });
    await admin.put(`/api/owner/comments/${id}/status`, { status: 'approved' });
    const reply = await admin.post(`/api/owner/comments/${id}/replies`, { body: 'We iron them damp.' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().comment).toMatchObject({ parentId: id, depth: 1, status: 'approved', byOwner: true, authorName: 'Vitrine Demo Store' });
    const thread = (await postJson('caring-for-linen')).comments.thread;
    expect(thread.find((entry: { id: string }) => entry.id === id).replies[0]).toMatchObject({ body: 'We iron them damp.', byOwner: true });

    const deleted = await admin.delete(`/api/owner/comments/${id}`);
    expect(deleted.json()).toEqual({ deleted: true, id, count: 2 });
    expect(await db().selectFrom('post_comments').select('id').where('parent_id', '=', id).execute()).toEqual([]);
    expect((await admin.delete(`/api/owner/comments/${id}`)).statusCode).toBe(404);
  });

  it('a signed-in site user with an approved comment is trusted: the next shows at once', async () => {
    const user = await visitor();
    const signUp = await user.post('/api/site-users/account', { email: `reader-${process.pid}@example.com`, password: 'long enough 1' });
    expect(signUp.statusCode).toBe(201);
    const first = await send(user, COMMENTED, { body: 'First words' });
    expect(first.json()).toMatchObject({ status: 'pending', comment: { authorName: `reader-${process.pid}` } });
    const row = await db().selectFrom('post_comments').select(['author_email', 'site_user_id']).where('id', '=', first.json().comment.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ author_email: `reader-${process.pid}@example.com`, site_user_id: expect.any(String) });
    await moderator.put(`/api/owner/comments/${first.json().comment.id}/status`, { status: 'approved' });
    const second = await send(user, COMMENTED, { body: 'Second words', authorName: 'Reader' });
    expect(second.json()).toMatchObject({ status: 'approved', message: COMMENT_MESSAGES.posted, comment: { authorName: 'Reader' } });
  });

  it('replies nest three levels deep at most', async () => {
    const ids: string[] = [];
    for (let level = 0; level < 3; level += 1) {
      const sent = await send(await visitor(), COMMENTED, { body: `Level ${level}`, authorName: 'Dee', authorEmail: 'dee@example.com', ...(ids.length ? { parentId: ids.at(-1) } : {}) });
      expect(sent.statusCode).toBe(201);
      ids.push(sent.json().comment.id);
      await moderator.put(`/api/owner/comments/${sent.json().comment.id}/status`, { status: 'approved' });
    }
    const before = await rowCount();
    const tooDeep = await send(await visitor(), COMMENTED, { body: 'Level 3', authorName: 'Dee', authorEmail: 'dee@example.com', parentId: ids[2] });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toEqual({ message: COMMENT_MESSAGES.tooDeep, errors: { parentId: COMMENT_MESSAGES.tooDeep } });
    expect(await rowCount()).toBe(before);
  });

  it('the owner pages through comments written within one millisecond, each once (the cursor keeps microseconds)', async () => {
    // Five hidden comments newer than any other, a microsecond apart within one millisecond, two at the same instant (the id breaks the tie).
    const micros = [1, 2, 2, 3, 4];
    const ids = micros.map((_, index) => `same-ms-${index}-${process.pid}`);
    await db().insertInto('post_comments').values(ids.map((id, index) => {
      const at = `2099-01-01T00:00:00.00000${micros[index]}Z`;
      return { id, website_id: website.id, item_id: COMMENTED, status: 'hidden' as const, author_name: 'Ida', author_email: 'ida@example.com', body: `Same ms ${index}`, created_at: at, updated_at: at };
    })).execute();
    try {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const answer = await moderator.get(`/api/owner/comments?status=hidden&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(answer.statusCode, answer.body).toBe(200);
        seen.push(...answer.json().comments.map((row: { id: string }) => row.id));
        expect(answer.json().hasNextPage).toBe(answer.json().nextPageCursor !== null);
        cursor = answer.json().nextPageCursor;
      } while (cursor && seen.length < ids.length);
      expect(seen.slice(0, ids.length)).toEqual([ids[4], ids[3], ids[2], ids[1], ids[0]]);
    } finally {
      await db().deleteFrom('post_comments').where('id', 'in', ids).execute();
    }
  });
});

describe('spam defence (forms\' pieces)', () => {
  it('refuses a missing or forged captcha with 400 and writes nothing', async () => {
    const before = await rowCount();
    const who = await visitor();
    const missing = await who.post(commentsUrl(COMMENTED), { body: 'Hi', authorName: 'Eve', authorEmail: 'eve@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Complete CAPTCHA before submitting.', errors: { captchaKey: 'Complete CAPTCHA before submitting.' } });
    const forged = await who.post(commentsUrl(COMMENTED), { body: 'Hi', authorName: 'Eve', authorEmail: 'eve@example.com', captchaKey: Buffer.from('{"challenge":{},"solution":{}}').toString('base64') });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors).toHaveProperty('captchaKey');
    expect(await rowCount()).toBe(before);
  });

  it('keeps a filled honeypot or a bot as spam, answered like a pending comment and never shown', async () => {
    const honeypot = await send(await visitor(), COMMENTED, { body: 'Buy now honeypot', authorName: 'Bot', authorEmail: 'bot@example.com', honeypot: 'https://spam.example' });
    expect(honeypot.statusCode).toBe(201);
    expect(honeypot.json()).toMatchObject({ status: 'pending', message: COMMENT_MESSAGES.pending });
    const bot = await send(await visitor(), COMMENTED, { body: 'Buy now crawler', authorName: 'Bot', authorEmail: 'bot@example.com' }, 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    expect(bot.statusCode).toBe(201);
    const statuses = await db().selectFrom('post_comments').select('status').where('id', 'in', [honeypot.json().comment.id, bot.json().comment.id]).execute();
    expect(statuses.map((row) => row.status)).toEqual(['spam', 'spam']);
    const spam = (await moderator.get('/api/owner/comments?status=spam')).json();
    expect(spam.counts.spam).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(await postJson('caring-for-linen'))).not.toContain('Buy now');
  });

  it('answers 429 past five comments per visitor in ten minutes, writing nothing more', async () => {
    const who = await visitor();
    for (let count = 0; count < 5; count += 1) expect((await send(who, COMMENTED, { body: `Note ${count}`, authorName: 'Fay', authorEmail: 'fay@example.com' })).statusCode).toBe(201);
    const before = await rowCount();
    const sixth = await send(who, COMMENTED, { body: 'Note 6', authorName: 'Fay', authorEmail: 'fay@example.com' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: COMMENT_MESSAGES.rateLimited });
    expect(await rowCount()).toBe(before);
  });
});

describe('bad input', () => {
  it('refuses each with a 4xx naming the field, and writes nothing', async () => {
    const before = await rowCount();
    const who = await visitor();
    const cases: Array<[Record<string, unknown>, number, Record<string, unknown>]> = [
      [{ body: '   ', authorName: 'Gus', authorEmail: 'gus@example.com' }, 400, { message: COMMENT_MESSAGES.bodyRequired, errors: { body: COMMENT_MESSAGES.bodyRequired } }],
      [{ body: 'Hi', authorName: '', authorEmail: 'not-an-email' }, 400, { message: COMMENT_MESSAGES.nameRequired, errors: { authorName: COMMENT_MESSAGES.nameRequired, authorEmail: COMMENT_MESSAGES.emailInvalid } }],
      [{ body: 'Hi', authorName: 'Gus', authorEmail: 'gus@example.com', parentId: 'no-such-comment' }, 400, { message: COMMENT_MESSAGES.parentNotFound }],
      [{ body: 'x'.repeat(4001), authorName: 'Gus', authorEmail: 'gus@example.com' }, 400, { message: COMMENT_MESSAGES.bodyTooLong }],
      [{ body: 'Hi', authorName: 'Gus', authorEmail: 'gus@example.com', website: 'extra' }, 400, {}],
    ];
    for (const [body, status, answer] of cases) {
      const response = await send(who, COMMENTED, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(response.json()).toMatchObject(answer);
    }
    expect(await rowCount()).toBe(before);
  });

  it('refuses bad owner calls: unknown status, comment, cursor and limit', async () => {
    expect((await admin.put('/api/owner/comments/nope/status', { status: 'approved' })).statusCode).toBe(404);
    expect((await admin.put(`/api/owner/comments/nope/status`, { status: 'gone' })).statusCode).toBe(400);
    expect((await admin.get('/api/owner/comments?status=gone')).json()).toMatchObject({ message: OWNER_COMMENT_MESSAGES.status });
    expect((await admin.get('/api/owner/comments?limit=0')).json()).toMatchObject({ message: OWNER_COMMENT_MESSAGES.limit });
    expect((await admin.get('/api/owner/comments?cursor=bm90LWEtY3Vyc29y')).json()).toMatchObject({ message: OWNER_COMMENT_MESSAGES.cursor });
    expect((await admin.put('/api/owner/comments/settings', {})).json()).toEqual({ message: OWNER_COMMENT_MESSAGES.settingsEmpty });
    expect((await admin.put('/api/owner/comments/settings', { disqusShortname: 'no spaces' })).statusCode).toBe(400);
  });
});

describe('likes', () => {
  it('counts one like per visitor, however many racing calls; unlike takes it back', async () => {
    const who = await visitor();
    expect(who.cookies.get('SS_ANALYTICS_ID')).toBeTruthy();
    const before = await likeRows(QUIET);
    const answers = await Promise.all(Array.from({ length: 8 }, () => who.put(likeUrl(QUIET))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(await likeRows(QUIET)).toBe(before + 1);
    expect((await who.put(likeUrl(QUIET))).json()).toEqual({ liked: true, likeCount: before + 1 });
    expect((await postJson('meet-the-potter')).likeCount).toBe(before + 1);
    expect((await who.delete(likeUrl(QUIET))).json()).toEqual({ liked: false, likeCount: before });
    expect((await who.delete(likeUrl(QUIET))).json()).toEqual({ liked: false, likeCount: before });
  });

  it('counts a signed-in site user once across browsers', async () => {
    const email = `liker-${process.pid}@example.com`;
    const first = await visitor();
    expect((await first.post('/api/site-users/account', { email, password: 'long enough 1' })).statusCode).toBe(201);
    const second = await visitor();
    expect((await second.post('/api/site-users/account/session', { email, password: 'long enough 1', rememberMe: false })).statusCode).toBe(200);
    const before = await likeRows(COMMENTED);
    await Promise.all([first.put(likeUrl(COMMENTED)), second.put(likeUrl(COMMENTED))]);
    expect(await likeRows(COMMENTED)).toBe(before + 1);
    const row = await db().selectFrom('post_likes').select('liker').where('item_id', '=', COMMENTED).where('liker', 'like', 'user:%').execute();
    expect(row).toHaveLength(1);
    await second.delete(likeUrl(COMMENTED));
    expect(await likeRows(COMMENTED)).toBe(before);
  });

  it('needs a visitor id, and the site\'s simple liking on', async () => {
    const anonymous = new TestVisitor(server.app);
    await anonymous.visit('/journal');
    anonymous.cookies.delete('SS_ANALYTICS_ID');
    expect((await anonymous.put(likeUrl(QUIET))).json()).toEqual({ message: COMMENT_MESSAGES.noVisitorId });
    await setSite({ simpleLikingEnabled: false });
    try {
      const who = await visitor();
      const refused = await who.put(likeUrl(QUIET));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: COMMENT_MESSAGES.likesOff });
      expect((await postJson('meet-the-potter')).comments.likingEnabled).toBe(false);
    } finally {
      await setSite({ simpleLikingEnabled: true });
    }
  });
});

describe('roles', () => {
  it('lets admin and moderator moderate; not an editor; settings change needs site:write', async () => {
    expect((await admin.get('/api/owner/comments')).statusCode).toBe(200);
    expect((await moderator.get('/api/owner/comments')).statusCode).toBe(200);
    const refused = await editor.get('/api/owner/comments');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: OWNER_MESSAGES.notAllowed });
    expect((await moderator.get('/api/owner/comments/settings')).json()).toEqual({ commentsEnabled: true, simpleLikingEnabled: true, disqusShortname: '' });
    expect((await moderator.put('/api/owner/comments/settings', { commentsEnabled: false })).statusCode).toBe(403);
    const anonymous = await visitor();
    expect((await anonymous.get('/api/owner/comments')).statusCode).toBe(401);
  });

  it('a Disqus shortname turns the native thread and form off', async () => {
    expect((await admin.put('/api/owner/comments/settings', { disqusShortname: 'vitrine-demo' })).json()).toEqual({ commentsEnabled: true, simpleLikingEnabled: true, disqusShortname: 'vitrine-demo' });
    try {
      expect((await postJson('caring-for-linen')).comments).toMatchObject({ enabled: false, disqusShortname: 'vitrine-demo', thread: [] });
      expect((await send(await visitor(), COMMENTED, { body: 'Hi', authorName: 'Hal', authorEmail: 'hal@example.com' })).statusCode).toBe(403);
    } finally {
      await admin.put('/api/owner/comments/settings', { disqusShortname: '' });
    }
  });
});
