// databases: one — which changes purge the CDN is decided in the HTTP layer, not in SQL
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PUBLISHABLE_KEY_HEADER } from '@vitrine/contracts';
import { RenderedPageCache, type CdnPurger } from '../page-cache';
import { demoProductId, openTestServer, ownerVisitor, type TestServer, type TestVisitor } from '../testing';

// A CDN in front (CDN_PURGE_URL) keeps headless reads as it keeps pages: the purge that follows a change of the
// website (page-cache/routes.ts) names `w-{websiteId}`, the first surrogate key of every read.
const purged: string[] = [];
const cdn: CdnPurger = { purgeWebsite: async (websiteId) => void purged.push(websiteId) };
let server: TestServer;
let owner: TestVisitor;
let key: string;
let websiteId: string;
beforeAll(async () => {
  server = await openTestServer({ pageCache: { cache: new RenderedPageCache({ maxBytes: 1024 * 1024, maxAgeMs: 60_000 }), cdn } });
  owner = await ownerVisitor(server, 'admin');
  key = (await owner.post('/api/owner/headless/keys', { name: 'Frontend' })).json().key.key;
  websiteId = (await server.database.db.selectFrom('websites').select('id').executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(() => server?.close());

const read = (url: string) => server.app.inject({ method: 'GET', url, headers: { [PUBLISHABLE_KEY_HEADER]: key } });

it('purges the website at the CDN when the owner changes a product a read showed, and not on reads', async () => {
  const before = await read('/api/headless/v1/products/vintage-lamp');
  expect(before.statusCode).toBe(200);
  expect(String(before.headers['surrogate-key']).split(' ')[0]).toBe(`w-${websiteId}`);
  purged.length = 0;
  await read('/api/headless/v1/products');
  await read('/api/headless/v1/search?q=lamp');
  expect(purged).toEqual([]);

  const archived = await owner.post(`/api/owner/products/${demoProductId('vintage-lamp')}/archive`, {});
  expect(archived.statusCode, archived.body).toBe(200);
  expect(purged).toEqual([websiteId]);
  expect((await read('/api/headless/v1/products/vintage-lamp')).statusCode).toBe(404);
});

it('purges when the allowed origins change (a kept read carries the old Access-Control-Allow-Origin) and when a key is revoked', async () => {
  purged.length = 0;
  expect((await owner.put('/api/owner/headless/origins', { origins: ['https://frontend.example.test'] })).statusCode).toBe(200);
  expect(purged).toEqual([websiteId]);
  const made = await owner.post('/api/owner/headless/keys', { name: 'Short-lived' });
  purged.length = 0;
  expect((await owner.delete(`/api/owner/headless/keys/${made.json().key.id}`)).statusCode).toBe(200);
  expect(purged).toEqual([websiteId]);
});
