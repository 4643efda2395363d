import type { FastifyInstance } from 'fastify';
import { THEME_DEV_EVENTS_PATH, THEME_DEV_SCRIPT, THEME_DEV_SCRIPT_PATH, type ThemeDevSession } from './dev';

/** The theme dev mode's two routes (registered only by `npm run theme -- dev`): the reload script and its event stream. */
export function registerThemeDevRoutes(app: FastifyInstance, session: ThemeDevSession): void {
  app.get(THEME_DEV_SCRIPT_PATH, (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(THEME_DEV_SCRIPT));
  app.get(THEME_DEV_EVENTS_PATH, (request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    reply.raw.write(': theme dev\n\n');
    const unsubscribe = session.subscribe((event) => {
      if (event === 'close') reply.raw.end();
      else reply.raw.write(`event: ${event}\ndata: {}\n\n`);
    });
    request.raw.on('close', unsubscribe);
  });
  app.addHook('onClose', async () => session.close());
}
