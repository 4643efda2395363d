import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { EmailSchema, MESSAGE_KEYWORD, PasswordSchema, RequestBody, ResponseObject, Text } from './fields';
import { CONTRIBUTOR_ROLE_CODES, PERMISSIONS, type ContributorRole, type Permission } from './owner-roles';
import { SiteUserSchema } from './site-users';

/**
 * The owner's account: the first admin's set-up from a one-time link, and who-am-I with the role and
 * what it allows. Owners are site users with a contributor role on the website (owner-roles.ts); they
 * sign in and out with the site-user session calls (platform spec §7).
 */

const tags = ['owner'];

export const ContributorRoleSchema = Type.Unsafe<ContributorRole>({ type: 'integer', enum: [...CONTRIBUTOR_ROLE_CODES] });
export const PermissionSchema = Type.Unsafe<Permission>({ type: 'string', enum: Object.keys(PERMISSIONS) });

export const OwnerSchema = ResponseObject({
  siteUser: SiteUserSchema,
  role: ContributorRoleSchema,
  roleName: Type.String(),
  permissions: Type.Array(PermissionSchema),
});
export type OwnerJson = Static<typeof OwnerSchema>;

// POST /api/owner/setup

/** The one-time set-up token: 43 base64url characters (32 random bytes). */
export const SetupTokenSchema = Text({ minLength: 16, maxLength: 100, [MESSAGE_KEYWORD]: 'This set-up link is not valid.' });

export const OwnerSetupBodySchema = RequestBody({ token: SetupTokenSchema, email: EmailSchema, password: PasswordSchema });
export type OwnerSetupBody = Static<typeof OwnerSetupBodySchema>;

export const OwnerSignedInSchema = ResponseObject({ xsrfToken: Type.String(), owner: OwnerSchema });
export type OwnerSignedInReply = Static<typeof OwnerSignedInSchema>;

export const ownerSetupContract = defineContract({
  operationId: 'setUpOwner',
  method: 'POST',
  url: '/api/owner/setup',
  summary:
    'Redeems a one-time set-up link (printed by the first start, or `npm run owner -- create EMAIL`): creates the account, or confirms an existing one by its password, gives it the link\'s role and signs it in.',
  tags,
  schema: { body: OwnerSetupBodySchema, response: { 201: OwnerSignedInSchema, ...ERROR_RESPONSES } },
});

// GET /api/owner/me

export const getOwnerContract = defineContract({
  operationId: 'getOwner',
  method: 'GET',
  url: '/api/owner/me',
  summary: 'The signed-in owner: the account, the contributor role and what it allows.',
  tags,
  access: 'contributor',
  schema: { response: { 200: OwnerSchema, ...ERROR_RESPONSES } },
});

// GET /api/owner/websites

/** One website the signed-in contributor works on (issue 32: the owner app's website switcher). */
export const OwnerWebsiteSchema = ResponseObject({
  websiteId: Type.String(),
  title: Type.String(),
  /** The website's own address (origin): its platform subdomain, or the one-site server's PUBLIC_URL. */
  address: Type.String(),
  role: ContributorRoleSchema,
  roleName: Type.String(),
  /** The website this call was made on. */
  current: Type.Boolean(),
  /** Where the switcher sends the browser to open it: the platform's hand-off (`{platform}/websites/{id}/open`); null in one-site mode. */
  openUrl: Type.Union([Type.String(), Type.Null()]),
});
export type OwnerWebsiteJson = Static<typeof OwnerWebsiteSchema>;

export const OwnerWebsitesReplySchema = ResponseObject({
  /** The platform's address ("Your websites" is `{platformUrl}/websites`); null in one-site mode. */
  platformUrl: Type.Union([Type.String(), Type.Null()]),
  websites: Type.Array(OwnerWebsiteSchema),
});
export type OwnerWebsitesReply = Static<typeof OwnerWebsitesReplySchema>;

export const listOwnerWebsitesContract = defineContract({
  operationId: 'listOwnerWebsites',
  method: 'GET',
  url: '/api/owner/websites',
  summary:
    "The websites the signed-in contributor's platform account works on, with the role on each, by name (the owner app's switcher). In one-site mode, or for an account of this website's own, just this website.",
  tags,
  access: 'contributor',
  schema: { response: { 200: OwnerWebsitesReplySchema, ...ERROR_RESPONSES } },
});

export const OWNER_ACCOUNT_CONTRACTS = [ownerSetupContract, getOwnerContract, listOwnerWebsitesContract] as const;
