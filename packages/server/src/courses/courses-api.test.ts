// databases: both — racing completions and uploads make one row
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_MESSAGES, type OwnerCourseJson, type OwnerLessonReply } from '@vitrine/contracts';
import { DEMO_WEBSITE } from '../catalog';
import { OWNER_MESSAGES } from '../authorize';
import { newId } from '../ids';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { DEMO_COURSE } from './demo';
import { VIDEO_MESSAGES } from './serve-video';
import { LocalDiskLessonVideoStore } from './video-store';
import { ObjectRemovalSweep } from '../storage';
import { lessonVideoRemovalHandler, queueDeletedLessonVideos } from './video-sweep';

/**
 * Courses through the real app: the demo course's lessons in order, the owner's lesson calls (details, upload,
 * removal, order, progress summary) and roles, the gated video by range, and a member's progress. On PGlite, and
 * on PostgreSQL with TEST_DATABASE_URL (racing completions truly run at once there).
 */

const COURSE_ID = DEMO_COURSE.pageId(DEMO_WEBSITE.identifier);
/** Arbitrary bytes standing in for a video: the server never decodes a video, it serves bytes. */
const VIDEO = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));

let server: TestServer;
let storeDir: string;
let admin: TestVisitor;
let lessons: OwnerCourseJson['lessons'];
let areaId: string;
beforeAll(async () => {
  storeDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-lesson-videos-test-'));
  server = await openTestServer({ lessonVideoStore: new LocalDiskLessonVideoStore(storeDir) });
  admin = await ownerVisitor(server, 'admin');
  lessons = ((await admin.get(`/api/owner/courses/${COURSE_ID}`)).json() as OwnerCourseJson).lessons;
  // The course behind a free member area (members' tables, written here as the members domain would).
  areaId = newId();
  const website = await db().selectFrom('websites').select('id').executeTakeFirstOrThrow();
  await db().insertInto('member_areas').values({ id: areaId, website_id: website.id, name: `Course members ${areaId}`, access: 'free' }).execute();
  await db().insertInto('member_area_pages').values({ member_area_id: areaId, page_id: COURSE_ID, website_id: website.id }).execute();
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(storeDir, { recursive: true, force: true });
});

const db = () => server.database.db;
const storedFiles = () => readdirSync(storeDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
const progressRows = () => db().selectFrom('lesson_progress').selectAll().orderBy('item_id').execute();
const detailsRows = () => db().selectFrom('lesson_details').selectAll().orderBy('item_id').execute();

function uploadVideo(visitor: TestVisitor, itemId: string, bytes: Buffer, headers: Record<string, string> = {}) {
  return visitor.request({
    method: 'PUT',
    url: `/api/owner/lessons/${itemId}/video`,
    payload: bytes,
    headers: { 'content-type': 'video/mp4', 'x-file-name': encodeURIComponent('Centering été.mp4'), ...headers },
  });
}

/** A signed-in site user; a member of the course's area when asked. */
async function siteUser(options: { member: boolean }): Promise<{ visitor: TestVisitor; id: string }> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/');
  const email = `learner-${newId()}@example.com`;
  const answer = await visitor.post('/api/site-users/account', { email, password: 'learner-password-1' });
  expect(answer.statusCode).toBe(201);
  const id = (answer.json() as { siteUser: { id: string } }).siteUser.id;
  if (options.member) {
    const website = await db().selectFrom('websites').select('id').executeTakeFirstOrThrow();
    await db().insertInto('memberships').values({ id: newId(), website_id: website.id, member_area_id: areaId, site_user_id: id, source: 'owner' }).execute();
  }
  return { visitor, id };
}

