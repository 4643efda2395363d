import Type, { type Static } from 'typebox';
import type { ContrastWarning, StyleValues, ThemeManifest } from '@vitrine/design';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { LIMITS, MESSAGE_KEYWORD, RequestBody, RequestParams, RequestQuery, ResponseObject, Text } from './fields';

/**
 * Site styles (issue 33 item 2): a website's design tokens — the values of its theme's settings schema
 * (`theme.json`, @vitrine/design) — kept as a draft the owner edits and published versions (every one kept,
 * so an owner can restore any). The published version is compiled into one content-hashed stylesheet.
 * A bad value is refused with 400 `{ message, errors: { [settingId]: message } }` (the field errors of every
 * owner call), nothing written.
 */

const tags = ['site-styles'];

export const SITE_STYLES_LIMITS = {
  /** More ids than any theme has settings (the default theme has about 60). */
  valuesCount: 500,
  settingIdLength: 80,
  valueLength: 200,
  versionsPage: { default: 20, max: 100 },
} as const;

export const SITE_STYLES_MESSAGES = {
  values: `values is an object of at most ${SITE_STYLES_LIMITS.valuesCount} setting ids to a text, a number or true/false.`,
  invalidValues: 'Some styles are not valid: see each one.',
  versionId: 'Send the id of one of this website\'s published style versions.',
  versionUnknown: 'That style version does not exist.',
  cursor: 'This page link is not valid. Start again from the first page.',
  limit: `limit must be a whole number from 1 to ${SITE_STYLES_LIMITS.versionsPage.max}.`,
} as const;

const withMessage = (message: string) => ({ [MESSAGE_KEYWORD]: message });

const StyleValuesSchema = Type.Unsafe<StyleValues>(
  Type.Record(
    Text({ minLength: 1, maxLength: SITE_STYLES_LIMITS.settingIdLength }),
    Type.Union([Text({ maxLength: SITE_STYLES_LIMITS.valueLength }), Type.Number(), Type.Boolean()]),
    { maxProperties: SITE_STYLES_LIMITS.valuesCount, ...withMessage(SITE_STYLES_MESSAGES.values) },
  ),
);

/** Only overrides: a setting left out takes the theme's default. Checked in code against the manifest. */
export const SiteStylesDraftBodySchema = RequestBody({ values: StyleValuesSchema });
export type SiteStylesDraftBody = Static<typeof SiteStylesDraftBodySchema>;

export interface SiteStylesJson {
  /** The website's theme's settings schema: the Design screen builds its form from it. */
  manifest: ThemeManifest;
  draft: StyleValues;
  published: StyleValues;
  /** null until the first publish (the theme's defaults are live). */
  publishedVersionId: string | null;
  /** The published stylesheet: `/assets/site-styles/{hash}.css`. */
  stylesheetUrl: string;
  /** The draft compiled (the published one while there is no draft): what `?design-preview=draft` links. */
  draftStylesheetUrl: string;
  /** The draft's failing colour pairs (WCAG AA), each with the nearest passing colour. */
  contrastWarnings: ContrastWarning[];
  /** The starter template the draft's values belong to (issue 33 item 4; Reset goes back to its values); null for a theme without templates. */
  templateId: string | null;
}

export const SiteStylesSchema = Type.Unsafe<SiteStylesJson>(
  ResponseObject({
    manifest: Type.Object({}, { additionalProperties: true }),
    draft: Type.Object({}, { additionalProperties: true }),
    published: Type.Object({}, { additionalProperties: true }),
    publishedVersionId: Type.Union([Type.String(), Type.Null()]),
    stylesheetUrl: Type.String(),
    draftStylesheetUrl: Type.String(),
    contrastWarnings: Type.Array(Type.Object({}, { additionalProperties: true })),
    templateId: Type.Union([Type.String(), Type.Null()]),
  }),
);

export interface SiteStylesVersionJson {
  id: string;
  values: StyleValues;
  /** The starter template the version was made from (null: none recorded). */
  templateId: string | null;
  createdAt: string;
  /** The contributor who published it (their account id), null when unknown. */
  createdBy: string | null;
  publishedAt: string;
  /** True for the version the site shows. */
  live: boolean;
}

