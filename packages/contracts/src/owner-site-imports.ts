import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestParams, ResponseObject, Text } from './fields';

/**
 * Settings → Import (issue 37 item 5): moving in from WordPress or Squarespace, whose exports are WXR (WordPress
 * eXtended RSS). The file is read and checked when it is sent (a bad one is 4xx, nothing written); a background job
 * then writes its pages, posts with their categories, tags and authors, comments, pictures and the redirects from
 * the old addresses, with its progress and, at the end, a report. Admins only (`site-archives:manage`).
 */

const tags = ['owner', 'site-imports'];

export const SITE_IMPORT_LIMITS = {
  /** The largest WXR file taken: 20 MB (the text of a site; pictures are fetched from their addresses). */
  archiveBytes: 20 * 1024 * 1024,
  /** Pages, posts and attachments in one file. */
  items: 2_000,
  /** One page's or post's HTML, in characters. */
  htmlLength: 200_000,
  /** Comments in one file. */
  comments: 10_000,
  /** Pictures fetched in one import (the rest are kept as links). */
  pictures: 500,
  /** One fetched picture's bytes (the media library's own upload limit applies too). */
  pictureBytes: 20 * 1024 * 1024,
  /** How long one picture's fetch may take (ms). */
  pictureTimeoutMs: 15_000,
  /** Imports listed, newest first. */
  kept: 10,
} as const;

export const SITE_IMPORT_MESSAGES = {
  importId: 'No such import on this website.',
  notXml: 'Send the WordPress or Squarespace export file (.xml) as the body, with Content-Type application/xml.',
  tooLarge: 'The export file is larger than 20 MB.',
  unreadable: 'This file is not well-formed XML: it cannot be a WordPress or Squarespace export.',
  notWxr: 'This XML file is not a WordPress or Squarespace export (WXR): it has no <rss><channel>.',
  empty: 'This export has no pages, posts or attachments to import.',
  tooManyItems: `This export has more than ${SITE_IMPORT_LIMITS.items} pages, posts and attachments: export it in parts (WordPress: Tools → Export, by date range).`,
  tooManyComments: `This export has more than ${SITE_IMPORT_LIMITS.comments} comments.`,
  inProgress: 'An import into this website is already under way: wait for it to finish.',
} as const;

export const SITE_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type SiteImportStatus = (typeof SITE_IMPORT_STATUSES)[number];

const CreatedCountsSchema = ResponseObject({
  pages: Type.Integer(),
  posts: Type.Integer(),
  comments: Type.Integer(),
  pictures: Type.Integer(),
  redirects: Type.Integer(),
});

export const SiteImportReportSchema = ResponseObject({
  created: CreatedCountsSchema,
  /** Pages and posts not imported: one with the same address is already on the website (by slug). */
  skipped: Type.Array(ResponseObject({ kind: Type.Union([Type.Literal('page'), Type.Literal('post')]), title: Type.String(), slug: Type.String(), reason: Type.String() })),
  /** Pictures that could not be fetched: kept as links to their old address. */
  failedPictures: Type.Array(ResponseObject({ url: Type.String(), reason: Type.String() })),
});
export type SiteImportReportJson = Static<typeof SiteImportReportSchema>;

export const SiteImportSchema = ResponseObject({
  id: Type.String(),
  source: Type.Literal('wxr'),
  status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  /** The site's title as the file gives it. */
  siteTitle: Type.String(),
  /** Steps done of the steps the import takes (a page, a post, a picture): the progress bar's value and maximum. */
  stepsDone: Type.Integer(),
  stepsTotal: Type.Integer(),
  report: Type.Union([SiteImportReportSchema, Type.Null()]),
  failure: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ description: 'An ISO 8601 time in UTC.' }),
  finishedAt: Type.Union([Type.String({ description: 'An ISO 8601 time in UTC.' }), Type.Null()]),
});
export type SiteImportJson = Static<typeof SiteImportSchema>;

const ImportParamsSchema = RequestParams({
  importId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: SITE_IMPORT_MESSAGES.importId }),
});

export const listSiteImportsContract = defineContract({
  operationId: 'listSiteImports',
  method: 'GET',
  url: '/api/owner/site-imports',
  summary: `The website's imports, newest first (the last ${SITE_IMPORT_LIMITS.kept}), each with its progress and report.`,
  tags,
  access: 'site-archives:manage',
  schema: { response: { 200: ResponseObject({ imports: Type.Array(SiteImportSchema) }), ...ERROR_RESPONSES } },
});

export const startWxrImportContract = defineContract({
  operationId: 'startWxrImport',
  method: 'POST',
  url: '/api/owner/site-imports/wxr',
  summary:
    'Imports a WordPress or Squarespace export (WXR) sent as the body (Content-Type application/xml or text/xml, 20 MB at most). The file is checked first: not XML, not WXR, empty or past the limits is 4xx with a message, and nothing is written. Then a background job imports it (202 with the import to follow): pages, posts with categories, tags and authors, comments (approved as published, the others held), pictures fetched from their addresses where reachable (otherwise kept as links and listed), and 301 redirects from the old addresses. 409 while another import is under way.',
  tags,
  access: 'site-archives:manage',
  // The body is XML, not JSON: no schema (the server parses and checks it).
  schema: { response: { 202: ResponseObject({ import: SiteImportSchema }), ...ERROR_RESPONSES } },
});

export const getSiteImportContract = defineContract({
  operationId: 'getSiteImport',
  method: 'GET',
  url: '/api/owner/site-imports/:importId',
  summary: "One import's progress, and its report once done.",
  tags,
  access: 'site-archives:manage',
  schema: { params: ImportParamsSchema, response: { 200: ResponseObject({ import: SiteImportSchema }), ...ERROR_RESPONSES } },
});

export const OWNER_SITE_IMPORT_CONTRACTS = [listSiteImportsContract, startWxrImportContract, getSiteImportContract] as const;
