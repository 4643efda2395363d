import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { LIMITS, MESSAGE_KEYWORD, RequestBody, ResponseObject, Text } from './fields';

/**
 * The site's identity (issue 33 item 1; Settings → Site): its title, tagline, logo with its alt text, favicon
 * and social sharing picture. The header, the footer, every page's <title>, Open Graph and mail read them.
 * Each picture is one uploaded to this website (`POST /api/owner/images`).
 */

const tags = ['site-settings'];

/**
 * The limits, chosen the way builders people know choose them: a title a browser tab and a search result
 * can show (Google cuts titles at about 60 characters; 100 leaves room for a long legal name), a tagline of a
 * sentence or two, a logo's alt text as short as alt texts should be (the spec's alt fallback cuts at 250).
 * The favicon is drawn square (32 and 180 px PNGs), so it must be square or nearly (the longer side at most
 * 1.25 × the shorter) and at least 32 px a side; link previews want at least 200 × 200 (1200 × 630 is best).
 */
export const SITE_IDENTITY_LIMITS = {
  siteTitleLength: 100,
  taglineLength: 200,
  logoAltTextLength: 250,
  faviconMinSide: 32,
  /** The longer side over the shorter, at most. */
  faviconMaxAspect: 1.25,
  socialMinSide: 200,
} as const;

export const SITE_IDENTITY_MESSAGES = {
  siteTitle: `The site title is text of ${SITE_IDENTITY_LIMITS.siteTitleLength} characters at most.`,
  siteTitleRequired: 'Enter the site title.',
  tagline: `The tagline is text of ${SITE_IDENTITY_LIMITS.taglineLength} characters at most.`,
  logoAltText: `The logo's alt text is text of ${SITE_IDENTITY_LIMITS.logoAltTextLength} characters at most.`,
  logoAltTextRequired: "Describe the logo for visitors who cannot see it: usually the site's name as the logo writes it.",
  pictureId: 'Send the id of a picture uploaded to this website, or null for none.',
  /** 400 on the field when the id names no picture of this website (another website's included). */
  pictureUnknown: 'Choose a picture uploaded to this website.',
  faviconShape: (width: number, height: number) => `The favicon must be square or nearly square: this picture is ${width} × ${height} pixels.`,
  faviconSmall: (width: number, height: number) =>
    `The favicon must be at least ${SITE_IDENTITY_LIMITS.faviconMinSide} × ${SITE_IDENTITY_LIMITS.faviconMinSide} pixels: this picture is ${width} × ${height}.`,
  socialSmall: (width: number, height: number) =>
    `The social sharing picture must be at least ${SITE_IDENTITY_LIMITS.socialMinSide} × ${SITE_IDENTITY_LIMITS.socialMinSide} pixels (1200 × 630 is best): this picture is ${width} × ${height}.`,
  socialAvif: 'Link previews cannot show AVIF pictures: choose a JPEG, PNG, WebP or GIF for the social sharing picture.',
  empty: 'Send at least one of siteTitle, tagline, logoImageId, logoAltText, faviconImageId and socialImageId.',
} as const;

const withMessage = (message: string) => ({ [MESSAGE_KEYWORD]: message });
const PictureId = () => Type.Optional(Type.Union([Text({ minLength: 1, maxLength: LIMITS.idLength }), Type.Null()], withMessage(SITE_IDENTITY_MESSAGES.pictureId)));

/** The fields sent change; those left out keep what is stored. A picture set to null is removed. */
export const SiteIdentityBodySchema = RequestBody({
  siteTitle: Type.Optional(Text({ maxLength: SITE_IDENTITY_LIMITS.siteTitleLength, ...withMessage(SITE_IDENTITY_MESSAGES.siteTitle) })),
  tagline: Type.Optional(Text({ maxLength: SITE_IDENTITY_LIMITS.taglineLength, ...withMessage(SITE_IDENTITY_MESSAGES.tagline) })),
  logoImageId: PictureId(),
  logoAltText: Type.Optional(Text({ maxLength: SITE_IDENTITY_LIMITS.logoAltTextLength, ...withMessage(SITE_IDENTITY_MESSAGES.logoAltText) })),
  faviconImageId: PictureId(),
  socialImageId: PictureId(),
});
export type SiteIdentityBody = Static<typeof SiteIdentityBodySchema>;

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** The identity as stored, with each picture's address (`/images/{id}/{file}`) for a preview. */
export const SiteIdentitySchema = ResponseObject({
  siteTitle: Type.String(),
  tagline: Type.String(),
  logoImageId: Nullable(Type.String()),
  logoAltText: Type.String(),
  logoUrl: Nullable(Type.String()),
  faviconImageId: Nullable(Type.String()),
  faviconUrl: Nullable(Type.String()),
  socialImageId: Nullable(Type.String()),
  socialImageUrl: Nullable(Type.String()),
});
export type SiteIdentityJson = Static<typeof SiteIdentitySchema>;

export const getSiteIdentityContract = defineContract({
  operationId: 'getSiteIdentity',
  method: 'GET',
  url: '/api/owner/site-settings/identity',
  summary: "The site's title, tagline, logo and its alt text, favicon and social sharing picture.",
  tags,
  access: 'site:read',
  schema: { response: { 200: SiteIdentitySchema, ...ERROR_RESPONSES } },
});

export const updateSiteIdentityContract = defineContract({
  operationId: 'updateSiteIdentity',
  method: 'PUT',
  url: '/api/owner/site-settings/identity',
  summary: "Changes the identity fields sent (each picture one of this website's); every page and mail uses them from the next request.",
  tags,
  access: 'site-identity:write',
  schema: { body: SiteIdentityBodySchema, response: { 200: SiteIdentitySchema, ...ERROR_RESPONSES } },
});

export const SITE_IDENTITY_CONTRACTS = [getSiteIdentityContract, updateSiteIdentityContract] as const;
