/** The site-users domain: accounts and sessions (tables site_users, site_user_sessions). */
export {
  confirmOrCreateAccount, currentAccount, signIn, signOut, signUp, startSessionIn, SITE_USER_MESSAGES,
  type Credentials, type SignInGuard, type SignInInput, type SignedIn, type SiteUserServiceOptions,
} from './service';
export { findSession, type SiteUserSession } from './sessions';
export { SignInThrottle } from './sign-in-throttle';
export type { SignInRouteParts } from './routes';
export { hashPassword, verifyPassword } from './passwords';
export { beginTotp, confirmTotp, disableTotp, totpKeyFrom, TOTP_MESSAGES } from './totp';
export { isResetLinkLive, requestPasswordReset, resetPassword, resetLinkUrl, PASSWORD_RESET_MESSAGES, RESET_PAGES, type ResetPage } from './password-reset';
