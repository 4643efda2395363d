import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type { CampaignAudience, CampaignDraft } from '@vitrine/contracts';
import type { Database, Website } from '../db/schema';
import { RepeatingJob, type JobLog } from '../jobs/repeating-job';
import { enqueueMailsWithinQuota, siteUrlOf, unsubscribeHeaders, unsubscribeUrl, type MailMessage, type MailSettings } from '../mail';
import { secondsUntilAMailAgesOut } from '../quotas';
import { mailColoursOf } from '../site-styles';
import { findWebsiteById } from '../websites';
import { CampaignLinkTokens, clickUrl, openPixelUrl } from './links';
import { campaignLinksOf, loadProductCards, renderCampaign } from './render';

export interface CampaignJobOptions {
  mail: MailSettings;
  links: CampaignLinkTokens;
  /** Messages handed to the outbox per second, per campaign (CAMPAIGN_MESSAGES_PER_SECOND; 10 by default). */
  messagesPerSecond?: number;
  /** The pause between rounds when nothing is due. */
  intervalMs?: number;
  log?: JobLog;
}

/** What one round did: the campaign it worked on, how many it handed to the outbox, and whether the campaign is done. */
export interface CampaignRound {
  campaignId: string;
  queued: number;
  skipped: number;
  finished: boolean;
  /** Set when the website's mails-a-day quota stopped the batch: the job waits this long, until a mail ages out. */
  quotaWaitSeconds?: number;
}

/** Every confirmed subscriber of the audience, never a suppressed address. */
function audienceSql(audience: CampaignAudience) {
  switch (audience.kind) {
    case 'buyers': return sql`AND EXISTS (SELECT 1 FROM orders o WHERE o.website_id = s.website_id AND lower(o.email) = s.email AND o.payment_status = 'paid')`;
    case 'tag': return sql`AND ${audience.tag.toLowerCase()} = ANY (s.tags)`; // tags are kept lower-case (newsletter/owner-subscribers.ts)
    case 'language': return sql`AND (lower(s.language) = ${audience.language.toLowerCase()} OR lower(s.language) LIKE ${`${audience.language.toLowerCase()}-%`})`;
    default: return sql``;
  }
}

/**
 * Sends campaigns exactly once per subscriber (issue 38 item 4). A round claims one due job FOR UPDATE SKIP LOCKED
 * and does everything in that one transaction: expands the audience into recipient rows (primary key (campaign,
 * address): twice is impossible) the first time, then hands the next batch of pending recipients to the outbox —
 * each one's mail written and its row marked 'queued' together — and puts the job off by batch / rate seconds (the
 * throttle). A process killed mid-round rolls back all of it and another process takes the job again; two
 * processes never hold it at once. The outbox then delivers (mail/worker.ts), once per outbox row.
 */
