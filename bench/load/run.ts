/**
 * A mixed shopper workload at rising concurrency, on PostgreSQL with two server processes, until p99 passes
 * 500 ms.
 *
 *   npm run bench:load                      # steps of 5, 10, 20, … 640 virtual shoppers, 20 s each
 *   npm run bench:load -- --quick           # 2 steps (5, 10) of 5 s: a check that everything works
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:54329/postgres npm run bench:load   # an existing server
 *
 * Two Vitrine processes (`packages/server/src/main.ts`, NODE_ENV=production) share one fresh PostgreSQL
 * database: a new database on TEST_DATABASE_URL's server, dropped afterwards, or a throw-away cluster
 * (scripts/throwaway-postgres.mjs). The first process migrates and seeds the demo store; the second starts once
 * the first is healthy. Before the run every stock-tracked variant gets 1,000,000 units, so that the demo store's
 * small stock does not turn checkouts into sold-out answers.
 *
 * Each virtual shopper repeats visits, each with a new cookie jar: the store page (which sets no cookie),
 * one to three product pages (taken from the store's `?format=json`), its crumb (GET /api/crumb, as the storefront
 * asks before its first change), one or two adds to the cart (with the crumb in X-CSRF-Token), the cart page, sometimes a quantity change or a removal, and for a share of visits a
 * checkout and its confirmation page. There is no think time: each shopper sends its next request as soon as the
 * last one is answered. Requests alternate between the two processes (round robin, in place of a load balancer),
 * over keep-alive connections, with X-Forwarded-For naming the shopper (the servers run with TRUST_PROXY=loopback, as
 * behind one load balancer). Everything goes to 127.0.0.1.
 *
 * An error is a network error, a time-out or a 5xx; a 4xx other than 409 (conflict, e.g. sold out) and 429
 * (rate limit) counts as an error too, reported on its own. Each step runs for a bounded time, and the run stops
 * after the first step whose p99 is over the limit. The sustained rate is the requests/s of the last step under
 * it. The script exits 1 when a step under the limit had errors (the target is none below saturation).
 *
 * Environment: LOAD_STEPS (comma-separated shopper counts), LOAD_STEP_SECONDS, LOAD_WARMUP_SECONDS,
 * LOAD_P99_LIMIT_MS (500), LOAD_CHECKOUT_SHARE (0.2 of visits), BENCH_SKIP_BUILD=1 (do not rebuild the islands),
 * BENCH_SERVER_NODE_ARGS (extra node flags for the servers, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { createEmptyPostgresDatabase } from '../../packages/server/src/db/testing';
import { ROOT, ensureIslandsBuilt, startScript, type RunningProcess } from '../page/support';

/** The demo store ships to the US (no tax rule for Oregon): an order of goods that ship names where they go. */
const SHIPPING_ADDRESS = { name: 'Test Shopper', line1: '1 Test Street', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };

const QUICK = process.argv.includes('--quick');

function numberFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name} must be a number from ${min} to ${max}`);
  return value;
}

const STEPS = (process.env.LOAD_STEPS ?? (QUICK ? '5,10' : '5,10,20,40,80,160,320,640'))
  .split(',')
  .map((s) => Number(s.trim()));
if (STEPS.length === 0 || STEPS.length > 20 || STEPS.some((n) => !Number.isInteger(n) || n < 1 || n > 2000)) {
  throw new Error('LOAD_STEPS must list 1 to 20 whole numbers of shoppers, each from 1 to 2000');
}
const STEP_SECONDS = numberFromEnv('LOAD_STEP_SECONDS', QUICK ? 5 : 20, 1, 600);
const WARMUP_SECONDS = numberFromEnv('LOAD_WARMUP_SECONDS', QUICK ? 3 : 10, 0, 600);
const P99_LIMIT_MS = numberFromEnv('LOAD_P99_LIMIT_MS', 500, 1, 60_000);
const CHECKOUT_SHARE = numberFromEnv('LOAD_CHECKOUT_SHARE', 0.2, 0, 1);
const SERVER_COUNT = 2;
const REQUEST_TIMEOUT_MS = 10_000;
/** A safety bound on the whole run, whatever the settings. */
const MAX_REQUESTS = 5_000_000;
const RAISED_STOCK = 1_000_000;
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

// ---------------------------------------------------------------------------------------------------------------
// HTTP over keep-alive agents, one per server process

interface Target {
  port: number;
  agent: http.Agent;
}

interface Answer {
  status: number;
  body: Buffer;
  setCookie: string[];
}

function send(target: Target, method: string, url: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: target.port, method, path: url, agent: target.agent, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), setCookie: response.headers['set-cookie'] ?? [] }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * A browser's cookies (what Set-Cookie said, minus what it expired), and the address the load balancer saw it
 * come from: each virtual shopper has its own, in the benchmarking range 198.18.0.0/15 (never contacted: it is
 * only written into X-Forwarded-For), so rate limits and connection caps count shoppers, not the load generator.
 */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(readonly address: string) {}

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  store(lines: string[]): void {
    for (const line of lines) {
      const [pair, ...attributes] = line.split(';');
      const equals = pair.indexOf('=');
      if (equals <= 0) continue;
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      const expired = attributes.some((a) => {
        const [key, v = ''] = a.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// What is measured

type Kind = 'store page' | 'product page' | 'crumb' | 'add to cart' | 'cart page' | 'change quantity' | 'remove entry' | 'checkout' | 'confirmation page';

interface StepStats {
  users: number;
  seconds: number;
  latencies: number[];
  byKind: Map<Kind, number[]>;
  /** 2xx answers. */
  ok: number;
  /** Network errors, time-outs and 5xx answers. */
  errors: number;
  /** 4xx answers other than 409 and 429. */
  clientErrors: number;
  conflicts: number;
  rateLimited: number;
  errorsByKind: Map<Kind, number>;
  samples: string[];
}

function newStats(users: number): StepStats {
  return {
    users, seconds: 0, latencies: [], byKind: new Map(), ok: 0, errors: 0, clientErrors: 0, conflicts: 0, rateLimited: 0,
    errorsByKind: new Map(), samples: [],
  };
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

let requestsSent = 0;

interface Product {
  id: string;
  url: string;
  skus: string[];
}

interface Run {
  targets: Target[];
  products: Product[];
  deadline: number;
  stats: StepStats | null;
  next: number;
  visits: number;
  orders: number;
}

class OutOfTime extends Error {}

/** One request of a visit: sent to the next process in turn, timed, counted, its cookies kept. */
async function call(run: Run, jar: CookieJar, kind: Kind, method: string, url: string, body?: unknown): Promise<Answer | null> {
  if (Date.now() >= run.deadline || requestsSent >= MAX_REQUESTS) throw new OutOfTime();
  requestsSent++;
  const target = run.targets[run.next++ % run.targets.length];
  const headers: Record<string, string> = { 'x-forwarded-for': jar.address };
  const cookie = jar.header();
  if (cookie) headers.cookie = cookie;
  const crumb = jar.get('crumb');
  if (method !== 'GET' && crumb) headers['x-csrf-token'] = crumb;
  const text = body === undefined ? undefined : JSON.stringify(body);
  if (text !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(text));
  }
  const started = performance.now();
  let answer: Answer | null = null;
  let failure: string | null = null;
  try {
    answer = await send(target, method, url, headers, text);
    jar.store(answer.setCookie);
  } catch (error) {
    failure = `network: ${(error as Error).message}`;
  }
  const ms = performance.now() - started;
  const stats = run.stats;
  if (stats) {
    stats.latencies.push(ms);
    let list = stats.byKind.get(kind);
    if (!list) stats.byKind.set(kind, (list = []));
    list.push(ms);
    const status = answer?.status ?? 0;
    let counted = false;
    if (failure !== null || status >= 500) {
      stats.errors++;
      counted = true;
    } else if (status >= 200 && status < 300) stats.ok++;
    else if (status === 409) stats.conflicts++;
    else if (status === 429) stats.rateLimited++;
    else if (status >= 400) {
      stats.clientErrors++;
      counted = true;
    }
    if (counted) {
      stats.errorsByKind.set(kind, (stats.errorsByKind.get(kind) ?? 0) + 1);
      if (stats.samples.length < 5) {
        stats.samples.push(`${kind} ${method} ${url} → ${failure ?? `${status} ${answer!.body.toString('utf8').slice(0, 160)}`}`);
      }
    }
  }
  return answer;
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];

function jsonOf(answer: Answer | null): any {
  if (!answer || answer.status >= 300) return undefined;
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** One shopper's visit, from the store page to (sometimes) a placed order. */
async function visit(run: Run, shopper: number): Promise<void> {
  const jar = new CookieJar(`198.18.${(shopper >> 8) & 255}.${shopper & 255}`);
  await call(run, jar, 'store page', 'GET', '/shop');
  const viewed: Product[] = [];
  for (let i = 1 + Math.floor(Math.random() * 3); i > 0; i--) {
    const product = pick(run.products);
    viewed.push(product);
    await call(run, jar, 'product page', 'GET', product.url);
  }
  let entryIds: string[] = [];
  await call(run, jar, 'crumb', 'GET', '/api/crumb');
  for (let i = 1 + Math.floor(Math.random() * 2); i > 0; i--) {
    const product = pick(viewed);
    const added = jsonOf(
      await call(run, jar, 'add to cart', 'POST', '/api/commerce/shopping-cart/entries', {
        itemId: product.id,
        sku: pick(product.skus),
        quantity: 1 + Math.floor(Math.random() * 2),
      }),
    );
    const entries = added?.shoppingCart?.entries;
    if (Array.isArray(entries)) entryIds = entries.map((e: { id: string }) => e.id);
  }
  await call(run, jar, 'cart page', 'GET', '/cart');
  if (entryIds.length > 0 && Math.random() < 0.3) {
    await call(run, jar, 'change quantity', 'PUT', `/api/commerce/shopping-cart/entries/${pick(entryIds)}/quantity`, {
      quantity: 1 + Math.floor(Math.random() * 3),
    });
  }
  if (entryIds.length > 1 && Math.random() < 0.3) {
    const removed = entryIds.pop()!;
    await call(run, jar, 'remove entry', 'DELETE', `/api/commerce/shopping-cart/entries/${removed}`);
  }
  if (entryIds.length > 0 && Math.random() < CHECKOUT_SHARE) {
    const placed = jsonOf(await call(run, jar, 'checkout', 'POST', '/api/commerce/orders', { email: `shopper${shopper}@example.com`, shippingAddress: SHIPPING_ADDRESS }));
    const orderId = placed?.order?.id;
    if (typeof orderId === 'string') {
      run.orders++;
      await call(run, jar, 'confirmation page', 'GET', `/checkout/order-confirmed?orderId=${encodeURIComponent(orderId)}`);
    }
  }
  run.visits++;
}

/** `users` shoppers visiting back to back for `seconds`; statistics when `record`. */
async function step(run: Run, users: number, seconds: number, record: boolean): Promise<StepStats> {
  const stats = newStats(users);
  run.stats = record ? stats : null;
  const started = performance.now();
  run.deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: users }, async (_, shopper) => {
      for (;;) {
        try {
          await visit(run, shopper);
        } catch (error) {
          if (error instanceof OutOfTime) return;
          throw error;
        }
      }
    }),
  );
  stats.seconds = (performance.now() - started) / 1000;
  stats.latencies.sort((a, b) => a - b);
  for (const list of stats.byKind.values()) list.sort((a, b) => a - b);
  run.stats = null;
  return stats;
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL and the two server processes

interface Database {
  url: string;
  close(): Promise<void> | void;
}

async function openDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const fresh = await createEmptyPostgresDatabase(serverUrl);
    return { url: fresh.url, close: () => fresh.drop() };
  }
  const started = spawnSync(process.execPath, ['scripts/throwaway-postgres.mjs', 'start'], { cwd: ROOT, encoding: 'utf8' });
  const url = /TEST_DATABASE_URL='([^']+)'/.exec(started.stdout ?? '')?.[1];
  const dir = /VITRINE_PG_DIR='([^']+)'/.exec(started.stdout ?? '')?.[1];
  if (started.status !== 0 || !url || !dir) {
    throw new Error(`could not start a throw-away PostgreSQL (set TEST_DATABASE_URL instead): ${started.stderr}`);
  }
  console.log(`Throw-away PostgreSQL cluster in ${dir} (fsync off).`);
  const fresh = await createEmptyPostgresDatabase(url);
  return {
    url: fresh.url,
    close: async () => {
      await fresh.drop();
      spawnSync(process.execPath, ['scripts/throwaway-postgres.mjs', 'stop', dir], { cwd: ROOT, stdio: 'inherit' });
    },
  };
}

async function waitHealthy(server: RunningProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(`${server.base}/api/health`);
      if (answer.ok) return;
    } catch {
      // not answering yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${server.base} did not become healthy within 120 s`);
}

