import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, RequestParams, RequestQuery, ResponseObject, Text } from './fields';

/**
 * Settings → URL redirects (issue 37 item 2): the owner's redirect rules (301 or 302, an exact path or a wildcard
 * `/products/*` whose rest is carried to a `*` in the target, the query kept or dropped), their CSV import and
 * export, and the not-found report (the addresses visitors asked for that answered 404, with counts). A rule only
 * answers a request that would otherwise be a 404: it never hides a page that exists.
 */

const tags = ['owner', 'redirects'];

export const REDIRECT_LIMITS = {
  /** A source path or a target address. */
  pathLength: 1000,
  /** Rules a website keeps. */
  rulesPerWebsite: 10_000,
  /** A page of the list. */
  pageSize: 50,
  /** A CSV import: 1 MB (about 10 000 rules). */
  csvMaxBytes: 1024 * 1024,
  /** Distinct not-found paths a website's report keeps (past it, only paths already listed are counted). */
  notFoundPathsPerWebsite: 500,
  /** Rows of the not-found report shown. */
  notFoundShown: 100,
} as const;

export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** Who made a rule: the owner (by hand or CSV), a change of a page's, post's or product's address, a product CSV import. */
export const REDIRECT_ORIGINS = ['owner', 'automatic', 'import'] as const;
export type RedirectOrigin = (typeof REDIRECT_ORIGINS)[number];

export const REDIRECT_MESSAGES = {
  source: 'The old address must be a path starting with / (at most 1000 characters, no ? or #), with at most one * at its very end, after a /.',
  sourceRoot: 'The home page cannot be redirected.',
  sourcePlatform: 'Addresses under /api, /config and /assets belong to the platform and cannot be redirected.',
  target: 'The new address must be a path starting with / or an http(s) address (at most 1000 characters), with at most one *.',
  targetStar: 'Only a wildcard rule (an old address ending in /*) may carry * into its new address.',
  same: 'The new address must differ from the old one.',
  loop: 'This redirect would make a loop: following the redirects from its new address leads back to its old one.',
  wildcardLoop: 'A wildcard rule cannot send its addresses to an address it would match again.',
  status: 'Type must be 301 (permanent) or 302 (temporary).',
  keepQuery: 'keepQuery must be true or false.',
  taken: 'Another redirect already starts from this address.',
  notFound: 'No such redirect on this website.',
  tooMany: `A website keeps at most ${REDIRECT_LIMITS.rulesPerWebsite} redirects: delete some first.`,
  cursor: 'This page link is not valid. Start again from the first page.',
  redirectId: 'No such redirect on this website.',
  notFoundPathId: 'No such address in the not-found report.',
  csv: 'Send the redirects as a CSV file (Content-Type text/csv).',
  csvTooLarge: 'The file is larger than 1 MB. Split it and import each part.',
  csvEmpty: 'The file has no redirects: after the header row, each row needs an old and a new address.',
  csvHeader: 'The first row must name the columns: Source and Target (or Shopify\'s Redirect from and Redirect to), and optionally Status and Query.',
  csvNotCsv: (detail: string) => `The file is not valid CSV: ${detail}`,
  csvRefused: (count: number) => `${count} ${count === 1 ? 'row was' : 'rows were'} refused; nothing was imported.`,
  csvStatus: 'Status must be empty, 301 or 302.',
  csvQuery: 'Query must be empty, keep or drop.',
  csvAgain: 'This old address appears on an earlier row of the file.',
} as const;

export const RedirectSchema = ResponseObject({
  id: Type.String(),
  /** The old address, as written: `/old-page` or `/products/*`. */
  source: Type.String(),
  /** Where it sends visitors: a path or an http(s) address; a `*` receives the rest of a wildcard's path. */
  target: Type.String(),
  status: Type.Union([Type.Literal(301), Type.Literal(302)]),
  /** true: the request's query string is added to the target; false: dropped. */
  keepQuery: Type.Boolean(),
  origin: Type.Union([Type.Literal('owner'), Type.Literal('automatic'), Type.Literal('import')]),
  updatedAt: Type.String(),
});
export type RedirectJson = Static<typeof RedirectSchema>;

export const RedirectListReplySchema = ResponseObject({
  redirects: Type.Array(RedirectSchema),
  /** Pass as `cursor` for the next page (sorted by old address); null on the last page. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  total: Type.Integer(),
});
export type RedirectListReply = Static<typeof RedirectListReplySchema>;

export const RedirectListQuerySchema = RequestQuery({
  cursor: Type.Optional(Text({ pattern: '^[A-Za-z0-9_-]{1,2000}$', [MESSAGE_KEYWORD]: REDIRECT_MESSAGES.cursor })),
  /** Only rules whose old or new address contains this text (any case). */
  q: Type.Optional(Text({ maxLength: 200 })),
});

export const RedirectBodySchema = RequestBody({
  source: Text({ minLength: 1, maxLength: REDIRECT_LIMITS.pathLength, [MESSAGE_KEYWORD]: REDIRECT_MESSAGES.source }),
  target: Text({ minLength: 1, maxLength: REDIRECT_LIMITS.pathLength, [MESSAGE_KEYWORD]: REDIRECT_MESSAGES.target }),
  status: Type.Union([Type.Literal(301), Type.Literal(302)], { [MESSAGE_KEYWORD]: REDIRECT_MESSAGES.status }),
  keepQuery: Type.Boolean({ [MESSAGE_KEYWORD]: REDIRECT_MESSAGES.keepQuery }),
});
export type RedirectBody = Static<typeof RedirectBodySchema>;

