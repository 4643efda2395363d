// databases: one — compiling route schemas is Fastify's and Ajv's business; no database is opened.
import Fastify from 'fastify';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ajvOptions } from '@vitrine/contracts';
import { lazySchemaController } from './lazy-schema-compilers';

const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));

/** Fastify's own compiler factories, counting the schemas they compile. */
function countingFactories() {
  const counts = { validators: 0, serializers: 0 };
  const buildValidator = (fromFastify('@fastify/ajv-compiler') as () => (...args: never[]) => (route: unknown) => unknown)();
  const buildSerializer = (fromFastify('@fastify/fast-json-stringify-compiler') as () => (...args: never[]) => (route: unknown) => unknown)();
  return {
    counts,
    factories: {
      buildValidator: (...args: never[]) => {
        const compile = buildValidator(...args);
        return (route: unknown) => (counts.validators++, compile(route));
      },
      buildSerializer: (...args: never[]) => {
        const compile = buildSerializer(...args);
        return (route: unknown) => (counts.serializers++, compile(route));
      },
    },
  };
}

/** One route with a body schema and a response schema, eager (Fastify's default) or lazy. */
async function appWith(schemaController?: ReturnType<typeof lazySchemaController>) {
  const app = Fastify({ ajv: { customOptions: { ...ajvOptions } }, ...(schemaController ? { schemaController } : {}) });
  app.post(
    '/items',
    {
      schema: {
        body: { type: 'object', required: ['name'], additionalProperties: false, properties: { name: { type: 'string', minLength: 2 } } },
        response: { 200: { type: 'object', properties: { name: { type: 'string' } } } },
      },
    },
    // The extra field shows the response went through the compiled serializer (which drops it).
    async (request) => ({ ...(request.body as object), secret: 'not serialized' }),
  );
  await app.ready();
  return app;
}

const requests = [{ name: 'ok' }, { name: 'x' }, {}, { name: 'ok', extra: 1 }, 'not json'];

describe('lazy schema compilers', () => {
  it('compile nothing at start, each schema once on its first use', async () => {
    const { counts, factories } = countingFactories();
    const app = await appWith(lazySchemaController(factories as never));
    expect(counts).toEqual({ validators: 0, serializers: 0 });
    await app.inject({ method: 'POST', url: '/items', payload: { name: 'ok' } });
    await app.inject({ method: 'POST', url: '/items', payload: { name: 'again' } });
    expect(counts).toEqual({ validators: 1, serializers: 1 });
    await app.close();
  });

  it('accept, refuse and serialize exactly as the eager compilers do', async () => {
    const eager = await appWith();
    const lazy = await appWith(lazySchemaController());
    for (const payload of requests) {
      const options = { method: 'POST' as const, url: '/items', headers: { 'content-type': 'application/json' }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) };
      const [fromEager, fromLazy] = await Promise.all([eager.inject(options), lazy.inject(options)]);
      expect({ status: fromLazy.statusCode, body: fromLazy.body }).toEqual({ status: fromEager.statusCode, body: fromEager.body });
    }
    expect((await lazy.inject({ method: 'POST', url: '/items', payload: { name: 'ok' } })).json()).toEqual({ name: 'ok' });
    await Promise.all([eager.close(), lazy.close()]);
  });
});
