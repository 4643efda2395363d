// databases: both — a racing invitation accepted once
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTOR_MESSAGES, CONTRIBUTOR_ROLES } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';

let server: TestServer;
let admin: TestVisitor;
let adminId: string;
beforeAll(async () => {
  server = await openTestServer({ publicUrl: 'https://shop.example.com' });
  admin = await ownerVisitor(server, 'admin');
  adminId = (await admin.get('/api/owner/me')).json().siteUser.id;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const outboxFor = (email: string) => db().selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('created_at').execute();
const tokenIn = (text: string) => /\/config\/setup\?token=([\w-]+)/.exec(text)?.[1];

async function browser(): Promise<TestVisitor> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/');
  return visitor;
}

/** Invites `email`, then redeems the mailed link as the invitee would (a new account): the invitee, signed in. */
async function inviteAndAccept(email: string, role: number): Promise<{ visitor: TestVisitor; siteUserId: string }> {
  const invited = await admin.post('/api/owner/contributors/invitations', { email, role });
  expect(invited.statusCode, invited.body).toBe(201);
  const mails = await outboxFor(email);
  const token = tokenIn(mails[mails.length - 1]!.text_body)!;
  const visitor = await browser();
  const accepted = await visitor.post('/api/owner/setup', { token, email, password: 'invitee-password-1' });
  expect(accepted.statusCode, accepted.body).toBe(201);
  return { visitor, siteUserId: accepted.json().owner.siteUser.id };
}

describe('listing contributors', () => {
  it('lists the contributors with their role, marking the caller as you', async () => {
    const answer = await admin.get('/api/owner/contributors');
    expect(answer.statusCode).toBe(200);
    const me = answer.json().contributors.find((row: { siteUserId: string }) => row.siteUserId === adminId);
    expect(me).toMatchObject({ role: 1, roleName: 'admin', status: 'accepted', you: true, since: expect.any(Number) });
    expect(answer.json().invitations).toEqual(expect.any(Array));
  });

  it('is for contributors:manage only (a website manager is refused, nobody signed in is 401)', async () => {
    const manager = await ownerVisitor(server, 'websiteManager');
    expect((await manager.get('/api/owner/contributors')).json()).toEqual({ message: OWNER_MESSAGES.notAllowed });
    expect((await manager.post('/api/owner/contributors/invitations', { email: 'x@example.com', role: 10 })).statusCode).toBe(403);
    expect((await (await browser()).get('/api/owner/contributors')).statusCode).toBe(401);
  });
});

describe('inviting', () => {
  it('mails a one-time link through the outbox (the configured address), lists the invitation, and the link gives the role', async () => {
    const answer = await admin.post('/api/owner/contributors/invitations', { email: ' Clerk@Example.com ', role: CONTRIBUTOR_ROLES.storeManager });
    expect(answer.statusCode, answer.body).toBe(201);
    const { invitation } = answer.json();
    expect(invitation).toMatchObject({ email: 'clerk@example.com', role: 8, roleName: 'storeManager', status: 'invited' });
    expect(invitation.expires - invitation.invited).toBe(7 * 86_400_000);

    const [mail] = await outboxFor('clerk@example.com');
    expect(mail).toMatchObject({ kind: 'transactional', template: 'contributor-invitation', status: 'pending', subject: 'You are invited to work on Vitrine Demo Store' });
    expect(mail!.text_body).toContain('as store manager');
    expect(mail!.html_body).toContain('href="https://shop.example.com/config/setup?token=');
    const token = tokenIn(mail!.text_body)!;
    // Only the token's hash is kept; the invitation's id is that hash.
    expect(JSON.stringify(answer.json())).not.toContain(token);

    const list = (await admin.get('/api/owner/contributors')).json();
    expect(list.invitations).toContainEqual(invitation);

    // The link works for that address only.
    const stranger = await browser();
    const wrong = await stranger.post('/api/owner/setup', { token, email: 'someone@example.com', password: 'whatever-1234' });
    expect(wrong.statusCode).toBe(400);
    const invitee = await browser();
    const accepted = await invitee.post('/api/owner/setup', { token, email: 'clerk@example.com', password: 'clerk-password-1' });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().owner).toMatchObject({ role: 8, roleName: 'storeManager' });

    const after = (await admin.get('/api/owner/contributors')).json();
    expect(after.invitations.map((row: { email: string }) => row.email)).not.toContain('clerk@example.com');
    expect(after.contributors).toContainEqual(expect.objectContaining({ email: 'clerk@example.com', role: 8, status: 'accepted', you: false }));
  });

  it('refuses a bad address in the panel\'s words, an unknown role, and someone already a contributor, mailing nothing', async () => {
    for (const email of ['not an email', '', 'a@b']) {
      const answer = await admin.post('/api/owner/contributors/invitations', { email, role: 10 });
      expect(answer.statusCode, email).toBe(400);
      expect(answer.json().errors).toEqual({ email: CONTRIBUTOR_MESSAGES.email });
    }
    const role = await admin.post('/api/owner/contributors/invitations', { email: 'ok@example.com', role: 5 });
    expect(role.statusCode).toBe(400);
    expect(Object.keys(role.json().errors)).toEqual(['role']);
    expect(await outboxFor('ok@example.com')).toEqual([]);

    const me = (await admin.get('/api/owner/me')).json().siteUser.email;
    const again = await admin.post('/api/owner/contributors/invitations', { email: me, role: 10 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CONTRIBUTOR_MESSAGES.alreadyContributor);
    expect(await outboxFor(me)).toEqual([]);
  });

  it('replaces a pending invitation to the same address (the first link stops working); a cancelled one stops working too', async () => {
    await admin.post('/api/owner/contributors/invitations', { email: 'twice@example.com', role: 10 });
    const second = (await admin.post('/api/owner/contributors/invitations', { email: 'twice@example.com', role: 4 })).json().invitation;
    const [first, latest] = await outboxFor('twice@example.com');
    const stale = await (await browser()).post('/api/owner/setup', { token: tokenIn(first!.text_body)!, email: 'twice@example.com', password: 'twice-password-1' });
    expect(stale.statusCode).toBe(400);
    const pending = (await admin.get('/api/owner/contributors')).json().invitations.filter((row: { email: string }) => row.email === 'twice@example.com');
    expect(pending).toEqual([second]);

    const cancel = await admin.delete(`/api/owner/contributors/invitations/${second.invitationId}`);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ cancelled: true });
    const used = await (await browser()).post('/api/owner/setup', { token: tokenIn(latest!.text_body)!, email: 'twice@example.com', password: 'twice-password-1' });
    expect(used.statusCode).toBe(400);
    expect((await admin.delete(`/api/owner/contributors/invitations/${second.invitationId}`)).statusCode).toBe(404);
    expect((await admin.delete('/api/owner/contributors/invitations/not-a-hash')).statusCode).toBe(400);
  });
});

