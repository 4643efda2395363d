import type { Kysely } from 'kysely';
import type { Database, Website } from '../db/schema';
import { isResetLinkLive, PASSWORD_RESET_MESSAGES, RESET_PAGES, SITE_USER_MESSAGES } from '../site-users';
import { MEMBER_PAGE_TYPES, type MemberPageForm } from './pages';

/** The storefront's password reset: asking for a link (`/account/forgot-password`) and the page it opens. */
export const PASSWORD_PAGE_TEXT = {
  forgotTitle: 'Reset your password',
  forgotPrompt: 'Enter the email of your account. We will send you a link to choose a new password.',
  resetTitle: 'Choose a new password',
} as const;

/** The forms' errors travel as a code in the redirect (never as text a link could make the page say). */
export const PASSWORD_PAGE_ERRORS = {
  email: SITE_USER_MESSAGES.invalidEmail,
  link: PASSWORD_RESET_MESSAGES.linkNotValid,
  short: SITE_USER_MESSAGES.passwordTooShort,
  long: SITE_USER_MESSAGES.passwordTooLong,
} as const;
export type PasswordPageError = keyof typeof PASSWORD_PAGE_ERRORS;

export const FORGOT_PASSWORD_PATH = '/account/forgot-password';

const errorOf = (code: string | undefined) => (code && Object.hasOwn(PASSWORD_PAGE_ERRORS, code) ? PASSWORD_PAGE_ERRORS[code as PasswordPageError] : '');

/**
 * The page that asks for a reset link. After a request it shows the same status line whether or not the email
 * has an account (`?sent=1`), so the page never tells who shops here.
 */
export function forgotPasswordPageParts(query: { sent?: string; error?: string }) {
  return {
    pageType: MEMBER_PAGE_TYPES.account,
    title: PASSWORD_PAGE_TEXT.forgotTitle,
    passwordForgot: {
      title: PASSWORD_PAGE_TEXT.forgotTitle,
      prompt: PASSWORD_PAGE_TEXT.forgotPrompt,
      notice: query.sent === '1' ? PASSWORD_RESET_MESSAGES.sent : '',
      error: errorOf(query.error),
      form: { action: FORGOT_PASSWORD_PATH, fields: [] } satisfies MemberPageForm,
      signInUrl: '/account',
    },
  };
}

/**
 * The page a reset link opens (`RESET_PAGES.account`): the new-password form while the link is live; a used,
 * expired or unknown link says so at once, with the way to ask for a new one (`valid: false`, answered as 400).
 */
export async function resetPasswordPageParts(db: Kysely<Database>, website: Website, query: { token?: string; error?: string }) {
  const token = query.token ?? '';
  const valid = query.error !== 'link' && (await isResetLinkLive(db, website, token));
  return {
    valid,
    parts: {
      pageType: MEMBER_PAGE_TYPES.account,
      title: PASSWORD_PAGE_TEXT.resetTitle,
      // Answered 400: its JSON says why, as every refusal does.
      ...(valid ? {} : { message: PASSWORD_RESET_MESSAGES.linkNotValid }),
      passwordReset: {
        title: PASSWORD_PAGE_TEXT.resetTitle,
        error: valid ? errorOf(query.error) : PASSWORD_RESET_MESSAGES.linkNotValid,
        form: valid ? ({ action: RESET_PAGES.account, fields: [{ name: 'token', value: token }] } satisfies MemberPageForm) : null,
        forgotUrl: FORGOT_PASSWORD_PATH,
      },
    },
  };
}
