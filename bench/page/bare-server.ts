import Fastify from 'fastify';

/** The peer of the page render: a bare Fastify GET answering a small JSON object, no database. */
const app = Fastify({ logger: false });
app.get('/json', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3100), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
