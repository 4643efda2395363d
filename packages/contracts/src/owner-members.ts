import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, RequestParams, RequestQuery, ResponseObject, Text } from './fields';

/**
 * The owner's member areas (issue 20 item 1): an area gates site pages (a collection gates its items); access is
 * free (a signed-in site user joins) or paid (buying the area's PAYWALL product, product type 5). Memberships are
 * granted by a join, an order, a subscription or the owner, and revoked by the owner. Page passwords (the lock
 * screen, page type 103) are set and cleared here too. Every change of an area names its `version` (409 when stale).
 */

const tags = ['owner-members'];

export const MEMBER_AREA_ACCESS = ['free', 'paid'] as const;
export type MemberAreaAccessName = (typeof MEMBER_AREA_ACCESS)[number];
export const MEMBERSHIP_SOURCES = ['sign-up', 'order', 'subscription', 'owner'] as const;
export type MembershipSourceName = (typeof MEMBERSHIP_SOURCES)[number];
/** 'expired': still active in the table but its end date passed (no job flips it). */
export const MEMBERSHIP_STATUSES = ['active', 'expired', 'ended'] as const;
export type MembershipStatusName = (typeof MEMBERSHIP_STATUSES)[number];

export const OWNER_MEMBER_LIMITS = {
  nameLength: 100,
  descriptionLength: 2_000,
  joinButtonTextLength: 60,
  pagesPerArea: 100,
  maxDurationDays: 3650,
  passwordLength: { min: 4, max: 200 },
  /** Members per page of an area's list. */
  membersPage: 50,
  /** The longest email search (`q`). */
  memberSearchLength: 100,
} as const;

export const OWNER_MEMBER_MESSAGES = {
  memberAreaId: 'memberAreaId must be a member area id.',
  membershipId: 'membershipId must be a membership id.',
  pageId: 'pageId must be a page id.',
  name: `Enter a name of 1 to ${OWNER_MEMBER_LIMITS.nameLength} characters.`,
  description: `The description may have up to ${OWNER_MEMBER_LIMITS.descriptionLength} characters.`,
  access: 'access must be free or paid.',
  paywallProductId: 'paywallProductId must be a product id or null.',
  joinButtonText: `The join button's text may have up to ${OWNER_MEMBER_LIMITS.joinButtonTextLength} characters.`,
  durationDays: `durationDays must be a whole number of days from 1 to ${OWNER_MEMBER_LIMITS.maxDurationDays}, or null.`,
  pageIds: `pageIds must be a list of up to ${OWNER_MEMBER_LIMITS.pagesPerArea} page ids.`,
  version: 'version must be the version you edited.',
  email: 'Enter the email of a site user of this website.',
  endsAt: 'endsAt must be a date and time in the future (ISO 8601), or null.',
  status: `status must be one of ${MEMBERSHIP_STATUSES.join(', ')}.`,
  cursor: 'This page link is not valid. Start again from the first page.',
  q: `Search for 1 to ${OWNER_MEMBER_LIMITS.memberSearchLength} characters of an email.`,
  password: `Enter a password of ${OWNER_MEMBER_LIMITS.passwordLength.min} to ${OWNER_MEMBER_LIMITS.passwordLength.max} characters.`,
} as const;

const Id = (message: string) => Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: message });
const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);
const NullableString = Type.Union([Type.String(), Type.Null()]);

export const MemberAreaIdParamsSchema = RequestParams({ memberAreaId: Id(OWNER_MEMBER_MESSAGES.memberAreaId) });
export const MembershipParamsSchema = RequestParams({ memberAreaId: Id(OWNER_MEMBER_MESSAGES.memberAreaId), membershipId: Id(OWNER_MEMBER_MESSAGES.membershipId) });
export const PageLockParamsSchema = RequestParams({ pageId: Id(OWNER_MEMBER_MESSAGES.pageId) });

