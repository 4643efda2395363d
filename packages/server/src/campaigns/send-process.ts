/**
 * One campaign sender in its own process, for campaigns/multi-process.test.ts and bench/mail: the server's
 * CampaignSendJob on DATABASE_URL, with the server's secrets, running rounds back to back. Each round is printed as a
 * JSON line on stdout (`{"pid","queued","at"}`), so the parent sees who did what, and the process is killed with
 * SIGKILL or ended with SIGTERM. Environment: DATABASE_URL, CAMPAIGN_MESSAGES_PER_SECOND (500), PUBLIC_URL.
 */
import { openPostgres } from '../db/database';
import { loadServerSecret } from '../http/server-secrets';
import { UnsubscribeTokens } from '../mail';
import { CampaignSendJob } from './job';
import { CampaignLinkTokens } from './links';

const connectionString = process.env.DATABASE_URL;
if (!connectionString) throw new Error('DATABASE_URL is not set (this script is started by a test or bench/mail)');
const database = openPostgres({ connectionString, maxConnections: 2 });
const job = new CampaignSendJob(database.db, {
  mail: { from: 'no-reply@localhost', publicUrl: process.env.PUBLIC_URL ?? 'http://localhost:3000', unsubscribeTokens: new UnsubscribeTokens(await loadServerSecret(database.db, 'mail')) },
  links: new CampaignLinkTokens(await loadServerSecret(database.db, 'campaign-links')),
  messagesPerSecond: Number(process.env.CAMPAIGN_MESSAGES_PER_SECOND ?? 500),
});

let stopping = false;
process.on('SIGTERM', () => { stopping = true; });
process.stdout.write(`${JSON.stringify({ pid: process.pid, ready: true })}\n`);
while (!stopping) {
  const round = await job.runOnce();
  if (round) process.stdout.write(`${JSON.stringify({ pid: process.pid, queued: round.queued, finished: round.finished, at: Date.now() })}\n`);
  else await new Promise((resolve) => setTimeout(resolve, 20));
}
await database.close();
