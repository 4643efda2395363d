// databases: one — the rendered pages and their JSON, not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageBody } from '@vitrine/blocks';
import { DEMO_WEBSITE } from '../catalog';
import { DEMO_COURSE } from '../courses';
import { CONTENT_SECURITY_POLICY } from '../http/security-headers';
import { newId } from '../ids';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';

/**
 * The course page and lesson pages (issue 20 item 2) through the real app and theme: the outline in order with
 * chapters, previews and the member's progress; a lesson's player, body and neighbours; and what a visitor without
 * access gets of each — the members' access-denied page (106, 403) with nothing of the lesson in the HTML or the
 * JSON — while a preview lesson stays open. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const COURSE_ID = DEMO_COURSE.pageId(DEMO_WEBSITE.identifier);
/** Words only the members-only lesson's body holds, and its video's address. */
const SECRET_WORDS = 'brace your elbows on your thighs';

let server: TestServer;
let areaId: string;
let websiteId: string;
beforeAll(async () => {
  server = await openTestServer();
  websiteId = (await db().selectFrom('websites').select('id').executeTakeFirstOrThrow()).id;
  // The demo course behind a free member area of this test's own (the members domain's tables).
  areaId = newId();
  await db().insertInto('member_areas').values({ id: areaId, website_id: websiteId, name: `Pottery members ${areaId}`, access: 'free' }).execute();
  await db().insertInto('member_area_pages').values({ member_area_id: areaId, page_id: COURSE_ID, website_id: websiteId }).onConflict((conflict) => conflict.doNothing()).execute();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;

async function siteUser(options: { member: boolean }): Promise<TestVisitor> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/');
  const answer = await visitor.post('/api/site-users/account', { email: `pupil-${newId()}@example.com`, password: 'pupil-password-1' });
  expect(answer.statusCode).toBe(201);
  const id = (answer.json() as { siteUser: { id: string } }).siteUser.id;
  if (options.member) await db().insertInto('memberships').values({ id: newId(), website_id: websiteId, member_area_id: areaId, site_user_id: id, source: 'owner' }).execute();
  return visitor;
}

type LessonJson = {
  pageType: number;
  viewerAccessStatus?: string;
  item?: { title: string; sections: unknown[] };
  lesson?: { number: number; lessonCount: number; isPreview: boolean; player: unknown; completed: boolean; canKeepProgress: boolean; previous: { url: string } | null; next: { url: string } | null };
};

describe('a visitor without access', () => {
  it('gets the access-denied page for the course and a members-only lesson, as HTML and JSON, with nothing of the lesson', async () => {
    const anonymous = new TestVisitor(server.app);
    for (const url of ['/pottery-basics', '/pottery-basics/centering']) {
      const html = await anonymous.get(url);
      expect(html.statusCode, url).toBe(403);
      expect(html.body).toContain('This page available only site members');
      expect(html.body).not.toContain(SECRET_WORDS);
      expect(html.body).not.toContain('youtube');
      const json = await anonymous.get(`${url}?format=json`);
      expect(json.statusCode).toBe(403);
      expect((json.json() as { pageType: number }).pageType).toBe(106);
      expect(json.body).not.toContain(SECRET_WORDS);
      expect(json.body).not.toContain('aqz-KE-bpKQ');
      expect(json.body).not.toContain('"lesson"');
    }
  });

  it('watches the free preview lesson: its body, its player behind a play button, and the next lesson to join for', async () => {
    const anonymous = new TestVisitor(server.app);
    const json = (await anonymous.get('/pottery-basics/wedging-clay?format=json')).json() as LessonJson;
    expect(json.pageType).toBe(50);
    expect(json.viewerAccessStatus).toBe('preview');
    expect(json.lesson).toMatchObject({ number: 1, lessonCount: 4, isPreview: true, canKeepProgress: false, previous: null, next: { url: '/pottery-basics/centering' } });
    expect(json.lesson!.player).toEqual({ kind: 'embed', provider: 'youtube', playerUrl: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ', videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' });
    const html = await anonymous.get('/pottery-basics/wedging-clay');
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('<h1 id="lesson-title">Wedging clay</h1>');
    expect(html.body).toContain('Lesson 1 of 4 · Getting started · 6:12');
    expect(html.body).toContain('Play video');
    expect(html.body).toContain('to keep your progress.');
    expect(html.body).toContain('data-island="Lesson"');
    // The player frames the provider only after the click: no iframe in the page yet, and the CSP allows the hosts.
    expect(html.body).not.toContain('<iframe src="https://www.youtube-nocookie.com');
  });
});

/** A Content-Security-Policy header's directives, by name. */
const directivesOf = (header: unknown) => new Map(String(header).split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));

