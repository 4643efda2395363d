import type { UnsubscribeTokens } from './unsubscribe';

/** What services need to write mail: who it is from, where its links point, how unsubscribe links are signed. */
export interface MailSettings {
  /** MAIL_FROM: the sender address (the site's title is its name). */
  from: string;
  /**
   * PUBLIC_URL: the origin links in mail point to. Configured, never taken from a request's Host header,
   * which a caller controls (a reset link must not point to someone else's site).
   */
  publicUrl: string;
  unsubscribeTokens: UnsubscribeTokens;
}

export const DEFAULT_MAIL_FROM = 'no-reply@localhost';
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';
