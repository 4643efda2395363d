// databases: both — keyset pages that neither repeat nor skip
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { OWNER_NEWSLETTER_MESSAGES } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import { findDefaultWebsite } from '../websites';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import type { Website } from '../db/schema';

/*
 * The owner's newsletter list on a real server and database: cursor pages newest first, the status filter,
 * refusals (a role without forms:read, bad queries) and the CSV export, spreadsheet-safe. Subscribers are
 * written straight into newsletter_subscribers so a test chooses their times.
 */

const LIST = '/api/owner/newsletter/subscribers';
const CSV = '/api/owner/newsletter/subscribers/export.csv';

let server: TestServer;
let website: Website;
let admin: TestVisitor;
let editor: TestVisitor;
let storeManager: TestVisitor;
beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(server.database.db))!;
  [admin, editor, storeManager] = await Promise.all([ownerVisitor(server, 'admin'), ownerVisitor(server, 'editor'), ownerVisitor(server, 'storeManager')]);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const base = Date.parse('2026-03-01T10:00:00.000Z');

/** n subscribers one second apart (the last the newest), cycling through the statuses; the demo's are removed first. */
async function seed(count: number, extra: { email: string; status: 'pending' | 'confirmed' | 'unsubscribed'; source?: string }[] = []) {
  await db().deleteFrom('newsletter_subscribers').where('website_id', '=', website.id).execute();
  const statuses = ['confirmed', 'pending', 'unsubscribed'] as const;
  const rows = [
    ...Array.from({ length: count }, (_, index) => ({ email: `reader-${String(index).padStart(3, '0')}@example.com`, status: statuses[index % 3]!, source: index % 2 ? 'restock' : 'newsletter' })),
    ...extra.map((row) => ({ source: 'newsletter', ...row })),
  ];
  if (rows.length === 0) return;
  await db()
    .insertInto('newsletter_subscribers')
    .values(rows.map((row, index) => ({
      website_id: website.id,
      email: row.email,
      source: row.source,
      status: row.status,
      created_at: new Date(base + index * 1000),
      confirmed_at: row.status === 'confirmed' ? new Date(base + index * 1000 + 500) : null,
      unsubscribed_at: row.status === 'unsubscribed' ? new Date(base + index * 1000 + 700) : null,
    })))
    .execute();
}

