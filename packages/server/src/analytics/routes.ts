import querystring from 'node:querystring';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CRUMB_MESSAGES,
  HTTP_MESSAGES,
  censusButtonClickContract,
  censusButtonRenderContract,
  censusFormRenderContract,
  censusOverlayContract,
  censusQuickViewContract,
  getAnalyticsNowContract,
  getAnalyticsSummaryContract,
  getPerformanceSettingsContract,
  recordClankerEventContract,
  recordHitContract,
  recordPageViewContract,
  recordJavascriptErrorsContract,
  recordLegacyEventContract,
  recordPerformanceContract,
  validateEventContentContract,
  type CensusPageFieldsBody,
  recordExperimentExposureContract,
} from '@vitrine/contracts';
import { VISITOR_COOKIE } from '@vitrine/tracking';
import { siteUserOf } from '../actor';
import type { SharedParts } from '../shared';
import { recordExposureEvent } from './exposures';
import { isFormCrumbValid } from '../http/crumb';
import { HttpError } from '../http/errors';
import {
  performanceSettings,
  recordCensusCall,
  recordCensusHit,
  recordClankerEvent,
  recordJavascriptErrors,
  recordLegacyEvent,
  recordPageView,
  recordPerformance,
  validateEventContent,
  type AnalyticsIngest,
  type CensusKind,
} from './ingest';
import type { RequestFacts } from './page-facts';
import type { AnalyticsSettings } from './settings';
import { getAnalyticsNow } from './now';
import { getAnalyticsSummary } from './summary';

/** Form fields per analytics call (a census call's page fields, the legacy tracker's extra fields). */
const MAX_FORM_KEYS = 100;

/** What a handler passes on from the request: never the client address beyond the rate limit's key. */
/** The path of the page a beacon came from (its Referer), or '/'. */
function pathOfReferer(referer: string | undefined): string {
  try {
    return new URL(referer ?? '/', 'http://local').pathname;
  } catch {
    return '/';
  }
}

function factsOf(request: FastifyRequest): RequestFacts {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return {
    userAgent: header('user-agent') ?? '',
    visitorCookie: request.cookies[VISITOR_COOKIE],
    referer: header('referer'),
    address: request.ip,
    host: request.host,
    receivedAt: new Date(),
  };
}

/**
 * The analytics calls at the spec's paths (storefront §7, platform §7). Crumbs: census calls, the newer tracker,
 * its validate call and the performance records come by beacon (navigator.sendBeacon sends cookies but no
 * header), so they are cookie-only (config `crumb: 'beacon'`); the legacy tracker posts the crumb as a form field
 * (checked here); the error reporter sends the crumb header like any call. None needs the signed-in site user's
 * XSRF header (a beacon cannot send it). Form-encoded bodies (census, the legacy tracker, a beaconed event) and
 * text/plain JSON (beaconed performance records) are read in this scope only.
 */
