import Type, { type Static, type TProperties } from 'typebox';
import { COLLECTED_WEB_VITALS, EVENT_SCHEMA_NAMES, type WebVitalRating } from '@vitrine/tracking';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestBody, RequestParams, RequestQuery, ResponseObject, Text } from './fields';

/**
 * Shopper analytics (issue 15; storefront spec §7, platform spec §3, §7): the census calls, the legacy and newer
 * trackers, the JavaScript error reporter, the performance collector, and the owner's summary. The event contents'
 * own JSON Schemas are in ./analytics-events/ (one per event schema name).
 *
 * Bodies: census calls and the legacy tracker post form-encoded fields (JSON is accepted too); the newer tracker
 * posts `{ eventSchemaName, eventContent }` as JSON, or form-encoded when sent by `navigator.sendBeacon`. The
 * error reporter and the performance records are JSON arrays (the records by beacon as text/plain): their
 * schemas below are checked by the server's handler, not as a route body (a route body must be a closed object).
 */

const tags = ['analytics'];

/** Limits of the analytics calls (ours where the spec is silent; the error reporter's are storefront §9). */
export const ANALYTICS_LIMITS = {
  /** A census `data` or an event's `eventContent`: a JSON text. */
  jsonTextLength: 32_768,
  /** Page fields beside a census call. */
  pageFieldLength: 4096,
  pageFields: 40,
  /** Storefront §9: at most 10 error reports queued, so at most 10 per call; a stack is cut at 5,000 characters. */
  errorReportsPerCall: 10,
  errorStackLength: 5000,
  errorMessageLength: 2000,
  /** Performance records per call (one page's metrics and images). */
  performanceRecordsPerCall: 100,
  /** Newer-tracker events sent with a page view's hit in one call (the page-view event and what the page told so far). */
  pageViewEvents: 10,
  /** Platform §5: timing values outside 0–2147483647 are dropped. */
  maxTimingValue: 2_147_483_647,
  /** The owner's summary: at most this many days per range. */
  summaryMaxDays: 366,
} as const;

