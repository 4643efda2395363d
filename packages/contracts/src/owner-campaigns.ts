import Type, { type Static, type TSchema } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { LIMITS, MESSAGE_KEYWORD, RequestBody, RequestParams, ResponseObject, Text } from './fields';

const SEND_AT_MESSAGE = 'sendAt is a time such as 2026-12-24T09:00:00Z, or null for now.';
import { CAMPAIGN_LIMITS, CAMPAIGN_MESSAGES, MAIL_TEMPLATE_LIMITS, MAIL_TEMPLATE_MESSAGES } from './mail-template-model';
import { MailPreviewReplySchema } from './mail-templates';

/**
 * Newsletter campaigns (issue 38 item 4): Mail → Campaigns. The body's shape is checked here; its rules (blocks,
 * variables, audience) by campaignErrors (mail-template-model), as field errors (`blocks.2.url`, `audience.tag`).
 */

const tags = ['owner-campaigns'];
const withMessage = (message: string) => ({ [MESSAGE_KEYWORD]: message });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const CampaignParamsSchema = RequestParams({
  campaignId: Text({ minLength: 1, maxLength: LIMITS.idLength, ...withMessage('campaignId must be a campaign id.') }),
});

const loose = (limit: number) => Text({ maxLength: limit + 1000, ...withMessage(MAIL_TEMPLATE_MESSAGES.long(limit)) });

const CampaignBlockSchema = Type.Object({
  type: Text({ maxLength: 20, ...withMessage(CAMPAIGN_MESSAGES.blockType) }),
  text: Type.Optional(loose(MAIL_TEMPLATE_LIMITS.text)),
  label: Type.Optional(loose(MAIL_TEMPLATE_LIMITS.label)),
  url: Type.Optional(loose(MAIL_TEMPLATE_LIMITS.url)),
  alt: Type.Optional(loose(CAMPAIGN_LIMITS.alt)),
  productIds: Type.Optional(Type.Array(Text({ maxLength: LIMITS.idLength }), { maxItems: CAMPAIGN_LIMITS.productsPerBlock + 10, ...withMessage(CAMPAIGN_MESSAGES.products) })),
}, { additionalProperties: false });

const AudienceSchema = Type.Object({
  kind: Text({ maxLength: 20, ...withMessage(CAMPAIGN_MESSAGES.audience) }),
  tag: Type.Optional(Text({ maxLength: 100, ...withMessage(CAMPAIGN_MESSAGES.tag) })),
  language: Type.Optional(Text({ maxLength: 40, ...withMessage(CAMPAIGN_MESSAGES.language) })),
}, { additionalProperties: false, ...withMessage(CAMPAIGN_MESSAGES.audience) });

export const CampaignBodySchema = RequestBody({
  subject: Text({ maxLength: MAIL_TEMPLATE_LIMITS.subject + 1000, ...withMessage(MAIL_TEMPLATE_MESSAGES.subjectLong) }),
  preheader: Type.Optional(Text({ maxLength: CAMPAIGN_LIMITS.preheader + 1000, ...withMessage(CAMPAIGN_MESSAGES.preheaderLong) })),
  blocks: Type.Array(CampaignBlockSchema, { maxItems: MAIL_TEMPLATE_LIMITS.blocks + 10, ...withMessage(MAIL_TEMPLATE_MESSAGES.blocksMany) }),
  audience: AudienceSchema,
  trackOpens: Type.Optional(Type.Boolean({ ...withMessage('trackOpens is true or false.') })),
});
export type CampaignBody = Static<typeof CampaignBodySchema>;

export const SendCampaignBodySchema = RequestBody({
  /** Absent or null: now. An ISO time in the future: then. */
  sendAt: Type.Optional(Type.Union([Text({ maxLength: 40, ...withMessage(SEND_AT_MESSAGE) }), Type.Null()], withMessage(SEND_AT_MESSAGE))),
});
export type SendCampaignBody = Static<typeof SendCampaignBodySchema>;

const BlockReplySchema = ResponseObject({
  type: Type.String(), text: Type.Optional(Type.String()), label: Type.Optional(Type.String()), url: Type.Optional(Type.String()),
  alt: Type.Optional(Type.String()), productIds: Type.Optional(Type.Array(Type.String())),
});

export const CampaignCountsSchema = ResponseObject({
  /** Recipients the audience expanded to. */
  recipients: Type.Integer(),
  /** Handed to the outbox (then delivered by it). */
  sent: Type.Integer(),
  /** Left out at the hand-off: unsubscribed or suppressed since. */
  skipped: Type.Integer(),
  /** Recipients who followed at least one link, and all the clicks. */
  clickers: Type.Integer(),
  clicks: Type.Integer(),
  /** Recipients whose client loaded the opens picture (only when trackOpens). */
  opens: Type.Integer(),
});

