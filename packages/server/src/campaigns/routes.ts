import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import {
  cancelCampaignContract, createCampaignContract, deleteCampaignContract, getCampaignContract, listCampaignsContract, previewCampaignContract,
  sendCampaignContract, testCampaignContract, updateCampaignContract,
} from '@vitrine/contracts';
import type { MailSettings } from '../mail';
import type { SharedParts } from '../shared';
import type { CampaignLinkTokens } from './links';
import { cancelCampaign, createCampaign, deleteCampaign, getCampaign, listCampaigns, previewCampaign, sendCampaign, testCampaign, updateCampaign } from './service';

/** A 1×1 transparent GIF: the opens picture. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Mail → Campaigns (issue 38 item 4), and the campaign mail's tracked links. */
export function registerCampaignRoutes(fastify: FastifyInstance, context: SharedParts & { mail: MailSettings; campaignLinks: CampaignLinkTokens }): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = context;

  app.route({ ...listCampaignsContract, handler: async ({ website, actor }) => listCampaigns(db, website, actor) });
  app.route({ ...createCampaignContract, handler: async ({ website, actor, body }, reply) => reply.status(201).send(await createCampaign(db, website, actor, body)) });
  app.route({ ...previewCampaignContract, handler: async ({ website, actor, body }) => previewCampaign(db, website, actor, context.mail, body) });
  app.route({ ...testCampaignContract, handler: async ({ website, actor, body }) => testCampaign(db, website, actor, context.mail, body) });
  app.route({ ...getCampaignContract, handler: async ({ website, actor, params }) => getCampaign(db, website, actor, params) });
  app.route({ ...updateCampaignContract, handler: async ({ website, actor, params, body }) => updateCampaign(db, website, actor, { campaignId: params.campaignId, body }) });
  app.route({ ...deleteCampaignContract, handler: async ({ website, actor, params }) => deleteCampaign(db, website, actor, params) });
  app.route({ ...sendCampaignContract, handler: async ({ website, actor, params, body }) => sendCampaign(db, website, actor, { campaignId: params.campaignId, body: body ?? {} }) });
  app.route({ ...cancelCampaignContract, handler: async ({ website, actor, params }) => cancelCampaign(db, website, actor, params) });

  const linkOf = (websiteId: string, token: unknown, kind: 'click' | 'open') => {
    const link = typeof token === 'string' ? context.campaignLinks.read(token) : undefined;
    // Host-scoped: a link signed for one website does nothing on another's host.
    return link && link.kind === kind && link.websiteId === websiteId ? link : undefined;
  };

  // A click: counted on the recipient's row, then sent on to the campaign's own link of that index (never an address
  // from the URL: no open redirect). An unknown or foreign token goes to the site's home page.
  fastify.get('/mail/c', async (request, reply) => {
    // A redirect is a page's answer (text/html, as every page's non-JSON answer is).
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const link = linkOf(request.website.id, (request.query as { t?: unknown }).t, 'click');
    const campaign = link
      ? await db.selectFrom('newsletter_campaigns').select('links').where('website_id', '=', link.websiteId).where('id', '=', link.campaignId).executeTakeFirst()
      : undefined;
    const destination = link && campaign ? (campaign.links as string[])[link.index] : undefined;
    if (!link || !destination) return reply.redirect('/', 302);
    await db.updateTable('newsletter_campaign_recipients')
      .set({ clicks: sql<number>`clicks + 1`, first_clicked_at: sql<Date>`coalesce(first_clicked_at, now())` })
      .where('campaign_id', '=', link.campaignId).where('email', '=', link.email).where('website_id', '=', link.websiteId).execute();
    return reply.redirect(destination, 302);
  });

  // The opens picture (only in mail of a campaign whose owner turned opens on): the first load is recorded.
  fastify.get('/mail/o', async (request, reply) => {
    const link = linkOf(request.website.id, (request.query as { t?: unknown }).t, 'open');
    if (link) {
      await db.updateTable('newsletter_campaign_recipients').set({ opened_at: sql<Date>`coalesce(opened_at, now())` })
        .where('campaign_id', '=', link.campaignId).where('email', '=', link.email).where('website_id', '=', link.websiteId).execute();
    }
    return reply.type('image/gif').header('cache-control', 'no-store').send(PIXEL);
  });
}
