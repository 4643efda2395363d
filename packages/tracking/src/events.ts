import { readCookie, uuid } from './cookies';
import type { EventSchemaName } from './event-names';
import { TRACKING_MESSAGES } from './messages';
import type { TrackingPageContext } from './page-context';
import { ANALYTICS_KEYS, analyticsId, sessionId } from './session';
import { pagePath } from './skip-rules';
import { beacon, ensureCrumb, post, postFormQuietly } from './transport';
import { VISITOR_COOKIE } from './visitor-cookie';

export const EVENT_PATHS = {
  /** The newer tracker (platform §7). */
  events: '/api/v1/clanker/events',
  /** The legacy tracker (platform §7). */
  legacy: '/api/events/RecordEvent',
} as const;

export const CLIENT_NAME = 'vitrine-tracking';
export const CLIENT_VERSION = '0.1.0';

/** Content fields a caller may set; every other content field of platform §3 is the tracker's own. */
const CALLER_FIELDS = ['destination_url', 'object_identifier'];

/** Platform §3: falls back to the page language, then en-US. */
export function resolvedLocale(context: TrackingPageContext): string {
  return context.websiteLocale || document.documentElement.lang || 'en-US';
}

/**
 * The event's content: the caller's fields, then every field of platform §3 filled in (warning when one of the
 * caller's was overwritten, platform §5), plus `event_id` (ours: a fresh UUID, so a retried event counts once).
 */
export function eventContent(context: TrackingPageContext, name: string, fields: Record<string, unknown>, now: number = Date.now()): Record<string, unknown> {
  const language = navigator.language || '';
  const auto: Record<string, unknown> = {
    analytics_id: analyticsId(now),
    browser_language: language.split('-')[0],
    browser_locale: language,
    browser_window_height: innerHeight,
    browser_window_width: innerWidth,
    client_name: CLIENT_NAME,
    client_version: CLIENT_VERSION,
    marketing_id: readCookie(ANALYTICS_KEYS.marketingId),
    page_host: location.host,
    page_path: pagePath(),
    page_query_params: location.search.slice(1),
    page_referrer_url: document.referrer,
    session_id: sessionId(),
    enduser_user_agent: navigator.userAgent,
    event_occurrence_timestamp: now,
    custom_schema_name: name,
    source_environment: context.sourceEnvironment,
    context_website_id: context.websiteId,
    member_account_id: context.memberAccountId,
    resolved_locale: resolvedLocale(context),
    website_locale: context.websiteLocale,
    member_account_locale: context.memberLocale,
    event_id: uuid(),
  };
  const overwritten = Object.keys(fields).filter((key) => key in auto);
  if (overwritten.length > 0) console.warn(TRACKING_MESSAGES.overwritten(overwritten));
  return { destination_url: null, object_identifier: context.itemId, ...fields, ...auto };
}

/** What the newer tracker takes for one event: the schema's name and the content as a JSON string. */
export interface EventEnvelope {
  eventSchemaName: EventSchemaName;
  eventContent: string;
}

export function eventEnvelope(context: TrackingPageContext, name: EventSchemaName, fields: Record<string, unknown>): EventEnvelope {
  return { eventSchemaName: name, eventContent: JSON.stringify(eventContent(context, name, fields)) };
}

/**
 * Sends one event to the newer tracker: `{ eventSchemaName, eventContent }` with the content as a JSON string. By
 * beacon (a form-encoded body) when the browser has one and takes it; else a JSON POST whose answer must be exactly
 * 200 or 202, anything else warned and rejected with 'Error tracking event: HTTP Status {code}'. No content rejects
 * 'no payload'. A visitor without the census cookie sends nothing (platform §6): resolves false.
 */
export async function trackEvent(context: TrackingPageContext, name: EventSchemaName, fields?: Record<string, unknown> | null): Promise<boolean> {
  if (!fields || typeof fields !== 'object') throw new Error(TRACKING_MESSAGES.noPayload);
  if (!readCookie(VISITOR_COOKIE)) return false;
  const envelope = eventEnvelope(context, name, fields);
  if (beacon(EVENT_PATHS.events, new URLSearchParams({ ...envelope }))) return true;
  const response = await post(EVENT_PATHS.events, JSON.stringify(envelope), 'application/json');
  if (response.status === 200 || response.status === 202) return true;
  const message = TRACKING_MESSAGES.httpStatus(response.status);
  console.warn(message);
  throw new Error(message);
}

/** Platform §3's legacy tracker payload, with the caller's extra fields. */
export function legacyPayload(context: TrackingPageContext, extras: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...extras,
    websiteId: context.websiteId,
    memberAccountId: context.memberAccountId,
    website_locale: context.websiteLocale,
    member_locale: context.memberLocale,
    templateId: context.templateId,
    variantId: null,
    pageHash: location.hash.slice(1),
    pagePath: pagePath(),
  };
}

/**
 * The legacy tracker: `POST /api/events/RecordEvent`, form-encoded crumb, event and data (the payload as JSON). The
 * answer is not read; only with the census cookie.
 */
export function recordLegacyEvent(context: TrackingPageContext, event: string, extras?: Record<string, unknown>): Promise<void> {
  if (!readCookie(VISITOR_COOKIE)) return Promise.resolve();
  // The one tracking call checked against the crumb (a form field): asked for when the visitor has none yet.
  return ensureCrumb().then((sent) => postFormQuietly(EVENT_PATHS.legacy, { crumb: sent, event, data: JSON.stringify(legacyPayload(context, extras)) }, sent));
}
