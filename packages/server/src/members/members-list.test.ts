// databases: both — keyset pages while rows are inserted between reads
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_MEMBER_MESSAGES, type MembershipJson } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import { newId } from '../ids';
import { encodePageCursor } from '../page-cursor';
import { openTestServer, ownerVisitor, type TestServer, type TestVisitor } from '../testing';
import { MEMBER_AREA_MESSAGES } from './areas';

/*
 * The owner's list of an area's members (GET /api/owner/member-areas/:memberAreaId/members): keyset pages of 50,
 * newest first, stable under inserts; the email search (q) in any case with LIKE's wildcards taken literally; bad
 * input refused with a message; another website's area not found. Rows are inserted directly, as members.test.ts
 * sets up. With TEST_DATABASE_URL on PostgreSQL.
 */

let server: TestServer;
let admin: TestVisitor;
let websiteId: string;

interface Page {
  members: MembershipJson[];
  nextCursor: string | null;
}

async function createArea(name: string): Promise<string> {
  const created = await admin.post('/api/owner/member-areas', { name, access: 'free' });
  expect(created.statusCode, created.body).toBe(201);
  const id: string = created.json().memberArea.id;
  websiteId = (await server.database.db.selectFrom('member_areas').select('website_id').where('id', '=', id).executeTakeFirstOrThrow()).website_id;
  return id;
}

/** A site user with this email and a membership of the area that started at `startedAt` (an ISO time, microseconds allowed). */
async function insertMember(areaId: string, email: string, startedAt: string, over: { id?: string; status?: 'active' | 'ended' } = {}): Promise<string> {
  const db = server.database.db;
  const siteUserId = newId();
  const id = over.id ?? `ms-${newId()}`;
  await db.insertInto('site_users').values({ id: siteUserId, website_id: websiteId, email, password_hash: 'x' }).execute();
  await db.insertInto('memberships').values({
    id, website_id: websiteId, member_area_id: areaId, site_user_id: siteUserId, source: 'owner', started_at: startedAt,
    ...(over.status === 'ended' ? { status: 'ended', ended_at: startedAt, ended_by: 'owner' } : {}),
  }).execute();
  return id;
}

const listUrl = (areaId: string, query: Record<string, string> = {}) => {
  const search = new URLSearchParams(query).toString();
  return `/api/owner/member-areas/${areaId}/members${search ? `?${search}` : ''}`;
};

async function readPage(areaId: string, query: Record<string, string> = {}): Promise<Page> {
  const answer = await admin.get(listUrl(areaId, query));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** Every page from the first, following nextCursor. */
async function readAll(areaId: string, query: Record<string, string> = {}): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const page: Page = await readPage(areaId, cursor ? { ...query, cursor } : query);
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 20);
  return pages;
}

const ids = (pages: Page[]) => pages.flatMap((page) => page.members.map((member) => member.id));

