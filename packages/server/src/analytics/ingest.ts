import { randomUUID } from 'node:crypto';
import {
  ANALYTICS_LIMITS,
  ANALYTICS_MESSAGES,
  RATE_LIMIT_MESSAGE,
  type ClankerEventBody,
  type PageViewBody,
  type CensusPageFieldsBody,
  type RecordHitBody,
} from '@vitrine/contracts';
import { isWebVitalName } from './vitals-histogram';
import type { Actor } from '../actor';
import type { Website } from '../db/schema';
import { invalid, notFound, tooMany } from '../failures';
import { clientAddressKey } from '../http/client-address';
import { checkEventContent, isEventSchemaName } from './event-schemas';
import { cutStack, errorFingerprint, firstStackFrame } from './js-errors';
import {
  isBotAgent,
  pagePathOf,
  parseJsonObject,
  referrerHostOf,
  storableUserAgent,
  textField,
  visitorOf,
  type ParsedJson,
  type RequestFacts,
} from './page-facts';
import type { PageLoadIds } from './page-load-ids';
import type { VisitorBudget } from './visitor-budget';
import { utcDay, type AnalyticsWriter, type EventRow, type FailedEventRow, type HitRow, type JsErrorRow, type PerformanceRow } from './writer';

/**
 * Receiving analytics (storefront §7; platform §3, §7): every call is checked, turned into rows and handed to the
 * batch writer, and answers once its batch has committed. Nothing a client sends ends in a 500: what does not
 * parse or match its schema is answered 4xx and kept among the failed events with the reason; bots are stored,
 * marked, and never counted. No client address is stored (it only keys the rate limit of a visitor without a
 * census cookie).
 */
export interface AnalyticsIngest {
  writer: AnalyticsWriter;
  pageLoadIds: PageLoadIds;
  /** The analytics calls' own per-visitor budget (visitor-budget.ts); the edge's shared limit applies as well. */
  budget: VisitorBudget;
}

export interface CallInput<B> {
  body: B;
  facts: RequestFacts;
}

/** The most of a refused body kept with its reason. */
const FAILED_BODY_LENGTH = 65_536;

const FAILURE_REASONS: Record<Exclude<ParsedJson, { ok: true }>['reason'], string> = {
  'invalid-json': 'invalid-json',
  'not-object': 'not-an-object',
  unstorable: 'unstorable-text',
};

/**
 * Storefront §7 leaves the rate unsaid: a visitor (its ss_cvr id, else its address) may make `rateLimit.max`
 * analytics calls per window (ANALYTICS_RATE_LIMIT_MAX a minute), beside the edge's per-address limit.
 */
async function takeVisitorBudget(ingest: AnalyticsIngest, website: Website, facts: RequestFacts, visitorId: string | undefined): Promise<void> {
  // Per website too (issue 32): a visitor busy on one site of the platform keeps its whole budget on another.
  const key = `${website.id}:${visitorId ? `v:${visitorId}` : `a:${clientAddressKey(facts.address)}`}`;
  const waitSeconds = ingest.budget.take(key, facts.receivedAt.getTime());
  if (waitSeconds > 0) throw tooMany(RATE_LIMIT_MESSAGE, waitSeconds);
}

function failedRow(website: Website, facts: RequestFacts, fields: Pick<FailedEventRow, 'source' | 'schema_name' | 'reason' | 'errors'>, body: unknown): FailedEventRow {
  const text = typeof body === 'string' ? body : JSON.stringify(body) ?? '';
  return { website_id: website.id, received_at: facts.receivedAt, ...fields, body: text.slice(0, FAILED_BODY_LENGTH), user_agent: storableUserAgent(facts.userAgent) };
}

/** Keeps what was refused, with why, then refuses the call. */
async function keepAndRefuse(ingest: AnalyticsIngest, row: FailedEventRow, message: string, errors: Record<string, string>): Promise<never> {
  await ingest.writer.append({ failed: [row] });
  throw invalid(message, errors);
}

// ---------------------------------------------------------------------------------------------
// Census

