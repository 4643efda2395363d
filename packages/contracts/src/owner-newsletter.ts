import Type, { type Static, type TSchema } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestQuery, ResponseObject, Text } from './fields';

/**
 * The owner's view of the store's newsletter list (issue 16): the addresses on it with their double opt-in
 * status (pending until the address confirms, confirmed, unsubscribed), newest first in cursor pages, and the
 * whole list (or one status) as CSV.
 */

const tags = ['owner-newsletter'];

export const NEWSLETTER_SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterSubscriberStatus = (typeof NEWSLETTER_SUBSCRIBER_STATUSES)[number];

/** Subscriber pages: 50 by default, at most 100. */
export const NEWSLETTER_SUBSCRIBER_PAGE_SIZE = { default: 50, max: 100 } as const;

export const OWNER_NEWSLETTER_MESSAGES = {
  status: `status must be one of ${NEWSLETTER_SUBSCRIBER_STATUSES.join(', ')}.`,
  cursor: 'This page link is not valid. Start again from the first page.',
  limit: `limit must be a whole number from 1 to ${NEWSLETTER_SUBSCRIBER_PAGE_SIZE.max}.`,
} as const;

const withMessage = (message: string) => ({ [MESSAGE_KEYWORD]: message });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const StatusFilter = {
  /** Absent: every status. */
  status: Type.Optional(Text({ pattern: `^(${NEWSLETTER_SUBSCRIBER_STATUSES.join('|')})$`, ...withMessage(OWNER_NEWSLETTER_MESSAGES.status) })),
};

export const NewsletterSubscriberSchema = ResponseObject({
  email: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('confirmed'), Type.Literal('unsubscribed')]),
  /** Where the address came from: 'newsletter' (the newsletter block), 'restock' (the restock box's opt-in), … */
  source: Type.String(),
  createdAt: Type.String(),
  confirmedAt: Nullable(Type.String()),
  unsubscribedAt: Nullable(Type.String()),
});
export type NewsletterSubscriberJson = Static<typeof NewsletterSubscriberSchema>;

export const ListNewsletterSubscribersQuerySchema = RequestQuery({
  ...StatusFilter,
  /** The previous page's nextPageCursor (with the same status filter). */
  cursor: Type.Optional(Text({ pattern: '^[A-Za-z0-9_-]{1,600}$', ...withMessage(OWNER_NEWSLETTER_MESSAGES.cursor) })),
  limit: Type.Optional(Text({ pattern: '^[0-9]{1,6}$', ...withMessage(OWNER_NEWSLETTER_MESSAGES.limit) })),
});
export type ListNewsletterSubscribersQuery = Static<typeof ListNewsletterSubscribersQuerySchema>;

export const ListNewsletterSubscribersReplySchema = ResponseObject({
  subscribers: Type.Array(NewsletterSubscriberSchema),
  hasNextPage: Type.Boolean(),
  nextPageCursor: Nullable(Type.String()),
});
export type ListNewsletterSubscribersReply = Static<typeof ListNewsletterSubscribersReplySchema>;

export const ExportNewsletterSubscribersQuerySchema = RequestQuery(StatusFilter);
export type ExportNewsletterSubscribersQuery = Static<typeof ExportNewsletterSubscribersQuerySchema>;

export const listNewsletterSubscribersContract = defineContract({
  operationId: 'listNewsletterSubscribers',
  method: 'GET',
  url: '/api/owner/newsletter/subscribers',
  summary: "The newsletter list, newest first, in cursor pages: each address with its status and where it came from; status filters.",
  tags,
  access: 'forms:read',
  schema: { querystring: ListNewsletterSubscribersQuerySchema, response: { 200: ListNewsletterSubscribersReplySchema, ...ERROR_RESPONSES } },
});

export const exportNewsletterSubscribersContract = defineContract({
  operationId: 'exportNewsletterSubscribers',
  method: 'GET',
  url: '/api/owner/newsletter/subscribers/export.csv',
  summary: 'The newsletter list as CSV (streamed, newest first, spreadsheet-safe cells); status filters.',
  tags,
  access: 'forms:read',
  schema: { querystring: ExportNewsletterSubscribersQuerySchema, response: { 200: Type.String({ description: 'text/csv' }), ...ERROR_RESPONSES } },
});

export const OWNER_NEWSLETTER_CONTRACTS = [listNewsletterSubscribersContract, exportNewsletterSubscribersContract] as const;
