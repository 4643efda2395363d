import querystring from 'node:querystring';
import Fastify from 'fastify';

/**
 * The peer: bare Fastify routes taking the same bodies as the analytics calls (a form-encoded event, a text/plain
 * JSON list of records), parsing them, and storing nothing: the ceiling of a route on this machine.
 */
const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, querystring.parse(body as string)));
app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
  try {
    done(null, JSON.parse(body as string));
  } catch (error) {
    done(error as Error, undefined);
  }
});
app.post('/api/v1/clanker/events', async (request, reply) => {
  JSON.parse((request.body as { eventContent: string }).eventContent);
  reply.status(202);
  return { accepted: true };
});
app.post('/api/performance/records', async (request) => ({ recorded: (request.body as unknown[]).length, refused: 0 }));
await app.listen({ port: Number(process.env.PORT ?? 3100), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
