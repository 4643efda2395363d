import Fastify from 'fastify';

/** The peer: a bare Fastify JSON route, the ceiling any route on this machine can reach. */
const app = Fastify({ logger: false });
app.post('/json', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3100), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
