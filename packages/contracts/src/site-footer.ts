import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, ResponseObject, Text } from './fields';

/**
 * The site's footer as the owner edits it (issue 34 item 4): columns of links, social links and the legal line, drawn
 * by the theme around every page (the owner's footer HTML, `PUT /api/site-header-footer`, stays for advanced use).
 * Until the owner saves one, the footer is made from what the site has: its stores, search and cart, and the pages of
 * its main navigation — so a new site's footer links only to pages that exist.
 */

const tags = ['owner', 'site-settings'];

export const SITE_FOOTER_LIMITS = {
  columns: 4,
  linksPerColumn: 8,
  titleLength: 60,
  labelLength: 60,
  urlLength: 2083,
  socialLinks: 8,
  legalTextLength: 500,
} as const;

export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'x', 'tiktok', 'youtube', 'pinterest', 'linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
/** What a visitor reads for each network (the link's accessible name). */
export const SOCIAL_NETWORK_NAMES: Record<SocialNetwork, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  pinterest: 'Pinterest',
  linkedin: 'LinkedIn',
};

export const SITE_FOOTER_MESSAGES = {
  columns: `The footer has at most ${SITE_FOOTER_LIMITS.columns} columns of at most ${SITE_FOOTER_LIMITS.linksPerColumn} links each.`,
  /** A column, title, link text or address the schema refused (the server names a missing page by its own field). */
  columnsInvalid: `Check the footer's columns: titles and link texts of 1 to ${SITE_FOOTER_LIMITS.labelLength} characters, each link a page of this site (/about) or a full address (https://…, mailto:…).`,
  title: `A column title must be 1 to ${SITE_FOOTER_LIMITS.titleLength} characters.`,
  links: `A column has at most ${SITE_FOOTER_LIMITS.linksPerColumn} links.`,
  label: `A link's text must be 1 to ${SITE_FOOTER_LIMITS.labelLength} characters.`,
  url: 'A link goes to a page of this site (/about) or a full address (https://…, mailto:…).',
  noSuchPage: (path: string) => `No page of this site is at ${path}: choose one that exists.`,
  social: `The footer has at most ${SITE_FOOTER_LIMITS.socialLinks} social links.`,
  socialInvalid: `Each social link needs its network (${SOCIAL_NETWORKS.join(', ')}) and a full https:// address.`,
  network: `The network must be one of ${SOCIAL_NETWORKS.join(', ')}.`,
  socialUrl: 'A social link is a full https:// address.',
  legalText: `The legal text must be at most ${SITE_FOOTER_LIMITS.legalTextLength} characters.`,
} as const;

/** A path on the site, or an https/http/mailto/tel address. */
export const FOOTER_URL_PATTERN = '^(/[^\\u0000\\s]*|https?://[^\\u0000\\s]+|mailto:[^\\u0000\\s]+|tel:[^\\u0000\\s]+)$';

const FooterLinkSchema = Type.Object(
  {
    label: Text({ minLength: 1, maxLength: SITE_FOOTER_LIMITS.labelLength, [MESSAGE_KEYWORD]: SITE_FOOTER_MESSAGES.label }),
    url: Type.String({ minLength: 1, maxLength: SITE_FOOTER_LIMITS.urlLength, pattern: FOOTER_URL_PATTERN, [MESSAGE_KEYWORD]: SITE_FOOTER_MESSAGES.url }),
  },
  { additionalProperties: false },
);

const FooterColumnSchema = Type.Object(
  {
    title: Text({ minLength: 1, maxLength: SITE_FOOTER_LIMITS.titleLength, [MESSAGE_KEYWORD]: SITE_FOOTER_MESSAGES.title }),
    links: Type.Array(FooterLinkSchema, { maxItems: SITE_FOOTER_LIMITS.linksPerColumn, [MESSAGE_KEYWORD]: SITE_FOOTER_MESSAGES.links }),
  },
  { additionalProperties: false },
);

const SocialLinkSchema = Type.Object(
  {
    network: Type.String({ pattern: `^(${SOCIAL_NETWORKS.join('|')})$`, [MESSAGE_KEYWORD]: SITE_FOOTER_MESSAGES.network }),
    url: Type.String({ minLength: 1, maxLength: SITE_FOOTER_LIMITS.urlLength, pattern: '^https://[^\\u0000\\s]+$', [MESSAGE_KEYWORD]: SITE_FOOTER_MESSAGES.socialUrl }),
  },
  { additionalProperties: false },
);

export const SiteFooterBodySchema = RequestBody({
  columns: Type.Array(FooterColumnSchema, { maxItems: SITE_FOOTER_LIMITS.columns, [MESSAGE_KEYWORD]: { default: SITE_FOOTER_MESSAGES.columnsInvalid, maxItems: SITE_FOOTER_MESSAGES.columns } }),
  social: Type.Array(SocialLinkSchema, { maxItems: SITE_FOOTER_LIMITS.socialLinks, [MESSAGE_KEYWORD]: { default: SITE_FOOTER_MESSAGES.socialInvalid, maxItems: SITE_FOOTER_MESSAGES.social } }),
  legalText: Text({ maxLength: SITE_FOOTER_LIMITS.legalTextLength, [MESSAGE_KEYWORD]: SITE_FOOTER_MESSAGES.legalText }),
});

export type SiteFooterBody = Static<typeof SiteFooterBodySchema>;

export interface SiteFooterJson {
  columns: Array<{ title: string; links: Array<{ label: string; url: string }> }>;
  social: Array<{ network: SocialNetwork; url: string }>;
  legalText: string;
}

const FooterReplySchema = ResponseObject({
  footer: ResponseObject({
    columns: Type.Array(ResponseObject({ title: Type.String(), links: Type.Array(ResponseObject({ label: Type.String(), url: Type.String() })) })),
    social: Type.Array(ResponseObject({ network: Type.String(), url: Type.String() })),
    legalText: Type.String(),
  }),
  /** True while the owner has saved none: the footer is then made from the site's stores and pages. */
  isDefault: Type.Boolean(),
});
export type SiteFooterReply = { footer: SiteFooterJson; isDefault: boolean };

export const getSiteFooterContract = defineContract({
  operationId: 'getSiteFooter',
  method: 'GET',
  url: '/api/owner/site-settings/footer',
  summary: "The footer's columns of links, social links and legal text (made from the site's stores and pages until one is saved).",
  tags,
  access: 'site:read',
  schema: { response: { 200: FooterReplySchema, ...ERROR_RESPONSES } },
});

export const updateSiteFooterContract = defineContract({
  operationId: 'updateSiteFooter',
  method: 'PUT',
  url: '/api/owner/site-settings/footer',
  summary: "Saves the whole footer; a link to a path of this site must name a page, store or feature that exists (400 by its field otherwise).",
  tags,
  access: 'site:write',
  schema: { body: SiteFooterBodySchema, response: { 200: FooterReplySchema, ...ERROR_RESPONSES } },
});

export const SITE_FOOTER_CONTRACTS = [getSiteFooterContract, updateSiteFooterContract] as const;
