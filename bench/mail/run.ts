/**
 * Mail delivered per second from the outbox to a loopback SMTP server, with one and with two worker
 * processes on PostgreSQL, beside nodemailer sending the same messages straight to it in a loop (the
 * ceiling), in one run.
 *
 *   npm run bench:mail                                   # a throw-away PostgreSQL cluster, 2 rounds
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:54329/postgres npm run bench:mail   # an existing server
 *   BENCH_WORKER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench:mail      # profile the workers
 *
 * Two series, each with its own ceiling: the server's SMTP transport as it is (nodemailer opens a new
 * connection for each message), and one SMTP connection kept open per sending process (a nodemailer pool of
 * one), which shows what the outbox itself costs once connecting is out of the way. In each: nodemailer
 * direct in 1 process (the ceiling), the outbox with 1 and with 2 worker processes, nodemailer direct in 2
 * processes.
 *
 * A fresh database (demo store seeded, for its website) on TEST_DATABASE_URL's server, dropped afterwards, or
 * on a throw-away cluster (scripts/throwaway-postgres.mjs). The SMTP server (smtp-server, as in
 * packages/server/src/mail/test-smtp.ts) runs in this process and counts what it receives; everything that
 * sends runs in its own child process. Before each run the outbox is emptied and refilled with rendered
 * restock notices (marketing mail, unsubscribe header), through enqueueMail. A run's clock starts when its
 * processes, already started and connected, are told to go, and stops when the SMTP server has received the
 * last message. After a worker run every row must be 'sent' and every Message-ID received exactly once, or
 * the script fails.
 *
 * Environment: BENCH_MAIL_MESSAGES (messages a run over kept connections, 3,000), BENCH_MAIL_NEW_CONNECTION_MESSAGES
 * (a run with a connection per message, 200), BENCH_MAIL_ROUNDS (2), BENCH_MAIL_ONLY (`kept` or `new`: one
 * series), BENCH_WORKER_NODE_ARGS (node flags for the worker processes).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { openTestDatabase, type TestDatabase } from '../../packages/server/src/db/testing';
import type { Database, Website } from '../../packages/server/src/db/schema';
import { enqueueMail, renderMail, unsubscribeHeaders, unsubscribeUrl, UnsubscribeTokens } from '../../packages/server/src/mail';
import { findDefaultWebsite } from '../../packages/server/src/websites';
import type { FromChild, ToChild } from './child';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const KEPT_MESSAGES = Number(process.env.BENCH_MAIL_MESSAGES ?? 3000);
const NEW_CONNECTION_MESSAGES = Number(process.env.BENCH_MAIL_NEW_CONNECTION_MESSAGES ?? 200);
const ROUNDS = Number(process.env.BENCH_MAIL_ROUNDS ?? 2);
const WORKER_NODE_ARGS = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** A run that has not received every message by then has failed (a stuck worker must not hang the script). */
const runTimeoutMs = (messages: number) => Math.max(120_000, messages * 300);

interface Series {
  title: string;
  /** One SMTP connection kept open per sending process, instead of one per message. */
  kept: boolean;
  messages: number;
}

const ONLY = process.env.BENCH_MAIL_ONLY;
const SERIES: Series[] = [
  { title: 'a new SMTP connection per message (the server\'s transport as it is)', kept: false, messages: NEW_CONNECTION_MESSAGES },
  { title: 'one SMTP connection kept open per process', kept: true, messages: KEPT_MESSAGES },
].filter((series) => !ONLY || (ONLY === 'kept') === series.kept);

// ---------------------------------------------------------------------------------------------------------------
// The loopback SMTP server: counts the messages and their Message-IDs

class SmtpSink {
  received = 0;
  readonly messageIds = new Map<string, number>();
  #waiting: { count: number; resolve: () => void } | undefined;

  readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Many short connections (nodemailer opens one per message unless pooled).
    maxClients: 1000,
    // The client's reverse DNS name is the receiving server's business and depends on this machine's
    // resolver: left out. (smtp-server still waits 100 ms before its greeting, to catch clients that talk
    // too early; it cannot be turned off, so each new connection costs at least that.)
    disableReverseLookup: true,
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const head = Buffer.concat(chunks).toString('utf8', 0, 4096);
        const messageId = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? '(none)';
        this.messageIds.set(messageId, (this.messageIds.get(messageId) ?? 0) + 1);
        this.received += 1;
        if (this.#waiting && this.received >= this.#waiting.count) this.#waiting.resolve();
        callback();
      });
    },
  });

  async listen(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server.server, 'listening');
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  reset(): void {
    this.received = 0;
    this.messageIds.clear();
  }

  /** Resolves once `count` messages have arrived since the last reset. */
  receivedAll(count: number): Promise<void> {
    if (this.received >= count) return Promise.resolve();
    return new Promise((resolve) => (this.#waiting = { count, resolve }));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Child processes

interface Child {
  process: ChildProcess;
  next(type: FromChild['type']): Promise<FromChild>;
  send(message: ToChild): void;
  exited: Promise<unknown>;
}

function startChild(script: string, env: Record<string, string>, nodeArgs: string[] = []): Child {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const inbox: FromChild[] = [];
  const waiting: Array<{ type: FromChild['type']; resolve: (message: FromChild) => void; reject: (error: Error) => void }> = [];
  const exited = once(child, 'exit');
  const deliver = () => {
    for (const wait of [...waiting]) {
      const failed = inbox.find((message) => message.type === 'failed');
      if (failed && failed.type === 'failed') {
        wait.reject(new Error(`${script} failed: ${failed.error}`));
        waiting.splice(waiting.indexOf(wait), 1);
        continue;
      }
      const position = inbox.findIndex((message) => message.type === wait.type);
      if (position >= 0) {
        wait.resolve(inbox.splice(position, 1)[0]!);
        waiting.splice(waiting.indexOf(wait), 1);
      }
    }
  };
  child.on('message', (message: FromChild) => {
    inbox.push(message);
    deliver();
  });
  child.on('exit', (code) => {
    for (const wait of waiting.splice(0)) wait.reject(new Error(`${script} exited with ${code} while waiting for '${wait.type}'`));
  });
  return {
    process: child,
    exited,
    send: (message) => child.send(message),
    next: (type) =>
      new Promise((resolve, reject) => {
        waiting.push({ type, resolve, reject });
        deliver();
      }),
  };
}

async function stopChildren(children: Child[]): Promise<void> {
  for (const child of children) if (child.process.exitCode === null && child.process.connected) child.send({ type: 'stop' });
  const killer = setTimeout(() => children.forEach((child) => child.process.kill('SIGKILL')), 15_000);
  await Promise.all(children.map((child) => (child.process.exitCode === null ? child.exited : undefined)));
  clearTimeout(killer);
}

// ---------------------------------------------------------------------------------------------------------------
// The outbox

/** Empties the outbox and writes `count` rendered restock notices to it, as sendRestockNotices does. */
async function fillOutbox(db: Kysely<Database>, website: Website, count: number): Promise<void> {
  await db.deleteFrom('mail_outbox').execute();
  await sql`VACUUM ANALYZE mail_outbox`.execute(db);
  const tokens = new UnsubscribeTokens('bench-mail');
  const productUrl = 'https://shop.example.com/shop/p/linen-shirt?sku=SHIRT-M-NAVY';
  for (let start = 0; start < count; start += 500) {
    await db.transaction().execute(async (trx) => {
      for (let index = start; index < Math.min(count, start + 500); index++) {
        const to = `shopper-${index}@example.com`;
        const unsubscribe = unsubscribeUrl('https://shop.example.com', tokens.issue(website.id, to));
        const rendered = renderMail('restock-notice', website, { productTitle: 'Linen Shirt', variantLabel: 'M / Navy', productUrl }, { publicUrl: 'https://shop.example.com', unsubscribeUrl: unsubscribe });
        await enqueueMail(trx, website, 'shop@example.com', { kind: 'marketing', template: 'restock-notice', to, headers: unsubscribeHeaders(unsubscribe), ...rendered });
      }
    });
  }
}

async function outboxStatuses(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await db.selectFrom('mail_outbox').select(['status', db.fn.countAll<number>().as('n')]).groupBy('status').execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

// ---------------------------------------------------------------------------------------------------------------
// Runs

interface RunResult {
  name: string;
  processes: number;
  seconds: number;
  perSecond: number;
}

interface Bench {
  db: Kysely<Database>;
  databaseUrl: string;
  website: Website;
  sink: SmtpSink;
  smtpUrl: string;
}

/** Starts `children`, waits until each is ready, says go, and times until the sink has every message. */
async function timedRun(bench: Bench, name: string, messages: number, children: Child[], check: () => Promise<void>): Promise<RunResult> {
  try {
    await Promise.all(children.map((child) => child.next('ready')));
    bench.sink.reset();
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${name}: ${bench.sink.received} of ${messages} messages after ${runTimeoutMs(messages)} ms`)), runTimeoutMs(messages)).unref());
    // A child that reports a failure, or exits, ends the run (next() rejects with what happened).
    const failure = Promise.race(children.map((child) => child.next('failed'))).then((message) => {
      throw new Error(`${name}: ${JSON.stringify(message)}`);
    });
    failure.catch(() => undefined);
    const started = process.hrtime.bigint();
    for (const child of children) child.send({ type: 'go' });
    await Promise.race([bench.sink.receivedAll(messages), timeout, failure]);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    await check();
    return { name, processes: children.length, seconds, perSecond: messages / seconds };
  } finally {
    await stopChildren(children);
  }
}

const processesLabel = (processes: number) => `${processes} process${processes > 1 ? 'es' : ''}`;

async function directRun(bench: Bench, series: Series, processes: number): Promise<RunResult> {
  await fillOutbox(bench.db, bench.website, series.messages);
  const children = Array.from({ length: processes }, (_, index) =>
    startChild('bench/mail/direct-process.ts', {
      DATABASE_URL: bench.databaseUrl,
      SMTP_URL: bench.smtpUrl,
      DIRECT_SHARE: `${index}/${processes}`,
      KEPT_CONNECTION: series.kept ? '1' : '0',
    }),
  );
  const name = `nodemailer direct, ${processesLabel(processes)}`;
  return timedRun(bench, name, series.messages, children, async () => {
    if (bench.sink.messageIds.size !== series.messages) throw new Error(`${name}: ${bench.sink.messageIds.size} distinct Message-IDs for ${series.messages} messages`);
  });
}

async function workerRun(bench: Bench, series: Series, processes: number): Promise<RunResult> {
  await fillOutbox(bench.db, bench.website, series.messages);
  const children = Array.from({ length: processes }, () =>
    startChild(
      'bench/mail/worker-process.ts',
      { DATABASE_URL: bench.databaseUrl, SMTP_URL: bench.smtpUrl, KEPT_CONNECTION: series.kept ? '1' : '0' },
      WORKER_NODE_ARGS,
    ),
  );
  const name = `outbox, ${processes} worker process${processes > 1 ? 'es' : ''}`;
  return timedRun(bench, name, series.messages, children, async () => {
    // The last 'sent' marks follow the last message by a moment.
    const deadline = Date.now() + 10_000;
    let statuses = await outboxStatuses(bench.db);
    while ((statuses.sent ?? 0) < series.messages && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      statuses = await outboxStatuses(bench.db);
    }
    const duplicated = [...bench.sink.messageIds.values()].filter((times) => times > 1).length;
    if (statuses.sent !== series.messages || duplicated > 0 || bench.sink.messageIds.size !== series.messages) {
      throw new Error(`${name}: outbox ${JSON.stringify(statuses)}, ${bench.sink.messageIds.size} distinct Message-IDs, ${duplicated} received twice`);
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL

async function openBenchDatabase(): Promise<{ database: TestDatabase; stopCluster(): void }> {
  let clusterDir: string | undefined;
  if (!process.env.TEST_DATABASE_URL) {
    const started = spawnSync(process.execPath, ['scripts/throwaway-postgres.mjs', 'start'], { cwd: ROOT, encoding: 'utf8' });
    const url = /TEST_DATABASE_URL='([^']+)'/.exec(started.stdout ?? '')?.[1];
    clusterDir = /VITRINE_PG_DIR='([^']+)'/.exec(started.stdout ?? '')?.[1];
    if (started.status !== 0 || !url || !clusterDir) throw new Error(`could not start a throw-away PostgreSQL (set TEST_DATABASE_URL instead): ${started.stderr}`);
    console.log(`Throw-away PostgreSQL cluster in ${clusterDir} (fsync off).`);
    process.env.TEST_DATABASE_URL = url;
  }
  // A fresh database on that server: migrated, the demo store seeded.
  const database = await openTestDatabase();
  return {
    database,
    stopCluster: () => {
      if (clusterDir) spawnSync(process.execPath, ['scripts/throwaway-postgres.mjs', 'stop', clusterDir], { cwd: ROOT, stdio: 'inherit' });
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------

const format = (value: number) => (value < 100 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US'));

function ratioText(ratio: number): string {
  return `${(ratio * 100).toFixed(0)} % (${ratio >= 1 ? `${ratio.toFixed(2)} : 1` : `1 : ${(1 / ratio).toFixed(2)}`})`;
}

async function main(): Promise<void> {
  for (const [name, value, max] of [['BENCH_MAIL_MESSAGES', KEPT_MESSAGES, 1_000_000], ['BENCH_MAIL_NEW_CONNECTION_MESSAGES', NEW_CONNECTION_MESSAGES, 100_000], ['BENCH_MAIL_ROUNDS', ROUNDS, 20]] as const) {
    if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`${name} must be a whole number from 1 to ${max}`);
  }
  const { database, stopCluster } = await openBenchDatabase();
  const sink = new SmtpSink();
  try {
    const smtpUrl = await sink.listen();
    const website = (await findDefaultWebsite(database.db))!;
    const bench: Bench = { db: database.db, databaseUrl: database.url!, website, sink, smtpUrl };
    const load = () => os.loadavg().map((value) => value.toFixed(1)).join(' ');
    console.log(`${ROUNDS} round(s), ${os.cpus().length} cores, Node ${process.version}, load average ${load()}`);
    /** results[series][round][run] */
    const results: RunResult[][][] = SERIES.map(() => []);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [seriesIndex, series] of SERIES.entries()) {
        // The ceiling first, its two-process form last: a machine that gets busier during the series shows.
        const runs = [await directRun(bench, series, 1), await workerRun(bench, series, 1), await workerRun(bench, series, 2), await directRun(bench, series, 2)];
        results[seriesIndex]!.push(runs);
        const ceiling = runs[0]!.perSecond;
        console.log(`\nRound ${round}, ${series.title}: ${series.messages} messages a run (load average now ${load()})\n`);
        console.log('| run | seconds | messages/s | share of the ceiling (nodemailer direct, 1 process) |');
        console.log('|---|---:|---:|---:|');
        for (const run of runs) console.log(`| ${run.name} | ${run.seconds.toFixed(2)} | ${format(run.perSecond)} | ${ratioText(run.perSecond / ceiling)} |`);
      }
    }
    if (ROUNDS > 1) {
      console.log('\nAll rounds, messages/s (share of the same round\'s ceiling):');
      for (const [seriesIndex, series] of SERIES.entries()) {
        const rounds = results[seriesIndex]!;
        console.log(`\n${series.title}\n`);
        console.log(`| run | ${rounds.map((_, index) => `round ${index + 1}`).join(' | ')} |`);
        console.log(`|---|${rounds.map(() => '---:').join('|')}|`);
        for (let row = 0; row < rounds[0]!.length; row++) {
          const cells = rounds.map((runs) => `${format(runs[row]!.perSecond)} (${((runs[row]!.perSecond / runs[0]!.perSecond) * 100).toFixed(0)} %)`);
          console.log(`| ${rounds[0]![row]!.name} | ${cells.join(' | ')} |`);
        }
      }
    }
  } finally {
    await sink.close();
    await database.close();
    stopCluster();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
