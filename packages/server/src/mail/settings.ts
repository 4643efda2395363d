import type { Website } from '../db/schema';
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
  /** PLATFORM_DOMAIN: with many websites, each one's links point to its own subdomain (siteUrlOf). */
  platformDomain?: string;
  unsubscribeTokens: UnsubscribeTokens;
  /** MAIL_FEEDBACK_SECRET: signs the provider's feedback webhook (feedback.ts); absent, POST /api/mail/feedback answers 404. */
  feedbackSecret?: string;
}

/**
 * The origin a website's links in mail point to. One-site mode: PUBLIC_URL. On a platform, the website's own
 * `{identifier}.{PLATFORM_DOMAIN}` with PUBLIC_URL's scheme and port: it always answers, and sends a visitor on
 * to the primary custom domain when there is one.
 */
export function siteUrlOf(mail: Pick<MailSettings, 'publicUrl' | 'platformDomain'>, website: Pick<Website, 'identifier'>): string {
  if (!mail.platformDomain) return mail.publicUrl;
  const url = new URL(mail.publicUrl);
  return `${url.protocol}//${website.identifier}.${mail.platformDomain}${url.port ? `:${url.port}` : ''}`;
}

export const DEFAULT_MAIL_FROM = 'no-reply@localhost';
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';