export const CampaignSchema = ResponseObject({
  id: Type.String(),
  status: Type.Union([Type.Literal('draft'), Type.Literal('scheduled'), Type.Literal('sending'), Type.Literal('sent'), Type.Literal('cancelled')]),
  subject: Type.String(),
  preheader: Type.String(),
  blocks: Type.Array(BlockReplySchema),
  audience: ResponseObject({ kind: Type.String(), tag: Type.Optional(Type.String()), language: Type.Optional(Type.String()) }),
  trackOpens: Type.Boolean(),
  sendAt: Nullable(Type.String()),
  startedAt: Nullable(Type.String()),
  finishedAt: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  counts: CampaignCountsSchema,
});
export type CampaignJson = Static<typeof CampaignSchema>;

export const CampaignReplySchema = ResponseObject({ campaign: CampaignSchema });
export type CampaignReply = Static<typeof CampaignReplySchema>;
export const ListCampaignsReplySchema = ResponseObject({ campaigns: Type.Array(CampaignSchema) });
export type ListCampaignsReply = Static<typeof ListCampaignsReplySchema>;

const ACCESS = 'campaigns:manage' as const;
const params = CampaignParamsSchema;

export const listCampaignsContract = defineContract({
  operationId: 'listCampaigns', method: 'GET', url: '/api/owner/campaigns', tags, access: ACCESS,
  summary: "The website's newsletter campaigns, newest first, each with its status and counts (sent, clicks).",
  schema: { response: { 200: ListCampaignsReplySchema, ...ERROR_RESPONSES } },
});
export const createCampaignContract = defineContract({
  operationId: 'createCampaign', method: 'POST', url: '/api/owner/campaigns', tags, access: ACCESS,
  summary: 'Creates a draft campaign; mistakes are field errors, nothing written.',
  schema: { body: CampaignBodySchema, response: { 201: CampaignReplySchema, ...ERROR_RESPONSES } },
});
export const getCampaignContract = defineContract({
  operationId: 'getCampaign', method: 'GET', url: '/api/owner/campaigns/:campaignId', tags, access: ACCESS,
  summary: 'One campaign with its counts.',
  schema: { params, response: { 200: CampaignReplySchema, ...ERROR_RESPONSES } },
});
export const updateCampaignContract = defineContract({
  operationId: 'updateCampaign', method: 'PUT', url: '/api/owner/campaigns/:campaignId', tags, access: ACCESS,
  summary: 'Changes a draft (whole); 409 once it is scheduled or sent.',
  schema: { params, body: CampaignBodySchema, response: { 200: CampaignReplySchema, ...ERROR_RESPONSES } },
});
export const deleteCampaignContract = defineContract({
  operationId: 'deleteCampaign', method: 'DELETE', url: '/api/owner/campaigns/:campaignId', tags, access: ACCESS,
  summary: 'Deletes a draft or a cancelled campaign; 409 for one sent or being sent.',
  schema: { params, response: { 200: ResponseObject({ deleted: Type.Literal(true), id: Type.String() }), ...ERROR_RESPONSES } },
});
export const previewCampaignContract = defineContract({
  operationId: 'previewCampaign', method: 'POST', url: '/api/owner/campaigns/preview', tags, access: ACCESS,
  summary: 'Renders a campaign (not saved) through the path the send takes: subject, HTML and text.',
  schema: { body: CampaignBodySchema, response: { 200: MailPreviewReplySchema, ...ERROR_RESPONSES } },
});
export const testCampaignContract = defineContract({
  operationId: 'testCampaign', method: 'POST', url: '/api/owner/campaigns/test', tags, access: ACCESS,
  summary: "Sends a campaign (not saved) to the signed-in owner's own address; a few an hour per website (429 past it).",
  schema: { body: CampaignBodySchema, response: { 200: ResponseObject({ sentTo: Type.String(), mailId: Type.String() }), ...ERROR_RESPONSES } },
});
export const sendCampaignContract = defineContract({
  operationId: 'sendCampaign', method: 'POST', url: '/api/owner/campaigns/:campaignId/send', tags, access: ACCESS,
  summary: 'Sends a draft now, or schedules it (sendAt); the sending job is written with it. 409 when not a draft.',
  schema: { params, body: SendCampaignBodySchema, response: { 200: CampaignReplySchema, ...ERROR_RESPONSES } },
});
export const cancelCampaignContract = defineContract({
  operationId: 'cancelCampaign', method: 'POST', url: '/api/owner/campaigns/:campaignId/cancel', tags, access: ACCESS,
  summary: 'Cancels a scheduled campaign (its job removed with it); 409 once it is sending or sent.',
  schema: { params, response: { 200: CampaignReplySchema, ...ERROR_RESPONSES } },
});

export const OWNER_CAMPAIGN_CONTRACTS = [
  listCampaignsContract, createCampaignContract, previewCampaignContract, testCampaignContract, getCampaignContract, updateCampaignContract,
  deleteCampaignContract, sendCampaignContract, cancelCampaignContract,
] as const;
