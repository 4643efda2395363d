import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, RequestParams, ResponseObject, Text } from './fields';

/**
 * Settings → Export and import (issue 37 item 4): a whole-site archive (pages, navigation, header and footer,
 * design, products with their pictures' files, collections, forms, posts and comments, events, member areas and
 * courses, settings; orders, customers and subscribers only when asked) written by a background job, its progress,
 * a signed download link that expires, and the import of an archive into a new website. Admins only.
 */

const tags = ['owner', 'site-archives'];

export const SITE_ARCHIVE_LIMITS = {
  /** The largest archive an import takes: 2 GB. */
  importBytes: 2 * 1024 * 1024 * 1024,
  /** How long a download link works (seconds). */
  linkSeconds: 15 * 60,
  /** Exports listed (newest first); older archives are removed when a new one is ready. */
  kept: 5,
} as const;

export const SITE_ARCHIVE_OWNER_MESSAGES = {
  archiveId: 'No such export on this website.',
  includePersonalData: 'includePersonalData must be true or false.',
  inProgress: 'An export of this website is already under way: wait for it to finish.',
  notReady: 'This export is not ready yet.',
  linkExpired: 'This download link has expired or is not valid. Ask for a new one in Settings → Export and import.',
  emptyFile: 'Choose a site archive (.tar.gz) to import.',
  tooLarge: 'The archive is larger than 2 GB.',
  interrupted: 'The upload was interrupted before the whole archive arrived; nothing was imported.',
} as const;

export const SITE_ARCHIVE_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type SiteArchiveStatus = (typeof SITE_ARCHIVE_STATUSES)[number];

export const SiteArchiveSchema = ResponseObject({
  id: Type.String(),
  status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('ready'), Type.Literal('failed')]),
  includePersonalData: Type.Boolean(),
  /** Steps done of the steps the export takes (a table's rows, a file): the progress bar's value and maximum. */
  stepsDone: Type.Integer(),
  stepsTotal: Type.Integer(),
  /** Bytes of the archive once ready; null before. */
  byteSize: Type.Union([Type.Integer(), Type.Null()]),
  /** Why the export failed; null otherwise. */
  failure: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ description: 'An ISO 8601 time in UTC.' }),
  finishedAt: Type.Union([Type.String({ description: 'An ISO 8601 time in UTC.' }), Type.Null()]),
});
export type SiteArchiveJson = Static<typeof SiteArchiveSchema>;

const ArchiveParamsSchema = RequestParams({
  archiveId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: SITE_ARCHIVE_OWNER_MESSAGES.archiveId }),
});

export const StartSiteExportBodySchema = RequestBody({
  includePersonalData: Type.Boolean({ [MESSAGE_KEYWORD]: SITE_ARCHIVE_OWNER_MESSAGES.includePersonalData }),
});
export type StartSiteExportBody = Static<typeof StartSiteExportBodySchema>;

export const listSiteArchivesContract = defineContract({
  operationId: 'listSiteArchives',
  method: 'GET',
  url: '/api/owner/site-archives',
  summary: `The website's exports, newest first (the last ${SITE_ARCHIVE_LIMITS.kept}), each with its progress; and whether an archive may be imported here (a new website: no products, no orders).`,
  tags,
  access: 'site-archives:manage',
  schema: { response: { 200: ResponseObject({ archives: Type.Array(SiteArchiveSchema), canImport: Type.Boolean() }), ...ERROR_RESPONSES } },
});

export const startSiteExportContract = defineContract({
  operationId: 'startSiteExport',
  method: 'POST',
  url: '/api/owner/site-archives',
  summary: 'Queues an export of the whole website (a background job writes it); orders, customers and subscribers only with includePersonalData. 409 while another is under way.',
  tags,
  access: 'site-archives:manage',
  schema: { body: StartSiteExportBodySchema, response: { 202: ResponseObject({ archive: SiteArchiveSchema }), ...ERROR_RESPONSES } },
});

export const getSiteArchiveContract = defineContract({
  operationId: 'getSiteArchive',
  method: 'GET',
  url: '/api/owner/site-archives/:archiveId',
  summary: "One export's progress.",
  tags,
  access: 'site-archives:manage',
  schema: { params: ArchiveParamsSchema, response: { 200: ResponseObject({ archive: SiteArchiveSchema }), ...ERROR_RESPONSES } },
});

export const siteArchiveLinkContract = defineContract({
  operationId: 'siteArchiveLink',
  method: 'POST',
  url: '/api/owner/site-archives/:archiveId/link',
  summary: `A signed link to download a ready export, working for ${SITE_ARCHIVE_LIMITS.linkSeconds / 60} minutes on this website's host only.`,
  tags,
  access: 'site-archives:manage',
  schema: { params: ArchiveParamsSchema, response: { 200: ResponseObject({ url: Type.String(), expiresAt: Type.String({ description: 'An ISO 8601 time in UTC.' }) }), ...ERROR_RESPONSES } },
});

export const importSiteArchiveContract = defineContract({
  operationId: 'importSiteArchive',
  method: 'POST',
  url: '/api/owner/site-archives/import',
  summary:
    'Imports a site archive (the raw .tar.gz as the body, at most 2 GB) into this website, which must be new (no products, no orders): its pages, navigation and styles are replaced. Every id is new; pictures are stored again. A refused archive (another version, a broken reference) is 400 with each problem in errors, and nothing is written.',
  tags,
  access: 'site-archives:manage',
  schema: { response: { 200: ResponseObject({ rows: Type.Record(Type.String(), Type.Integer()), files: Type.Integer() }), ...ERROR_RESPONSES } },
});

export const OWNER_SITE_ARCHIVE_CONTRACTS = [listSiteArchivesContract, startSiteExportContract, getSiteArchiveContract, siteArchiveLinkContract, importSiteArchiveContract] as const;
