import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestQuery, ResponseObject, Text } from './fields';

/** The mail the website sends (issue 13): the owner's view of the outbox, and unsubscribing. */

const tags = ['mail'];

const MailStatusSchema = Type.Union([
  Type.Literal('pending'), Type.Literal('sending'), Type.Literal('sent'), Type.Literal('failed'), Type.Literal('suppressed'),
]);

export const MailSummarySchema = ResponseObject({
  id: Type.String(),
  template: Type.String(),
  kind: Type.Union([Type.Literal('transactional'), Type.Literal('marketing')]),
  to: Type.String(),
  subject: Type.String(),
  status: MailStatusSchema,
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
});

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'suppressed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const MAIL_LIST_MESSAGES = { status: `status must be one of ${MAIL_STATUSES.join(', ')}.` } as const;

export const ListMailQuerySchema = RequestQuery({
  cursor: Type.Optional(Text({ maxLength: 200 })),
  /** Only messages in this state (the cursor is then that filtered list's). */
  status: Type.Optional(Text({ pattern: `^(${MAIL_STATUSES.join('|')})$`, [MESSAGE_KEYWORD]: MAIL_LIST_MESSAGES.status })),
});
export type ListMailQuery = Static<typeof ListMailQuerySchema>;
export const ListMailReplySchema = ResponseObject({
  messages: Type.Array(MailSummarySchema),
  hasNextPage: Type.Boolean(),
  nextPageCursor: Type.Union([Type.String(), Type.Null()]),
});
export type ListMailReply = Static<typeof ListMailReplySchema>;

export const listMailContract = defineContract({
  operationId: 'listMail',
  method: 'GET',
  url: '/api/owner/mail',
  summary: 'The outbox, newest first, 50 a page: what the website sent, is sending, gave up on or held back; status filters.',
  tags,
  access: 'mail:read',
  schema: { querystring: ListMailQuerySchema, response: { 200: ListMailReplySchema, ...ERROR_RESPONSES } },
});

export const MailParamsSchema = Type.Object({ mailId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: 'No such message.' }) });
export const MailReplySchema = ResponseObject({
  ...MailSummarySchema.properties,
  from: Type.String(),
  text: Type.String(),
  html: Type.String(),
});
export type MailReply = Static<typeof MailReplySchema>;

export const getMailContract = defineContract({
  operationId: 'getMail',
  method: 'GET',
  url: '/api/owner/mail/:mailId',
  summary: 'One message of the outbox with both bodies.',
  tags,
  access: 'mail:read',
  schema: { params: MailParamsSchema, response: { 200: MailReplySchema, ...ERROR_RESPONSES } },
});

export const UnsubscribeQuerySchema = RequestQuery({ token: Text({ minLength: 1, maxLength: 1000, [MESSAGE_KEYWORD]: 'This unsubscribe link is not valid.' }) });

export const unsubscribeContract = defineContract({
  operationId: 'unsubscribe',
  method: 'POST',
  url: '/api/mail/unsubscribe',
  summary: 'One-click unsubscribe (RFC 8058) from a marketing mail\'s signed link: no more marketing mail to that address.',
  tags,
  schema: { querystring: UnsubscribeQuerySchema, response: { 200: ResponseObject({ unsubscribed: Type.Literal(true) }), ...ERROR_RESPONSES } },
});

/** The signature header of POST /api/mail/feedback: `sha256=` and the hex HMAC-SHA256 of the body's exact bytes with MAIL_FEEDBACK_SECRET. */
export const MAIL_FEEDBACK_SIGNATURE_HEADER = 'x-vitrine-signature';

export const mailFeedbackContract = defineContract({
  operationId: 'receiveMailFeedback',
  method: 'POST',
  url: '/api/mail/feedback',
  summary:
    "The mail provider's feedback (complaints and hard bounces), signed with the operator's MAIL_FEEDBACK_SECRET (X-Vitrine-Signature: sha256=<hex HMAC of the body>; 256 KB at most). Accepts Vitrine's own shape ({type: 'complaint' | 'bounce', email, messageId}), Amazon SES notifications (also inside an SNS envelope) and SendGrid's event arrays (spamreport, bounce). Each report names the Message-ID Vitrine sent (<outbox id@domain>): the address is suppressed for the website that sent it — a complaint stops its marketing mail, a hard bounce all its mail. 401 for a missing or wrong signature; 404 when no secret is configured; 400 for a body that is no report.",
  tags,
  schema: { response: { 200: ResponseObject({ received: Type.Literal(true), suppressed: Type.Number(), unmatched: Type.Number() }), ...ERROR_RESPONSES } },
});

export const MAIL_CONTRACTS = [listMailContract, getMailContract, unsubscribeContract, mailFeedbackContract] as const;
