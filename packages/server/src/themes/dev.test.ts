// databases: one — no query of its own: which routes and script a normal server has
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestServer, TestVisitor, type TestServer } from '../testing';
import { THEME_DEV_EVENTS_PATH, THEME_DEV_SCRIPT_PATH } from './dev';

// `npm run theme -- dev` alone links the reload script and answers its stream (e2e/theme-dev.test.ts); a server
// started normally gives storefront pages nothing of it.
let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
}, 60_000);
afterAll(() => server?.close());

it('links no reload script and has no dev routes outside dev mode', async () => {
  const home = await new TestVisitor(server.app).get('/');
  expect(home.statusCode).toBe(200);
  expect(home.body).not.toContain('__theme-dev');
  expect((await server.app.inject({ method: 'GET', url: THEME_DEV_SCRIPT_PATH })).statusCode).toBe(404);
  expect((await server.app.inject({ method: 'GET', url: THEME_DEV_EVENTS_PATH })).statusCode).toBe(404);
});