export class CampaignSendJob {
  readonly #loop: RepeatingJob;
  readonly #rate: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: CampaignJobOptions,
  ) {
    this.#rate = Math.max(1, options.messagesPerSecond ?? 10);
    this.#loop = new RepeatingJob(async () => ({ moreWaiting: (await this.runOnce()) !== undefined }), {
      name: 'campaign send', intervalMs: options.intervalMs ?? 1000, log: options.log,
    });
  }

  start(): void { this.#loop.start(); }
  stop(): Promise<void> { return this.#loop.stop(); }

  /** The batch a round hands to the outbox: one second's worth at the rate, at most 500. */
  get batchSize(): number { return Math.min(500, this.#rate); }

  /** One round on one due campaign; undefined when none was due (or the others' rounds hold them). */
  async runOnce(): Promise<CampaignRound | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const { rows: [job] } = await trx.executeQuery<{ campaign_id: string; website_id: string; expanded: boolean }>(CompiledQuery.raw(
        `SELECT campaign_id, website_id, expanded FROM newsletter_campaign_jobs WHERE run_at <= now() ORDER BY run_at, campaign_id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      ));
      if (!job) return undefined;
      const campaign = await trx.selectFrom('newsletter_campaigns').selectAll().where('id', '=', job.campaign_id).forUpdate().executeTakeFirst();
      const website = await findWebsiteById(trx, job.website_id);
      if (!campaign || !website || (campaign.status !== 'scheduled' && campaign.status !== 'sending')) {
        await trx.deleteFrom('newsletter_campaign_jobs').where('campaign_id', '=', job.campaign_id).execute();
        return { campaignId: job.campaign_id, queued: 0, skipped: 0, finished: true };
      }
      const draft: CampaignDraft = {
        subject: campaign.subject, preheader: campaign.preheader, blocks: campaign.blocks as CampaignDraft['blocks'],
        audience: campaign.audience as unknown as CampaignAudience, trackOpens: campaign.track_opens,
      };
      const siteUrl = siteUrlOf(this.options.mail, website);
      const cards = await loadProductCards(trx, website, draft.blocks, siteUrl);
      if (!job.expanded) await this.#expand(trx, website, campaign.id, draft, campaignLinksOf(draft, cards, siteUrl));
      const round = await this.#handOff(trx, website, campaign.id, draft, cards, siteUrl);
      if (round.finished) {
        await trx.updateTable('newsletter_campaigns').set({ status: 'sent', finished_at: sql<Date>`now()`, updated_at: sql<Date>`now()` }).where('id', '=', campaign.id).execute();
        await trx.deleteFrom('newsletter_campaign_jobs').where('campaign_id', '=', campaign.id).execute();
      } else if (round.quotaWaitSeconds !== undefined) {
        // Past the quota: what fitted is handed over and kept; the job sleeps until the 24-hour window admits mail
        // again (one warning per wait, not one a second), and the rest goes then.
        await trx.updateTable('newsletter_campaign_jobs')
          .set({ run_at: sql<Date>`now() + ${round.quotaWaitSeconds} * interval '1 second'`, rounds: sql<number>`rounds + 1` })
          .where('campaign_id', '=', campaign.id).execute();
        this.options.log?.warn({ campaignId: campaign.id, websiteId: website.id, queued: round.queued, retryInSeconds: round.quotaWaitSeconds },
          'campaign send waits for the daily mail quota');
      } else {
        const waitMs = Math.round((1000 * round.queued) / this.#rate);
        await trx.updateTable('newsletter_campaign_jobs')
          .set({ run_at: sql<Date>`now() + ${waitMs} * interval '1 millisecond'`, rounds: sql<number>`rounds + 1` })
          .where('campaign_id', '=', campaign.id).execute();
      }
      return round;
    });
  }

  async #expand(trx: Transaction<Database>, website: Website, campaignId: string, draft: CampaignDraft, links: string[]): Promise<void> {
    await sql`
      INSERT INTO newsletter_campaign_recipients (campaign_id, website_id, email)
      SELECT ${campaignId}, s.website_id, s.email FROM newsletter_subscribers s
      WHERE s.website_id = ${website.id} AND s.status = 'confirmed'
        AND NOT EXISTS (SELECT 1 FROM mail_suppressions m WHERE m.website_id = s.website_id AND m.email = s.email)
        ${audienceSql(draft.audience)}
      ON CONFLICT (campaign_id, email) DO NOTHING`.execute(trx);
    await trx.updateTable('newsletter_campaign_jobs').set({ expanded: true }).where('campaign_id', '=', campaignId).execute();
    await trx.updateTable('newsletter_campaigns').set({ status: 'sending', started_at: sql<Date>`now()`, links: JSON.stringify(links), updated_at: sql<Date>`now()` }).where('id', '=', campaignId).execute();
  }

  async #handOff(trx: Transaction<Database>, website: Website, campaignId: string, draft: CampaignDraft, cards: Awaited<ReturnType<typeof loadProductCards>>, siteUrl: string): Promise<CampaignRound> {
    const batch = await trx.selectFrom('newsletter_campaign_recipients as r')
      .leftJoin('newsletter_subscribers as s', (join) => join.onRef('s.website_id', '=', 'r.website_id').onRef('s.email', '=', 'r.email'))
      .leftJoin('mail_suppressions as m', (join) => join.onRef('m.website_id', '=', 'r.website_id').onRef('m.email', '=', 'r.email'))
      .select(['r.email', 's.status as subscriber_status', 'm.reason as suppressed'])
      .where('r.campaign_id', '=', campaignId).where('r.status', '=', 'pending')
      .orderBy('r.email').limit(this.batchSize + 1)
      .execute();
    const now = batch.slice(0, this.batchSize);
    const colours = await mailColoursOf(trx, website);
    // Unsubscribed or suppressed (a bounce, a complaint) since the audience was expanded: left out.
    const leftOut = now.filter((recipient) => recipient.subscriber_status !== 'confirmed' || recipient.suppressed).map((recipient) => recipient.email);
    const sending = now.filter((recipient) => recipient.subscriber_status === 'confirmed' && !recipient.suppressed);
    if (leftOut.length > 0) {
      await trx.updateTable('newsletter_campaign_recipients').set({ status: 'skipped' }).where('campaign_id', '=', campaignId).where('email', 'in', leftOut).execute();
    }
    const messages = sending.map((recipient): MailMessage => {
      const token = (kind: 'click' | 'open', index: number) => this.options.links.issue({ kind, websiteId: website.id, campaignId, index, email: recipient.email });
      const unsubscribe = unsubscribeUrl(siteUrl, this.options.mail.unsubscribeTokens.issue(website.id, recipient.email));
      const rendered = renderCampaign(website, draft, cards, colours, {
        siteUrl,
        linkOf: (index) => clickUrl(siteUrl, token('click', index)),
        unsubscribeUrl: unsubscribe,
        ...(draft.trackOpens ? { openPixelUrl: openPixelUrl(siteUrl, token('open', 0)) } : {}),
      });
      return { kind: 'marketing', template: `campaign:${campaignId}`, to: recipient.email, ...rendered, headers: unsubscribeHeaders(unsubscribe) };
    });
    // The batch's mails in one statement, as many as the website's mails-a-day quota admits (asked once, locked),
    // and their recipients marked queued in one more: 500 a round cost a few statements, not 2,000.
    const mailIds = await enqueueMailsWithinQuota(trx, website, this.options.mail.from, messages);
    if (mailIds.length > 0) {
      await sql`
        UPDATE newsletter_campaign_recipients r SET status = 'queued', mail_id = v.mail_id, queued_at = now()
        FROM unnest(${sql.val(sending.slice(0, mailIds.length).map((recipient) => recipient.email))}::text[], ${sql.val(mailIds)}::text[]) AS v(email, mail_id)
        WHERE r.campaign_id = ${campaignId} AND r.email = v.email`.execute(trx);
    }
    const queued = mailIds.length;
    const skipped = leftOut.length;
    if (queued < sending.length) {
      // The website's mails-a-day quota is full: the rest stay pending for the next window.
      return { campaignId, queued, skipped, finished: false, quotaWaitSeconds: await secondsUntilAMailAgesOut(trx, website.id) };
    }
    return { campaignId, queued, skipped, finished: batch.length <= this.batchSize };
  }
}