/** A hit's row, or the failed row and why it was refused (nothing stored yet). */
function hitRowOf(website: Website, facts: RequestFacts, body: RecordHitBody, visitor: ReturnType<typeof visitorOf>) {
  const parsed = parseJsonObject(body.data);
  if (!parsed.ok) {
    const failed = failedRow(website, facts, { source: 'census', schema_name: 'RecordHit', reason: FAILURE_REASONS[parsed.reason], errors: null }, body);
    return { ok: false as const, failed, message: ANALYTICS_MESSAGES.data, errors: { data: ANALYTICS_MESSAGES.data } as Record<string, string> };
  }
  const data = parsed.value;
  const userAgent = storableUserAgent(facts.userAgent);
  const row: HitRow = {
    website_id: website.id,
    kind: 'page-view',
    received_at: facts.receivedAt,
    visitor_id: visitor?.id ?? null,
    visit_number: visitor?.visitCount ?? null,
    page_path: pagePathOf(facts, data.pagePath, data.url),
    referrer_host: referrerHostOf(data.referrer, data.url, facts.host),
    user_agent: userAgent,
    is_bot: isBotAgent(userAgent),
    item_id: textField(data.itemId, 64),
    data: body.event ? { ...data, event: data.event ?? body.event } : data,
  };
  return { ok: true as const, row };
}

/** POST /api/census/RecordHit: a page view. */
export async function recordCensusHit(ingest: AnalyticsIngest, website: Website, _actor: Actor, { body, facts }: CallInput<RecordHitBody>) {
  const visitor = visitorOf(facts, body.ss_cvr);
  await takeVisitorBudget(ingest, website, facts, visitor?.id);
  const hit = hitRowOf(website, facts, body, visitor);
  if (!hit.ok) await keepAndRefuse(ingest, hit.failed, hit.message, hit.errors);
  await ingest.writer.append({ hits: [(hit as Extract<typeof hit, { ok: true }>).row] });
  return { recorded: true as const };
}

export type CensusKind = 'button-click' | 'button-render' | 'form-render' | 'overlay' | 'quick-view';

/** The other census calls: button click and render, form render, overlay, quick view (item id from the path). */
export async function recordCensusCall(
  ingest: AnalyticsIngest,
  website: Website,
  _actor: Actor,
  { body, facts, kind, itemId }: CallInput<CensusPageFieldsBody | undefined> & { kind: CensusKind; itemId?: string },
) {
  const fields: CensusPageFieldsBody = body ?? {};
  const visitor = visitorOf(facts, fields.visitorCookie);
  await takeVisitorBudget(ingest, website, facts, visitor?.id);
  const userAgent = storableUserAgent(facts.userAgent);
  const { visitorCookie: _cookie, ...data } = fields;
  const row: HitRow = {
    website_id: website.id,
    kind,
    received_at: facts.receivedAt,
    visitor_id: visitor?.id ?? null,
    visit_number: visitor?.visitCount ?? null,
    page_path: pagePathOf(facts, fields.pagePath, fields.url),
    referrer_host: null,
    user_agent: userAgent,
    is_bot: isBotAgent(userAgent),
    item_id: itemId ?? textField(fields.formId, 64),
    data,
  };
  await ingest.writer.append({ hits: [row] });
  return { recorded: true as const };
}

// ---------------------------------------------------------------------------------------------
// Events

/** POST /api/events/RecordEvent: the legacy tracker (its crumb field is checked by the route). */
export async function recordLegacyEvent(
  ingest: AnalyticsIngest,
  website: Website,
  _actor: Actor,
  { body, facts }: CallInput<{ crumb: string; event: string; data: string } & Record<string, unknown>>,
) {
  const visitor = visitorOf(facts);
  await takeVisitorBudget(ingest, website, facts, visitor?.id);
  const { crumb: _crumb, event, data: dataText, ...extra } = body;
  const parsed = parseJsonObject(dataText);
  if (!parsed.ok) {
    await keepAndRefuse(ingest, failedRow(website, facts, { source: 'legacy', schema_name: event, reason: FAILURE_REASONS[parsed.reason], errors: null }, { event, data: dataText, ...extra }), ANALYTICS_MESSAGES.data, {
      data: ANALYTICS_MESSAGES.data,
    });
  }
  const data = (parsed as { value: Record<string, unknown> }).value;
  const userAgent = storableUserAgent(facts.userAgent);
  const row: EventRow = {
    website_id: website.id,
    event_id: randomUUID(),
    tracker: 'legacy',
    schema_name: event,
    received_at: facts.receivedAt,
    occurred_at: null,
    visitor_id: visitor?.id ?? null,
    visit_number: visitor?.visitCount ?? null,
    analytics_id: null,
    session_id: null,
    page_path: pagePathOf(facts, data.pagePath),
    product_id: null,
    user_agent: userAgent,
    is_bot: isBotAgent(userAgent),
    content: { ...data, ...extra },
  };
  await ingest.writer.append({ events: [row] });
  return { recorded: true as const };
}