beforeAll(async () => {
  server = await openTestServer({ rateLimit: { max: 1_000_000 } });
  admin = await ownerVisitor(server, 'admin');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('paging through an area of 125 members', () => {
  let crowdId: string;
  /** [started_at to the microsecond, id] of each inserted membership. */
  const inserted: Array<[string, string]> = [];
  /** The ids in the list's order: started_at desc, then id desc. */
  const expectedOrder = () => [...inserted].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? 1 : -1) : a[0] < b[0] ? 1 : -1)).map(([, id]) => id);

  beforeAll(async () => {
    crowdId = await createArea('Crowd');
    // Seven members a second: two of each seven start at the same instant (the id breaks the tie), the other five
    // within the same millisecond, a microsecond apart (a cursor cut to milliseconds would skip or repeat them: the
    // first page ends inside such a second).
    for (let index = 0; index < 125; index += 1) {
      const second = String(Math.floor(index / 7)).padStart(2, '0');
      const micro = [0, 0, 1, 2, 3, 4, 5][index % 7]!;
      const startedAt = `2026-03-01T10:00:${second}.00000${micro}Z`;
      const id = `ms-crowd-${String(index).padStart(3, '0')}`;
      await insertMember(crowdId, `Crowd-${String(index).padStart(3, '0')}@Example.com`, startedAt, { id });
      inserted.push([startedAt, id]);
    }
  }, 60_000);

  it('answers pages of 50, each member exactly once, newest first (the id breaking ties)', async () => {
    const pages = await readAll(crowdId);
    expect(pages.map((page) => page.members.length)).toEqual([50, 50, 25]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const all = pages.flatMap((page) => page.members);
    expect(new Set(all.map((member) => member.id)).size).toBe(125);
    expect(all.map((member) => member.id)).toEqual(expectedOrder());
    const starts = all.map((member) => member.startedAt);
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    expect(all[0]).toMatchObject({ email: 'Crowd-124@Example.com', memberAreaId: crowdId, source: 'owner', status: 'active' });
  });

  it('a membership inserted between two reads makes the next page neither repeat nor skip one', async () => {
    const first = await readPage(crowdId);
    // A newer one (it would push an OFFSET page down by one: the next page would repeat a member) and one that
    // lands among the pages not read yet (it comes once, in its place).
    const now = new Date().toISOString();
    inserted.push([now, await insertMember(crowdId, 'newest@example.com', now)]);
    const middleId = await insertMember(crowdId, 'middle@example.com', '2026-03-01T10:00:05.000002Z', { id: 'ms-crowd-middle' });
    inserted.push(['2026-03-01T10:00:05.000002Z', middleId]);
    const rest: Page[] = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await readPage(crowdId, { cursor });
      rest.push(page);
      cursor = page.nextCursor;
    }
    const readIds = [...first.members.map((member) => member.id), ...ids(rest)];
    expect(new Set(readIds).size).toBe(readIds.length);
    // Every member that was there before the first read, plus the one inserted after the first page's end.
    expect(readIds).toEqual(expectedOrder().filter((id) => !inserted.some(([time, each]) => each === id && time > '2026-03-02')));
    expect(readIds).toContain(middleId);
    expect(readIds).toHaveLength(126);
  });

  it('pages a search the same way, its cursor carrying on within the search', async () => {
    const pages = await readAll(crowdId, { q: 'CROWD-' });
    expect(pages.map((page) => page.members.length)).toEqual([50, 50, 25]);
    expect(ids(pages)).toEqual(expectedOrder().filter((id) => id.startsWith('ms-crowd-') && id !== 'ms-crowd-middle'));
  });
});

describe('the email search', () => {
  let areaId: string;

  beforeAll(async () => {
    areaId = await createArea('Searchable');
    await insertMember(areaId, 'Ann.Lee@Example.com', '2026-04-01T10:00:00Z', { id: 'ms-s-ann' });
    await insertMember(areaId, 'bob_smith@example.com', '2026-04-01T10:00:01Z', { id: 'ms-s-bob' });
    await insertMember(areaId, 'carol%50@example.com', '2026-04-01T10:00:02Z', { id: 'ms-s-carol' });
    await insertMember(areaId, 'back\\slash@example.com', '2026-04-01T10:00:03Z', { id: 'ms-s-back' });
    await insertMember(areaId, 'dave@example.org', '2026-04-01T10:00:04Z', { id: 'ms-s-dave', status: 'ended' });
  });

  const found = async (query: Record<string, string>) => (await readPage(areaId, query)).members.map((member) => member.email);

  it('finds by part of the email in any case', async () => {
    expect(await found({ q: 'ann' })).toEqual(['Ann.Lee@Example.com']);
    expect(await found({ q: 'LEE@EXAMPLE' })).toEqual(['Ann.Lee@Example.com']);
    expect(await found({ q: 'example.COM' })).toEqual(['back\\slash@example.com', 'carol%50@example.com', 'bob_smith@example.com', 'Ann.Lee@Example.com']);
    expect(await found({ q: 'nobody' })).toEqual([]);
  });

  it('takes %, _ and \\ literally (as wildcards they would match every member)', async () => {
    expect(await found({ q: '_' })).toEqual(['bob_smith@example.com']);
    expect(await found({ q: '%' })).toEqual(['carol%50@example.com']);
    expect(await found({ q: '%_%' })).toEqual([]);
    expect(await found({ q: 'b_s' })).toEqual(['bob_smith@example.com']);
    expect(await found({ q: '\\' })).toEqual(['back\\slash@example.com']);
    expect(await readPage(areaId, { q: '_' })).toMatchObject({ nextCursor: null });
  });

  it('keeps the status filters, alone and with a search', async () => {
    expect(await found({ status: 'ended' })).toEqual(['dave@example.org']);
    expect(await found({ status: 'active', q: 'example' })).toEqual(['back\\slash@example.com', 'carol%50@example.com', 'bob_smith@example.com', 'Ann.Lee@Example.com']);
    expect(await found({ status: 'ended', q: 'ann' })).toEqual([]);
    expect(await found({ status: 'expired' })).toEqual([]);
  });
});

