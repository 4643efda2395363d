import { isOwnerApiError } from '@vitrine/owner-client/browser';

/**
 * Platform spec §8's editor UI messages, word for word, and the app's own words around them. Each is shown
 * where its situation arises: a screen's data that cannot be read ('Unable to load results', with the cause:
 * 'Network error' when no answer came, the server's message when it refused, 'Something went wrong'
 * otherwise), a screen that failed to draw (the error boundary), an address the app has no screen for.
 */
export const EDITOR_MESSAGES = {
  unableToLoadResults: 'Unable to load results',
  unableToLoadTryAgain: 'Unable to load. Try again.',
  somethingWentWrong: 'Something went wrong',
  networkError: 'Network error',
  unableToConnect: 'Unable to connect. Please try again',
  unableToLocateContent: 'Unable to locate content.',
} as const;

/** The app's own words (the spec is silent). */
export const APP_TEXTS = {
  tryAgain: 'Try again',
  loading: 'Loading…',
  updating: 'Updating…',
  signOut: 'Sign out',
  signingOut: 'Signing out…',
  viewSite: 'View site',
  menu: 'Menu',
  skipToContent: 'Skip to content',
  coming: 'This screen is coming',
  confirm: 'Confirm',
  cancel: 'Cancel',
  showAsTable: 'Show as table',
  hideTable: 'Hide table',
  noData: 'No data for this period',
} as const;

/** What to say about a failed call: no answer → 'Network error'; the server's refusal → its message; anything else → 'Something went wrong'. */
export function failureText(error: unknown): string {
  if (isOwnerApiError(error)) return error.status === 0 ? EDITOR_MESSAGES.networkError : error.message;
  return EDITOR_MESSAGES.somethingWentWrong;
}
