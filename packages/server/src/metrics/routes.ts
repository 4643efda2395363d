import type { FastifyInstance } from 'fastify';
import type { MetricsAllowed } from './allow-list';
import type { ServerMetrics } from './server-metrics';

export const METRICS_PATH = '/metrics';

type ConstraintStrategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];

/** The route constraint that lets only METRICS_ALLOW's addresses reach /metrics. */
const METRICS_ADDRESS = 'metricsAddress';
const ALLOWED = 'allowed';

/**
 * The router's view of who may scrape: every request's derived value is its connection's address (one property
 * read), and only at the /metrics node does the store ask the allow list. A connection from elsewhere finds no
 * /metrics route at all, so the router carries on as if it did not exist (the site's page route for `/metrics`,
 * which answers the same 404 as any unknown page, or the owner's page of that name), revealing nothing.
 */
function metricsAddressConstraint(allowed: MetricsAllowed): ConstraintStrategy {
  return {
    name: METRICS_ADDRESS,
    // Only the connection's own address: never X-Forwarded-For, which the client writes (and request.ip may believe).
    deriveConstraint: (request: { socket?: { remoteAddress?: string } }) => request.socket?.remoteAddress ?? '',
    mustMatchWhenDerived: false,
    storage() {
      // find-my-way keeps, per constraint value, which of the node's handlers it admits: the one value here is ALLOWED.
      let handlers: ReturnType<ReturnType<ConstraintStrategy['storage']>['get']> = null;
      return {
        get: (address: unknown) => (typeof address === 'string' && allowed(address) ? handlers : null),
        set: (_value, store) => {
          handlers = store;
        },
      };
    },
  };
}

/**
 * The operator's metrics: every answered request observed (one histogram observation in onResponse), and
 * GET /metrics in the Prometheus text format for METRICS_ALLOW's addresses. Registered on the root app before the
 * website's routes, outside the request context: a scrape resolves no website or visitor.
 */
export function registerMetricsRoutes(app: FastifyInstance, metrics: ServerMetrics, allowed: MetricsAllowed): void {
  app.addHook('onResponse', (request, reply, done) => {
    // request.website is set by the website's request context (http/request-context.ts); files and /metrics have none.
    const website = (request as { website?: { id: string } | null }).website;
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000, website?.id);
    done();
  });
  app.addConstraintStrategy(metricsAddressConstraint(allowed));
  app.route({
    method: 'GET',
    url: METRICS_PATH,
    constraints: { [METRICS_ADDRESS]: ALLOWED },
    schema: { hide: true },
    handler: async (_request, reply) => {
      const { contentType, body } = await metrics.scrape();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    },
  });
}
