import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import {
  EmailSchema, MESSAGE_KEYWORD, OptionalQueryTextSchema, OptionalRememberMeSchema, PasswordSchema, RequestBody, RequestQuery, ResponseObject, Text,
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

/** A code of an authenticator app (RFC 6238: six digits), for accounts with two-step sign-in on. */
export const TotpCodeSchema = Text({ pattern: '^[0-9]{6}$', [MESSAGE_KEYWORD]: 'Enter the 6-digit code from your authenticator app.' });

export const SignInBodySchema = RequestBody({
  email: EmailSchema,
  password: PasswordSchema,
  rememberMe: OptionalRememberMeSchema,
  totpCode: Type.Optional(TotpCodeSchema),
});
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

// Two-step sign-in (ours): an authenticator app's code after the password, for any site user (owners above all).

export const TotpSetupReplySchema = ResponseObject({
  /** Base32, for typing into the app; shown until confirmed, never again. */
  secret: Type.String(),
  /** otpauth://totp/… for a QR code. */
  otpauthUrl: Type.String(),
});
export type TotpSetupReply = Static<typeof TotpSetupReplySchema>;

export const TotpCodeBodySchema = RequestBody({ code: TotpCodeSchema });
export type TotpCodeBody = Static<typeof TotpCodeBodySchema>;
export const TotpStateReplySchema = ResponseObject({ totpEnabled: Type.Boolean() });

export const beginTotpContract = defineContract({
  operationId: 'beginTotp',
  method: 'POST',
  url: '/api/site-users/account/totp',
  summary: 'Starts turning on two-step sign-in: a new authenticator secret, on once a code from it is confirmed.',
  tags,
  schema: { response: { 200: TotpSetupReplySchema, ...ERROR_RESPONSES } },
});

export const confirmTotpContract = defineContract({
  operationId: 'confirmTotp',
  method: 'POST',
  url: '/api/site-users/account/totp/confirm',
  summary: 'Turns two-step sign-in on with a code from the authenticator app; sign-in asks for a code from then on.',
  tags,
  schema: { body: TotpCodeBodySchema, response: { 200: TotpStateReplySchema, ...ERROR_RESPONSES } },
});

export const disableTotpContract = defineContract({
  operationId: 'disableTotp',
  method: 'POST',
  url: '/api/site-users/account/totp/disable',
  summary: 'Turns two-step sign-in off, with a current code.',
  tags,
  schema: { body: TotpCodeBodySchema, response: { 200: TotpStateReplySchema, ...ERROR_RESPONSES } },
});

// Password reset by email (ours): a link valid for an hour, sent through the mail outbox.

export const PasswordResetRequestBodySchema = RequestBody({ email: EmailSchema });
export const PasswordResetTokenSchema = Text({ minLength: 16, maxLength: 100, [MESSAGE_KEYWORD]: 'This reset link is not valid.' });
export const PasswordResetBodySchema = RequestBody({ token: PasswordResetTokenSchema, password: PasswordSchema });
export type PasswordResetBody = Static<typeof PasswordResetBodySchema>;

export const requestPasswordResetContract = defineContract({
  operationId: 'requestPasswordReset',
  method: 'POST',
  url: '/api/site-users/account/password-reset',
  summary: 'Mails a password-reset link to the account with this email, if there is one; the answer is the same either way.',
  tags,
  schema: { body: PasswordResetRequestBodySchema, response: { 200: ResponseObject({ sent: Type.Literal(true) }), ...ERROR_RESPONSES } },
});

export const resetPasswordContract = defineContract({
  operationId: 'resetPassword',
  method: 'POST',
  url: '/api/site-users/account/password-reset/confirm',
  summary: 'Sets a new password with the token of the link (once, within the hour) and signs the account out everywhere.',
  tags,
  schema: { body: PasswordResetBodySchema, response: { 200: ResponseObject({ reset: Type.Literal(true) }), ...ERROR_RESPONSES } },
});

export const SITE_USER_CONTRACTS = [
  signUpContract, signInContract, getSiteUserContract, signOutContract, beginTotpContract, confirmTotpContract, disableTotpContract,
  requestPasswordResetContract, resetPasswordContract,
] as const;