describe('GET /api/owner/newsletter/subscribers', () => {
  beforeEach(async () => seed(0));

  it('lists newest first in cursor pages that neither repeat nor skip, with each address\'s status and times', async () => {
    await seed(7);
    const first = await admin.get(`${LIST}?limit=3`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.subscribers.map((row: { email: string }) => row.email)).toEqual(['reader-006@example.com', 'reader-005@example.com', 'reader-004@example.com']);
    expect(page1.subscribers[0]).toEqual({
      email: 'reader-006@example.com', status: 'confirmed', source: 'newsletter',
      createdAt: new Date(base + 6000).toISOString(), confirmedAt: new Date(base + 6500).toISOString(), unsubscribedAt: null, tags: [], language: null,
    });
    expect(page1.hasNextPage).toBe(true);
    const seen = [...page1.subscribers];
    let cursor: string | null = page1.nextPageCursor;
    while (cursor) {
      const page = (await admin.get(`${LIST}?limit=3&cursor=${cursor}`)).json();
      seen.push(...page.subscribers);
      cursor = page.nextPageCursor;
      if (!page.hasNextPage) expect(cursor).toBeNull();
    }
    expect(seen.map((row) => row.email)).toEqual(Array.from({ length: 7 }, (_, index) => `reader-${String(6 - index).padStart(3, '0')}@example.com`));
    // 50 a page by default.
    await seed(53);
    const whole = (await editor.get(LIST)).json();
    expect(whole.subscribers).toHaveLength(50);
    expect(whole.hasNextPage).toBe(true);
  });

  it('filters by status, and pages within the filter; rows of one millisecond stay in order by address', async () => {
    await seed(9, [
      { email: 'same-a@example.com', status: 'pending' },
      { email: 'same-b@example.com', status: 'pending' },
    ]);
    await db().updateTable('newsletter_subscribers').set({ created_at: new Date(base + 60_000) }).where('email', 'like', 'same-%').execute();
    const pending = (await admin.get(`${LIST}?status=pending&limit=2`)).json();
    expect(pending.subscribers.map((row: { email: string }) => row.email)).toEqual(['same-b@example.com', 'same-a@example.com']);
    const rest = (await admin.get(`${LIST}?status=pending&limit=2&cursor=${pending.nextPageCursor}`)).json();
    expect(rest.subscribers.map((row: { email: string; status: string }) => [row.email, row.status])).toEqual([
      ['reader-007@example.com', 'pending'],
      ['reader-004@example.com', 'pending'],
    ]);
    const unsubscribed = (await admin.get(`${LIST}?status=unsubscribed`)).json();
    expect(unsubscribed.subscribers.every((row: { status: string; unsubscribedAt: string | null }) => row.status === 'unsubscribed' && row.unsubscribedAt)).toBe(true);
    expect(unsubscribed.subscribers).toHaveLength(3);
  });

  it('refuses a role without forms:read, and bad queries with a 400 naming the field', async () => {
    const refused = await storeManager.get(LIST);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: OWNER_MESSAGES.notAllowed });
    expect((await storeManager.get(CSV)).statusCode).toBe(403);
    expect((await new TestVisitor(server.app).get(LIST)).statusCode).toBe(401);

    const badStatus = await admin.get(`${LIST}?status=bounced`);
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json()).toMatchObject({ message: OWNER_NEWSLETTER_MESSAGES.status, errors: { status: OWNER_NEWSLETTER_MESSAGES.status } });
    for (const limit of ['0', '101', 'ten']) {
      const answer = await admin.get(`${LIST}?limit=${limit}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ message: OWNER_NEWSLETTER_MESSAGES.limit });
    }
    const badCursor = await admin.get(`${LIST}?cursor=bm90LWEtY3Vyc29y`);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toMatchObject({ message: OWNER_NEWSLETTER_MESSAGES.cursor });
    expect((await admin.get(`${CSV}?status=bounced`)).statusCode).toBe(400);
  });
});

describe('GET /api/owner/newsletter/subscribers/export.csv', () => {
  it('streams every subscriber newest first, formula-looking cells made text, a status filter and its file name', async () => {
    await seed(4, [{ email: '=cmd@example.com', status: 'confirmed', source: '+restock' }]);
    const answer = await editor.get(CSV);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="newsletter-subscribers.csv"');
    expect(answer.headers['cache-control']).toBe('no-store');
    const rows = parse(answer.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(['Email', 'Status', 'Source', 'Joined (UTC)', 'Confirmed (UTC)', 'Unsubscribed (UTC)', 'Tags', 'Language']);
    expect(rows.map((row) => row.Email)).toEqual(["'=cmd@example.com", 'reader-003@example.com', 'reader-002@example.com', 'reader-001@example.com', 'reader-000@example.com']);
    expect(rows[0]).toMatchObject({ Status: 'confirmed', Source: "'+restock", 'Joined (UTC)': new Date(base + 4000).toISOString(), 'Unsubscribed (UTC)': '', Tags: '', Language: '' });

    const pending = await editor.get(`${CSV}?status=pending`);
    expect(pending.headers['content-disposition']).toBe('attachment; filename="newsletter-subscribers-pending.csv"');
    expect((parse(pending.body, { columns: true }) as Record<string, string>[]).map((row) => row.Email)).toEqual(['reader-001@example.com']);
  });

  it('reads a list longer than one batch whole', async () => {
    await seed(1203);
    const rows = parse((await admin.get(CSV)).body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1203);
    expect(new Set(rows.map((row) => row.Email)).size).toBe(1203);
    expect(rows[0]!.Email).toBe('reader-1202@example.com');
  });
});