/** The content of a newer-tracker event, checked: its schema exists, it parses, it is storable, it matches. */
function readEventContent(schemaName: string, contentText: string | Record<string, unknown>) {
  if (!isEventSchemaName(schemaName)) {
    return { ok: false as const, reason: 'unknown-schema', message: ANALYTICS_MESSAGES.unknownSchema, errors: { eventSchemaName: ANALYTICS_MESSAGES.unknownSchema } };
  }
  const parsed = typeof contentText === 'string' ? parseJsonObject(contentText) : ({ ok: true, value: contentText } as const);
  if (!parsed.ok) {
    const message =
      parsed.reason === 'invalid-json' ? ANALYTICS_MESSAGES.contentNotJson : parsed.reason === 'not-object' ? ANALYTICS_MESSAGES.contentNotObject : ANALYTICS_MESSAGES.contentUnstorable;
    return { ok: false as const, reason: FAILURE_REASONS[parsed.reason], message, errors: { eventContent: message } };
  }
  const check = checkEventContent(schemaName, parsed.value);
  if (!check.valid) return { ok: false as const, reason: 'schema', message: check.message, errors: check.errors };
  return { ok: true as const, schemaName, content: parsed.value };
}

function occurredAt(value: unknown): Date | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A newer-tracker event's row, or the failed row and why it was refused (nothing stored yet). */
function clankerRowOf(website: Website, facts: RequestFacts, body: ClankerEventBody, visitor: ReturnType<typeof visitorOf>) {
  const read = readEventContent(body.eventSchemaName, body.eventContent);
  if (!read.ok) {
    const failed = failedRow(website, facts, { source: 'clanker', schema_name: body.eventSchemaName.slice(0, 100), reason: read.reason, errors: read.errors }, body.eventContent);
    return { ok: false as const, failed, message: read.message, errors: read.errors as Record<string, string> };
  }
  const { schemaName, content } = read;
  const userAgent = storableUserAgent(facts.userAgent);
  const product = content.product as { id?: unknown } | undefined;
  const row: EventRow = {
    website_id: website.id,
    // Ours, optional (platform §3 has none): a sent id de-duplicates retries; a spec client's event gets a fresh one.
    event_id: typeof content.event_id === 'string' ? content.event_id.toLowerCase() : randomUUID(),
    tracker: 'clanker',
    schema_name: schemaName,
    received_at: facts.receivedAt,
    occurred_at: occurredAt(content.event_occurrence_timestamp),
    visitor_id: visitor?.id ?? null,
    visit_number: visitor?.visitCount ?? null,
    analytics_id: textField(content.analytics_id, 100),
    session_id: textField(content.session_id, 100),
    page_path: pagePathOf(facts, content.page_path),
    product_id: textField(product?.id, 64),
    user_agent: userAgent,
    is_bot: isBotAgent(userAgent),
    content,
  };
  return { ok: true as const, row };
}

/** POST /api/v1/clanker/events: one event of the newer tracker, stored once per event_id when it carries one. */
export async function recordClankerEvent(ingest: AnalyticsIngest, website: Website, _actor: Actor, { body, facts }: CallInput<ClankerEventBody>) {
  const visitor = visitorOf(facts);
  await takeVisitorBudget(ingest, website, facts, visitor?.id);
  const event = clankerRowOf(website, facts, body, visitor);
  if (!event.ok) await keepAndRefuse(ingest, event.failed, event.message, event.errors);
  await ingest.writer.append({ events: [(event as Extract<typeof event, { ok: true }>).row] });
  return { accepted: true as const };
}

/**
 * POST /api/census/page-view (issue 35): the hit and the page's events in one call, checked whole before anything is
 * stored — one refused part refuses the call (its failures kept, errors keyed `hit.data`, `events.{i}.{field}`) — then
 * written in one batch; answers a pageLoadId as GET /api/performance/settings does. One call takes one of the
 * visitor's budget, as one request does at the edge.
 */
