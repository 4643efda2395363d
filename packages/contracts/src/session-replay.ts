import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { LIMITS, MESSAGE_KEYWORD, RequestBody, RequestParams, RequestQuery, ResponseObject, Text } from './fields';

/**
 * Self-hosted session replay (issue 19 item 5): the spec's `GET /api/commerce/fullstory/getId` answers a
 * replay session id (or the mock id: skip), the browser's recorder posts its event batches to our server,
 * and the owner lists and replays sessions. The events are rrweb's, recorded with every input masked.
 */

const withMessage = (message: string) => ({ [MESSAGE_KEYWORD]: message });

/** One batch: at most 2 MB of events (a first full snapshot of a large page fits). */
export const REPLAY_LIMITS = { batchBytes: 2_000_000, eventsPerBatch: 5_000, sequenceMax: 100_000, sessionBytes: 50_000_000, pageSize: 50 } as const;

export const REPLAY_MESSAGES = {
  sessionId: 'sessionId must be the id GET /api/commerce/fullstory/getId answered.',
  sequence: `sequence must be a whole number from 0 to ${REPLAY_LIMITS.sequenceMax}.`,
  events: `events must be a list of up to ${REPLAY_LIMITS.eventsPerBatch} recorded events.`,
  notYours: 'This replay session is not this visitor’s.',
  full: 'This session has recorded as much as it may.',
  notFound: 'No recorded session has this id.',
  cursor: 'This page link is not valid. Start again from the first page.',
} as const;

export const getReplaySessionIdContract = defineContract({
  operationId: 'getReplaySessionId',
  method: 'GET',
  url: '/api/commerce/fullstory/getId',
  summary: "The visitor's replay session id when the website records this visitor (toggle on, in the sample); else the mock id, meaning skip.",
  tags: ['session-replay'],
  schema: { response: { 200: ResponseObject({ data: Type.String() }), ...ERROR_RESPONSES } },
});

export const RecordReplayBatchBodySchema = RequestBody({
  sessionId: Text({ minLength: 1, maxLength: LIMITS.idLength, ...withMessage(REPLAY_MESSAGES.sessionId) }),
  sequence: Type.Integer({ minimum: 0, maximum: REPLAY_LIMITS.sequenceMax, ...withMessage(REPLAY_MESSAGES.sequence) }),
  // rrweb events are checked for shape in code ({ type: number, timestamp: number, data? }).
  events: Type.Array(Type.Unsafe<Record<string, unknown>>({ type: 'object' }), { minItems: 1, maxItems: REPLAY_LIMITS.eventsPerBatch, ...withMessage(REPLAY_MESSAGES.events) }),
});
export type RecordReplayBatchBody = Static<typeof RecordReplayBatchBodySchema>;

export const recordReplayBatchContract = defineContract({
  operationId: 'recordReplayBatch',
  method: 'POST',
  url: '/api/commerce/fullstory/events',
  summary: "Stores one batch of a recorded session's events (a retried batch is stored once).",
  tags: ['session-replay'],
  schema: { body: RecordReplayBatchBodySchema, response: { 202: ResponseObject({ stored: Type.Boolean() }), ...ERROR_RESPONSES } },
});

export const ReplaySessionSchema = ResponseObject({
  id: Type.String(),
  startedAt: Type.String(),
  lastEventAt: Type.String(),
  durationMs: Type.Integer(),
  firstPath: Type.String(),
  device: Type.String(),
  browser: Type.String(),
  eventCount: Type.Integer(),
});
export type ReplaySession = Static<typeof ReplaySessionSchema>;

export const listReplaySessionsContract = defineContract({
  operationId: 'listReplaySessions',
  method: 'GET',
  url: '/api/owner/replays',
  summary: 'Recorded sessions, newest first, in cursor pages.',
  tags: ['owner-session-replay'],
  access: 'reports:read',
  schema: {
    querystring: RequestQuery({ cursor: Type.Optional(Text({ maxLength: 200, ...withMessage(REPLAY_MESSAGES.cursor) })) }),
    response: { 200: ResponseObject({ sessions: Type.Array(ReplaySessionSchema), nextCursor: Type.Union([Type.String(), Type.Null()]) }), ...ERROR_RESPONSES },
  },
});

export const getReplaySessionContract = defineContract({
  operationId: 'getReplaySession',
  method: 'GET',
  url: '/api/owner/replays/:sessionId',
  summary: "One recorded session with its events in order, for the owner app's replayer.",
  tags: ['owner-session-replay'],
  access: 'reports:read',
  schema: {
    params: RequestParams({ sessionId: Text({ minLength: 1, maxLength: LIMITS.idLength, ...withMessage(REPLAY_MESSAGES.sessionId) }) }),
    response: { 200: ResponseObject({ session: ReplaySessionSchema, events: Type.Array(ResponseObject({})) }), ...ERROR_RESPONSES },
  },
});

export const SESSION_REPLAY_CONTRACTS = [getReplaySessionIdContract, recordReplayBatchContract, listReplaySessionsContract, getReplaySessionContract] as const;
