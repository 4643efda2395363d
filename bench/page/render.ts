/**
 * Server render of a product page, database included, beside a bare Fastify JSON route in one run.
 *
 *   node --import tsx bench/page/render.ts          # PGlite; PostgreSQL too when TEST_DATABASE_URL is set
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:54329/postgres node --import tsx bench/page/render.ts
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=20 BENCH_PRODUCT_PATH=/shop/p/gift-card node --import tsx bench/page/render.ts
 *
 * Every server runs in its own process, autocannon in this one, so on 2 cores the server has a core
 * to itself. Each target first gets a 10 s warm-up run (not counted): a fresh server's page throughput
 * keeps climbing for 5–10 s under load (V8 and PGlite's WebAssembly warming up), so the figures are of a
 * warm server.
 * Three runs per database: a new visitor (no cookies; the page sets none) answered from the server's page cache
 * (page-cache/, the default), the same visitor with the cache off (PAGE_CACHE_MAX_BYTES=0: the uncached render), and
 * a returning visitor with a cart (crumb, its key and CART cookies: the page reads the cart and is never cached). On PostgreSQL a fresh database is created
 * on the given server, migrated and seeded, and dropped afterwards. The server inherits NODE_ENV:
 * run with NODE_ENV=production to measure React's production build, as a deployment would.
 */
import { openTestDatabase } from '../../packages/server/src/db/testing';
import { measure, reportAgainstFirst, type Figures } from './measure';
import { PRODUCT_PATH, ensureIslandsBuilt, startScript, startVitrine, type RunningProcess } from './support';

/** The cookies (name=value) an answer sets, by name; a later one of the same name wins. */
function cookiesSet(response: Response): Map<string, string> {
  const set = new Map<string, string>();
  for (const header of response.headers.getSetCookie()) {
    const [pair = ''] = header.split(';');
    const eq = pair.indexOf('=');
    if (eq > 0) set.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return set;
}

/** Cookies of a returning visitor: its crumb (asked for, as the storefront does), and a cart holding the measured product's first variant. */
async function returningVisitorCookie(base: string): Promise<string> {
  const page = await fetch(`${base}${PRODUCT_PATH}?format=json`);
  if (!page.ok) throw new Error(`${PRODUCT_PATH}?format=json answered ${page.status}`);
  const { item } = (await page.json()) as { item: { id: string; structuredContent: { variants: { sku: string }[] } } };
  const asked = await fetch(`${base}/api/crumb`);
  if (!asked.ok) throw new Error(`/api/crumb answered ${asked.status}`);
  const jar = cookiesSet(asked);
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const added = await fetch(`${base}/api/commerce/shopping-cart/entries`, {
    method: 'POST',
    headers: { cookie: header(), 'x-csrf-token': jar.get('crumb') ?? '', 'content-type': 'application/json' },
    body: JSON.stringify({ itemId: item.id, sku: item.structuredContent.variants[0].sku, quantity: 1 }),
  });
  if (added.status !== 200) throw new Error(`add-to-cart answered ${added.status}: ${await added.text()}`);
  for (const [name, value] of cookiesSet(added)) jar.set(name, value);
  if (!jar.has('CART')) throw new Error('add-to-cart set no CART cookie');
  return header();
}

async function benchProductPage(database: string, start: (env: Record<string, string>) => Promise<RunningProcess>): Promise<Figures[]> {
  const figures: Figures[] = [];
  for (const cached of [true, false]) {
    const server = await start(cached ? {} : { PAGE_CACHE_MAX_BYTES: '0' });
    try {
      const url = `${server.base}${PRODUCT_PATH}`;
      const probe = await fetch(url);
      const html = await probe.text();
      if (probe.status !== 200) throw new Error(`${PRODUCT_PATH} answered ${probe.status}`);
      if (!html.includes('data-island')) console.log(`Note: ${PRODUCT_PATH} on ${database} carries no data-island yet (plain server HTML).`);
      if (cached) {
        if ((await fetch(url)).headers.get('x-vitrine-page-cache') !== 'hit') throw new Error(`${PRODUCT_PATH} was not kept by the page cache`);
        figures.push(await measure(`product page, new visitor, page cache hit, ${database}`, { url }));
      } else {
        const cookie = await returningVisitorCookie(server.base);
        figures.push(await measure(`product page, new visitor, uncached, ${database}`, { url }));
        figures.push(await measure(`product page, visitor with a cart, ${database}`, { url, headers: { cookie } }));
      }
    } finally {
      await server.stop();
    }
  }
  return figures;
}

async function main(): Promise<void> {
  ensureIslandsBuilt();
  const results: Figures[] = [];

  const bare = await startScript('bench/page/bare-server.ts', {});
  try {
    results.push(await measure('bare Fastify GET JSON route', { url: `${bare.base}/json` }));
  } finally {
    await bare.stop();
  }

  results.push(...(await benchProductPage('PGlite', (env) => startVitrine(env))));

  if (process.env.TEST_DATABASE_URL) {
    const database = await openTestDatabase();
    try {
      // The server process gets the fresh database; this process only keeps it for dropping afterwards.
      results.push(...(await benchProductPage('PostgreSQL', (env) => startVitrine({ DATABASE_URL: database.url!, ...env }))));
    } finally {
      await database.close();
    }
  } else {
    console.log('PostgreSQL skipped: set TEST_DATABASE_URL to a server where databases may be created.');
  }

  reportAgainstFirst(PRODUCT_PATH, results);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