export const RedirectReplySchema = ResponseObject({ redirect: RedirectSchema });
export type RedirectReply = Static<typeof RedirectReplySchema>;

const RedirectParamsSchema = RequestParams({ redirectId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: REDIRECT_MESSAGES.redirectId }) });

export const listRedirectsContract = defineContract({
  operationId: 'listRedirects',
  method: 'GET',
  url: '/api/owner/redirects',
  summary: "The website's URL redirects sorted by old address, 50 a page, optionally only those whose addresses contain `q`.",
  tags,
  access: 'redirects:manage',
  schema: { querystring: RedirectListQuerySchema, response: { 200: RedirectListReplySchema, ...ERROR_RESPONSES } },
});

export const createRedirectContract = defineContract({
  operationId: 'createRedirect',
  method: 'POST',
  url: '/api/owner/redirects',
  summary:
    'Adds a redirect: an exact path or a wildcard (`/products/*` → `/shop/p/*`), 301 or 302, the query kept or dropped. Refused (400) when it would loop; 409 when another rule starts from the same address. Rules that led to its old address are pointed at its new one (chains collapse), and the address leaves the not-found report.',
  tags,
  access: 'redirects:manage',
  schema: { body: RedirectBodySchema, response: { 200: RedirectReplySchema, ...ERROR_RESPONSES } },
});

export const updateRedirectContract = defineContract({
  operationId: 'updateRedirect',
  method: 'PUT',
  url: '/api/owner/redirects/:redirectId',
  summary: 'Changes a redirect (every field); the same checks as adding one.',
  tags,
  access: 'redirects:manage',
  schema: { params: RedirectParamsSchema, body: RedirectBodySchema, response: { 200: RedirectReplySchema, ...ERROR_RESPONSES } },
});

export const deleteRedirectContract = defineContract({
  operationId: 'deleteRedirect',
  method: 'DELETE',
  url: '/api/owner/redirects/:redirectId',
  summary: 'Removes a redirect: its old address answers 404 again (unless a page now lives there).',
  tags,
  access: 'redirects:manage',
  schema: { params: RedirectParamsSchema, response: { 200: ResponseObject({ deleted: Type.Literal(true), id: Type.String() }), ...ERROR_RESPONSES } },
});

export const RedirectImportReplySchema = ResponseObject({
  created: Type.Integer(),
  updated: Type.Integer(),
});
export type RedirectImportReply = Static<typeof RedirectImportReplySchema>;

export const importRedirectsContract = defineContract({
  operationId: 'importRedirects',
  method: 'POST',
  url: '/api/owner/redirects/import',
  summary:
    "Imports redirects from a CSV sent as the body (Content-Type text/csv, 1 MB at most): columns Source, Target, and optionally Status (301 by default) and Query (keep by default, or drop); Shopify's redirect export (Redirect from, Redirect to) reads as it is. A row whose old address already has a rule replaces it. All or nothing: a file with a refused row writes nothing and answers 400 with every refused row in `errors`, keyed `row N: Column`.",
  tags,
  access: 'redirects:manage',
  // The body is CSV, not JSON: no schema (the server reads and checks it row by row).
  schema: { response: { 200: RedirectImportReplySchema, ...ERROR_RESPONSES } },
});

export const exportRedirectsContract = defineContract({
  operationId: 'exportRedirects',
  method: 'GET',
  url: '/api/owner/redirects/export.csv',
  summary: 'Every redirect as a CSV (Source, Target, Status, Query), sorted by old address; the import reads it back.',
  tags,
  access: 'redirects:manage',
  schema: { response: { 200: Type.String({ description: 'text/csv' }), ...ERROR_RESPONSES } },
});

export const NotFoundPathSchema = ResponseObject({
  id: Type.String(),
  path: Type.String(),
  hits: Type.Integer(),
  firstSeenAt: Type.String(),
  lastSeenAt: Type.String(),
});
export type NotFoundPathJson = Static<typeof NotFoundPathSchema>;

export const NotFoundReportReplySchema = ResponseObject({
  /** The most missed addresses first (at most 100). */
  paths: Type.Array(NotFoundPathSchema),
});
export type NotFoundReportReply = Static<typeof NotFoundReportReplySchema>;

export const getNotFoundReportContract = defineContract({
  operationId: 'getNotFoundReport',
  method: 'GET',
  url: '/api/owner/redirects/not-found',
  summary:
    "The addresses of this website that answered 404 to visitors, the most missed first (at most 100), with counts and when last seen. Counted every few seconds; scripts' probes (/wp-admin, .php, .env …) and the platform's own paths are not counted.",
  tags,
  access: 'redirects:manage',
  schema: { response: { 200: NotFoundReportReplySchema, ...ERROR_RESPONSES } },
});

export const dismissNotFoundPathContract = defineContract({
  operationId: 'dismissNotFoundPath',
  method: 'DELETE',
  url: '/api/owner/redirects/not-found/:pathId',
  summary: 'Removes an address from the not-found report (it comes back if visitors miss it again).',
  tags,
  access: 'redirects:manage',
  schema: {
    params: RequestParams({ pathId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: REDIRECT_MESSAGES.notFoundPathId }) }),
    response: { 200: ResponseObject({ deleted: Type.Literal(true), id: Type.String() }), ...ERROR_RESPONSES },
  },
});

export const OWNER_REDIRECT_CONTRACTS = [
  listRedirectsContract,
  createRedirectContract,
  updateRedirectContract,
  deleteRedirectContract,
  importRedirectsContract,
  exportRedirectsContract,
  getNotFoundReportContract,
  dismissNotFoundPathContract,
] as const;
