import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, RequestParams, ResponseObject, Text } from './fields';
import { ContributorRoleSchema } from './owner';

/**
 * The contributors panel (Settings → Contributors): who works on the website and with which role, invitations
 * by email (a one-time link in a mail from the outbox), role changes and removal. Every call needs
 * `contributors:manage` (admins).
 */

const tags = ['owner-contributors'];

/** How long an invitation's link works. */
export const CONTRIBUTOR_INVITATION_DAYS = 7;

export const CONTRIBUTOR_MESSAGES = {
  email: 'Please enter a valid email',
  role: 'Choose a role.',
  siteUserId: 'siteUserId must name a contributor.',
  invitationId: 'invitationId must name an invitation.',
  notFound: 'This person is not a contributor of this website.',
  invitationNotFound: 'This invitation has been used, cancelled or has expired.',
  alreadyContributor: 'This person is already a contributor. Change their role in the list.',
  lastAdmin: 'The website needs at least one admin. Make someone else an admin first.',
  ownRole: 'You cannot change your own role. Ask another admin.',
  removeSelf: 'You cannot remove yourself. Ask another admin.',
} as const;

export const ContributorSchema = ResponseObject({
  siteUserId: Type.String(),
  email: Type.String(),
  role: ContributorRoleSchema,
  roleName: Type.String(),
  status: Type.Literal('accepted'),
  /** When they became a contributor (milliseconds since the epoch). */
  since: Type.Integer(),
  /** The signed-in owner making the call. */
  you: Type.Boolean(),
});
export type ContributorJson = Static<typeof ContributorSchema>;

export const ContributorInvitationSchema = ResponseObject({
  /** The invitation's id: the stored hash of its link's token (never the token). */
  invitationId: Type.String(),
  email: Type.String(),
  role: ContributorRoleSchema,
  roleName: Type.String(),
  status: Type.Literal('invited'),
  invited: Type.Integer(),
  expires: Type.Integer(),
});
export type ContributorInvitationJson = Static<typeof ContributorInvitationSchema>;

export const ContributorsReplySchema = ResponseObject({
  contributors: Type.Array(ContributorSchema),
  invitations: Type.Array(ContributorInvitationSchema),
});
export type ContributorsReply = Static<typeof ContributorsReplySchema>;

const RoleSchema = Type.Unsafe<Static<typeof ContributorRoleSchema>>({ ...ContributorRoleSchema, [MESSAGE_KEYWORD]: CONTRIBUTOR_MESSAGES.role });

/** The email is checked by the service with the shared rule, in the panel's words. */
export const InviteContributorBodySchema = RequestBody({
  email: Text({ maxLength: 256, [MESSAGE_KEYWORD]: CONTRIBUTOR_MESSAGES.email }),
  role: RoleSchema,
});
export type InviteContributorBody = Static<typeof InviteContributorBodySchema>;

export const InvitedReplySchema = ResponseObject({ invitation: ContributorInvitationSchema });
export type InvitedReply = Static<typeof InvitedReplySchema>;

export const ChangeContributorRoleBodySchema = RequestBody({ role: RoleSchema });
export type ChangeContributorRoleBody = Static<typeof ChangeContributorRoleBodySchema>;

export const SiteUserIdParamsSchema = RequestParams({
  siteUserId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: CONTRIBUTOR_MESSAGES.siteUserId }),
});
export const InvitationIdParamsSchema = RequestParams({
  invitationId: Text({ pattern: '^[0-9a-f]{64}$', [MESSAGE_KEYWORD]: CONTRIBUTOR_MESSAGES.invitationId }),
});

export const listContributorsContract = defineContract({
  operationId: 'listContributors',
  method: 'GET',
  url: '/api/owner/contributors',
  summary: "The website's contributors (email, role, since, which one is you) and its pending invitations.",
  tags,
  access: 'contributors:manage',
  schema: { response: { 200: ContributorsReplySchema, ...ERROR_RESPONSES } },
});

export const inviteContributorContract = defineContract({
  operationId: 'inviteContributor',
  method: 'POST',
  url: '/api/owner/contributors/invitations',
  summary: `Invites someone by email with a role: a one-time link (${CONTRIBUTOR_INVITATION_DAYS} days) is mailed through the outbox; the invitee creates an account or confirms theirs and gets the role. A new invitation to the same address replaces the pending one.`,
  tags,
  access: 'contributors:manage',
  schema: { body: InviteContributorBodySchema, response: { 201: InvitedReplySchema, ...ERROR_RESPONSES } },
});

export const cancelContributorInvitationContract = defineContract({
  operationId: 'cancelContributorInvitation',
  method: 'DELETE',
  url: '/api/owner/contributors/invitations/:invitationId',
  summary: 'Cancels a pending invitation: its link stops working.',
  tags,
  access: 'contributors:manage',
  schema: { params: InvitationIdParamsSchema, response: { 200: ResponseObject({ cancelled: Type.Literal(true) }), ...ERROR_RESPONSES } },
});

export const changeContributorRoleContract = defineContract({
  operationId: 'changeContributorRole',
  method: 'PUT',
  url: '/api/owner/contributors/:siteUserId/role',
  summary: "Changes a contributor's role. 409 for your own role, or when it would leave the website without an admin.",
  tags,
  access: 'contributors:manage',
  schema: { params: SiteUserIdParamsSchema, body: ChangeContributorRoleBodySchema, response: { 200: ResponseObject({ contributor: ContributorSchema }), ...ERROR_RESPONSES } },
});

export const removeContributorContract = defineContract({
  operationId: 'removeContributor',
  method: 'DELETE',
  url: '/api/owner/contributors/:siteUserId',
  summary: 'Removes a contributor (their account stays, without a role; their next call is refused). 409 for yourself or the last admin.',
  tags,
  access: 'contributors:manage',
  schema: { params: SiteUserIdParamsSchema, response: { 200: ResponseObject({ removed: Type.Literal(true) }), ...ERROR_RESPONSES } },
});

export const OWNER_CONTRIBUTOR_CONTRACTS = [
  listContributorsContract,
  inviteContributorContract,
  cancelContributorInvitationContract,
  changeContributorRoleContract,
  removeContributorContract,
] as const;
