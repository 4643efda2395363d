import type { FastifyInstance } from 'fastify';
import type { RequestDayCounter } from './counter';

/**
 * Counts every answered request of a website (request.website, set by the website's request context) for the
 * operator's requests a day; files and platform pages have no website and are not counted. Flushes on close.
 */
export function registerRequestDayCounting(app: FastifyInstance, counter: RequestDayCounter): void {
  app.addHook('onResponse', (request, _reply, done) => {
    const website = (request as { website?: { id: string } | null }).website;
    if (website) counter.record(website.id);
    done();
  });
  app.addHook('onListen', async () => counter.start());
  app.addHook('onClose', async () => counter.stop());
}