const areaFields = {
  name: Text({ minLength: 1, maxLength: OWNER_MEMBER_LIMITS.nameLength, [MESSAGE_KEYWORD]: OWNER_MEMBER_MESSAGES.name }),
  description: Type.Optional(Text({ maxLength: OWNER_MEMBER_LIMITS.descriptionLength, [MESSAGE_KEYWORD]: OWNER_MEMBER_MESSAGES.description })),
  access: Type.Unsafe<MemberAreaAccessName>({ type: 'string', pattern: '^(free|paid)$', [MESSAGE_KEYWORD]: OWNER_MEMBER_MESSAGES.access }),
  /** Required for a paid area: a PAYWALL product (type 5) of this website. */
  paywallProductId: Type.Optional(Type.Union([Id(OWNER_MEMBER_MESSAGES.paywallProductId), Type.Null()], { [MESSAGE_KEYWORD]: OWNER_MEMBER_MESSAGES.paywallProductId })),
  joinButtonText: Type.Optional(Text({ maxLength: OWNER_MEMBER_LIMITS.joinButtonTextLength, [MESSAGE_KEYWORD]: OWNER_MEMBER_MESSAGES.joinButtonText })),
  /** A one-off purchase's membership lasts this many days; null (or absent) for good. Subscriptions last while they do. */
  durationDays: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: OWNER_MEMBER_LIMITS.maxDurationDays }), Type.Null()], { [MESSAGE_KEYWORD]: OWNER_MEMBER_MESSAGES.durationDays })),
  /** The site pages the area gates, in order (the first is where navigation links and the confirmed page send members). */
  pageIds: Type.Optional(Type.Array(Id(OWNER_MEMBER_MESSAGES.pageIds), { maxItems: OWNER_MEMBER_LIMITS.pagesPerArea, uniqueItems: true, [MESSAGE_KEYWORD]: OWNER_MEMBER_MESSAGES.pageIds })),
};

export const CreateMemberAreaBodySchema = RequestBody(areaFields);
export type CreateMemberAreaBody = Static<typeof CreateMemberAreaBodySchema>;

export const UpdateMemberAreaBodySchema = RequestBody({
  ...areaFields,
  version: Type.Integer({ minimum: 1, [MESSAGE_KEYWORD]: OWNER_MEMBER_MESSAGES.version }),
});
export type UpdateMemberAreaBody = Static<typeof UpdateMemberAreaBodySchema>;

export const MemberAreaPageSchema = ResponseObject({
  id: Type.String(),
  title: Type.String(),
  /** 'page', 'blog', 'course', … (site_pages.kind). */
  kind: Type.String(),
  /** '/pottery-basics'. */
  url: Type.String(),
});

export const MemberAreaSchema = ResponseObject({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  access: Type.Unsafe<MemberAreaAccessName>({ type: 'string', enum: [...MEMBER_AREA_ACCESS] }),
  paywallProductId: NullableString,
  /** The PAYWALL product's name and price line ('$12.00 every month'); null for a free area. */
  paywallProduct: Type.Union([ResponseObject({ id: Type.String(), name: Type.String(), priceLabel: Type.String() }), Type.Null()]),
  joinButtonText: Type.String(),
  durationDays: NullableInteger,
  pages: Type.Array(MemberAreaPageSchema),
  /** Live memberships now. */
  activeMemberCount: Type.Integer(),
  version: Type.Integer(),
  /** Milliseconds since the epoch. */
  created: Type.Integer(),
  updated: Type.Integer(),
});
export type MemberAreaJson = Static<typeof MemberAreaSchema>;

export const MemberAreaReplySchema = ResponseObject({ memberArea: MemberAreaSchema });
export type MemberAreaReply = Static<typeof MemberAreaReplySchema>;
export const ListMemberAreasReplySchema = ResponseObject({ memberAreas: Type.Array(MemberAreaSchema) });
export type ListMemberAreasReply = Static<typeof ListMemberAreasReplySchema>;

export const MembershipSchema = ResponseObject({
  id: Type.String(),
  memberAreaId: Type.String(),
  siteUserId: Type.String(),
  email: Type.String(),
  source: Type.Unsafe<MembershipSourceName>({ type: 'string', enum: [...MEMBERSHIP_SOURCES] }),
  status: Type.Unsafe<MembershipStatusName>({ type: 'string', enum: [...MEMBERSHIP_STATUSES] }),
  /** 'Active', 'Expired', 'Ended'. */
  statusLabel: Type.String(),
  orderId: NullableString,
  subscriptionId: NullableString,
  /** Milliseconds since the epoch. */
  startedAt: Type.Integer(),
  endsAt: NullableInteger,
  endedAt: NullableInteger,
  /** 'owner' or 'subscription' once ended. */
  endedBy: NullableString,
});
export type MembershipJson = Static<typeof MembershipSchema>;

