/** The site-users domain: accounts and sessions (tables site_users, site_user_sessions). */
export {
  confirmOrCreateAccount, currentAccount, signIn, signOut, signUp, startSessionIn, SITE_USER_MESSAGES,
  type Credentials, type SignInGuard, type SignInInput, type SignedIn, type SiteUserServiceOptions,
} from './service';
export { findSession, type SiteUserSession } from './sessions';
export { SignInThrottle } from './sign-in-throttle';
export type { SignInRouteParts } from './routes';
export { hashPassword, verifyPassword, UNKNOWN_USER_HASH } from './passwords';
export { beginTotp, confirmTotp, disableTotp, totpKeyFrom, TOTP_MESSAGES } from './totp';
// The authenticator code's pieces, shared with the platform's accounts (accounts/totp.ts): the same sealing, the same codes.
export { acceptedStep, codeNeeded, codeWrong, openSecret, sealSecret } from './totp';
export { isResetLinkLive, requestPasswordReset, resetPassword, resetLinkUrl, PASSWORD_RESET_MESSAGES, RESET_PAGES, type ResetPage } from './password-reset';
export {
  findLinkedSiteUser, findOrCreateLinkedSiteUser, findOrLinkSiteUser, linkContributorsByEmail, linkSiteUserToAccount, platformAccountOfSiteUser,
  PLATFORM_ACCOUNT_PASSWORD_MARKER, type LinkedSiteUser,
} from './platform-links';