export async function recordPageView(ingest: AnalyticsIngest, website: Website, _actor: Actor, { body, facts }: CallInput<PageViewBody>) {
  const visitor = visitorOf(facts, body.hit.ss_cvr);
  await takeVisitorBudget(ingest, website, facts, visitor?.id);
  const hit = hitRowOf(website, facts, body.hit, visitor);
  const events = (body.events ?? []).map((event) => clankerRowOf(website, facts, event, visitor));
  const failed: FailedEventRow[] = [];
  const errors: Record<string, string> = {};
  let message: string | undefined;
  if (!hit.ok) {
    failed.push(hit.failed);
    for (const [field, text] of Object.entries(hit.errors)) errors[`hit.${field}`] = text;
    message ??= hit.message;
  }
  events.forEach((event, index) => {
    if (event.ok) return;
    failed.push(event.failed);
    for (const [field, text] of Object.entries(event.errors)) errors[`events.${index}.${field}`] = text;
    message ??= event.message;
  });
  if (message !== undefined) {
    await ingest.writer.append({ failed });
    throw invalid(message, errors);
  }
  const rows = events.map((event) => (event as Extract<typeof event, { ok: true }>).row);
  await ingest.writer.append({ hits: [(hit as Extract<typeof hit, { ok: true }>).row], events: rows });
  return { recorded: true as const, accepted: rows.length, pageLoadId: ingest.pageLoadIds.issue(facts.receivedAt.getTime()) };
}

/** POST /api/v1/clanker/validate-event-content/:schemaName: what is wrong with the content, storing nothing. */
export function validateEventContent(_website: Website, _actor: Actor, input: { schemaName: string; content: Record<string, unknown> }) {
  if (!isEventSchemaName(input.schemaName)) throw notFound(ANALYTICS_MESSAGES.unknownSchema);
  const read = readEventContent(input.schemaName, input.content);
  if (!read.ok) throw invalid(read.message, read.errors);
  return { valid: true as const };
}

// ---------------------------------------------------------------------------------------------
// JavaScript errors

interface ErrorReport {
  event: string;
  data: { message: string; stack?: string | null; pagePath?: string | null; url?: string | null };
  timestamp: number;
}

function isErrorReport(value: unknown): value is ErrorReport {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const report = value as Record<string, unknown>;
  const data = report.data as Record<string, unknown> | null;
  return (
    typeof report.event === 'string' &&
    report.event.length > 0 &&
    report.event.length <= 100 &&
    typeof report.timestamp === 'number' &&
    Number.isFinite(report.timestamp) &&
    report.timestamp >= 0 &&
    !!data &&
    typeof data === 'object' &&
    !Array.isArray(data) &&
    typeof data.message === 'string' &&
    data.message.length <= ANALYTICS_LIMITS.errorMessageLength &&
    (data.stack === undefined || data.stack === null || typeof data.stack === 'string') &&
    (data.pagePath === undefined || data.pagePath === null || typeof data.pagePath === 'string') &&
    (data.url === undefined || data.url === null || typeof data.url === 'string')
  );
}

/** POST /api/events/RecordJavascriptErrors: each report added to its group (message + first stack frame) of the day. */
export async function recordJavascriptErrors(ingest: AnalyticsIngest, website: Website, _actor: Actor, { body, facts }: CallInput<unknown>) {
  const visitor = visitorOf(facts);
  await takeVisitorBudget(ingest, website, facts, visitor?.id);
  if (!Array.isArray(body) || body.length === 0 || body.length > ANALYTICS_LIMITS.errorReportsPerCall || !body.every(isErrorReport)) {
    await keepAndRefuse(ingest, failedRow(website, facts, { source: 'js-error', schema_name: null, reason: 'not-error-reports', errors: null }, body), ANALYTICS_MESSAGES.errorReports, {
      body: ANALYTICS_MESSAGES.errorReports,
    });
  }
  const userAgent = storableUserAgent(facts.userAgent);
  const bot = isBotAgent(userAgent);
  const day = utcDay(facts.receivedAt);
  const rows: JsErrorRow[] = (body as ErrorReport[]).map((report) => {
    const message = report.data.message.trim().slice(0, ANALYTICS_LIMITS.errorMessageLength) || report.event;
    const frame = firstStackFrame(report.data.stack);
    return {
      website_id: website.id,
      day,
      fingerprint: errorFingerprint(message, frame),
      message,
      first_frame: frame,
      sample_stack: cutStack(report.data.stack),
      page_path: pagePathOf(facts, report.data.pagePath, report.data.url),
      count: bot ? 0 : 1,
      bot_count: bot ? 1 : 0,
      seen_at: facts.receivedAt,
    };
  });
  await ingest.writer.append({ jsErrors: rows });
  return { recorded: rows.length };
}

