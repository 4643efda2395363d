// databases: both — a second process sees a change through its cache version check
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, stopServerProcess, HttpVisitor, type ServerProcess } from '../reliability/server-process';
import { openTestServer, ownerVisitor, type TestServer } from '../testing';
import { findDefaultWebsite } from '../websites';
import { CHROME_FRESH_MS } from './site-chrome';

/*
 * The settings an owner changes reach a server process that did not make the change, without a restart:
 * commerce preferences within WEBSITE_FRESH_MS, the header and navigation within CHROME_FRESH_MS.
 * Needs PostgreSQL (two processes cannot share PGlite).
 */
const serverUrl = process.env.TEST_DATABASE_URL;

/** Asks until `check` holds, and answers how long that took. */
async function timeUntil(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not seen within ${limitMs} ms`);
}

describe.skipIf(!serverUrl)('another server process sees the owner\'s changes', () => {
  let server: TestServer;
  let other: ServerProcess | undefined;
  beforeAll(async () => {
    server = await openTestServer();
    other = await startServerProcess({ env: { DATABASE_URL: server.database.url! }, timeoutMs: 60_000 });
  }, 90_000);
  afterAll(async () => {
    await stopServerProcess(other);
    await server?.close();
  });

  it('commerce preferences within about half a second, header and navigation within about a second', async () => {
    const website = (await findDefaultWebsite(server.database.db))!;
    const shopper = new HttpVisitor();
    const settingsOf = async () => (await shopper.call(other!.base, 'GET', '/cart?format=json')).body.websiteSettings.storeSettings;
    expect((await settingsOf()).minimumOrderSubtotalCents).toBeNull();
    const owner = await ownerVisitor(server, 'admin');
    expect((await owner.put(`/api/v1/commerce-preferences/${website.id}`, { minimumOrderSubtotalCents: 4200 })).statusCode).toBe(200);
    expect(await timeUntil(async () => (await settingsOf()).minimumOrderSubtotalCents === 4200, 3000)).toBeLessThan(1500);

    const page = async () => (await shopper.call(other!.base, 'GET', '/')).text;
    await owner.put('/api/site-header-footer', { header: '<p>From another process</p>', footer: '' });
    await owner.post('/api/widget/UpdateNavigation', { fieldName: 'mainNav', navigation: { items: [{ title: 'Journal', externalLink: '/journal' }] } });
    const seen = await timeUntil(async () => {
      const html = await page();
      return html.includes('<p>From another process</p>') && html.includes('>Journal</a>');
    }, 5000);
    expect(seen).toBeLessThan(CHROME_FRESH_MS + 1000);
  });
});
