/**
 * bench/mail, campaigns (issue 38 item 4): how fast newsletter campaigns enter the outbox, per sending process.
 * Seeds BENCH_CAMPAIGN_SUBSCRIBERS confirmed subscribers (2,000) on a throw-away PostgreSQL (or TEST_DATABASE_URL's
 * server, in a fresh database), starts BENCH_CAMPAIGN_WORKERS sending processes (2: the server's CampaignSendJob,
 * packages/server/src/campaigns/send-process.ts), writes one campaign's job and times it until the campaign is sent.
 * Prints messages per second per worker and in all. The throttle is CAMPAIGN_MESSAGES_PER_SECOND (here 100,000 by
 * default, so the bench measures the hand-off itself: 500 a round); set it to see the throttle hold. Then checks
 * every subscriber has exactly one outbox row. Run: `node --import tsx bench/mail/campaign.ts`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openTestDatabase } from '../../packages/server/src/db/testing';
import { newId } from '../../packages/server/src/ids';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SUBSCRIBERS = Number(process.env.BENCH_CAMPAIGN_SUBSCRIBERS ?? 2000);
const WORKERS = Number(process.env.BENCH_CAMPAIGN_WORKERS ?? 2);
const RATE = process.env.CAMPAIGN_MESSAGES_PER_SECOND ?? '100000';

async function main(): Promise<void> {
  if (!Number.isInteger(SUBSCRIBERS) || SUBSCRIBERS < 1 || SUBSCRIBERS > 1_000_000) throw new Error('BENCH_CAMPAIGN_SUBSCRIBERS must be a whole number from 1 to 1000000');
  if (!Number.isInteger(WORKERS) || WORKERS < 1 || WORKERS > 16) throw new Error('BENCH_CAMPAIGN_WORKERS must be a whole number from 1 to 16');
  let clusterDir: string | undefined;
  if (!process.env.TEST_DATABASE_URL) {
    const started = spawnSync(process.execPath, ['scripts/throwaway-postgres.mjs', 'start'], { cwd: ROOT, encoding: 'utf8' });
    const url = /TEST_DATABASE_URL='([^']+)'/.exec(started.stdout ?? '')?.[1];
    clusterDir = /VITRINE_PG_DIR='([^']+)'/.exec(started.stdout ?? '')?.[1];
    if (started.status !== 0 || !url || !clusterDir) throw new Error(`could not start a throw-away PostgreSQL (set TEST_DATABASE_URL instead): ${started.stderr}`);
    process.env.TEST_DATABASE_URL = url;
  }
  const database = await openTestDatabase();
  const children: ChildProcess[] = [];
  try {
    const db = database.db;
    const website = await db.selectFrom('websites').select('id').executeTakeFirstOrThrow();
    await db.deleteFrom('newsletter_subscribers').execute();
    await sql`INSERT INTO newsletter_subscribers (website_id, email, source, status)
      SELECT ${website.id}, 'reader-' || n || '@bench.test', 'newsletter', 'confirmed' FROM generate_series(1, ${SUBSCRIBERS}) n`.execute(db);
    const campaignId = newId();
    await db.insertInto('newsletter_campaigns').values({
      id: campaignId, website_id: website.id, status: 'scheduled', subject: 'Bench news from {{site.title}}', send_at: new Date(),
      blocks: JSON.stringify([{ type: 'heading', text: 'News' }, { type: 'text', text: 'A paragraph of news.' }, { type: 'button', label: 'Shop', url: 'https://example.com/shop' }]),
      audience: JSON.stringify({ kind: 'all' }),
    }).execute();

    const perWorker = new Map<number, { messages: number; rounds: number }>();
    const ready: Promise<void>[] = [];
    for (let index = 0; index < WORKERS; index++) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/campaigns/send-process.ts'], {
        cwd: ROOT, env: { ...process.env, DATABASE_URL: database.url!, CAMPAIGN_MESSAGES_PER_SECOND: RATE }, stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      let buffered = '';
      ready.push(new Promise((resolve) => {
        child.stdout!.on('data', (chunk: Buffer) => {
          buffered += chunk.toString();
          const lines = buffered.split('\n');
          buffered = lines.pop()!;
          for (const line of lines) {
            const message = JSON.parse(line) as { pid: number; ready?: boolean; queued?: number };
            if (message.ready) { perWorker.set(message.pid, { messages: 0, rounds: 0 }); resolve(); continue; }
            const counts = perWorker.get(message.pid)!;
            counts.messages += message.queued ?? 0;
            counts.rounds += 1;
          }
        });
      }));
    }
    await Promise.all(ready);
    const started = performance.now();
    await db.insertInto('newsletter_campaign_jobs').values({ campaign_id: campaignId, website_id: website.id }).execute();
    while ((await db.selectFrom('newsletter_campaigns').select('status').where('id', '=', campaignId).executeTakeFirstOrThrow()).status !== 'sent') {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const seconds = (performance.now() - started) / 1000;
    const copies = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT to_address FROM mail_outbox WHERE template = ${`campaign:${campaignId}`} GROUP BY to_address HAVING count(*) = 1) once`.execute(db);
    if (copies.rows[0]!.n !== SUBSCRIBERS) throw new Error(`${copies.rows[0]!.n} of ${SUBSCRIBERS} subscribers have exactly one outbox row`);

    console.log(`Campaign to ${SUBSCRIBERS} subscribers, ${WORKERS} sending process(es), throttle ${RATE}/s, ${os.cpus().length} cores, Node ${process.version}`);
    console.log(`\n| worker | rounds | messages | messages/s |\n|---|---:|---:|---:|`);
    for (const [pid, counts] of perWorker) console.log(`| ${pid} | ${counts.rounds} | ${counts.messages} | ${(counts.messages / seconds).toFixed(1)} |`);
    console.log(`| all | ${[...perWorker.values()].reduce((sum, each) => sum + each.rounds, 0)} | ${SUBSCRIBERS} | ${(SUBSCRIBERS / seconds).toFixed(1)} |`);
    console.log(`\n${seconds.toFixed(2)} s; every subscriber has exactly one outbox row.`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)))));
    await database.close();
    if (clusterDir) spawnSync(process.execPath, ['scripts/throwaway-postgres.mjs', 'stop', clusterDir], { cwd: ROOT, stdio: 'inherit' });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