// ---------------------------------------------------------------------------------------------
// Performance collector

/** GET /api/performance/settings: a fresh pageLoadId. */
export function performanceSettings(ingest: AnalyticsIngest, _website: Website, _actor: Actor, facts: Pick<RequestFacts, 'receivedAt'>) {
  return { pageLoadId: ingest.pageLoadIds.issue(facts.receivedAt.getTime()) };
}

type RecordCheck = { ok: true; row: PerformanceRow } | { ok: false; reason: string; errors: Record<string, string> };

function readPerformanceRecord(ingest: AnalyticsIngest, website: Website, facts: RequestFacts, bot: boolean, record: unknown): RecordCheck {
  const shape = ANALYTICS_MESSAGES.performanceRecords;
  if (!record || typeof record !== 'object' || Array.isArray(record)) return { ok: false, reason: 'not-a-record', errors: { record: shape } };
  const { app, data, event, pageLoadId, ts } = record as Record<string, unknown>;
  const text = (value: unknown) => typeof value === 'string' && value.length > 0 && value.length <= 100;
  if (!text(app) || !text(event) || typeof ts !== 'number' || !Number.isFinite(ts) || ts < 0) return { ok: false, reason: 'not-a-record', errors: { record: shape } };
  if (!ingest.pageLoadIds.isValid(pageLoadId, facts.receivedAt.getTime())) return { ok: false, reason: 'page-load-id', errors: { pageLoadId: ANALYTICS_MESSAGES.pageLoadId } };
  const fields = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const named = typeof fields.name === 'string' ? fields.name : event;
  const metric = isWebVitalName(named) ? named : isWebVitalName(event) ? event : null;
  const value = typeof fields.value === 'number' ? fields.value : null;
  // Platform §5: timing values outside 0–2147483647 are dropped (the collector drops them; a record with one is refused here).
  if (value !== null && (!Number.isFinite(value) || value < 0 || value > ANALYTICS_LIMITS.maxTimingValue)) {
    return { ok: false, reason: 'timing-out-of-range', errors: { value: ANALYTICS_MESSAGES.timingOutOfRange } };
  }
  if (metric && value === null) return { ok: false, reason: 'no-value', errors: { value: ANALYTICS_MESSAGES.timingOutOfRange } };
  return {
    ok: true,
    row: {
      website_id: website.id,
      received_at: facts.receivedAt,
      page_load_id: pageLoadId as string,
      app: app as string,
      event: event as string,
      metric,
      value,
      // data.url of an image record is the image's: the page is named by pagePath, else the beacon's Referer.
      page_path: pagePathOf(facts, fields.pagePath ?? fields.page_path),
      is_bot: bot,
      client_ts: Number.isSafeInteger(Math.round(ts)) ? Math.round(ts) : null,
      data: data ?? null,
    },
  };
}

/** POST /api/performance/records: the records that pass are stored, the others kept among the failed events. */
export async function recordPerformance(ingest: AnalyticsIngest, website: Website, _actor: Actor, { body, facts }: CallInput<unknown>) {
  const visitor = visitorOf(facts);
  await takeVisitorBudget(ingest, website, facts, visitor?.id);
  if (!Array.isArray(body) || body.length === 0 || body.length > ANALYTICS_LIMITS.performanceRecordsPerCall) {
    await keepAndRefuse(ingest, failedRow(website, facts, { source: 'performance', schema_name: null, reason: 'not-records', errors: null }, body), ANALYTICS_MESSAGES.performanceRecords, {
      body: ANALYTICS_MESSAGES.performanceRecords,
    });
  }
  const userAgent = storableUserAgent(facts.userAgent);
  const bot = isBotAgent(userAgent);
  const rows: PerformanceRow[] = [];
  const failed: FailedEventRow[] = [];
  for (const record of body as unknown[]) {
    const check = readPerformanceRecord(ingest, website, facts, bot, record);
    if (check.ok) rows.push(check.row);
    else failed.push(failedRow(website, facts, { source: 'performance', schema_name: null, reason: check.reason, errors: check.errors }, record));
  }
  await ingest.writer.append({ performance: rows, failed });
  return { recorded: rows.length, refused: failed.length };
}