export const ListMembersQuerySchema = RequestQuery({
  status: Type.Optional(Text({ pattern: `^(${MEMBERSHIP_STATUSES.join('|')})$`, [MESSAGE_KEYWORD]: OWNER_MEMBER_MESSAGES.status })),
  /** The previous page's nextCursor (with the same status and q). */
  cursor: Type.Optional(Text({ pattern: '^[A-Za-z0-9_-]{1,300}$', [MESSAGE_KEYWORD]: OWNER_MEMBER_MESSAGES.cursor })),
  /** Part of the member's email, any case ('ANN@' finds ann@example.com). */
  q: Type.Optional(Text({ minLength: 1, maxLength: OWNER_MEMBER_LIMITS.memberSearchLength, [MESSAGE_KEYWORD]: OWNER_MEMBER_MESSAGES.q })),
});
export type ListMembersQuery = Static<typeof ListMembersQuerySchema>;
export const ListMembersReplySchema = ResponseObject({
  members: Type.Array(MembershipSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type ListMembersReply = Static<typeof ListMembersReplySchema>;

export const GrantMembershipBodySchema = RequestBody({
  email: Text({ minLength: 3, maxLength: 320, [MESSAGE_KEYWORD]: OWNER_MEMBER_MESSAGES.email }),
  /** When it ends (ISO 8601); null or absent for good. */
  endsAt: Type.Optional(Type.Union([Text({ minLength: 10, maxLength: 40 }), Type.Null()], { [MESSAGE_KEYWORD]: OWNER_MEMBER_MESSAGES.endsAt })),
});
export type GrantMembershipBody = Static<typeof GrantMembershipBodySchema>;
export const MembershipReplySchema = ResponseObject({ membership: MembershipSchema, changed: Type.Boolean() });
export type MembershipReply = Static<typeof MembershipReplySchema>;

export const PageLockSchema = ResponseObject({
  pageId: Type.String(),
  title: Type.String(),
  url: Type.String(),
  updated: Type.Integer(),
});
export type PageLockJson = Static<typeof PageLockSchema>;
export const ListPageLocksReplySchema = ResponseObject({ pageLocks: Type.Array(PageLockSchema) });
export type ListPageLocksReply = Static<typeof ListPageLocksReplySchema>;
export const SetPageLockBodySchema = RequestBody({
  password: Text({ minLength: OWNER_MEMBER_LIMITS.passwordLength.min, maxLength: OWNER_MEMBER_LIMITS.passwordLength.max, [MESSAGE_KEYWORD]: OWNER_MEMBER_MESSAGES.password }),
});
export type SetPageLockBody = Static<typeof SetPageLockBodySchema>;
export const PageLockReplySchema = ResponseObject({ pageId: Type.String(), locked: Type.Boolean() });
export type PageLockReply = Static<typeof PageLockReplySchema>;

export const listMemberAreasContract = defineContract({
  operationId: 'listMemberAreas',
  method: 'GET',
  url: '/api/owner/member-areas',
  summary: 'The member areas, by name, with the pages each gates and its live member count.',
  tags,
  access: 'members:read',
  schema: { response: { 200: ListMemberAreasReplySchema, ...ERROR_RESPONSES } },
});

export const createMemberAreaContract = defineContract({
  operationId: 'createMemberArea',
  method: 'POST',
  url: '/api/owner/member-areas',
  summary: 'Creates a member area (free, or paid by a PAYWALL product) gating the pages named.',
  tags,
  access: 'members:write',
  schema: { body: CreateMemberAreaBodySchema, response: { 201: MemberAreaReplySchema, ...ERROR_RESPONSES } },
});

export const getMemberAreaContract = defineContract({
  operationId: 'getMemberArea',
  method: 'GET',
  url: '/api/owner/member-areas/:memberAreaId',
  summary: 'One member area.',
  tags,
  access: 'members:read',
  schema: { params: MemberAreaIdParamsSchema, response: { 200: MemberAreaReplySchema, ...ERROR_RESPONSES } },
});

export const updateMemberAreaContract = defineContract({
  operationId: 'updateMemberArea',
  method: 'PUT',
  url: '/api/owner/member-areas/:memberAreaId',
  summary: 'Changes a member area and the pages it gates (409 when another change came first).',
  tags,
  access: 'members:write',
  schema: { params: MemberAreaIdParamsSchema, body: UpdateMemberAreaBodySchema, response: { 200: MemberAreaReplySchema, ...ERROR_RESPONSES } },
});

export const deleteMemberAreaContract = defineContract({
  operationId: 'deleteMemberArea',
  method: 'DELETE',
  url: '/api/owner/member-areas/:memberAreaId',
  summary: 'Deletes a member area and its memberships: its pages open to everyone.',
  tags,
  access: 'members:write',
  schema: { params: MemberAreaIdParamsSchema, response: { 200: ResponseObject({ deleted: Type.Boolean() }), ...ERROR_RESPONSES } },
});

export const listMembersContract = defineContract({
  operationId: 'listMembers',
  method: 'GET',
  url: '/api/owner/member-areas/:memberAreaId/members',
  summary: `An area's memberships, newest first, optionally of one status and matching part of an email (q), in cursor pages of ${OWNER_MEMBER_LIMITS.membersPage}.`,
  tags,
  access: 'members:read',
  schema: { params: MemberAreaIdParamsSchema, querystring: ListMembersQuerySchema, response: { 200: ListMembersReplySchema, ...ERROR_RESPONSES } },
});

export const grantMembershipContract = defineContract({
  operationId: 'grantMembership',
  method: 'POST',
  url: '/api/owner/member-areas/:memberAreaId/members',
  summary: 'Grants a site user (by email) a membership of the area; an active one is extended (changed: false when nothing changed).',
  tags,
  access: 'members:write',
  schema: { params: MemberAreaIdParamsSchema, body: GrantMembershipBodySchema, response: { 201: MembershipReplySchema, ...ERROR_RESPONSES } },
});

export const revokeMembershipContract = defineContract({
  operationId: 'revokeMembership',
  method: 'POST',
  url: '/api/owner/member-areas/:memberAreaId/members/:membershipId/revoke',
  summary: 'Ends a membership now (idempotent: changed is false when it had already ended).',
  tags,
  access: 'members:write',
  schema: { params: MembershipParamsSchema, response: { 200: MembershipReplySchema, ...ERROR_RESPONSES } },
});

export const listPageLocksContract = defineContract({
  operationId: 'listPageLocks',
  method: 'GET',
  url: '/api/owner/page-locks',
  summary: 'The password-protected pages.',
  tags,
  access: 'members:read',
  schema: { response: { 200: ListPageLocksReplySchema, ...ERROR_RESPONSES } },
});

export const setPageLockContract = defineContract({
  operationId: 'setPageLock',
  method: 'PUT',
  url: '/api/owner/page-locks/:pageId',
  summary: "Sets a page's password (a new one locks out every browser that unlocked the old).",
  tags,
  access: 'members:write',
  schema: { params: PageLockParamsSchema, body: SetPageLockBodySchema, response: { 200: PageLockReplySchema, ...ERROR_RESPONSES } },
});

export const clearPageLockContract = defineContract({
  operationId: 'clearPageLock',
  method: 'DELETE',
  url: '/api/owner/page-locks/:pageId',
  summary: "Clears a page's password (idempotent).",
  tags,
  access: 'members:write',
  schema: { params: PageLockParamsSchema, response: { 200: PageLockReplySchema, ...ERROR_RESPONSES } },
});

export const OWNER_MEMBER_CONTRACTS = [
  listMemberAreasContract, createMemberAreaContract, getMemberAreaContract, updateMemberAreaContract, deleteMemberAreaContract,
  listMembersContract, grantMembershipContract, revokeMembershipContract,
  listPageLocksContract, setPageLockContract, clearPageLockContract,
] as const;
