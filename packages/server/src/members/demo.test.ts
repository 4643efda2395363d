// databases: one — the pages and answers; membership races are proven by members.test.ts on both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WEBSITE } from '../catalog';
import { DEMO_COURSE } from '../courses';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import { DEMO_MEMBER_AREA } from './demo';

/** The demo's member area: "Members", free, gating the demo course; a visitor signs up, joins and sees it. */

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('the demo member area', () => {
  it('is "Members", free, gating the course page', async () => {
    const admin = await ownerVisitor(server, 'admin');
    const areas = (await admin.get('/api/owner/member-areas')).json().memberAreas;
    expect(areas).toEqual([expect.objectContaining({
      id: DEMO_MEMBER_AREA.id(DEMO_WEBSITE.identifier), name: 'Members', access: 'free', joinButtonText: 'Join for free',
      pages: [{ id: DEMO_COURSE.pageId(DEMO_WEBSITE.identifier), title: 'Pottery basics', kind: 'course', url: '/pottery-basics' }],
      activeMemberCount: 0,
    })]);
  });

  it('a visitor meets the access-denied page, signs up, joins and opens the course', async () => {
    const visitor = new TestVisitor(server.app);
    const denied = await visitor.get('/pottery-basics');
    expect(denied.statusCode).toBe(403);
    expect(denied.body).toContain('<h2 id="member-area-');
    expect(denied.body).toContain('Members</h2>');
    expect(denied.body).toContain('Join for free');
    await visitor.post('/api/site-users/account', { email: 'demo-member@example.com', password: 'password-123' });
    const joined = await visitor.post(`/api/members/areas/${DEMO_MEMBER_AREA.id(DEMO_WEBSITE.identifier)}/join`);
    expect(joined.json().status).toBe('joined');
    expect((await visitor.get('/pottery-basics')).statusCode).toBe(200);
  });
});