describe("a lesson page's Content-Security-Policy", () => {
  it("frames the lesson's own player host: the play button's frame is allowed (it was refused by default-src 'self')", async () => {
    const anonymous = new TestVisitor(server.app);
    const player = ((await anonymous.get('/pottery-basics/wedging-clay?format=json')).json() as LessonJson).lesson!.player as { playerUrl: string };
    const page = await anonymous.get('/pottery-basics/wedging-clay');
    expect(page.statusCode).toBe(200);
    const policy = directivesOf(page.headers['content-security-policy']);
    expect(policy.get('frame-src')).toEqual(["'self'", new URL(player.playerUrl).origin]);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://www.youtube-nocookie.com']);
    // Everything else stays the site's policy: framed by no one, scripts from this origin only.
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });

  it("follows the lesson's provider (a Vimeo lesson frames Vimeo's player only), also in the owner's preview", async () => {
    const admin = await ownerVisitor(server, 'admin');
    const lesson = await db().selectFrom('site_items').select('id').where('collection_id', '=', COURSE_ID).where('url_id', '=', 'trimming-and-glazing').executeTakeFirstOrThrow();
    const before = await db().selectFrom('lesson_details').select('embed_url').where('item_id', '=', lesson.id).executeTakeFirstOrThrow();
    expect((await admin.put(`/api/owner/lessons/${lesson.id}/details`, { embedUrl: 'https://vimeo.com/76979871' })).statusCode).toBe(200);
    try {
      const page = await admin.get('/pottery-basics/trimming-and-glazing');
      expect(page.statusCode).toBe(200);
      expect(directivesOf(page.headers['content-security-policy']).get('frame-src')).toEqual(["'self'", 'https://player.vimeo.com']);
      const preview = directivesOf((await admin.get(`/config/preview/items/${lesson.id}`)).headers['content-security-policy']);
      expect([preview.get('frame-src'), preview.get('frame-ancestors')]).toEqual([["'self'", 'https://player.vimeo.com'], ["'self'"]]);
    } finally {
      await db().updateTable('lesson_details').set({ embed_url: before.embed_url }).where('item_id', '=', lesson.id).execute();
    }
  });

  it("keeps the site's policy where no player is shown: the access-denied page of a members-only lesson", async () => {
    const denied = await new TestVisitor(server.app).get('/pottery-basics/centering');
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe("a lesson's owner-HTML frames", () => {
  it('are open for the preview lesson and not found for a members-only one, to a visitor without access', async () => {
    const lessons = await db().selectFrom('site_items').select(['id', 'url_id', 'body']).where('collection_id', '=', COURSE_ID).orderBy('position').execute();
    const withCode = (body: PageBody) => {
      const [first] = body.sections;
      const column = first!.columns[0]!;
      return JSON.stringify({
        ...body,
        sections: [{ ...first!, columns: [{ ...column, blocks: [...column.blocks, { id: 'code-1', type: 23, settings: { html: '<p>Studio timer</p>', displaySource: false } }] }] }],
      });
    };
    const [preview, membersOnly] = [lessons[0]!, lessons[1]!];
    for (const lesson of [preview, membersOnly]) await db().updateTable('site_items').set({ body: withCode(lesson.body as never) }).where('id', '=', lesson.id).execute();
    try {
      const anonymous = new TestVisitor(server.app);
      const open = await anonymous.get(`/frames/item/${preview.id}/code-1`);
      expect(open.statusCode).toBe(200);
      expect(open.body).toContain('<p>Studio timer</p>');
      expect((await anonymous.get(`/frames/item/${membersOnly.id}/code-1`)).statusCode).toBe(404);
      const member = await siteUser({ member: true });
      expect((await member.get(`/frames/item/${membersOnly.id}/code-1`)).statusCode).toBe(200);
    } finally {
      for (const lesson of [preview, membersOnly]) await db().updateTable('site_items').set({ body: JSON.stringify(lesson.body) }).where('id', '=', lesson.id).execute();
    }
  });
});

describe('a member', () => {
  it('sees the outline in order, in chapters, with the preview marked and their progress', async () => {
    const member = await siteUser({ member: true });
    const lessons = await db().selectFrom('site_items').select(['id', 'url_id']).where('collection_id', '=', COURSE_ID).orderBy('position').execute();
    expect((await member.put(`/api/courses/lessons/${lessons[0]!.id}/progress`, { completed: true })).statusCode).toBe(200);
    const json = (await member.get('/pottery-basics?format=json')).json() as {
      pageType: number;
      collection: { type: number; lessonsType: number };
      course: { progressLabel: string; lessonCount: number };
      chapters: Array<{ title: string; lessons: Array<{ number: number; title: string; isPreview: boolean; completed: boolean; open: boolean; url: string }> }>;
    };
    expect([json.pageType, json.collection.type, json.collection.lessonsType]).toEqual([1, 25, 24]);
    expect(json.course).toMatchObject({ lessonCount: 4, progressLabel: '1 of 4 lessons complete' });
    expect(json.chapters.map((chapter) => [chapter.title, chapter.lessons.map((lesson) => [lesson.number, lesson.title, lesson.isPreview, lesson.completed, lesson.open])])).toEqual([
      ['Getting started', [[1, 'Wedging clay', true, true, true]]],
      ['On the wheel', [[2, 'Centering on the wheel', false, false, true], [3, 'Opening and pulling walls', false, false, true]]],
      ['Finishing', [[4, 'Trimming and glazing', false, false, true]]],
    ]);
    const html = await member.get('/pottery-basics');
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('1 of 4 lessons complete');
    expect(html.body).toContain('<a class="lesson-title" href="/pottery-basics/centering">Centering on the wheel</a>');
    expect(html.body).toContain('Free preview');
    expect(html.body).toContain('Completed');
  });

  it('watches a members-only lesson with "Mark complete", its neighbours and its body', async () => {
    const member = await siteUser({ member: true });
    const json = (await member.get('/pottery-basics/centering?format=json')).json() as LessonJson;
    expect(json.viewerAccessStatus).toBe('member');
    expect(json.lesson).toMatchObject({ number: 2, isPreview: false, canKeepProgress: true, completed: false, previous: { url: '/pottery-basics/wedging-clay' }, next: { url: '/pottery-basics/opening-and-pulling' } });
    const html = await member.get('/pottery-basics/centering');
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(SECRET_WORDS);
    expect(html.body).toContain('Mark complete');
    expect(html.body).toContain('rel="next"');
  });

  it('is refused again once the membership has expired', async () => {
    const member = await siteUser({ member: true });
    expect((await member.get('/pottery-basics/centering')).statusCode).toBe(200);
    await db().updateTable('memberships').set({ ends_at: new Date(Date.now() - 1000) }).where('member_area_id', '=', areaId).execute();
    const after = await member.get('/pottery-basics/centering?format=json');
    expect(after.statusCode).toBe(403);
    expect(after.body).not.toContain(SECRET_WORDS);
  });
});

describe('the owner', () => {
  it("previews a draft lesson as its lesson page, among the course's lessons, drafts included", async () => {
    const admin = await ownerVisitor(server, 'admin');
    const last = await db().selectFrom('site_items').select('id').where('collection_id', '=', COURSE_ID).where('url_id', '=', 'trimming-and-glazing').executeTakeFirstOrThrow();
    await db().updateTable('site_items').set({ status: 'draft' }).where('id', '=', last.id).execute();
    try {
      const preview = await admin.get(`/config/preview/items/${last.id}?format=json`);
      expect(preview.statusCode).toBe(200);
      const json = preview.json() as LessonJson;
      expect(json.pageType).toBe(50);
      expect(json.lesson).toMatchObject({ number: 4, lessonCount: 4, canKeepProgress: false, previous: { url: '/pottery-basics/opening-and-pulling' }, next: null });
      const html = await admin.get(`/config/preview/items/${last.id}`);
      expect(html.body).toContain('<h1 id="lesson-title">Trimming and glazing</h1>');
      // Visitors do not see the draft.
      expect((await new TestVisitor(server.app).get('/pottery-basics/trimming-and-glazing')).statusCode).toBe(404);
    } finally {
      await db().updateTable('site_items').set({ status: 'published' }).where('id', '=', last.id).execute();
    }
  });

  it('sees every lesson as a contributor, and an ungated course is open to everyone', async () => {
    const admin = await ownerVisitor(server, 'admin');
    expect((await admin.get('/pottery-basics/trimming-and-glazing')).statusCode).toBe(200);
    // Every area off the course (the demo's own "Members" area gates it too).
    await db().deleteFrom('member_area_pages').where('page_id', '=', COURSE_ID).execute();
    try {
      const anonymous = new TestVisitor(server.app);
      const json = (await anonymous.get('/pottery-basics/centering?format=json')).json() as LessonJson;
      expect(json.viewerAccessStatus).toBe('member');
      expect((await anonymous.get('/pottery-basics')).statusCode).toBe(200);
    } finally {
      await db().insertInto('member_area_pages').values({ member_area_id: areaId, page_id: COURSE_ID, website_id: websiteId }).execute();
    }
  });
});
