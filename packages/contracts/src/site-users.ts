import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import {
  EmailSchema, OptionalQueryTextSchema, OptionalRememberMeSchema, PasswordSchema, RequestBody, RequestQuery, ResponseObject,
} from './fields';

/** Site-user accounts: sign-up and who-am-I (ours), sign-in and sign-out (platform spec §7). */

const tags = ['site-users'];

export const SiteUserSchema = ResponseObject({ id: Type.String(), email: Type.String() });
export type SiteUserJson = Static<typeof SiteUserSchema>;

/** A signed-in answer: the xsrfToken the client keeps for later calls (platform spec §7) and the user. */
export const SignedInReplySchema = ResponseObject({ xsrfToken: Type.String(), siteUser: SiteUserSchema });
export type SignedInReply = Static<typeof SignedInReplySchema>;

// POST /api/site-users/account

export const SignUpBodySchema = RequestBody({ email: EmailSchema, password: PasswordSchema });
export type SignUpBody = Static<typeof SignUpBodySchema>;

export const signUpContract = defineContract({
  operationId: 'signUp',
  method: 'POST',
  url: '/api/site-users/account',
  summary: 'Creates a site-user account and signs it in (adopting the visitor\'s cart).',
  tags,
  schema: { body: SignUpBodySchema, response: { 201: SignedInReplySchema, ...ERROR_RESPONSES } },
});

// POST /api/site-users/account/session

export const SignInBodySchema = RequestBody({ email: EmailSchema, password: PasswordSchema, rememberMe: OptionalRememberMeSchema });
export type SignInBody = Static<typeof SignInBodySchema>;

export const signInContract = defineContract({
  operationId: 'signIn',
  method: 'POST',
  url: '/api/site-users/account/session',
  summary: 'Signs in (a 24-hour session, 30 days with rememberMe), bringing the visitor\'s cart along.',
  tags,
  schema: { body: SignInBodySchema, response: { 200: SignedInReplySchema, ...ERROR_RESPONSES } },
});

// GET /api/site-users/account

export const GetSiteUserReplySchema = ResponseObject({ siteUser: SiteUserSchema });
export type GetSiteUserReply = Static<typeof GetSiteUserReplySchema>;

export const getSiteUserContract = defineContract({
  operationId: 'getSiteUser',
  method: 'GET',
  url: '/api/site-users/account',
  summary: 'The signed-in site user, or 401.',
  tags,
  schema: { response: { 200: GetSiteUserReplySchema, ...ERROR_RESPONSES } },
});

// DELETE /api/site-users/account/session

export const SignOutQuerySchema = RequestQuery({
  /** 'true' leaves a copy of the user's cart with the browser; otherwise the browser's cart is dropped. */
  cloneCart: OptionalQueryTextSchema,
});
export const SignOutReplySchema = ResponseObject({ signedOut: Type.Literal(true) });
export type SignOutQuery = Static<typeof SignOutQuerySchema>;
export type SignOutReply = Static<typeof SignOutReplySchema>;

export const signOutContract = defineContract({
  operationId: 'signOut',
  method: 'DELETE',
  url: '/api/site-users/account/session',
  summary: 'Signs out.',
  tags,
  schema: { querystring: SignOutQuerySchema, response: { 200: SignOutReplySchema, ...ERROR_RESPONSES } },
});

export const SITE_USER_CONTRACTS = [signUpContract, signInContract, getSiteUserContract, signOutContract] as const;
