import type { Kysely } from 'kysely';
import { isInReplaySample, MOCK_REPLAY_SESSION_ID } from '@vitrine/experiments';
import { REPLAY_LIMITS, REPLAY_MESSAGES, type RecordReplayBatchBody, type ReplaySession } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { deviceOf } from '../devices';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { experimentConfigurationFor, type RequestFacts } from '../experiments';
import { conflict, forbidden, invalid, notFound } from '../failures';
import { stableId } from '../ids';
import { keysetBefore, keysetPage, microsecondKey, readTimeIdCursor } from '../page-cursor';

/**
 * Session replay recorded on our own server (issue 19 item 5). A visitor is recorded when the website's
 * `session-replay` toggle is on and they are bucketed into the `session-replay-sample` test (the browser also
 * needs more than 2 cores); the replay session is the browser session (SS_SESSION_ID), so its id is derived
 * from the website and that cookie — a batch from another session cannot name it.
 */
export interface ReplayFacts extends RequestFacts {
  /** SS_SESSION_ID: the browser session the tracking client keeps. */
  sessionCookie: string | undefined;
  /** Where the visitor is (the Referer of getId: the page asking). */
  path: string;
}

const replayIdOf = (websiteId: string, sessionCookie: string) => stableId(`replay:${websiteId}:${sessionCookie}`);
const VALID_COOKIE = /^[A-Za-z0-9_-]{8,100}$/;

