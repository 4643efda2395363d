import Type, { type Static, type TSchema } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, RequestQuery, ResponseObject, Text } from './fields';

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
  tagsInvalid: 'Check the tags: some are not valid.',
  tag: `A tag has 1 to 40 letters, digits or dashes (no spaces).`,
  tooManyTags: 'A subscriber has at most 20 tags.',
  emails: 'Choose from 1 to 500 subscribers.',
  nothingToChange: 'Name at least one tag to add or remove.',
} as const;

/**
 * Subscriber tags (campaign segments, issue 38): 1 to 40 letters, digits or dashes, the campaign audience's own rule,
 * kept lower-case (a campaign to "VIP" reaches the subscribers tagged "vip"); at most 20 per subscriber; a change
 * names at most 500 subscribers.
 */
export const SUBSCRIBER_TAG_LIMITS = { length: 40, perSubscriber: 20, subscribersPerChange: 500, tagsPerChange: 20 } as const;
export const SUBSCRIBER_TAG_PATTERN = /^[\p{L}\p{N}-]{1,40}$/u;

/** The field errors of a tag change (by path, `add.0`), empty when it is valid. */
export function subscriberTagErrors(input: { emails: readonly string[]; add?: readonly string[]; remove?: readonly string[] }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (input.emails.length < 1 || input.emails.length > SUBSCRIBER_TAG_LIMITS.subscribersPerChange) errors.emails = OWNER_NEWSLETTER_MESSAGES.emails;
  for (const field of ['add', 'remove'] as const) {
    const list = input[field] ?? [];
    if (list.length > SUBSCRIBER_TAG_LIMITS.tagsPerChange) errors[field] = OWNER_NEWSLETTER_MESSAGES.tooManyTags;
    list.forEach((tag, index) => { if (!SUBSCRIBER_TAG_PATTERN.test(tag.trim())) errors[`${field}.${index}`] = OWNER_NEWSLETTER_MESSAGES.tag; });
  }
  if ((input.add ?? []).length === 0 && (input.remove ?? []).length === 0) errors.add = OWNER_NEWSLETTER_MESSAGES.nothingToChange;
  return errors;
}

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
  /** The owner's tags (campaign segments), lower-case, sorted. */
  tags: Type.Array(Type.String()),
  /** The language of the page the address signed up on ('fr-FR'), or null when not known (before migration 065's fill). */
  language: Nullable(Type.String()),
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

export const TagNewsletterSubscribersBodySchema = RequestBody({
  emails: Type.Array(Text({ maxLength: 320 }), { maxItems: 1000, ...withMessage(OWNER_NEWSLETTER_MESSAGES.emails) }),
  add: Type.Optional(Type.Array(Text({ maxLength: 200 }), { maxItems: 100, ...withMessage(OWNER_NEWSLETTER_MESSAGES.tooManyTags) })),
  remove: Type.Optional(Type.Array(Text({ maxLength: 200 }), { maxItems: 100, ...withMessage(OWNER_NEWSLETTER_MESSAGES.tooManyTags) })),
});
export type TagNewsletterSubscribersBody = Static<typeof TagNewsletterSubscribersBodySchema>;

export const tagNewsletterSubscribersContract = defineContract({
  operationId: 'tagNewsletterSubscribers',
  method: 'POST',
  url: '/api/owner/newsletter/subscribers/tags',
  summary: 'Adds and removes tags (campaign segments) on one or many subscribers; answers how many rows changed and their new tags.',
  tags,
  access: 'campaigns:manage',
  schema: {
    body: TagNewsletterSubscribersBodySchema,
    response: { 200: ResponseObject({ updated: Type.Number(), subscribers: Type.Array(NewsletterSubscriberSchema) }), ...ERROR_RESPONSES },
  },
});

export const OWNER_NEWSLETTER_CONTRACTS = [listNewsletterSubscribersContract, exportNewsletterSubscribersContract, tagNewsletterSubscribersContract] as const;
