// databases: one — the HTTP edge's answers, not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_QUERY_KEYS } from '../app';
import { openTestServer, type TestServer } from '../testing';

// Storefront spec §9: the query-string parser reads at most 1000 keys; the rest are ignored, not an error.
describe('query strings', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const junk = (count: number) => Array.from({ length: count }, (_, index) => `k${index}=v`).join('&');

  it(`reads the first ${MAX_QUERY_KEYS} keys and ignores the rest`, async () => {
    expect(MAX_QUERY_KEYS).toBe(1000);
    const within = await server.app.inject({ url: `/cart?${junk(MAX_QUERY_KEYS - 1)}&format=json` });
    expect(within.headers['content-type']).toMatch(/^application\/json/);
    const beyond = await server.app.inject({ url: `/cart?${junk(MAX_QUERY_KEYS)}&format=json` });
    expect(beyond.statusCode).toBe(200);
    expect(beyond.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answers a call with 5,000 keys normally', async () => {
    const response = await server.app.inject({ url: `/api/commerce/shopping-cart?${junk(5000)}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe('');
  });
});