describe('bad input, other websites and roles', () => {
  let areaId: string;

  beforeAll(async () => {
    areaId = await createArea('Guarded');
  });

  it('refuses a malformed or unreadable cursor and a search of 0 or 101 characters with a message', async () => {
    const cursorRefusal = { message: OWNER_MEMBER_MESSAGES.cursor, errors: { cursor: OWNER_MEMBER_MESSAGES.cursor } };
    for (const cursor of ['not a cursor!', 'x'.repeat(301), 'abc', encodePageCursor(['yesterday', 'ms-1']), encodePageCursor(['2026-03-01T10:00:00Z'])]) {
      const answer = await admin.get(listUrl(areaId, { cursor }));
      expect(answer.statusCode, cursor).toBe(400);
      expect(answer.json(), cursor).toEqual(cursorRefusal);
    }
    for (const q of ['a'.repeat(101), '']) {
      const answer = await admin.get(listUrl(areaId, { q }));
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: OWNER_MEMBER_MESSAGES.q, errors: { q: OWNER_MEMBER_MESSAGES.q } });
    }
    expect((await admin.get(listUrl(areaId, { q: 'a'.repeat(100) }))).statusCode).toBe(200);
    expect((await admin.get(listUrl(areaId, { status: 'lapsed' }))).json()).toMatchObject({ errors: { status: OWNER_MEMBER_MESSAGES.status } });
  });

  it("answers 404 for another website's area and an unknown one", async () => {
    const db = server.database.db;
    const otherWebsiteId = newId();
    await db.insertInto('websites').values({ id: otherWebsiteId, identifier: `other-${otherWebsiteId}`, site_title: 'Other', captcha_site_key: null }).execute();
    const otherAreaId = newId();
    await db.insertInto('member_areas').values({ id: otherAreaId, website_id: otherWebsiteId, name: 'Theirs' }).execute();
    for (const id of [otherAreaId, 'no-such-area']) {
      const answer = await admin.get(listUrl(id));
      expect(answer.statusCode, id).toBe(404);
      expect(answer.json()).toEqual({ message: MEMBER_AREA_MESSAGES.notFound });
    }
  });

  it('is for the roles that read members, as before', async () => {
    await insertMember(areaId, 'guarded@example.com', '2026-05-01T10:00:00Z');
    for (const role of ['reporting', 'editor', 'storeManager'] as const) {
      const answer = await (await ownerVisitor(server, role)).get(listUrl(areaId, { q: 'GUARDED' }));
      expect(answer.statusCode, role).toBe(200);
      expect(answer.json()).toMatchObject({ members: [{ email: 'guarded@example.com' }], nextCursor: null });
    }
    // The viewer role has no members:read (shoppers' emails): refused, as it was.
    const viewer = await (await ownerVisitor(server, 'viewer')).get(listUrl(areaId));
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toEqual({ message: OWNER_MESSAGES.notAllowed });
  });
});
