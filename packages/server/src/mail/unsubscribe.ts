import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Unsubscribe links are signed, so only the recipient (who has the mail) can unsubscribe an address:
 * `<base64url(websiteId \n email)>.<HMAC-SHA256>`, under a key from the shared server secret 'mail'.
 * They do not expire: an old newsletter's link must still work.
 */
export class UnsubscribeTokens {
  /** `purpose` keeps each kind of link its own: a newsletter confirmation link cannot unsubscribe, nor the reverse. */
  constructor(
    private readonly secret: string,
    private readonly purpose: string = 'unsubscribe',
  ) {}

  issue(websiteId: string, email: string): string {
    const payload = Buffer.from(`${websiteId}\n${email.toLowerCase()}`).toString('base64url');
    return `${payload}.${this.#sign(payload)}`;
  }

  /** The website and address a token names, or undefined when it is not one of ours. */
  read(token: string): { websiteId: string; email: string } | undefined {
    if (token.length > 1000) return undefined;
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return undefined;
    const expected = Buffer.from(this.#sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const [websiteId, email] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
    return websiteId && email ? { websiteId, email } : undefined;
  }

  #sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`${this.purpose}:${payload}`).digest('base64url');
  }
}

/**
 * A marketing mail's List-Unsubscribe headers (RFC 2369, one-click RFC 8058). `url` is the page
 * /mail/unsubscribe?token=…: a GET shows one button, and the mail client's one-click POST unsubscribes.
 */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The unsubscribe page of a token. */
export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/mail/unsubscribe?token=${encodeURIComponent(token)}`;
