/**
 * The accounts domain (issue 32): the platform's own accounts — sign-up with a confirmed address, sign-in (two-step as
 * site users have it), sessions on the platform's host, password reset, and the one-time hand-off tokens that sign an
 * account in on a website's host (tables platform_accounts, platform_sessions, platform_account_tokens,
 * platform_handoffs). Which websites an account works on is the websites' business: their site users carry the
 * account's id (site-users/platform-links.ts) and their contributors rows the role.
 */
export {
  ACCOUNT_MAILS_PER_HOUR, ACCOUNT_MESSAGES, accountResetLinkUrl, CONFIRM_LINK_HOURS, confirmAccountEmail, confirmLinkUrl, findConfirmedAccountByEmail,
  isAccountResetLinkLive, isConfirmLinkLive, PLATFORM_SIGN_IN_SCOPE, requestAccountPasswordReset, resendConfirmation, resetAccountPassword,
  RESET_LINK_MINUTES, signInAccount, signOutAccount, SIGN_UPS_PER_HOUR, signUpAccount, startAccountSessionIn,
  type PlatformCaller, type PlatformMailSettings, type SignedInAccount,
} from './service';
export { ACCOUNT_REMEMBER_ME_SECONDS, ACCOUNT_SESSION_SECONDS, findAccountSession, type AccountSession, type NewAccountSession } from './sessions';
export { beginAccountTotp, begunAccountTotp, confirmAccountTotp, disableAccountTotp, isAccountTotpOn } from './totp';
export { claimHandoff, createHandoff, HANDOFF_SECONDS } from './handoffs';
export { grantOperator, isOperator, listOperators, OPERATOR_ROLE_MESSAGES, revokeOperator } from './operators';
