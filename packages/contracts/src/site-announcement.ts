import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, ResponseObject, Text } from './fields';
import { FOOTER_URL_PATTERN, SITE_FOOTER_LIMITS } from './site-footer';

/**
 * The announcement bar above the header of every page (issue 34 item 4): one line of text, an optional link, in one
 * of the section colour themes (light, dark, accent). Off until the owner turns it on.
 */

const tags = ['owner', 'site-settings'];

export const SITE_ANNOUNCEMENT_LIMITS = { textLength: 160, linkLabelLength: 40, urlLength: SITE_FOOTER_LIMITS.urlLength } as const;
export const ANNOUNCEMENT_COLOUR_THEMES = ['light', 'dark', 'accent'] as const;
export type AnnouncementColourTheme = (typeof ANNOUNCEMENT_COLOUR_THEMES)[number];

export const SITE_ANNOUNCEMENT_MESSAGES = {
  text: `The announcement must be at most ${SITE_ANNOUNCEMENT_LIMITS.textLength} characters.`,
  textRequired: 'Write the announcement before turning the bar on.',
  linkLabel: `The link's text must be at most ${SITE_ANNOUNCEMENT_LIMITS.linkLabelLength} characters.`,
  linkLabelRequired: 'Give the link a text, or leave its address empty.',
  linkUrl: 'The link goes to a page of this site (/shop) or a full address (https://…).',
  linkUrlRequired: 'Give the link an address, or leave its text empty.',
  noSuchPage: (path: string) => `No page of this site is at ${path}: choose one that exists.`,
  colourTheme: `The colour theme must be one of ${ANNOUNCEMENT_COLOUR_THEMES.join(', ')}.`,
  enabled: 'Say whether the bar is on (true or false).',
} as const;

export const SiteAnnouncementBodySchema = RequestBody({
  enabled: Type.Boolean({ [MESSAGE_KEYWORD]: SITE_ANNOUNCEMENT_MESSAGES.enabled }),
  text: Text({ maxLength: SITE_ANNOUNCEMENT_LIMITS.textLength, [MESSAGE_KEYWORD]: SITE_ANNOUNCEMENT_MESSAGES.text }),
  linkLabel: Text({ maxLength: SITE_ANNOUNCEMENT_LIMITS.linkLabelLength, [MESSAGE_KEYWORD]: SITE_ANNOUNCEMENT_MESSAGES.linkLabel }),
  // Empty (no link), a path of the site, or an https/http/mailto/tel address, as the footer's links.
  linkUrl: Type.String({ maxLength: SITE_ANNOUNCEMENT_LIMITS.urlLength, pattern: `^$|${FOOTER_URL_PATTERN}`, [MESSAGE_KEYWORD]: SITE_ANNOUNCEMENT_MESSAGES.linkUrl }),
  colourTheme: Type.String({ pattern: `^(${ANNOUNCEMENT_COLOUR_THEMES.join('|')})$`, [MESSAGE_KEYWORD]: SITE_ANNOUNCEMENT_MESSAGES.colourTheme }),
});
export type SiteAnnouncementBody = Static<typeof SiteAnnouncementBodySchema>;

export interface SiteAnnouncementJson {
  enabled: boolean;
  text: string;
  linkLabel: string;
  linkUrl: string;
  colourTheme: AnnouncementColourTheme;
}

const AnnouncementReplySchema = ResponseObject({
  announcement: ResponseObject({ enabled: Type.Boolean(), text: Type.String(), linkLabel: Type.String(), linkUrl: Type.String(), colourTheme: Type.String() }),
});
export type SiteAnnouncementReply = { announcement: SiteAnnouncementJson };

export const getSiteAnnouncementContract = defineContract({
  operationId: 'getSiteAnnouncement',
  method: 'GET',
  url: '/api/owner/site-settings/announcement',
  summary: 'The announcement bar above the header: its text, link and colour theme, and whether it is on.',
  tags,
  access: 'site:read',
  schema: { response: { 200: AnnouncementReplySchema, ...ERROR_RESPONSES } },
});

export const updateSiteAnnouncementContract = defineContract({
  operationId: 'updateSiteAnnouncement',
  method: 'PUT',
  url: '/api/owner/site-settings/announcement',
  summary: 'Saves the announcement bar; a link to a path of this site must name a page that exists (400 by its field otherwise).',
  tags,
  access: 'site:write',
  schema: { body: SiteAnnouncementBodySchema, response: { 200: AnnouncementReplySchema, ...ERROR_RESPONSES } },
});

export const SITE_ANNOUNCEMENT_CONTRACTS = [getSiteAnnouncementContract, updateSiteAnnouncementContract] as const;