/** GET /api/commerce/fullstory/getId: the replay session's id, or the mock id (skip). */
export async function getReplaySessionId(db: Kysely<Database>, website: Website, _actor: Actor, facts: ReplayFacts): Promise<{ data: string }> {
  if (!facts.sessionCookie || !VALID_COOKIE.test(facts.sessionCookie) || !VALID_COOKIE.test(facts.analyticsId)) return { data: MOCK_REPLAY_SESSION_ID };
  const configuration = await experimentConfigurationFor(db, website, facts);
  if (!isInReplaySample(configuration)) return { data: MOCK_REPLAY_SESSION_ID };
  const id = replayIdOf(website.id, facts.sessionCookie);
  await db
    .insertInto('replay_sessions')
    .values({ id, website_id: website.id, analytics_id: facts.analyticsId, first_path: facts.path.slice(0, 500), user_agent: facts.userAgent.slice(0, 500) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return { data: id };
}

function checkEvents(events: ReadonlyArray<Record<string, unknown>>): number {
  let latest = 0;
  for (const event of events) {
    const { type, timestamp } = event;
    if (!Number.isInteger(type) || (type as number) < 0 || (type as number) > 10 || typeof timestamp !== 'number' || !Number.isFinite(timestamp) || timestamp < 0) {
      throw invalid(REPLAY_MESSAGES.events, { events: REPLAY_MESSAGES.events });
    }
    latest = Math.max(latest, timestamp);
  }
  return latest;
}

/** POST /api/commerce/fullstory/events: one batch, stored once per sequence number, within the session's byte budget. */
export async function recordReplayBatch(
  db: Kysely<Database>,
  website: Website,
  _actor: Actor,
  input: { sessionCookie: string | undefined; body: RecordReplayBatchBody },
): Promise<{ stored: boolean }> {
  const { body } = input;
  if (!input.sessionCookie || !VALID_COOKIE.test(input.sessionCookie) || replayIdOf(website.id, input.sessionCookie) !== body.sessionId) {
    throw forbidden(REPLAY_MESSAGES.notYours);
  }
  const latest = checkEvents(body.events);
  const json = JSON.stringify(body.events);
  const bytes = Buffer.byteLength(json);
  return inTransaction(db, async (trx) => {
    const session = await trx
      .selectFrom('replay_sessions')
      .select(['id', 'byte_count'])
      .where('id', '=', body.sessionId)
      .where('website_id', '=', website.id)
      .forUpdate()
      .executeTakeFirst();
    if (!session) throw notFound(REPLAY_MESSAGES.notFound);
    if (Number(session.byte_count) + bytes > REPLAY_LIMITS.sessionBytes) throw conflict(REPLAY_MESSAGES.full);
    const inserted = await trx
      .insertInto('replay_batches')
      .values({ session_id: body.sessionId, sequence: body.sequence, events: json })
      .onConflict((oc) => oc.columns(['session_id', 'sequence']).doNothing())
      .returning('sequence')
      .executeTakeFirst();
    if (!inserted) return { stored: false };
    await trx
      .updateTable('replay_sessions')
      .set((eb) => ({
        event_count: eb('event_count', '+', body.events.length),
        byte_count: eb('byte_count', '+', bytes),
        last_event_at: latest > 0 ? new Date(latest) : new Date(),
      }))
      .where('id', '=', body.sessionId)
      .execute();
    return { stored: true };
  });
}

type SessionRow = { id: string; started_at: Date; last_event_at: Date; first_path: string; user_agent: string; event_count: number };

function replaySessionOf(row: SessionRow): ReplaySession {
  const device = deviceOf(row.user_agent);
  return {
    id: row.id,
    startedAt: row.started_at.toISOString(),
    lastEventAt: row.last_event_at.toISOString(),
    durationMs: Math.max(0, row.last_event_at.getTime() - row.started_at.getTime()),
    firstPath: row.first_path,
    device: device.type,
    browser: device.browser,
    eventCount: row.event_count,
  };
}

/** The owner's list: sessions with events, newest first. */
export async function listReplaySessions(db: Kysely<Database>, website: Website, actor: Actor, input: { cursor?: string }): Promise<{ sessions: ReplaySession[]; nextCursor: string | null }> {
  authorize(actor, 'reports:read');
  // An empty cursor= is the first page, as it always was; a cursor that does not read is refused.
  const after = readTimeIdCursor(input.cursor || undefined, REPLAY_MESSAGES.cursor);
  let query = db
    .selectFrom('replay_sessions')
    .select(['id', 'started_at', 'last_event_at', 'first_path', 'user_agent', 'event_count', microsecondKey('started_at').as('started_key')])
    .where('website_id', '=', website.id)
    .where('event_count', '>', 0);
  // The cursor keeps the start to the microsecond: one cut to milliseconds skipped sessions started within one.
  if (after) query = query.where(keysetBefore('started_at', 'id', after));
  const rows = await query.orderBy('started_at', 'desc').orderBy('id', 'desc').limit(REPLAY_LIMITS.pageSize + 1).execute();
  const { page, nextCursor } = keysetPage(rows, REPLAY_LIMITS.pageSize, (row) => [row.started_key, row.id]);
  return { sessions: page.map(replaySessionOf), nextCursor };
}

/** One session with all its events, in recording order. */
export async function getReplaySession(db: Kysely<Database>, website: Website, actor: Actor, sessionId: string): Promise<{ session: ReplaySession; events: Array<Record<string, unknown>> }> {
  authorize(actor, 'reports:read');
  const row = await db
    .selectFrom('replay_sessions')
    .select(['id', 'started_at', 'last_event_at', 'first_path', 'user_agent', 'event_count'])
    .where('id', '=', sessionId)
    .where('website_id', '=', website.id)
    .executeTakeFirst();
  if (!row) throw notFound(REPLAY_MESSAGES.notFound);
  const batches = await db.selectFrom('replay_batches').select('events').where('session_id', '=', sessionId).orderBy('sequence').execute();
  return { session: replaySessionOf(row), events: batches.flatMap((batch) => batch.events as Array<Record<string, unknown>>) };
}

/**
 * Recorded sessions are kept as long as the other analytics rows (ANALYTICS_RETENTION_DAYS): older ones are
 * deleted with their batches by the analytics retention job. Answers how many sessions went.
 */
export async function deleteExpiredReplays(db: Kysely<Database>, cutoff: Date): Promise<number> {
  return inTransaction(db, async (trx) => {
    const expired = trx.selectFrom('replay_sessions').select('id').where('last_event_at', '<', cutoff);
    await trx.deleteFrom('replay_batches').where('session_id', 'in', expired).execute();
    const deleted = await trx.deleteFrom('replay_sessions').where('last_event_at', '<', cutoff).executeTakeFirst();
    return Number(deleted.numDeletedRows ?? 0);
  });
}