export const ANALYTICS_MESSAGES = {
  event: 'event must be a text of at most 100 characters.',
  data: 'data must be a JSON object.',
  visitorCookie: 'The visitor cookie must be a text of at most 200 characters.',
  pageField: `Page fields must be texts, numbers or booleans (at most ${ANALYTICS_LIMITS.pageFields}, each at most ${ANALYTICS_LIMITS.pageFieldLength} characters).`,
  formId: 'formId must be a form id.',
  pageViewHit: 'hit must be the page view { event, data, ss_cvr }.',
  pageViewEvents: `events must be a list of at most ${ANALYTICS_LIMITS.pageViewEvents} events { eventSchemaName, eventContent }.`,
  quickViewId: 'The product id must be 1 to 64 characters.',
  crumb: 'crumb must be the crumb cookie.',
  eventSchemaName: 'eventSchemaName must be an event schema name.',
  eventContent: 'eventContent must be the event as a JSON text.',
  schemaName: 'schemaName must be an event schema name.',
  unknownSchema: 'There is no event schema of that name.',
  contentNotJson: 'eventContent is not valid JSON.',
  contentNotObject: 'The event content must be a JSON object.',
  contentUnstorable: 'The event content holds a character that cannot be stored (a NUL byte or a broken Unicode character), or is nested too deeply.',
  contentInvalid: 'The event content does not match its schema.',
  contentKey: 'Event content field names are letters, digits and underscores.',
  errorReports: `Send a list of at most ${ANALYTICS_LIMITS.errorReportsPerCall} error reports, each { event, data, timestamp }.`,
  performanceRecords: `Send a list of at most ${ANALYTICS_LIMITS.performanceRecordsPerCall} performance records, each { app, data, event, pageLoadId, ts }.`,
  pageLoadId: 'This pageLoadId was not issued by GET /api/performance/settings, or has expired.',
  timingOutOfRange: `Timing values must be from 0 to ${ANALYTICS_LIMITS.maxTimingValue}.`,
  from: 'from must be a date (YYYY-MM-DD).',
  to: 'to must be a date (YYYY-MM-DD).',
  toBeforeFrom: 'to must not be before from.',
  rangeTooLong: `A range is at most ${ANALYTICS_LIMITS.summaryMaxDays} days.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Census (storefront §7)

/**
 * The "page fields" sent beside a census call (their names are not shown by the spec): any field named with
 * letters, digits and underscores, holding a short text, a number or a boolean. Anything else is refused.
 */
const PAGE_FIELD_KEY = '^(?!(?:event|data|ss_cvr|visitorCookie|formId|crumb)$)[A-Za-z][A-Za-z0-9_]{0,63}$';
const PageFieldValue = Type.Union(
  [Text({ maxLength: ANALYTICS_LIMITS.pageFieldLength }), Type.Number(), Type.Boolean()],
  { [MESSAGE_KEYWORD]: ANALYTICS_MESSAGES.pageField },
);

/** A census body: its named fields, then page fields (closed to field-name keys, at most 40). */
function CensusBody<P extends TProperties>(properties: P) {
  return Type.Object(properties, {
    additionalProperties: false,
    patternProperties: { [PAGE_FIELD_KEY]: PageFieldValue },
    maxProperties: ANALYTICS_LIMITS.pageFields + Object.keys(properties).length,
    [MESSAGE_KEYWORD]: ANALYTICS_MESSAGES.pageField,
  });
}

const VisitorCookieField = Type.Optional(Text({ maxLength: 200, [MESSAGE_KEYWORD]: ANALYTICS_MESSAGES.visitorCookie }));

export const RecordHitBodySchema = RequestBody({
  /** The hit's kind ('view' when the client names none). */
  event: Type.Optional(Text({ maxLength: 100, [MESSAGE_KEYWORD]: ANALYTICS_MESSAGES.event })),
  /**
   * JSON of the page (storefront §7): websiteId, templateId, website_locale, userAgent, clientDate, viewport and
   * screen sizes, url, title, itemId, recordType, collectionId, localStorage support, queryString, referrer.
   */
  data: Text({ minLength: 2, maxLength: ANALYTICS_LIMITS.jsonTextLength, [MESSAGE_KEYWORD]: ANALYTICS_MESSAGES.data }),
  /** The census visitor cookie's value, `{id}|{firstSeenMs}|{visitStartMs}|{visitCount}|{hitCount}` (@vitrine/tracking). */
  ss_cvr: VisitorCookieField,
});
export type RecordHitBody = Static<typeof RecordHitBodySchema>;

/** What every census call answers: the hit was stored (or left out, for a bot: the answer is the same). */
export const CensusReplySchema = ResponseObject({ recorded: Type.Literal(true) });

export const recordHitContract = defineContract({
  operationId: 'recordCensusHit',
  method: 'POST',
  url: '/api/census/RecordHit',
  summary: 'Records a page view (form-encoded event, data JSON, ss_cvr); cookie-only, like a beacon.',
  tags,
  schema: { body: RecordHitBodySchema, response: { 200: CensusReplySchema, ...ERROR_RESPONSES } },
});

export const CensusButtonBodySchema = CensusBody({ visitorCookie: VisitorCookieField });
export const CensusFormRenderBodySchema = CensusBody({
  formId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: ANALYTICS_MESSAGES.formId }),
  visitorCookie: VisitorCookieField,
});
export const CensusOverlayBodySchema = CensusBody({ visitorCookie: VisitorCookieField });
export type CensusPageFieldsBody = Record<string, string | number | boolean>;

export const censusButtonClickContract = defineContract({
  operationId: 'recordCensusButtonClick',
  method: 'POST',
  url: '/api/census/button-click',
  summary: 'Records a button click (visitorCookie plus page fields).',
  tags,
  schema: { body: CensusButtonBodySchema, response: { 200: CensusReplySchema, ...ERROR_RESPONSES } },
});

export const censusButtonRenderContract = defineContract({
  operationId: 'recordCensusButtonRender',
  method: 'POST',
  url: '/api/census/button-render',
  summary: 'Records that a button was shown (visitorCookie plus page fields).',
  tags,
  schema: { body: CensusButtonBodySchema, response: { 200: CensusReplySchema, ...ERROR_RESPONSES } },
});

export const censusFormRenderContract = defineContract({
  operationId: 'recordCensusFormRender',
  method: 'POST',
  url: '/api/census/form-render',
  summary: 'Records that a form was shown (formId, visitorCookie, page fields).',
  tags,
  schema: { body: CensusFormRenderBodySchema, response: { 200: CensusReplySchema, ...ERROR_RESPONSES } },
});

export const censusOverlayContract = defineContract({
  operationId: 'recordCensusOverlay',
  method: 'POST',
  url: '/api/census/overlay',
  summary: 'Records that a pop-up overlay was shown (page fields; the spec does not show the payload).',
  tags,
  schema: { body: CensusOverlayBodySchema, response: { 200: CensusReplySchema, ...ERROR_RESPONSES } },
});

export const censusQuickViewContract = defineContract({
  operationId: 'recordCensusQuickView',
  method: 'POST',
  url: '/api/census/RecordQuickView/:id',
  summary: "Records a product's quick view (the product id in the path; page fields optional).",
  tags,
  schema: {
    params: RequestParams({ id: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: ANALYTICS_MESSAGES.quickViewId }) }),
    body: CensusOverlayBodySchema,
    response: { 200: CensusReplySchema, ...ERROR_RESPONSES },
  },
});

// ---------------------------------------------------------------------------------------------
// Events (platform §3, §7)

/**
 * The legacy tracker (platform §7): form-encoded crumb (the crumb cookie's value: a plain form post, so the crumb
 * is a field), event name, data (JSON of the legacy payload: websiteId, memberAccountId, website_locale,
 * member_locale, templateId, variantId, pageHash, pagePath, free extra fields) and extra fields.
 */
export const RecordEventBodySchema = Type.Object(
  {
    crumb: Text({ minLength: 1, maxLength: 200, [MESSAGE_KEYWORD]: ANALYTICS_MESSAGES.crumb }),
    event: Text({ minLength: 1, maxLength: 100, [MESSAGE_KEYWORD]: ANALYTICS_MESSAGES.event }),
    data: Text({ minLength: 2, maxLength: ANALYTICS_LIMITS.jsonTextLength, [MESSAGE_KEYWORD]: ANALYTICS_MESSAGES.data }),
  },
  {
    additionalProperties: false,
    patternProperties: { [PAGE_FIELD_KEY]: PageFieldValue },
    maxProperties: ANALYTICS_LIMITS.pageFields + 3,
    [MESSAGE_KEYWORD]: ANALYTICS_MESSAGES.pageField,
  },
);

export const EventReplySchema = ResponseObject({ recorded: Type.Literal(true) });

export const recordLegacyEventContract = defineContract({
  operationId: 'recordLegacyEvent',
  method: 'POST',
  url: '/api/events/RecordEvent',
  summary: 'The legacy tracker: form-encoded crumb, event name, data JSON and extra fields (the answer is not read).',
  tags,
  schema: { body: RecordEventBodySchema, response: { 200: EventReplySchema, ...ERROR_RESPONSES } },
});

export const ClankerEventBodySchema = RequestBody({
  eventSchemaName: Text({ minLength: 1, maxLength: 100, [MESSAGE_KEYWORD]: ANALYTICS_MESSAGES.eventSchemaName }),
  eventContent: Text({ minLength: 2, maxLength: ANALYTICS_LIMITS.jsonTextLength, [MESSAGE_KEYWORD]: ANALYTICS_MESSAGES.eventContent }),
});
export type ClankerEventBody = Static<typeof ClankerEventBodySchema>;

/** 202: stored (or stored once already: a retried event_id is not stored twice). */
export const ClankerEventReplySchema = ResponseObject({ accepted: Type.Literal(true) });

/**
 * Issue 35: a page view in one call — the census hit, the newer tracker's events the page had to tell by then (its
 * page-view event first) and, in the answer, the performance collector's pageLoadId, so a page view costs one
 * tracking request instead of three (RecordHit, the events, GET /api/performance/settings).
 */
export const PageViewBodySchema = RequestBody({
  hit: Type.Unsafe<Static<typeof RecordHitBodySchema>>({ ...RecordHitBodySchema, [MESSAGE_KEYWORD]: ANALYTICS_MESSAGES.pageViewHit }),
  events: Type.Optional(
    Type.Array(ClankerEventBodySchema, { maxItems: ANALYTICS_LIMITS.pageViewEvents, [MESSAGE_KEYWORD]: ANALYTICS_MESSAGES.pageViewEvents }),
  ),
});
export type PageViewBody = Static<typeof PageViewBodySchema>;

export const PageViewReplySchema = ResponseObject({
  recorded: Type.Literal(true),
  /** How many of the events were stored (a bot's are stored and marked, so all of them). */
  accepted: Type.Integer({ minimum: 0 }),
  /** As GET /api/performance/settings gives: a fresh, signed id, valid a day. */
  pageLoadId: Type.String(),
});

export const recordPageViewContract = defineContract({
  operationId: 'recordPageView',
  method: 'POST',
  url: '/api/census/page-view',
  summary:
    'A page view in one call: JSON { hit: { event, data, ss_cvr }, events: [{ eventSchemaName, eventContent }] } (at most 10 events). Cookie-only, like a beacon. The hit and every event are checked before anything is stored: one refused part refuses the call (400, kept among the failed events). Answers the pageLoadId of the performance collector.',
  tags,
  schema: { body: PageViewBodySchema, response: { 200: PageViewReplySchema, ...ERROR_RESPONSES } },
});

export const recordClankerEventContract = defineContract({
  operationId: 'recordEvent',
  method: 'POST',
  url: '/api/v1/clanker/events',
  summary:
    'The newer tracker: { eventSchemaName, eventContent (a JSON string) }, JSON or form-encoded (sendBeacon). 202 when stored; an event its schema refuses is kept among the failed events and answered 400.',
  tags,
  schema: { body: ClankerEventBodySchema, response: { 202: ClankerEventReplySchema, ...ERROR_RESPONSES } },
});

/** Event content as the validate call takes it: a JSON object whose field names are letters, digits and underscores. */
export const EventContentBodySchema = Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' }), Type.Unknown(), {
  additionalProperties: false,
  maxProperties: 200,
  [MESSAGE_KEYWORD]: ANALYTICS_MESSAGES.contentKey,
});

export const ValidateEventReplySchema = ResponseObject({ valid: Type.Literal(true) });

export const validateEventContentContract = defineContract({
  operationId: 'validateEventContent',
  method: 'POST',
  url: '/api/v1/clanker/validate-event-content/:schemaName',
  summary: "Checks an event's content against its schema without storing it: 200 { valid: true }, or 400 { message, errors } keyed by field path.",
  tags,
  schema: {
    params: RequestParams({ schemaName: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: ANALYTICS_MESSAGES.schemaName }) }),
    body: EventContentBodySchema,
    response: { 200: ValidateEventReplySchema, ...ERROR_RESPONSES },
  },
});

// ---------------------------------------------------------------------------------------------
// JavaScript errors (storefront §7, §9)

/** One report of the error reporter. `data.message` and `data.stack` are what errors are grouped by. */
export const JavascriptErrorReportSchema = Type.Object(
  {
    event: Text({ minLength: 1, maxLength: 100 }),
    data: Type.Object(
      {
        message: Text({ maxLength: ANALYTICS_LIMITS.errorMessageLength }),
        /** Cut at 5,000 characters by the reporter (longer ones are cut here too). */
        stack: Type.Optional(Type.Union([Text(), Type.Null()])),
        /** The page, when the reporter sends it (else the Referer header names it). */
        pagePath: Type.Optional(Type.Union([Text({ maxLength: 2048 }), Type.Null()])),
        url: Type.Optional(Type.Union([Text({ maxLength: 4096 }), Type.Null()])),
      },
      { additionalProperties: true },
    ),
    /** Milliseconds since the epoch. */
    timestamp: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: true },
);
export const JavascriptErrorReportsSchema = Type.Array(JavascriptErrorReportSchema, { minItems: 1, maxItems: ANALYTICS_LIMITS.errorReportsPerCall });
export type JavascriptErrorReport = Static<typeof JavascriptErrorReportSchema>;

export const RecordedReplySchema = ResponseObject({
  /** Reports or records stored. */
  recorded: Type.Integer(),
  /** Records refused (kept among the failed events with the reason). */
  refused: Type.Optional(Type.Integer()),
});

export const recordJavascriptErrorsContract = defineContract({
  operationId: 'recordJavascriptErrors',
  method: 'POST',
  url: '/api/events/RecordJavascriptErrors',
  summary:
    'The error reporter: a JSON list of at most 10 { event, data: { message, stack? }, timestamp }, with the crumb header; identical errors (message and first stack frame) are counted together.',
  tags,
  schema: { response: { 200: RecordedReplySchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// Performance collector (platform §3, §4, §5, §7, §9)

export const PerformanceSettingsReplySchema = ResponseObject({
  /** A fresh, signed id per call: records must carry one (valid a day). */
  pageLoadId: Type.String(),
});
export type PerformanceSettingsReply = Static<typeof PerformanceSettingsReplySchema>;

export const getPerformanceSettingsContract = defineContract({
  operationId: 'getPerformanceSettings',
  method: 'GET',
  url: '/api/performance/settings',
  summary: "The performance collector's settings: a fresh pageLoadId (without it the collector stops).",
  tags,
  schema: { response: { 200: PerformanceSettingsReplySchema, ...ERROR_RESPONSES } },
});

/**
 * A performance record (platform §3). For a web vital: `event` 'web-vital' (or the metric's own name) and
 * `data: { name: 'LCP' | 'FCP' | 'INP' | 'CLS' | 'TTFB', value, rating?, pagePath? }`; other records (image
 * timings) are kept as sent, with `data.value` when they have one.
 */
export const PerformanceRecordSchema = Type.Object(
  {
    app: Text({ minLength: 1, maxLength: 100 }),
    data: Type.Unknown(),
    event: Text({ minLength: 1, maxLength: 100 }),
    pageLoadId: Text({ minLength: 1, maxLength: 200 }),
    /** Milliseconds since the epoch. */
    ts: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: true, required: ['app', 'event', 'pageLoadId', 'ts'] },
);
export const PerformanceRecordsSchema = Type.Array(Type.Unknown(), { minItems: 1, maxItems: ANALYTICS_LIMITS.performanceRecordsPerCall });
export type PerformanceRecord = Static<typeof PerformanceRecordSchema>;

/** The web vitals the collector measures (FID is retired from the web-vitals library: INP is graded instead). */
export const WEB_VITAL_NAMES = COLLECTED_WEB_VITALS;

export const recordPerformanceContract = defineContract({
  operationId: 'recordPerformanceRecords',
  method: 'POST',
  url: '/api/performance/records',
  summary:
    'The performance collector: a JSON list of records { app, data, event, pageLoadId, ts }, by beacon or XHR, as application/json or text/plain. Records that fail a check are kept among the failed events.',
  tags,
  schema: { response: { 200: RecordedReplySchema, ...ERROR_RESPONSES } },
});

// ---------------------------------------------------------------------------------------------
// The owner's summary

const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

export const AnalyticsSummaryQuerySchema = RequestQuery({
  /** First day of the range (UTC), included. */
  from: Text({ pattern: DAY_PATTERN, [MESSAGE_KEYWORD]: ANALYTICS_MESSAGES.from }),
  /** Last day of the range (UTC), included. */
  to: Text({ pattern: DAY_PATTERN, [MESSAGE_KEYWORD]: ANALYTICS_MESSAGES.to }),
});
export type AnalyticsSummaryQuery = Static<typeof AnalyticsSummaryQuerySchema>;

const Money = ResponseObject({ value: Type.String(), currency: Type.String() });

const Totals = ResponseObject({
  visits: Type.Integer(),
  /**
   * Distinct visitors (ss_cvr ids) over the whole range (a visitor seen on two days counts once), counted from the
   * raw hits; days older than ANALYTICS_RETENTION_DAYS (raw hits deleted) add their daily figures instead.
   */
  uniqueVisitors: Type.Integer(),
  /** False when daily figures of days older than the retention were added to other visitors: a visitor may then count more than once. */
  uniqueVisitorsExact: Type.Boolean(),
  pageViews: Type.Integer(),
  productViews: Type.Integer(),
  addToCart: Type.Integer(),
  checkouts: Type.Integer(),
  orders: Type.Integer(),
  revenue: Money,
  /** orders / visits (0 without visits), rounded to 4 decimals. */
  conversionRate: Type.Number(),
  /** Hits from bots: stored, never counted above. */
  botHits: Type.Integer(),
});

const Counted = (key: string) => ResponseObject({ [key]: Type.String(), count: Type.Integer() });

const VitalFigure = ResponseObject({
  p75: Type.Number(),
  rating: Type.Unsafe<WebVitalRating>({ type: 'string', enum: ['good', 'needs-improvement', 'poor'] }),
  samples: Type.Integer(),
});

export const AnalyticsSummaryReplySchema = ResponseObject({
  /** Days are UTC days. */
  range: ResponseObject({ from: Type.String(), to: Type.String(), days: Type.Integer() }),
  previousRange: ResponseObject({ from: Type.String(), to: Type.String() }),
  totals: Totals,
  previous: Totals,
  series: Type.Array(
    ResponseObject({
      day: Type.String(),
      visits: Type.Integer(),
      uniqueVisitors: Type.Integer(),
      pageViews: Type.Integer(),
      orders: Type.Integer(),
      revenue: Money,
      /** When the day's numbers were last counted (null: not yet). */
      computedAt: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  /** In visits: visits with a product view, with an add to cart, reaching checkout; then orders. */
  funnel: ResponseObject({ productViews: Type.Integer(), addToCart: Type.Integer(), checkout: Type.Integer(), orders: Type.Integer() }),
  topPages: Type.Array(Counted('path')),
  products: Type.Array(ResponseObject({ productId: Type.String(), name: Type.String(), views: Type.Integer(), addToCart: Type.Integer() })),
  referrers: Type.Array(Counted('host')),
  devices: ResponseObject({ types: Type.Array(Counted('name')), browsers: Type.Array(Counted('name')), operatingSystems: Type.Array(Counted('name')) }),
  webVitals: Type.Array(
    ResponseObject({
      metric: Type.String(),
      p75: Type.Number(),
      rating: Type.String(),
      samples: Type.Integer(),
      pages: Type.Array(ResponseObject({ path: Type.String(), ...VitalFigure.properties })),
    }),
  ),
  jsErrors: Type.Array(ResponseObject({ message: Type.String(), firstFrame: Type.String(), count: Type.Integer() })),
});
export type AnalyticsSummaryReply = Static<typeof AnalyticsSummaryReplySchema>;

export const getAnalyticsSummaryContract = defineContract({
  operationId: 'getAnalyticsSummary',
  method: 'GET',
  url: '/api/owner/analytics/summary',
  summary:
    'Visits, visitors, page views, orders, revenue and conversion for a range of UTC days (at most 366) and the period before it, with the per-day series, the funnel, top pages, products, referrers, devices, web-vitals p75 and top JavaScript errors.',
  tags: ['owner-analytics'],
  access: 'reports:read',
  schema: { querystring: AnalyticsSummaryQuerySchema, response: { 200: AnalyticsSummaryReplySchema, ...ERROR_RESPONSES } },
});

/** The dashboard's live figure: the window it counts over (the owner app asks again every 15 seconds). */
export const ANALYTICS_NOW_WINDOW_MINUTES = 5;

export const AnalyticsNowReplySchema = ResponseObject({
  /** Distinct visitors (ss_cvr ids, bots left out) with a page view in the window. */
  visitors: Type.Integer({ minimum: 0 }),
  windowMinutes: Type.Integer({ minimum: 1 }),
  /** When it was counted (ISO 8601). */
  at: Type.String(),
});
export type AnalyticsNowReply = Static<typeof AnalyticsNowReplySchema>;

export const getAnalyticsNowContract = defineContract({
  operationId: 'getAnalyticsNow',
  method: 'GET',
  url: '/api/owner/analytics/now',
  summary: 'Visitors on the site now: distinct visitors with a page view in the last 5 minutes, counted from the raw hits.',
  tags: ['owner-analytics'],
  access: 'reports:read',
  schema: { response: { 200: AnalyticsNowReplySchema, ...ERROR_RESPONSES } },
});

export { EVENT_SCHEMA_NAMES };

export const ANALYTICS_CONTRACTS = [
  recordHitContract,
  recordPageViewContract,
  censusButtonClickContract,
  censusButtonRenderContract,
  censusFormRenderContract,
  censusOverlayContract,
  censusQuickViewContract,
  recordLegacyEventContract,
  recordClankerEventContract,
  validateEventContentContract,
  recordJavascriptErrorsContract,
  getPerformanceSettingsContract,
  recordPerformanceContract,
] as const;

export const OWNER_ANALYTICS_CONTRACTS = [getAnalyticsSummaryContract, getAnalyticsNowContract] as const;