describe('the demo course (owner view)', () => {
  it('lists the four lessons in order, the first a free preview, each an embed with its chapter and length', () => {
    expect(lessons.map((lesson) => [lesson.urlId, lesson.chapter, lesson.isPreview, lesson.videoSource, lesson.durationSeconds, lesson.fullUrl])).toEqual([
      ['wedging-clay', 'Getting started', true, 'embed', 372, '/pottery-basics/wedging-clay'],
      ['centering', 'On the wheel', false, 'embed', 545, '/pottery-basics/centering'],
      ['opening-and-pulling', 'On the wheel', false, 'embed', 618, '/pottery-basics/opening-and-pulling'],
      ['trimming-and-glazing', 'Finishing', false, 'embed', 703, '/pottery-basics/trimming-and-glazing'],
    ]);
    expect(lessons[0]!.embedUrl).toBe('https://www.youtube.com/watch?v=aqz-KE-bpKQ');
  });

  it('reorders lessons through the content call, and the course answers the new order', async () => {
    const ids = lessons.map((lesson) => lesson.itemId);
    const swapped = [ids[0]!, ids[2]!, ids[1]!, ids[3]!];
    const reordered = await admin.put(`/api/owner/content/pages/${COURSE_ID}/items/order`, { itemIds: swapped });
    expect(reordered.statusCode).toBe(200);
    const after = (await admin.get(`/api/owner/courses/${COURSE_ID}`)).json() as OwnerCourseJson;
    expect(after.lessons.map((lesson) => lesson.itemId)).toEqual(swapped);
    expect((await admin.put(`/api/owner/content/pages/${COURSE_ID}/items/order`, { itemIds: ids })).statusCode).toBe(200);
  });

  it('answers 404 for a page that is not a course and for an item that is not a lesson', async () => {
    const journal = await db().selectFrom('site_pages').select('id').where('url_id', '=', 'journal').executeTakeFirstOrThrow();
    const post = await db().selectFrom('site_items').select('id').where('collection_id', '=', journal.id).executeTakeFirstOrThrow();
    const notCourse = await admin.get(`/api/owner/courses/${journal.id}`);
    expect([notCourse.statusCode, notCourse.json()]).toEqual([404, { message: COURSE_MESSAGES.notACourse }]);
    const notLesson = await admin.put(`/api/owner/lessons/${post.id}/details`, { isPreview: true });
    expect([notLesson.statusCode, notLesson.json()]).toEqual([404, { message: COURSE_MESSAGES.notALesson }]);
  });
});