export function registerAnalyticsRoutes(fastify: FastifyInstance, context: SharedParts, ingest: AnalyticsIngest): void {
  fastify.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, querystring.parse(body as string, '&', '=', { maxKeys: MAX_FORM_KEYS }));
    });
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new HttpError(400, HTTP_MESSAGES.invalidJson), undefined);
      }
    });
    // A beacon may carry no body at all (a quick view's): read as an empty one, so the contract decides.
    scope.addHook('preValidation', async (request) => {
      if (request.body === undefined && request.method === 'POST') request.body = {};
    });
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();
    // Tracking calls count in their own bucket of the per-visitor limit (http/rate-limit.ts).
    const beacon = { crumb: 'beacon' as const, siteUserXsrf: false, rateLimitBucket: 'analytics' as const };

    app.route({
      ...recordHitContract,
      config: beacon,
      handler: async (request) => recordCensusHit(ingest, request.website, request.actor, { body: request.body, facts: factsOf(request) }),
    });
    // Issue 35: the hit, the page's events so far and the collector's pageLoadId in one call (fetch with keepalive:
    // its answer is read, so not a beacon; cookie-only all the same, as a first visit has no crumb).
    app.route({
      ...recordPageViewContract,
      config: beacon,
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return recordPageView(ingest, request.website, request.actor, { body: request.body, facts: factsOf(request) });
      },
    });
    const census = (kind: CensusKind) => async (request: FastifyRequest) =>
      recordCensusCall(ingest, request.website, request.actor, {
        body: request.body as CensusPageFieldsBody | undefined,
        facts: factsOf(request),
        kind,
        itemId: kind === 'quick-view' ? (request.params as { id: string }).id : undefined,
      });
    app.route({ ...censusButtonClickContract, config: beacon, handler: census('button-click') });
    app.route({ ...censusButtonRenderContract, config: beacon, handler: census('button-render') });
    app.route({ ...censusFormRenderContract, config: beacon, handler: census('form-render') });
    app.route({ ...censusOverlayContract, config: beacon, handler: census('overlay') });
    app.route({ ...censusQuickViewContract, config: beacon, handler: census('quick-view') });

    app.route({
      ...recordLegacyEventContract,
      config: { crumb: 'form', siteUserXsrf: false, rateLimitBucket: 'analytics' },
      handler: async (request) => {
        if (!isFormCrumbValid(context, request, request.body.crumb)) {
          throw new HttpError(403, request.headers.cookie?.trim() ? CRUMB_MESSAGES.sessionExpired : CRUMB_MESSAGES.enableCookies, undefined, true);
        }
        return recordLegacyEvent(ingest, request.website, request.actor, { body: request.body as never, facts: factsOf(request) });
      },
    });

    app.route({
      ...recordClankerEventContract,
      config: beacon,
      handler: async (request, reply) => {
        const answer = await recordClankerEvent(ingest, request.website, request.actor, { body: request.body, facts: factsOf(request) });
        reply.status(202);
        return answer;
      },
    });
    // Issue 19: an experiment's first exposure, re-checked on the server (the session's overrides are not
    // exposures, so none are read here).
    app.route({
      ...recordExperimentExposureContract,
      config: beacon,
      handler: async (request, reply) => {
        const facts = factsOf(request);
        const answer = await recordExposureEvent(context.db, request.website, request.actor, {
          name: request.body.name,
          facts: {
            analyticsId: request.cookies.SS_ANALYTICS_ID ?? '',
            userAgent: facts.userAgent,
            acceptLanguage: typeof request.headers['accept-language'] === 'string' ? request.headers['accept-language'] : undefined,
            visitorCookie: facts.visitorCookie,
            signedIn: siteUserOf(request.actor) !== undefined,
            overrides: {},
          },
          path: pathOfReferer(facts.referer),
        });
        reply.status(202);
        return answer;
      },
    });
    app.route({
      ...validateEventContentContract,
      config: beacon,
      handler: async ({ website, actor, params, body }) => validateEventContent(website, actor, { schemaName: params.schemaName, content: body as Record<string, unknown> }),
    });

    app.route({
      ...recordJavascriptErrorsContract,
      config: { siteUserXsrf: false, rateLimitBucket: 'analytics' },
      handler: async (request) => recordJavascriptErrors(ingest, request.website, request.actor, { body: request.body, facts: factsOf(request) }),
    });

    app.route({
      ...getPerformanceSettingsContract,
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return performanceSettings(ingest, request.website, request.actor, { receivedAt: new Date() });
      },
    });
    app.route({
      ...recordPerformanceContract,
      config: beacon,
      handler: async (request) => recordPerformance(ingest, request.website, request.actor, { body: request.body, facts: factsOf(request) }),
    });
  });
}

/**
 * The owner's summary (reports:read, enforced from the contract before the handler and again by the service). It
 * needs the raw-data retention: a range's unique visitors are counted from raw hits only within it.
 */
export function registerOwnerAnalyticsRoutes(fastify: FastifyInstance, { db }: SharedParts, settings: Pick<AnalyticsSettings, 'retentionDays'>): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({
    ...getAnalyticsSummaryContract,
    handler: async ({ website, actor, query }, reply) => {
      reply.header('cache-control', 'no-store');
      return getAnalyticsSummary(db, website, actor, query, { retentionDays: settings.retentionDays });
    },
  });
  app.route({
    ...getAnalyticsNowContract,
    handler: async ({ website, actor }, reply) => {
      reply.header('cache-control', 'no-store');
      return getAnalyticsNow(db, website, actor);
    },
  });
}