describe('roles and removal', () => {
  it('changes a role (the contributor\'s next call has it) and removes a contributor (their next call is refused)', async () => {
    const { visitor, siteUserId } = await inviteAndAccept('editor@example.com', CONTRIBUTOR_ROLES.editor);
    expect((await visitor.get('/api/owner/orders')).statusCode).toBe(403);

    const changed = await admin.put(`/api/owner/contributors/${siteUserId}/role`, { role: CONTRIBUTOR_ROLES.storeManager });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().contributor).toMatchObject({ siteUserId, email: 'editor@example.com', role: 8, roleName: 'storeManager', you: false });
    expect((await visitor.get('/api/owner/orders')).statusCode).toBe(200);

    const removed = await admin.delete(`/api/owner/contributors/${siteUserId}`);
    expect(removed.json()).toEqual({ removed: true });
    expect((await visitor.get('/api/owner/orders')).json()).toEqual({ message: OWNER_MESSAGES.notContributor });
    expect((await admin.delete(`/api/owner/contributors/${siteUserId}`)).statusCode).toBe(404);
    expect((await admin.put(`/api/owner/contributors/${siteUserId}/role`, { role: 10 })).statusCode).toBe(404);
  });

  it('refuses changing your own role and removing yourself (409)', async () => {
    const own = await admin.put(`/api/owner/contributors/${adminId}/role`, { role: CONTRIBUTOR_ROLES.viewer });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(CONTRIBUTOR_MESSAGES.ownRole);
    const self = await admin.delete(`/api/owner/contributors/${adminId}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(CONTRIBUTOR_MESSAGES.removeSelf);
  });

  it('never leaves the website without an admin: the last admin cannot be demoted or removed, by another admin or by a key', async () => {
    const { visitor: second, siteUserId: secondId } = await inviteAndAccept('second-admin@example.com', CONTRIBUTOR_ROLES.admin);
    // Two admins: one may demote the other…
    const admins = async () => (await db().selectFrom('contributors').select('site_user_id').where('role', '=', 1).execute()).map((row) => row.site_user_id);
    // (other admins from ownerVisitor in this file are demoted first so the count is exact)
    for (const id of await admins()) {
      if (id !== adminId && id !== secondId) await admin.put(`/api/owner/contributors/${id}/role`, { role: 10 });
    }
    expect((await second.put(`/api/owner/contributors/${adminId}/role`, { role: CONTRIBUTOR_ROLES.viewer })).statusCode).toBe(200);
    expect(await admins()).toEqual([secondId]);
    // …and now the second one is the last: nobody can take that away, not even with an API key.
    const key = (await second.post('/api/owner/api-keys', { name: 'Contributors sync', scopes: ['contributors:manage'] })).json().secret;
    const withKey = (method: 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      server.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${key}` }, remoteAddress: '10.9.9.8' });
    const demote = await withKey('PUT', `/api/owner/contributors/${secondId}/role`, { role: CONTRIBUTOR_ROLES.viewer });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(CONTRIBUTOR_MESSAGES.lastAdmin);
    expect((await withKey('DELETE', `/api/owner/contributors/${secondId}`)).statusCode).toBe(409);
    // Making the first admin again through the key works; then the second may be demoted.
    expect((await withKey('PUT', `/api/owner/contributors/${adminId}/role`, { role: CONTRIBUTOR_ROLES.admin })).statusCode).toBe(200);
    expect((await withKey('PUT', `/api/owner/contributors/${secondId}/role`, { role: CONTRIBUTOR_ROLES.viewer })).statusCode).toBe(200);
    expect(await admins()).toEqual([adminId]);
  });

  it('two admins demoting each other at once: one wins, one admin remains', async () => {
    const { visitor: other, siteUserId: otherId } = await inviteAndAccept('racer@example.com', CONTRIBUTOR_ROLES.admin);
    const [a, b] = await Promise.all([
      admin.put(`/api/owner/contributors/${otherId}/role`, { role: CONTRIBUTOR_ROLES.viewer }),
      other.put(`/api/owner/contributors/${adminId}/role`, { role: CONTRIBUTOR_ROLES.viewer }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    // The loser is refused: by the last-admin rule, or because the winner's change already took its permission.
    expect([403, 409]).toContain(statuses[1]);
    const remaining = await db().selectFrom('contributors').select('site_user_id').where('role', '=', 1).execute();
    expect(remaining).toHaveLength(1);
    // Put things back for the tests that follow.
    const winner = remaining[0]!.site_user_id === adminId ? admin : other;
    if (winner === other) await other.put(`/api/owner/contributors/${adminId}/role`, { role: CONTRIBUTOR_ROLES.admin });
  });

  it('refuses bad bodies (unknown field, role as text) with field errors', async () => {
    const { siteUserId } = await inviteAndAccept('viewer@example.com', CONTRIBUTOR_ROLES.viewer);
    const text = await admin.put(`/api/owner/contributors/${siteUserId}/role`, { role: '1' });
    expect(text.statusCode).toBe(400);
    expect(Object.keys(text.json().errors)).toEqual(['role']);
    const extra = await admin.put(`/api/owner/contributors/${siteUserId}/role`, { role: 1, email: 'x@example.com' });
    expect(extra.statusCode).toBe(400);
  });
});
