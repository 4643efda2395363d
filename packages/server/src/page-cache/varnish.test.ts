// databases: both — Varnish (deploy/varnish.vcl) in front of two server processes on one PostgreSQL (skipped on the embedded database: one process owns its data directory)
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTOR_ROLES } from '@vitrine/contracts';
import { systemActor } from '../actor';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { freePort } from '../free-port';
import { createSetupLink } from '../owner';
import { HttpVisitor, startServerProcess, stopServerProcess, type ServerProcess } from '../reliability/server-process';
import { demoProductId } from '../testing';
import { findDefaultWebsite } from '../websites';

const VARNISHD = '/usr/sbin/varnishd';
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const haveVarnish = existsSync(VARNISHD);
if (!haveVarnish) console.info(`varnish.test.ts: skipped, ${VARNISHD} is missing (apt-get install -y varnish).`);
if (!postgres) console.info('varnish.test.ts: skipped on the embedded database: it runs two server processes on PostgreSQL (TEST_DATABASE_URL).');

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const VASE_JSON = '/shop/p/ceramic-vase?format=json';
const OWNER = { email: 'varnish-owner@example.com', password: 'correct horse battery staple' };

async function startVarnish(backendPort: number, port: number, workDir: string): Promise<ChildProcess> {
  const vcl = readFileSync(path.join(REPO_ROOT, 'deploy/varnish.vcl'), 'utf8').replace('.port = "3000";', `.port = "${backendPort}";`);
  const vclPath = path.join(workDir, 'vitrine.vcl');
  writeFileSync(vclPath, vcl);
  // varnishd started as root reads its files as its own user (vcache): the test's folder is opened to it.
  chmodSync(workDir, 0o755);
  chmodSync(vclPath, 0o644);
  const child = spawn(VARNISHD, ['-F', '-n', path.join(workDir, 'varnish'), '-a', `127.0.0.1:${port}`, '-f', vclPath, '-s', 'malloc,32m', '-T', 'none'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`varnishd exited: ${output.join('')}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`varnishd did not answer: ${output.join('')}`);
}

describe.skipIf(!postgres || !haveVarnish)('Varnish in front of Vitrine (issue 35 item 5)', () => {
  let database: TestDatabase;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let varnish: ChildProcess | undefined;
  let cdn: string;
  let workDir: string;
  let owner: HttpVisitor;

  beforeAll(async () => {
    database = await openTestDatabase();
    workDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-varnish-'));
    const varnishPort = await freePort();
    cdn = `http://127.0.0.1:${varnishPort}`;
    const env = { DATABASE_URL: database.url!, CDN_PURGE_URL: `${cdn}/` };
    [a, b] = await Promise.all([startServerProcess({ env, timeoutMs: 60_000 }), startServerProcess({ env, timeoutMs: 60_000 })]);
    varnish = await startVarnish(a.port, varnishPort, workDir);
    const website = (await findDefaultWebsite(database.db))!;
    const { token } = await createSetupLink(database.db, website, systemActor('test'), { role: CONTRIBUTOR_ROLES.admin, email: OWNER.email });
    owner = new HttpVisitor();
    const created = await owner.call(a.base, 'POST', '/api/owner/setup', { token, ...OWNER });
    expect(created.status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    varnish?.kill('SIGTERM');
    await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
    await database?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  const through = async (base: string, url: string, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${base}${url}`, { headers });
    return { status: answer.status, cache: answer.headers.get('x-cache'), body: await answer.text() };
  };
  const priceIn = (body: string) => JSON.parse(body).item.structuredContent.variants[0].priceMoney.value as string;

  async function changeVasePrice(): Promise<string> {
    const vase = (await owner.call(a!.base, 'GET', `/api/owner/products/${demoProductId('ceramic-vase')}`)).body.product;
    const priceCents = Number(vase.variants[0].priceCents) + 100;
    const saved = await owner.call(a!.base, 'PUT', `/api/owner/products/${vase.id}`, { productType: 1, title: vase.title, tags: vase.tags, variants: [{ id: vase.variants[0].id, sku: 'VASE', priceCents }] });
    expect(saved.status).toBe(200);
    return (priceCents / 100).toFixed(2);
  }

  it("keeps an anonymous page, and shows an owner's price change within a second", async () => {
    await through(cdn, VASE_JSON);
    const kept = await through(cdn, VASE_JSON);
    expect(kept.cache).toBe('HIT');
    const shown = await changeVasePrice();
    const saved = Date.now();
    let seen = priceIn((await through(cdn, VASE_JSON)).body);
    while (seen !== shown && Date.now() - saved < 3_000) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      seen = priceIn((await through(cdn, VASE_JSON)).body);
    }
    expect(seen).toBe(shown);
    expect(Date.now() - saved).toBeLessThan(1_000);
  });

  it('another process never answers the old price after the save (its own page cache heard the change)', async () => {
    await through(b!.base, VASE_JSON);
    const shown = await changeVasePrice();
    const saved = Date.now();
    let seen = priceIn((await through(b!.base, VASE_JSON)).body);
    while (seen !== shown && Date.now() - saved < 3_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen = priceIn((await through(b!.base, VASE_JSON)).body);
    }
    expect(seen).toBe(shown);
    expect(Date.now() - saved).toBeLessThan(1_000);
  });

  it("never keeps a shopper's cart, nor serves one shopper's page to another", async () => {
    const shopper = new HttpVisitor();
    await shopper.visit(cdn, '/shop');
    const added = await shopper.call(cdn, 'POST', '/api/commerce/shopping-cart/entries', { itemId: demoProductId('photography-ebook'), quantity: 1 });
    expect(added.status).toBe(200);
    const cookie = shopper.cookieHeader();
    for (let attempt = 0; attempt < 2; attempt++) {
      const cart = await through(cdn, '/cart', { cookie });
      expect(cart.cache).toBe('MISS');
      expect(cart.body).toContain('Photography E-book');
    }
    // Another visitor's cart page is theirs: empty, and never the first shopper's.
    const other = await through(cdn, '/cart');
    expect(other.cache).toBe('MISS');
    expect(other.body).not.toContain('Photography E-book');
    // The shopper's shop page (cart cookie) is passed too.
    expect((await through(cdn, '/shop', { cookie })).cache).toBe('MISS');
  });

  it('keeps at most three copies of a picture: browsers that take AVIF share one, a WebP one and an older one get theirs', async () => {
    const vase = (await owner.call(a!.base, 'GET', `/api/owner/products/${demoProductId('ceramic-vase')}`)).body.product;
    const url = `${vase.images[0].assetUrl}?format=500w`;
    const picture = async (accept: string | undefined, headers: Record<string, string> = {}) => {
      const answer = await fetch(`${cdn}${url}`, { headers: { ...(accept === undefined ? {} : { accept }), ...headers } });
      return { status: answer.status, type: answer.headers.get('content-type'), cache: answer.headers.get('x-cache'), bytes: Buffer.from(await answer.arrayBuffer()) };
    };
    // Chrome's and Firefox's picture Accept strings differ; both take AVIF: one copy, fetched once.
    const chrome = await picture('image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8');
    expect([chrome.status, chrome.type, chrome.cache]).toEqual([200, 'image/avif', 'MISS']);
    const firefox = await picture('image/avif,image/webp,*/*');
    expect([firefox.status, firefox.type, firefox.cache]).toEqual([200, 'image/avif', 'HIT']);
    expect(firefox.bytes.equals(chrome.bytes)).toBe(true);
    // A browser with a cart cookie gets the same shared copy (a picture is nobody's).
    expect((await picture('image/avif,*/*', { cookie: 'CART=someone' })).cache).toBe('HIT');

    // A browser without AVIF (an older Safari; one that turns AVIF off with q=0) gets the WebP copy, kept once.
    const safari = await picture('image/webp,image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5');
    expect([safari.status, safari.type, safari.cache]).toEqual([200, 'image/webp', 'MISS']);
    const noAvif = await picture('image/avif;q=0,image/webp,*/*');
    expect([noAvif.type, noAvif.cache]).toEqual(['image/webp', 'HIT']);

    // Neither: the original's format, a third copy shared by every such browser.
    const older = await picture('image/png,image/*;q=0.8,*/*;q=0.5');
    expect(older.status).toBe(200);
    expect(['image/jpeg', 'image/png']).toContain(older.type);
    expect(older.cache).toBe('MISS');
    const none = await picture(undefined);
    expect([none.type, none.cache]).toEqual([older.type, 'HIT']);
    expect(none.bytes.equals(older.bytes)).toBe(true);
  });

  it('leaves a page alone whatever its Accept: pages are one copy, not split by Accept', async () => {
    const page = '/shop/p/ceramic-vase';
    await through(cdn, page, { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8' });
    // Another browser's page Accept (a different string, no AVIF) finds the same copy: nothing split it by Accept.
    const other = await through(cdn, page, { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' });
    expect(other.status).toBe(200);
    expect(other.cache).toBe('HIT');
  });
});
