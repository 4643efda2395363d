// databases: both — keyset pages within a filter
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_LIST_MESSAGES } from '@vitrine/contracts';
import type { Website } from '../db/schema';
import { findDefaultWebsite } from '../websites';
import { openTestServer, ownerVisitor, type TestServer } from '../testing';
import { enqueueMail } from './outbox';

/* The outbox list's status filter (issue 16: the owner app's Mail screen filters by status). */

let server: TestServer;
let website: Website;
beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(server.database.db))!;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('GET /api/owner/mail?status=', () => {
  it('lists only messages in that state, pages within the filter, and refuses an unknown state', async () => {
    const db = server.database.db;
    await db.deleteFrom('mail_outbox').execute();
    const ids: Record<string, string[]> = { sent: [], failed: [], pending: [] };
    for (let index = 0; index < 56; index++) {
      const status = index % 8 === 0 ? 'failed' : index % 2 ? 'sent' : 'pending';
      const id = await enqueueMail(db, website, 'shop@example.com', { kind: 'transactional', template: 'test', to: `to-${index}@example.com`, subject: `Message ${index}`, text: 'Hi.', html: '<p>Hi.</p>' });
      await db.updateTable('mail_outbox').set({ status, attempts: status === 'pending' ? 0 : 1, last_error: status === 'failed' ? '550 no such user' : null }).where('id', '=', id).execute();
      ids[status]!.push(id);
    }
    const manager = await ownerVisitor(server, 'storeManager');
    const failed = (await manager.get('/api/owner/mail?status=failed')).json();
    expect(failed.messages.map((message: { id: string }) => message.id).sort()).toEqual([...ids.failed!].sort());
    expect(failed.messages.every((message: { status: string; lastError: string }) => message.status === 'failed' && message.lastError === '550 no such user')).toBe(true);
    expect(failed.hasNextPage).toBe(false);

    const sent = (await manager.get('/api/owner/mail?status=sent')).json();
    expect(sent.messages).toHaveLength(28);
    const pending = (await manager.get('/api/owner/mail?status=pending')).json();
    expect(pending.messages).toHaveLength(21);

    // All 56: two pages; with the filter, one.
    const all = (await manager.get('/api/owner/mail')).json();
    expect(all.hasNextPage).toBe(true);
    const next = (await manager.get(`/api/owner/mail?cursor=${all.nextPageCursor}&status=sent`)).json();
    expect(next.messages.every((message: { status: string }) => message.status === 'sent')).toBe(true);

    const refused = await manager.get('/api/owner/mail?status=bounced');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: MAIL_LIST_MESSAGES.status, errors: { status: MAIL_LIST_MESSAGES.status } });
    const editor = await ownerVisitor(server, 'editor');
    expect((await editor.get('/api/owner/mail?status=sent')).statusCode).toBe(403);
  });
});
