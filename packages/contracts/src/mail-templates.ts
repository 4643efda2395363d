import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, RequestParams, ResponseObject, Text } from './fields';
import { EDITABLE_MAIL_TEMPLATES, MAIL_TEMPLATE_LIMITS, MAIL_TEMPLATE_MESSAGES } from './mail-template-model';

/**
 * Mail the owner can edit (issue 38 item 7): Settings → Mail → Templates. The body's shape is checked here; its rules
 * (variables, lengths, which blocks apply) by mailTemplateErrors, as field errors (`blocks.2.text`).
 */

const tags = ['mail'];

export const MailTemplateParamsSchema = RequestParams({
  name: Text({ pattern: `^(${EDITABLE_MAIL_TEMPLATES.join('|')})$`, [MESSAGE_KEYWORD]: MAIL_TEMPLATE_MESSAGES.unknownTemplate }),
});

const BlockSchema = Type.Object({
  type: Text({ maxLength: 20, [MESSAGE_KEYWORD]: MAIL_TEMPLATE_MESSAGES.blockType }),
  text: Type.Optional(Text({ maxLength: MAIL_TEMPLATE_LIMITS.text + 1000, [MESSAGE_KEYWORD]: MAIL_TEMPLATE_MESSAGES.long(MAIL_TEMPLATE_LIMITS.text) })),
  label: Type.Optional(Text({ maxLength: MAIL_TEMPLATE_LIMITS.label + 1000, [MESSAGE_KEYWORD]: MAIL_TEMPLATE_MESSAGES.long(MAIL_TEMPLATE_LIMITS.label) })),
  url: Type.Optional(Text({ maxLength: MAIL_TEMPLATE_LIMITS.url + 1000, [MESSAGE_KEYWORD]: MAIL_TEMPLATE_MESSAGES.long(MAIL_TEMPLATE_LIMITS.url) })),
}, { additionalProperties: false });

export const MailTemplateBodySchema = RequestBody({
  subject: Text({ maxLength: MAIL_TEMPLATE_LIMITS.subject + 1000, [MESSAGE_KEYWORD]: MAIL_TEMPLATE_MESSAGES.subjectLong }),
  blocks: Type.Array(BlockSchema, { maxItems: MAIL_TEMPLATE_LIMITS.blocks + 10, [MESSAGE_KEYWORD]: MAIL_TEMPLATE_MESSAGES.blocksMany }),
});
export type MailTemplateBody = Static<typeof MailTemplateBodySchema>;

const BlockReplySchema = ResponseObject({ type: Type.String(), text: Type.Optional(Type.String()), label: Type.Optional(Type.String()), url: Type.Optional(Type.String()) });

export const MailTemplateSummarySchema = ResponseObject({
  name: Type.String(),
  label: Type.String(),
  recipient: Type.String(),
  /** True when the owner's version is sent; false: our default. */
  customized: Type.Boolean(),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
  /** The last send that could not use the owner's version and sent the default: why, and when. */
  lastFallback: Type.Union([ResponseObject({ reason: Type.String(), at: Type.String() }), Type.Null()]),
});

export const MailTemplateReplySchema = ResponseObject({
  ...MailTemplateSummarySchema.properties,
  subject: Type.String(),
  blocks: Type.Array(BlockReplySchema),
  variables: Type.Record(Type.String(), Type.String()),
  summaryBlock: Type.Boolean(),
});
export type MailTemplateReply = Static<typeof MailTemplateReplySchema>;

export const ListMailTemplatesReplySchema = ResponseObject({ templates: Type.Array(MailTemplateSummarySchema) });
export type ListMailTemplatesReply = Static<typeof ListMailTemplatesReplySchema>;

export const MailPreviewReplySchema = ResponseObject({ subject: Type.String(), html: Type.String(), text: Type.String() });
export type MailPreviewReply = Static<typeof MailPreviewReplySchema>;

export const listMailTemplatesContract = defineContract({
  operationId: 'listMailTemplates',
  method: 'GET',
  url: '/api/owner/mail-templates',
  summary: 'The mail templates the owner may edit: each one customised or the default, and whether its last send fell back to the default.',
  tags,
  access: 'store-settings:read',
  schema: { response: { 200: ListMailTemplatesReplySchema, ...ERROR_RESPONSES } },
});

export const getMailTemplateContract = defineContract({
  operationId: 'getMailTemplate',
  method: 'GET',
  url: '/api/owner/mail-templates/:name',
  summary: "One template: the owner's version, or the default's words as blocks; its variables.",
  tags,
  access: 'store-settings:read',
  schema: { params: MailTemplateParamsSchema, response: { 200: MailTemplateReplySchema, ...ERROR_RESPONSES } },
});

export const saveMailTemplateContract = defineContract({
  operationId: 'saveMailTemplate',
  method: 'PUT',
  url: '/api/owner/mail-templates/:name',
  summary: "Saves the owner's version (sent from now on); unknown variables and other mistakes are field errors, nothing written.",
  tags,
  access: 'store-settings:write',
  schema: { params: MailTemplateParamsSchema, body: MailTemplateBodySchema, response: { 200: MailTemplateReplySchema, ...ERROR_RESPONSES } },
});

export const resetMailTemplateContract = defineContract({
  operationId: 'resetMailTemplate',
  method: 'DELETE',
  url: '/api/owner/mail-templates/:name',
  summary: "Reset to default: removes the owner's version; our default is sent again.",
  tags,
  access: 'store-settings:write',
  schema: { params: MailTemplateParamsSchema, response: { 200: MailTemplateReplySchema, ...ERROR_RESPONSES } },
});

export const previewMailTemplateContract = defineContract({
  operationId: 'previewMailTemplate',
  method: 'POST',
  url: '/api/owner/mail-templates/:name/preview',
  summary: 'Renders a version (not saved) with sample data, through the path real mail takes: subject, HTML and text.',
  tags,
  access: 'store-settings:read',
  schema: { params: MailTemplateParamsSchema, body: MailTemplateBodySchema, response: { 200: MailPreviewReplySchema, ...ERROR_RESPONSES } },
});

export const sendTestMailTemplateContract = defineContract({
  operationId: 'sendTestMailTemplate',
  method: 'POST',
  url: '/api/owner/mail-templates/:name/test',
  summary: "Sends a version (not saved) with sample data to the signed-in owner's own address; a few an hour per website (429 past it).",
  tags,
  access: 'store-settings:write',
  schema: { params: MailTemplateParamsSchema, body: MailTemplateBodySchema, response: { 200: ResponseObject({ sentTo: Type.String(), mailId: Type.String() }), ...ERROR_RESPONSES } },
});

export const MAIL_TEMPLATE_CONTRACTS = [
  listMailTemplatesContract, getMailTemplateContract, saveMailTemplateContract, resetMailTemplateContract, previewMailTemplateContract, sendTestMailTemplateContract,
] as const;
