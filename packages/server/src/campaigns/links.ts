import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A campaign mail's tracked links: `/mail/c?t=<token>` (a click, redirected to the campaign's link number `index`) and
 * `/mail/o?t=<token>` (the opens picture). The token is `<base64url(kind \n websiteId \n campaignId \n index \n email)>.<HMAC>`
 * under the server secret 'campaign-links': nobody can count a click for another address, and since it names a link
 * by its index in the campaign (never an address) the redirect is no open redirect. The route also checks the
 * website is the request's (a token of one site does nothing on another's host).
 */
export interface CampaignLink {
  kind: 'click' | 'open';
  websiteId: string;
  campaignId: string;
  index: number;
  email: string;
}

export class CampaignLinkTokens {
  constructor(private readonly secret: string) {}

  issue(link: CampaignLink): string {
    const payload = Buffer.from([link.kind, link.websiteId, link.campaignId, String(link.index), link.email.toLowerCase()].join('\n')).toString('base64url');
    return `${payload}.${this.#sign(payload)}`;
  }

  read(token: string): CampaignLink | undefined {
    if (token.length > 1500) return undefined;
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return undefined;
    const expected = Buffer.from(this.#sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const [kind, websiteId, campaignId, index, email, more] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
    if ((kind !== 'click' && kind !== 'open') || !websiteId || !campaignId || !email || more !== undefined || !/^\d{1,3}$/.test(index ?? '')) return undefined;
    return { kind, websiteId, campaignId, index: Number(index), email };
  }

  #sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`campaign-link:${payload}`).digest('base64url');
  }
}

// In the query, not the path: a token is longer than a path parameter may be.
export const clickUrl = (siteUrl: string, token: string) => `${siteUrl}/mail/c?t=${token}`;
export const openPixelUrl = (siteUrl: string, token: string) => `${siteUrl}/mail/o?t=${token}`;
