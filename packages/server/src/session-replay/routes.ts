import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { getReplaySessionContract, getReplaySessionIdContract, listReplaySessionsContract, recordReplayBatchContract, REPLAY_LIMITS } from '@vitrine/contracts';
import { VISITOR_COOKIE } from '@vitrine/tracking/visitor-cookie';
import { siteUserOf } from '../actor';
import type { SharedParts } from '../shared';
import { getReplaySession, getReplaySessionId, listReplaySessions, recordReplayBatch, type ReplayFacts } from './service';

/** The tracking client's session cookies (platform §9). */
const ANALYTICS_ID_COOKIE = 'SS_ANALYTICS_ID';
const SESSION_COOKIE = 'SS_SESSION_ID';
/** How deeply a replay batch may nest: a page DOM 120 levels deep, far past any theme's. */
export const REPLAY_BODY_DEPTH = 256;

function factsOf(request: FastifyRequest): ReplayFacts {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  let path = '/';
  try {
    path = new URL(header('referer') ?? '/', 'http://local').pathname;
  } catch {
    // no usable referer: the root
  }
  return {
    analyticsId: request.cookies[ANALYTICS_ID_COOKIE] ?? '',
    sessionCookie: request.cookies[SESSION_COOKIE],
    userAgent: header('user-agent') ?? '',
    acceptLanguage: header('accept-language'),
    visitorCookie: request.cookies[VISITOR_COOKIE],
    signedIn: siteUserOf(request.actor) !== undefined,
    overrides: {},
    path,
  };
}

/** Session replay (issue 19 item 5): the spec's getId, the recorder's batches, and the owner's sessions. */
export function registerSessionReplayRoutes(fastify: FastifyInstance, { db }: SharedParts): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({ ...getReplaySessionIdContract, handler: async (request) => getReplaySessionId(db, request.website, request.actor, factsOf(request)) });
  app.route({
    ...recordReplayBatchContract,
    // A first full snapshot of a large page is big; batches count in the tracking bucket of the rate limit.
    bodyLimit: REPLAY_LIMITS.batchBytes,
    // A full snapshot nests two levels per level of the page's DOM (a node, its childNodes): a shop page with its
    // filter form goes past the 32 levels other bodies are held to. Still bounded, and walked without recursion.
    config: { rateLimitBucket: 'analytics' as const, siteUserXsrf: false, maxBodyDepth: REPLAY_BODY_DEPTH },
    handler: async (request, reply) => {
      const answer = await recordReplayBatch(db, request.website, request.actor, { sessionCookie: request.cookies[SESSION_COOKIE], body: request.body });
      reply.status(202);
      return answer;
    },
  });
  app.route({ ...listReplaySessionsContract, handler: async ({ website, actor, query }) => listReplaySessions(db, website, actor, query) });
  app.route({ ...getReplaySessionContract, handler: async ({ website, actor, params }) => getReplaySession(db, website, actor, params.sessionId) });
}
