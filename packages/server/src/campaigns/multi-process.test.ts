// databases: both — a campaign sent exactly once across two sending processes and a kill -9 in the middle (PostgreSQL)
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { newId } from '../ids';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.info('campaigns/multi-process.test.ts: skipped, it needs PostgreSQL: set TEST_DATABASE_URL.');

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
// The issue's full size by default (SUBSCRIBERS to change it): seeding and expanding are one INSERT … SELECT each, a round one batch.
const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 10_000);
// Messages a second per campaign: high enough that the throttle, not the rounds, is what a run measures less of.
const RATE = Number(process.env.CAMPAIGN_RATE ?? 5000);

interface Sender { child: ChildProcess; rounds: Array<{ queued: number; finished: boolean }>; ready: Promise<void>; exited: Promise<void> }

function startSender(url: string): Sender {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/campaigns/send-process.ts'], {
    cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: url, CAMPAIGN_MESSAGES_PER_SECOND: String(RATE) }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const rounds: Sender['rounds'] = [];
  let markReady: () => void;
  const ready = new Promise<void>((resolve) => { markReady = resolve; });
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      const message = JSON.parse(line) as { ready?: boolean; queued?: number; finished?: boolean };
      if (message.ready) markReady!();
      else rounds.push({ queued: message.queued!, finished: message.finished! });
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, rounds, ready, exited };
}

const until = async (condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string) => {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe.skipIf(!serverUrl)('a campaign across processes', () => {
  let database: TestDatabase;
  const senders: Sender[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterAll(async () => {
    for (const sender of senders) sender.child.kill('SIGKILL');
    await Promise.all(senders.map((sender) => sender.exited));
    await database?.close();
  });

  it(`reaches each of ${SUBSCRIBERS} subscribers exactly once with two senders, one killed with SIGKILL mid-send and a third started`, async () => {
    const db = database.db;
    const website = await db.selectFrom('websites').select('id').executeTakeFirstOrThrow();
    await db.deleteFrom('newsletter_subscribers').execute();
    await sql`INSERT INTO newsletter_subscribers (website_id, email, source, status)
      SELECT ${website.id}, 'reader-' || n || '@many.test', 'newsletter', 'confirmed' FROM generate_series(1, ${SUBSCRIBERS}) n`.execute(db);
    const campaignId = newId();
    await db.insertInto('newsletter_campaigns').values({
      id: campaignId, website_id: website.id, status: 'scheduled', subject: 'To many', send_at: new Date(),
      blocks: JSON.stringify([{ type: 'text', text: 'Hello' }, { type: 'button', label: 'Shop', url: 'https://example.com/shop' }]), audience: JSON.stringify({ kind: 'all' }),
    }).execute();

    const [first, second] = [startSender(database.url!), startSender(database.url!)];
    senders.push(first!, second!);
    await Promise.all([first!.ready, second!.ready]);
    // The job is written last, as "send" writes it: both senders are waiting for it.
    await db.insertInto('newsletter_campaign_jobs').values({ campaign_id: campaignId, website_id: website.id }).execute();
    const queued = async () => Number((await db.selectFrom('newsletter_campaign_recipients').select((eb) => eb.fn.countAll<string>().as('n')).where('campaign_id', '=', campaignId).where('status', '=', 'queued').executeTakeFirstOrThrow()).n);
    await until(async () => (await queued()) >= SUBSCRIBERS / 3, 60_000, 'a third of the campaign');
    // Killed wherever it is (quite likely inside a round's transaction), then a third process joins.
    first!.child.kill('SIGKILL');
    await first!.exited;
    const third = startSender(database.url!);
    senders.push(third);
    await until(async () => (await db.selectFrom('newsletter_campaigns').select('status').where('id', '=', campaignId).executeTakeFirstOrThrow()).status === 'sent', 60_000, 'the campaign to be sent');

    const outbox = await sql<{ to_address: string; copies: number }>`
      SELECT to_address, count(*)::int AS copies FROM mail_outbox WHERE template = ${`campaign:${campaignId}`} GROUP BY to_address`.execute(db);
    expect(outbox.rows).toHaveLength(SUBSCRIBERS);
    expect(outbox.rows.filter((row) => row.copies !== 1)).toEqual([]);
    const recipients = await sql<{ queued: number; with_mail: number; distinct_mail: number }>`
      SELECT (count(*) FILTER (WHERE status = 'queued'))::int AS queued, count(mail_id)::int AS with_mail, count(DISTINCT mail_id)::int AS distinct_mail
      FROM newsletter_campaign_recipients WHERE campaign_id = ${campaignId}`.execute(db);
    expect(recipients.rows[0]).toEqual({ queued: SUBSCRIBERS, with_mail: SUBSCRIBERS, distinct_mail: SUBSCRIBERS });
    expect(await db.selectFrom('newsletter_campaign_jobs').selectAll().execute()).toEqual([]);
    // The rest was finished by the processes still alive (a round is printed after its commit).
    const sum = (sender: Sender) => sender.rounds.reduce((total, round) => total + round.queued, 0);
    expect(sum(second!) + sum(third)).toBeGreaterThan(0);
    expect([...second!.rounds, ...third.rounds].filter((round) => round.finished)).toHaveLength(1);
  }, 120_000);
});