async function startServer(databaseUrl: string): Promise<RunningProcess> {
  const server = await startScript(
    'packages/server/src/main.ts',
    {
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // One load balancer in front (this script, on loopback): the client is the X-Forwarded-For entry it writes.
      TRUST_PROXY: 'loopback',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      // Shoppers here have no think time, so each sends far more calls than a person would.
      RATE_LIMIT_MAX: '1000000000',
    },
    SERVER_NODE_ARGS,
  );
  await waitHealthy(server);
  return server;
}

async function raiseStock(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query('UPDATE variants SET qty_in_stock = $1 WHERE unlimited = false', [RAISED_STOCK]);
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * The products a shopper can put in the cart as is: from the store's `?format=json`, less subscriptions and
 * products with an additional-fields form (their own page's JSON says so; the store's list does not carry forms).
 */
async function storeProducts(base: string): Promise<Product[]> {
  interface ItemJson {
    id: string;
    fullUrl: string;
    structuredContent: { productType: number; isSubscribable?: boolean; additionalFieldsFormId?: string; variants?: { sku: string }[] };
  }
  const readJson = async (url: string) => {
    const answer = await fetch(`${base}${url}`);
    if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
    return answer.json();
  };
  const store = (await readJson('/shop?format=json')) as { items: ItemJson[] };
  const products: Product[] = [];
  for (const listed of store.items) {
    const { item } = (await readJson(`${listed.fullUrl}?format=json`)) as { item: ItemJson };
    const content = item.structuredContent;
    const addable = [1, 2, 4].includes(Number(content.productType)) && !content.isSubscribable && !content.additionalFieldsFormId;
    if (addable && content.variants?.length) products.push({ id: item.id, url: item.fullUrl, skus: content.variants.map((v) => v.sku) });
  }
  return products;
}

// ---------------------------------------------------------------------------------------------------------------

const ms = (value: number) => `${Math.round(value)} ms`;

function printStep(stats: StepStats): void {
  const l = stats.latencies;
  console.log(
    `| ${stats.users} | ${l.length} | ${Math.round(l.length / stats.seconds)} | ${ms(percentile(l, 0.5))} | ${ms(percentile(l, 0.95))} | ` +
    `${ms(percentile(l, 0.99))} | ${stats.errors} | ${stats.clientErrors} | ${stats.conflicts} | ${stats.rateLimited} |`,
  );
}

function printKinds(stats: StepStats): void {
  console.log('| request | share | p50 | p99 | errors |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [kind, list] of [...stats.byKind].sort((a, b) => b[1].length - a[1].length)) {
    const share = ((list.length / stats.latencies.length) * 100).toFixed(1);
    console.log(`| ${kind} | ${share} % | ${ms(percentile(list, 0.5))} | ${ms(percentile(list, 0.99))} | ${stats.errorsByKind.get(kind) ?? 0} |`);
  }
}

async function main(): Promise<void> {
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'packages'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim() !== '';
  ensureIslandsBuilt();

  const servers: RunningProcess[] = [];
  let database: Database | null = null;
  let cleaning: Promise<void> | null = null;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await database?.close();
    })());
  const onSignal = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    database = await openDatabase();
    servers.push(await startServer(database.url));
    const raised = await raiseStock(database.url);
    console.log(`Stock raised to ${RAISED_STOCK.toLocaleString('en')} on ${raised} stock-tracked variants.`);
    for (let i = 1; i < SERVER_COUNT; i++) servers.push(await startServer(database.url));
    const products = await storeProducts(servers[0].base);
    if (products.length === 0) throw new Error('the store lists no product a shopper can add to the cart');

    // Idle keep-alive connections are closed by this side after 4 s, before the server's own keep-alive timeout
    // (Node's 5 s default, 10 s in our connection limits): otherwise a connection the server is closing can be
    // picked for a request at that moment, which fails with 'socket hang up' (the keep-alive race that
    // browsers and load balancers answer by retrying; this script does not retry, and counts it).
    const agentOptions: http.AgentOptions = { keepAlive: true, timeout: 4_000 };
    const targets = servers.map((s) => ({ port: Number(new URL(s.base).port), agent: new http.Agent(agentOptions) }));
    const run: Run = { targets, products, deadline: 0, stats: null, next: 0, visits: 0, orders: 0 };

    const loadBefore = os.loadavg()[0];
    console.log(
      `\n${SERVER_COUNT} server processes (NODE_ENV=production) on one PostgreSQL database, ${products.length} products, ` +
      `steps of ${STEP_SECONDS} s after a ${WARMUP_SECONDS} s warm-up, p99 limit ${P99_LIMIT_MS} ms; ` +
      `${os.cpus().length} cores, Node ${process.version}, commit ${commit}${dirty ? ' with uncommitted changes under packages/' : ''}, ` +
      `load average ${loadBefore.toFixed(1)} before the run.\n`,
    );
    if (WARMUP_SECONDS > 0) await step(run, STEPS[0], WARMUP_SECONDS, false);

    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    console.log('| shoppers | requests | requests/s | p50 | p95 | p99 | errors (5xx, network) | other 4xx | 409 | 429 |');
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const done: StepStats[] = [];
    for (const users of STEPS) {
      const stats = await step(run, users, STEP_SECONDS, true);
      done.push(stats);
      printStep(stats);
      if (percentile(stats.latencies, 0.99) > P99_LIMIT_MS) break;
      const died = servers.find((s) => s.child.exitCode !== null || s.child.signalCode !== null);
      if (died) throw new Error(`a server process exited (${died.base}) during the run`);
      if (requestsSent >= MAX_REQUESTS) {
        console.log(`Stopped: the run reached its bound of ${MAX_REQUESTS} requests.`);
        break;
      }
    }

    const under = done.filter((s) => percentile(s.latencies, 0.99) <= P99_LIMIT_MS);
    const sustained = under.at(-1);
    const crossed = done.find((s) => percentile(s.latencies, 0.99) > P99_LIMIT_MS);
    const total = (pick: (s: StepStats) => number, list = done) => list.reduce((sum, s) => sum + pick(s), 0);
    const cpu = process.cpuUsage(cpuBefore);
    const cpuShare = (cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore);
    console.log(
      `\nLoad average ${os.loadavg()[0].toFixed(1)} after the run; ${run.visits} visits and ${run.orders} orders in all ` +
      `(warm-up included); this load generator ` +
      `used ${Math.round(cpuShare * 100)} % of one core during the measured steps.`,
    );
    if (sustained) {
      console.log(
        `Sustained: ${Math.round(sustained.latencies.length / sustained.seconds)} requests/s at ${sustained.users} shoppers ` +
        `(p99 ${ms(percentile(sustained.latencies, 0.99))}).`,
      );
      console.log(`\nRequests at ${sustained.users} shoppers:\n`);
      printKinds(sustained);
      console.log('');
    } else {
      console.log(`No step stayed under ${P99_LIMIT_MS} ms p99: no sustained rate.`);
    }
    if (crossed) console.log(`p99 passed ${P99_LIMIT_MS} ms at ${crossed.users} shoppers (${ms(percentile(crossed.latencies, 0.99))}).`);
    else console.log(`p99 stayed under ${P99_LIMIT_MS} ms up to ${done.at(-1)!.users} shoppers: saturation was not reached.`);
    console.log(
      `Errors: ${total((s) => s.errors)} (5xx, network, time-outs) and ${total((s) => s.clientErrors)} other 4xx in all; ` +
      `under the p99 limit ${total((s) => s.errors, under)} and ${total((s) => s.clientErrors, under)}. ` +
      `409: ${total((s) => s.conflicts)}, 429: ${total((s) => s.rateLimited)}; ` +
      `2xx: ${total((s) => s.ok)} of ${total((s) => s.latencies.length)} answers.`,
    );
    const samples = done.flatMap((s) => s.samples).slice(0, 5);
    if (samples.length) console.log(`First errors:\n  ${samples.join('\n  ')}`);
    for (const target of targets) target.agent.destroy();
    if (total((s) => s.errors + s.clientErrors, under) > 0) process.exitCode = 1;
  } finally {
    await cleanUp();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