describe("the owner's lesson calls", () => {
  it('changes the fields given, keeps the rest, and stores an embed address as a full address', async () => {
    const lesson = lessons[3]!;
    const answer = await admin.put(`/api/owner/lessons/${lesson.itemId}/details`, { chapter: '  Finishing touches ', durationSeconds: 700, embedUrl: 'https://youtu.be/aqz-KE-bpKQ' });
    expect(answer.statusCode).toBe(200);
    expect((answer.json() as OwnerLessonReply).lesson).toMatchObject({ chapter: 'Finishing touches', durationSeconds: 700, embedUrl: 'https://youtu.be/aqz-KE-bpKQ', videoSource: 'embed', isPreview: false });
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const lesson = lessons[3]!;
    const before = await detailsRows();
    const cases: Array<[unknown, string]> = [
      [{ embedUrl: 'https://evil.example/video' }, COURSE_MESSAGES.embedUrl],
      [{ embedUrl: 'javascript:alert(1)' }, COURSE_MESSAGES.embedUrl],
      [{ videoSource: 'file' }, COURSE_MESSAGES.noVideoFile],
      [{ videoSource: 'stream' }, COURSE_MESSAGES.videoSource],
      [{ durationSeconds: -1 }, COURSE_MESSAGES.durationSeconds],
      [{ isPreview: 'yes' }, COURSE_MESSAGES.isPreview],
      [{ chapter: 'x'.repeat(201) }, COURSE_MESSAGES.chapter],
    ];
    for (const [body, message] of cases) {
      const answer = await admin.put(`/api/owner/lessons/${lesson.itemId}/details`, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect((answer.json() as { message: string; errors?: Record<string, string> }).errors ? Object.values((answer.json() as { errors: Record<string, string> }).errors) : [(answer.json() as { message: string }).message]).toContain(message);
    }
    const noEmbed = await admin.put(`/api/owner/lessons/${lesson.itemId}/details`, { embedUrl: null, videoSource: 'embed' });
    expect([noEmbed.statusCode, (noEmbed.json() as { message: string }).message]).toEqual([400, COURSE_MESSAGES.embedUrlMissing]);
    expect(await detailsRows()).toEqual(before);
  });

  it('uploads a video (streamed, named, hashed), plays it, replaces it and removes it, leaving no file behind', async () => {
    const lesson = lessons[1]!;
    const first = await uploadVideo(admin, lesson.itemId, VIDEO);
    expect(first.statusCode).toBe(200);
    const uploaded = (first.json() as OwnerLessonReply).lesson;
    expect(uploaded.videoSource).toBe('file');
    expect(uploaded.video).toMatchObject({ fileName: 'Centering été.mp4', contentType: 'video/mp4', byteSize: 1000, url: `/api/courses/videos/${lesson.itemId}` });
    expect(storedFiles()).toHaveLength(1);
    const replaced = await uploadVideo(admin, lesson.itemId, VIDEO.subarray(0, 600), { 'content-type': 'video/webm' });
    expect((replaced.json() as OwnerLessonReply).lesson.video).toMatchObject({ id: uploaded.video!.id, byteSize: 600, contentType: 'video/webm' });
    expect(storedFiles()).toHaveLength(1);
    const removed = await admin.delete(`/api/owner/lessons/${lesson.itemId}/video`);
    expect((removed.json() as OwnerLessonReply).lesson).toMatchObject({ video: null, videoSource: 'none' });
    expect(storedFiles()).toHaveLength(0);
  });

  it('three racing uploads leave one row and one object, the last one written', async () => {
    const lesson = lessons[1]!;
    const answers = await Promise.all([0, 1, 2].map((index) => uploadVideo(admin, lesson.itemId, VIDEO.subarray(0, 100 + index))));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const rows = await db().selectFrom('lesson_videos').selectAll().where('item_id', '=', lesson.itemId).execute();
    expect(rows).toHaveLength(1);
    expect(storedFiles()).toEqual([rows[0]!.storage_key.split('/')[1]]);
    expect((await admin.delete(`/api/owner/lessons/${lesson.itemId}/video`)).statusCode).toBe(200);
    expect(storedFiles()).toHaveLength(0);
  });

  it('refuses an upload that is not a video, has no name or is empty, keeping nothing', async () => {
    const lesson = lessons[1]!;
    const notVideo = await uploadVideo(admin, lesson.itemId, VIDEO, { 'content-type': 'application/pdf' });
    expect([notVideo.statusCode, (notVideo.json() as { message: string }).message]).toEqual([400, COURSE_MESSAGES.videoType]);
    const noName = await uploadVideo(admin, lesson.itemId, VIDEO, { 'x-file-name': '' });
    expect([noName.statusCode, (noName.json() as { message: string }).message]).toEqual([400, COURSE_MESSAGES.noName]);
    const empty = await uploadVideo(admin, lesson.itemId, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(storedFiles()).toHaveLength(0);
    expect(await db().selectFrom('lesson_videos').selectAll().execute()).toEqual([]);
  });

  it('lets a viewer read but not change, and a signed-out visitor do neither', async () => {
    const viewer = await ownerVisitor(server, 'viewer');
    expect((await viewer.get(`/api/owner/courses/${COURSE_ID}`)).statusCode).toBe(200);
    expect((await viewer.get(`/api/owner/courses/${COURSE_ID}/progress`)).statusCode).toBe(200);
    const change = await viewer.put(`/api/owner/lessons/${lessons[0]!.itemId}/details`, { isPreview: false });
    expect([change.statusCode, change.json()]).toEqual([403, { message: OWNER_MESSAGES.notAllowed }]);
    expect((await uploadVideo(viewer, lessons[0]!.itemId, VIDEO)).statusCode).toBe(403);
    expect((await viewer.delete(`/api/owner/lessons/${lessons[0]!.itemId}/video`)).statusCode).toBe(403);
    const editor = await ownerVisitor(server, 'editor');
    expect((await editor.put(`/api/owner/lessons/${lessons[0]!.itemId}/details`, { isPreview: true })).statusCode).toBe(200);
    const stranger = new TestVisitor(server.app);
    await stranger.visit('/');
    expect((await stranger.get(`/api/owner/courses/${COURSE_ID}`)).statusCode).toBe(401);
    expect(storedFiles()).toHaveLength(0);
  });
});

describe('the lesson video, gated and by range', () => {
  let preview: string;
  let membersOnly: string;
  beforeAll(async () => {
    preview = lessons[0]!.itemId;
    membersOnly = lessons[2]!.itemId;
    for (const itemId of [preview, membersOnly]) expect((await uploadVideo(admin, itemId, VIDEO)).statusCode).toBe(200);
  });

  it('refuses a visitor without access with 403 JSON on every request, ranges included, and sends no byte', async () => {
    const { visitor: nonMember } = await siteUser({ member: false });
    const anonymous = new TestVisitor(server.app);
    for (const visitor of [anonymous, nonMember]) {
      for (const range of [undefined, 'bytes=0-', 'bytes=0-1', 'bytes=-100', 'bytes=999999-']) {
        const answer = await visitor.request({ method: 'GET', url: `/api/courses/videos/${membersOnly}`, headers: range ? { range } : {} });
        expect(answer.statusCode, range).toBe(403);
        expect(answer.json()).toEqual({ message: VIDEO_MESSAGES.denied });
        expect(answer.headers['cache-control']).toBe('private, no-store');
        expect(answer.headers['content-range']).toBeUndefined();
      }
      const cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      expect((await server.app.inject({ method: 'HEAD', url: `/api/courses/videos/${membersOnly}`, headers: cookie ? { cookie } : {} })).statusCode).toBe(403);
    }
  });

  it('plays a preview lesson to anyone', async () => {
    const anonymous = new TestVisitor(server.app);
    const whole = await anonymous.get(`/api/courses/videos/${preview}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(VIDEO)).toBe(true);
    expect(whole.headers).toMatchObject({ 'content-type': 'video/mp4', 'content-length': '1000', 'accept-ranges': 'bytes', 'cache-control': 'private, no-store' });
  });

  it('serves a member byte ranges: the first bytes, a suffix, open-ended, past the end clipped, and 416 for none', async () => {
    const { visitor: member } = await siteUser({ member: true });
    const get = (range?: string) => member.request({ method: 'GET', url: `/api/courses/videos/${membersOnly}`, headers: range ? { range } : {} });
    const first = await get('bytes=0-9');
    expect([first.statusCode, first.headers['content-range'], first.headers['content-length']]).toEqual([206, 'bytes 0-9/1000', '10']);
    expect(first.rawPayload.equals(VIDEO.subarray(0, 10))).toBe(true);
    const suffix = await get('bytes=-5');
    expect([suffix.statusCode, suffix.headers['content-range']]).toEqual([206, 'bytes 995-999/1000']);
    expect(suffix.rawPayload.equals(VIDEO.subarray(995))).toBe(true);
    const open = await get('bytes=990-');
    expect([open.statusCode, open.headers['content-range'], open.rawPayload.length]).toEqual([206, 'bytes 990-999/1000', 10]);
    const clipped = await get('bytes=500-5000');
    expect([clipped.statusCode, clipped.headers['content-range']]).toEqual([206, 'bytes 500-999/1000']);
    expect(clipped.rawPayload.equals(VIDEO.subarray(500))).toBe(true);
    const beyond = await get('bytes=1000-');
    expect([beyond.statusCode, beyond.headers['content-range'], beyond.json()]).toEqual([416, 'bytes */1000', { message: VIDEO_MESSAGES.unsatisfiable }]);
    // A header we do not serve (several ranges, another unit) is ignored: the whole file.
    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-3']) {
      const whole = await get(range);
      expect([whole.statusCode, whole.rawPayload.length], range).toEqual([200, 1000]);
    }
    const head = await member.request({ method: 'HEAD', url: `/api/courses/videos/${membersOnly}`, headers: { range: 'bytes=0-1' } });
    expect([head.statusCode, head.headers['content-range'], head.rawPayload.length]).toEqual([206, 'bytes 0-1/1000', 0]);
  });

  it('answers 404 for an unknown lesson, a draft lesson to visitors, and a lesson without a file', async () => {
    const { visitor: member } = await siteUser({ member: true });
    expect((await member.get('/api/courses/videos/nope')).json()).toEqual({ message: VIDEO_MESSAGES.notFound });
    expect((await member.get(`/api/courses/videos/${lessons[3]!.itemId}`)).statusCode).toBe(404);
    await db().updateTable('site_items').set({ status: 'draft' }).where('id', '=', membersOnly).execute();
    try {
      expect((await member.get(`/api/courses/videos/${membersOnly}`)).statusCode).toBe(404);
      // The owner's screens still play it.
      expect((await admin.get(`/api/courses/videos/${membersOnly}`)).statusCode).toBe(200);
    } finally {
      await db().updateTable('site_items').set({ status: 'published' }).where('id', '=', membersOnly).execute();
    }
  });

  it('loses access with the membership: an expired one is refused at once', async () => {
    const { visitor, id } = await siteUser({ member: true });
    expect((await visitor.get(`/api/courses/videos/${membersOnly}`)).statusCode).toBe(200);
    await db().updateTable('memberships').set({ ends_at: new Date(Date.now() - 1000) }).where('site_user_id', '=', id).execute();
    expect((await visitor.get(`/api/courses/videos/${membersOnly}`)).statusCode).toBe(403);
  });
});

describe("a member's progress", () => {
  const url = (itemId: string) => `/api/courses/lessons/${itemId}/progress`;

  it('asks a signed-out visitor to sign in, and refuses a non-member on a members-only lesson', async () => {
    const anonymous = new TestVisitor(server.app);
    await anonymous.visit('/');
    const before = await progressRows();
    const signedOut = await anonymous.put(url(lessons[1]!.itemId), { completed: true });
    expect([signedOut.statusCode, signedOut.json()]).toEqual([401, { message: COURSE_MESSAGES.signInForProgress }]);
    const { visitor: nonMember } = await siteUser({ member: false });
    const denied = await nonMember.put(url(lessons[1]!.itemId), { completed: true });
    expect([denied.statusCode, denied.json()]).toEqual([403, { message: COURSE_MESSAGES.lessonDenied }]);
    // A preview lesson keeps anyone's progress once signed in.
    expect((await nonMember.put(url(lessons[0]!.itemId), { positionSeconds: 30 })).statusCode).toBe(200);
    expect((await progressRows()).length).toBe(before.length + 1);
  });

  it('keeps the position, completes once (racing completions make one row with one time), and refuses bad input', async () => {
    const { visitor, id } = await siteUser({ member: true });
    const itemId = lessons[1]!.itemId;
    const moved = await visitor.put(url(itemId), { positionSeconds: 42 });
    expect(moved.json()).toEqual({ progress: { itemId, positionSeconds: 42, completed: false, completedAt: null } });
    const answers = await Promise.all(Array.from({ length: 8 }, () => visitor.put(url(itemId), { completed: true })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    const rows = (await progressRows()).filter((row) => row.site_user_id === id);
    expect(rows).toHaveLength(1);
    const completedAt = rows[0]!.completed_at!.toISOString();
    expect(new Set(answers.map((answer) => (answer.json() as { progress: { completedAt: string } }).progress.completedAt))).toEqual(new Set([completedAt]));
    // A later position keeps the completion and its first time.
    const later = await visitor.put(url(itemId), { positionSeconds: 90 });
    expect(later.json()).toEqual({ progress: { itemId, positionSeconds: 90, completed: true, completedAt } });
    const before = await progressRows();
    for (const body of [{}, { positionSeconds: -1 }, { positionSeconds: 86_401 }, { completed: false }, { completed: true, extra: 1 }, { positionSeconds: 1.5 }]) {
      expect((await visitor.put(url(itemId), body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await visitor.put(url('nope'), { completed: true })).statusCode).toBe(404);
    expect(await progressRows()).toEqual(before);
  });

  it("sums up the members' progress for the owner", async () => {
    const summary = (await admin.get(`/api/owner/courses/${COURSE_ID}/progress`)).json() as { learners: number; finishers: number; lessons: Array<{ itemId: string; started: number; completed: number }> };
    const rows = await progressRows();
    expect(summary.learners).toBe(new Set(rows.map((row) => row.site_user_id)).size);
    expect(summary.finishers).toBe(0);
    expect(summary.lessons.map((lesson) => lesson.itemId)).toEqual(lessons.map((lesson) => lesson.itemId));
    expect(summary.lessons[1]).toMatchObject({ started: rows.filter((row) => row.item_id === lessons[1]!.itemId).length, completed: 1 });
  });
});

describe('deleted lessons\' videos', () => {
  it('are removed, object and row, by the sweep (each once, however many sweeps run), and a live lesson keeps its video', async () => {
    const made = await admin.post(`/api/owner/content/pages/${COURSE_ID}/items`, { title: `Doomed lesson ${newId()}` });
    expect(made.statusCode, made.body).toBe(201);
    const doomedId = (made.json() as { id: string }).id;
    const kept = lessons[2]!.itemId;
    expect((await uploadVideo(admin, doomedId, VIDEO)).statusCode).toBe(200);
    expect((await uploadVideo(admin, kept, VIDEO)).statusCode).toBe(200);
    const keyOf = async (itemId: string) => (await db().selectFrom('lesson_videos').select('storage_key').where('item_id', '=', itemId).executeTakeFirst())?.storage_key;
    const doomedKey = (await keyOf(doomedId))!;
    const keptKey = (await keyOf(kept))!;
    const fileName = (key: string) => key.split('/')[1]!;
    expect(storedFiles()).toEqual(expect.arrayContaining([fileName(doomedKey), fileName(keptKey)]));

    expect((await admin.delete(`/api/owner/content/items/${doomedId}`)).statusCode).toBe(200);
    const store = new LocalDiskLessonVideoStore(storeDir);
    // Three processes' sweeps at once: the row is taken by one of them.
    const sweep = () => new ObjectRemovalSweep(db(), { handlers: lessonVideoHandlers(store), feeders: [queueDeletedLessonVideos] });
    const rounds = await Promise.all([0, 1, 2].map(() => sweep().runOnce()));
    expect(rounds.flat()).toEqual([{ kind: 'lesson-video', ref: doomedKey, websiteId: expect.any(String), outcome: 'removed' }]);
    expect(await keyOf(doomedId)).toBeUndefined();
    expect(storedFiles()).not.toContain(fileName(doomedKey));
    expect(storedFiles()).toContain(fileName(keptKey));
    expect(await sweep().runOnce()).toEqual([]);
    // The live lesson still plays its video.
    expect((await admin.request({ method: 'GET', url: `/api/courses/videos/${kept}`, headers: { range: 'bytes=0-9' } })).statusCode).toBe(206);
    expect((await admin.delete(`/api/owner/lessons/${kept}/video`)).statusCode).toBe(200);
  });
});

/** The removal sweep's handlers with lesson videos only: a queued picture or download here would be a mistake. */
function lessonVideoHandlers(store: LocalDiskLessonVideoStore) {
  const unexpected = async () => {
    throw new Error('only lesson videos are queued here');
  };
  return { 'lesson-video': lessonVideoRemovalHandler(store), picture: unexpected, download: unexpected };
}