export const SiteStylesVersionListSchema = Type.Unsafe<{ versions: SiteStylesVersionJson[]; nextCursor: string | null }>(
  ResponseObject({
    versions: Type.Array(
      ResponseObject({
        id: Type.String(),
        values: Type.Object({}, { additionalProperties: true }),
        templateId: Type.Union([Type.String(), Type.Null()]),
        createdAt: Type.String(),
        createdBy: Type.Union([Type.String(), Type.Null()]),
        publishedAt: Type.String(),
        live: Type.Boolean(),
      }),
    ),
    nextCursor: Type.Union([Type.String(), Type.Null()]),
  }),
);

export const SiteStylesVersionsQuerySchema = RequestQuery({
  cursor: Type.Optional(Text({ pattern: '^[A-Za-z0-9_-]{1,200}$', ...withMessage(SITE_STYLES_MESSAGES.cursor) })),
  limit: Type.Optional(Text({ pattern: '^(100|[1-9][0-9]?)$', ...withMessage(SITE_STYLES_MESSAGES.limit) })),
});
export type SiteStylesVersionsQuery = Static<typeof SiteStylesVersionsQuerySchema>;

export const SiteStylesVersionParamsSchema = RequestParams({
  versionId: Text({ minLength: 1, maxLength: LIMITS.idLength, ...withMessage(SITE_STYLES_MESSAGES.versionId) }),
});

const reply = { 200: SiteStylesSchema, ...ERROR_RESPONSES };

export const getSiteStylesContract = defineContract({
  operationId: 'getSiteStyles',
  method: 'GET',
  url: '/api/site-styles',
  summary: "The theme's settings schema, the draft and published style values, the stylesheet's address and the draft's contrast warnings.",
  tags,
  access: 'site:read',
  schema: { response: reply },
});

export const saveSiteStylesDraftContract = defineContract({
  operationId: 'saveSiteStylesDraft',
  method: 'PUT',
  url: '/api/site-styles/draft',
  summary: 'Replaces the draft style values (overrides of the theme defaults); the site keeps the published ones until publish.',
  tags,
  access: 'site-styles:write',
  schema: { body: SiteStylesDraftBodySchema, response: reply },
});

export const publishSiteStylesContract = defineContract({
  operationId: 'publishSiteStyles',
  method: 'POST',
  url: '/api/site-styles/publish',
  summary: 'Publishes the draft as a new version: the site shows it from the next page view (a new stylesheet address).',
  tags,
  access: 'site-styles:write',
  schema: { response: reply },
});

export const resetSiteStylesContract = defineContract({
  operationId: 'resetSiteStyles',
  method: 'POST',
  url: '/api/site-styles/reset',
  summary: "Sets the draft back to its template's values, the theme's defaults without one (publish to show them).",
  tags,
  access: 'site-styles:write',
  schema: { response: reply },
});

export const listSiteStylesVersionsContract = defineContract({
  operationId: 'listSiteStylesVersions',
  method: 'GET',
  url: '/api/site-styles/versions',
  summary: 'The published style versions, newest first, a page at a time (nextCursor).',
  tags,
  access: 'site:read',
  schema: { querystring: SiteStylesVersionsQuerySchema, response: { 200: SiteStylesVersionListSchema, ...ERROR_RESPONSES } },
});

export const restoreSiteStylesVersionContract = defineContract({
  operationId: 'restoreSiteStylesVersion',
  method: 'POST',
  url: '/api/site-styles/versions/:versionId/restore',
  summary: "Copies a published version's values into the draft (publish to show them).",
  tags,
  access: 'site-styles:write',
  schema: { params: SiteStylesVersionParamsSchema, response: reply },
});

export const SITE_STYLES_CONTRACTS = [
  getSiteStylesContract,
  saveSiteStylesDraftContract,
  publishSiteStylesContract,
  resetSiteStylesContract,
  listSiteStylesVersionsContract,
  restoreSiteStylesVersionContract,
] as const;
