import { sql, type Kysely, type Transaction } from 'kysely';
import {
  CAMPAIGN_MESSAGES, CAMPAIGN_TEST_SENDS_PER_HOUR, campaignErrors,
  type CampaignAudience, type CampaignBlock, type CampaignBody, type CampaignDraft, type CampaignJson, type SendCampaignBody,
} from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { conflict, invalid, notFound, tooMany } from '../failures';
import { newId } from '../ids';
import { enqueueMail, siteUrlOf, type MailSettings } from '../mail';
import { mailColoursOf } from '../site-styles';
import { loadProductCards, renderCampaign } from './render';

type Db = Kysely<Database> | Transaction<Database>;

/** The owner's calls on Mail → Campaigns (issue 38 item 4). */

export const CAMPAIGN_TEST_LIMIT_MESSAGE = `At most ${CAMPAIGN_TEST_SENDS_PER_HOUR} test campaigns an hour: try again later.`;
/** A test send's outbox template: counted per website per hour for the limit. */
const TEST_TEMPLATE = 'campaign-test';

type CampaignRow = Awaited<ReturnType<typeof campaignRows>>[number];

const campaignRows = (db: Db, websiteId: string, campaignId?: string) => {
  let query = db.selectFrom('newsletter_campaigns as c')
    .select(['c.id', 'c.status', 'c.subject', 'c.preheader', 'c.blocks', 'c.audience', 'c.track_opens', 'c.send_at', 'c.started_at', 'c.finished_at', 'c.created_at', 'c.updated_at'])
    .select((eb) => [
      eb.selectFrom('newsletter_campaign_recipients as r').whereRef('r.campaign_id', '=', 'c.id')
        .select(sql<string>`json_build_object(
          'recipients', count(*)::int,
          'sent', (count(*) FILTER (WHERE r.status = 'queued'))::int,
          'skipped', (count(*) FILTER (WHERE r.status = 'skipped'))::int,
          'clickers', (count(*) FILTER (WHERE r.clicks > 0))::int,
          'clicks', coalesce(sum(r.clicks), 0)::int,
          'opens', (count(*) FILTER (WHERE r.opened_at IS NOT NULL))::int)::text`.as('counts')).as('counts'),
    ])
    .where('c.website_id', '=', websiteId);
  if (campaignId !== undefined) query = query.where('c.id', '=', campaignId);
  return query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').execute();
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function campaignJson(row: CampaignRow): CampaignJson {
  const counts = typeof row.counts === 'string' ? JSON.parse(row.counts) : { recipients: 0, sent: 0, skipped: 0, clickers: 0, clicks: 0, opens: 0 };
  return {
    id: row.id, status: row.status, subject: row.subject, preheader: row.preheader, blocks: row.blocks as CampaignJson['blocks'],
    audience: row.audience as CampaignJson['audience'], trackOpens: row.track_opens,
    sendAt: iso(row.send_at), startedAt: iso(row.started_at), finishedAt: iso(row.finished_at), createdAt: iso(row.created_at)!, updatedAt: iso(row.updated_at)!,
    counts,
  };
}

/** The body as the model's blocks (only each type's own fields), refused with field errors when it breaks a rule. */
export function checkedCampaign(body: CampaignBody): CampaignDraft {
  const blocks = body.blocks.map((block): CampaignBlock => {
    switch (block.type) {
      case 'heading': case 'text': return { type: block.type, text: block.text ?? '' };
      case 'button': return { type: 'button', label: block.label ?? '', url: block.url ?? '' };
      case 'picture': return { type: 'picture', url: block.url ?? '', alt: block.alt ?? '' };
      case 'products': return { type: 'products', productIds: block.productIds ?? [] };
      case 'divider': return { type: 'divider' };
      default: return block as unknown as CampaignBlock;
    }
  });
  const { kind, tag, language } = body.audience;
  const audience = (kind === 'tag' ? { kind, tag: tag ?? '' } : kind === 'language' ? { kind, language: language ?? '' } : { kind }) as CampaignAudience;
  const draft: CampaignDraft = { subject: body.subject, preheader: body.preheader ?? '', blocks, audience, trackOpens: body.trackOpens ?? false };
  const errors = campaignErrors(draft);
  if (Object.keys(errors).length > 0) throw invalid(CAMPAIGN_MESSAGES.invalid, errors);
  return draft;
}

/** Product cards must name the website's own products (a product of another store is "not in the store"). */
async function checkProducts(db: Db, website: Website, draft: CampaignDraft): Promise<void> {
  const errors: Record<string, string> = {};
  for (const [index, block] of draft.blocks.entries()) {
    if (block.type !== 'products') continue;
    const found = await db.selectFrom('products').select('id').where('website_id', '=', website.id).where('id', 'in', block.productIds).where('archived_at', 'is', null).execute();
    if (found.length !== new Set(block.productIds).size) errors[`blocks.${index}.productIds`] = CAMPAIGN_MESSAGES.unknownProduct;
  }
  if (Object.keys(errors).length > 0) throw invalid(CAMPAIGN_MESSAGES.invalid, errors);
}

async function oneCampaign(db: Db, website: Website, campaignId: string): Promise<CampaignJson> {
  const [row] = await campaignRows(db, website.id, campaignId);
  if (!row) throw notFound(CAMPAIGN_MESSAGES.notFound);
  return campaignJson(row);
}

const draftColumns = (draft: CampaignDraft) => ({
  subject: draft.subject, preheader: draft.preheader, blocks: JSON.stringify(draft.blocks), audience: JSON.stringify(draft.audience), track_opens: draft.trackOpens,
});

export async function listCampaigns(db: Kysely<Database>, website: Website, actor: Actor) {
  authorize(actor, 'campaigns:manage');
  return { campaigns: (await campaignRows(db, website.id)).map(campaignJson) };
}

export async function getCampaign(db: Kysely<Database>, website: Website, actor: Actor, input: { campaignId: string }) {
  authorize(actor, 'campaigns:manage');
  return { campaign: await oneCampaign(db, website, input.campaignId) };
}

export async function createCampaign(db: Kysely<Database>, website: Website, actor: Actor, input: CampaignBody) {
  authorize(actor, 'campaigns:manage');
  const draft = checkedCampaign(input);
  await checkProducts(db, website, draft);
  const id = newId();
  await db.insertInto('newsletter_campaigns').values({ id, website_id: website.id, ...draftColumns(draft) }).execute();
  return { campaign: await oneCampaign(db, website, id) };
}

/** The campaign's row, locked, in the caller's transaction; 404 when it is not this website's. */
async function lockedCampaign(trx: Transaction<Database>, website: Website, campaignId: string) {
  const row = await trx.selectFrom('newsletter_campaigns').select(['id', 'status']).where('website_id', '=', website.id).where('id', '=', campaignId).forUpdate().executeTakeFirst();
  if (!row) throw notFound(CAMPAIGN_MESSAGES.notFound);
  return row;
}

export async function updateCampaign(db: Kysely<Database>, website: Website, actor: Actor, input: { campaignId: string; body: CampaignBody }) {
  authorize(actor, 'campaigns:manage');
  const draft = checkedCampaign(input.body);
  await checkProducts(db, website, draft);
  return db.transaction().execute(async (trx) => {
    const row = await lockedCampaign(trx, website, input.campaignId);
    if (row.status !== 'draft') throw conflict(CAMPAIGN_MESSAGES.notEditable);
    await trx.updateTable('newsletter_campaigns').set({ ...draftColumns(draft), updated_at: sql<Date>`now()` }).where('id', '=', row.id).execute();
    return { campaign: await oneCampaign(trx, website, row.id) };
  });
}

export async function deleteCampaign(db: Kysely<Database>, website: Website, actor: Actor, input: { campaignId: string }) {
  authorize(actor, 'campaigns:manage');
  return db.transaction().execute(async (trx) => {
    const row = await lockedCampaign(trx, website, input.campaignId);
    if (row.status !== 'draft' && row.status !== 'cancelled') throw conflict(CAMPAIGN_MESSAGES.notDeletable);
    await trx.deleteFrom('newsletter_campaigns').where('id', '=', row.id).execute();
    return { deleted: true as const, id: row.id };
  });
}

/**
 * Send now or at `sendAt`: the campaign becomes scheduled and its job is written in the same transaction (a send that
 * rolls back leaves no job; a job never exists without its campaign scheduled). The job (job.ts) does the rest.
 */
export async function sendCampaign(db: Kysely<Database>, website: Website, actor: Actor, input: { campaignId: string; body: SendCampaignBody }) {
  authorize(actor, 'campaigns:manage');
  let sendAt: Date | null = null;
  if (input.body.sendAt) {
    sendAt = new Date(input.body.sendAt);
    if (Number.isNaN(sendAt.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(input.body.sendAt)) throw invalid(CAMPAIGN_MESSAGES.invalid, { sendAt: 'sendAt is a time such as 2026-12-24T09:00:00Z, or null for now.' });
    if (sendAt.getTime() <= Date.now()) throw invalid(CAMPAIGN_MESSAGES.invalid, { sendAt: CAMPAIGN_MESSAGES.sendAtPast });
  }
  return db.transaction().execute(async (trx) => {
    const row = await lockedCampaign(trx, website, input.campaignId);
    if (row.status !== 'draft') throw conflict(CAMPAIGN_MESSAGES.notSendable);
    await trx.updateTable('newsletter_campaigns').set({ status: 'scheduled', send_at: sendAt ?? sql<Date>`now()`, updated_at: sql<Date>`now()` }).where('id', '=', row.id).execute();
    await trx.insertInto('newsletter_campaign_jobs').values({ campaign_id: row.id, website_id: website.id, run_at: sendAt ?? sql<Date>`now()` as unknown as Date }).execute();
    return { campaign: await oneCampaign(trx, website, row.id) };
  });
}

export async function cancelCampaign(db: Kysely<Database>, website: Website, actor: Actor, input: { campaignId: string }) {
  authorize(actor, 'campaigns:manage');
  return db.transaction().execute(async (trx) => {
    const row = await lockedCampaign(trx, website, input.campaignId);
    if (row.status !== 'scheduled') throw conflict(CAMPAIGN_MESSAGES.notCancellable);
    // The job's round locks the job row before the campaign's: a round under way finishes first (the campaign is
    // then 'sending', and this waits for nothing it holds).
    await trx.deleteFrom('newsletter_campaign_jobs').where('campaign_id', '=', row.id).execute();
    await trx.updateTable('newsletter_campaigns').set({ status: 'cancelled', updated_at: sql<Date>`now()` }).where('id', '=', row.id).execute();
    return { campaign: await oneCampaign(trx, website, row.id) };
  });
}

async function renderSample(db: Kysely<Database>, website: Website, mail: MailSettings, body: CampaignBody) {
  const draft = checkedCampaign(body);
  await checkProducts(db, website, draft);
  const siteUrl = siteUrlOf(mail, website);
  const cards = await loadProductCards(db, website, draft.blocks, siteUrl);
  return renderCampaign(website, draft, cards, await mailColoursOf(db, website), { siteUrl });
}

export async function previewCampaign(db: Kysely<Database>, website: Website, actor: Actor, mail: MailSettings, input: CampaignBody) {
  authorize(actor, 'campaigns:manage');
  return renderSample(db, website, mail, input);
}

export async function testCampaign(db: Kysely<Database>, website: Website, actor: Actor, mail: MailSettings, input: CampaignBody) {
  const owner = authorize(actor, 'campaigns:manage');
  if (typeof owner !== 'object' || !('siteUser' in owner)) throw invalid('A test mail goes to a signed-in owner: sign in to send one.');
  const rendered = await renderSample(db, website, mail, input);
  return db.transaction().execute(async (trx) => {
    // The limit is the website's, counted in its outbox under a lock on the website row: two tabs cannot pass it together.
    await trx.selectFrom('websites').select('id').where('id', '=', website.id).forUpdate().execute();
    const { count } = await trx.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<string>().as('count'))
      .where('website_id', '=', website.id).where('template', '=', TEST_TEMPLATE).where('created_at', '>', sql<Date>`now() - interval '1 hour'`).executeTakeFirstOrThrow();
    if (Number(count) >= CAMPAIGN_TEST_SENDS_PER_HOUR) throw tooMany(CAMPAIGN_TEST_LIMIT_MESSAGE, 3600);
    const mailId = await enqueueMail(trx, website, mail.from, { kind: 'transactional', template: TEST_TEMPLATE, to: owner.siteUser.email, ...rendered, subject: `[Test] ${rendered.subject}` });
    return { sentTo: owner.siteUser.email, mailId };
  });
}
