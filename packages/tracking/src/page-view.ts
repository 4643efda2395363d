import { hitFields } from './census';
import type { EventSchemaName } from './event-names';
import { eventEnvelope, type EventEnvelope } from './events';
import type { TrackingPageContext } from './page-context';
import { post } from './transport';

/**
 * A page view in one request (issue 35): the census hit, the newer tracker's events the page has to tell by the time
 * the client starts (its page-view event, what the islands did before) and, in the answer, the performance
 * collector's pageLoadId — `POST /api/census/page-view` instead of RecordHit, one events call per event and
 * `GET /api/performance/settings`. A fetch with keepalive, not a beacon: its answer is read. Later events go one by
 * one as before.
 */
export const PAGE_VIEW_PATH = '/api/census/page-view';

/** The server takes at most this many events with a hit (ANALYTICS_LIMITS.pageViewEvents); more go on their own. */
export const PAGE_VIEW_MAX_EVENTS = 10;

export interface PageViewCall {
  /** Keeps the event for the call; false once it is full or sent (the caller then sends the event itself). */
  add(name: EventSchemaName, fields: Record<string, unknown>): boolean;
  /** Sends the hit and the kept events; resolves with the answer's pageLoadId, or null (failures are silent). */
  send(): Promise<string | null>;
}

export function startPageView(context: TrackingPageContext, visitorCookie: string): PageViewCall {
  const hit = hitFields(context, visitorCookie);
  const events: EventEnvelope[] = [];
  let open = true;
  return {
    add(name, fields) {
      if (!open || events.length >= PAGE_VIEW_MAX_EVENTS) return false;
      events.push(eventEnvelope(context, name, fields));
      return true;
    },
    async send() {
      if (!open) return null;
      open = false;
      try {
        const response = await post(PAGE_VIEW_PATH, JSON.stringify({ hit, events }), 'application/json');
        if (!response.ok) return null;
        const answer = (await response.json()) as { pageLoadId?: unknown } | null;
        return typeof answer?.pageLoadId === 'string' && answer.pageLoadId !== '' ? answer.pageLoadId : null;
      } catch {
        return null;
      }
    },
  };
}
