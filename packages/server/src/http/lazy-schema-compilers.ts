import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify compiles every route's validators (Ajv) and response serializers (fast-json-stringify) when the app
 * gets ready: for this server's few hundred routes that is about a second of a start's CPU, mostly for routes a
 * given run never serves. These compilers hand Fastify functions that compile on their first call instead, with
 * Fastify's own compilers and the same options, so what they accept, refuse and write is unchanged; a route's
 * first request pays its few milliseconds. `npm start` uses them (main.ts); tests build the app without, so a
 * schema that does not compile still fails when the app is built.
 * Fastify treats a custom validator factory as custom: it passes header schemas through as written instead of
 * lowercasing their property names (no route validates headers; one that does must name them in lower case).
 */
type ValidatorCompiler = (route: unknown) => ValidateFunction;
type SerializerCompiler = (route: unknown) => (data: unknown) => string;
type ValidateFunction = ((data: unknown) => unknown) & { errors?: unknown };
type CompilerFactory<Compiler> = (...factoryArguments: never[]) => Compiler;

/** Fastify's own compiler factories, resolved from Fastify itself so they are exactly the versions it would use. */
function fastifyCompilerFactories(): { buildValidator: CompilerFactory<ValidatorCompiler>; buildSerializer: CompilerFactory<SerializerCompiler> } {
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const validatorSelector = fromFastify('@fastify/ajv-compiler') as () => CompilerFactory<ValidatorCompiler>;
  const serializerSelector = fromFastify('@fastify/fast-json-stringify-compiler') as () => CompilerFactory<SerializerCompiler>;
  return { buildValidator: validatorSelector(), buildSerializer: serializerSelector() };
}

function lazyValidator(compile: () => ValidateFunction): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate: ValidateFunction = (data) => {
    compiled ??= compile();
    const result = compiled(data);
    // Fastify reads a failed validation's errors off the function it was given.
    validate.errors = compiled.errors;
    return result;
  };
  return validate;
}

function lazySerializer(compile: () => (data: unknown) => string): (data: unknown) => string {
  let compiled: ((data: unknown) => string) | undefined;
  return (data) => (compiled ??= compile())(data);
}

/** The `schemaController` option for Fastify; `factories` default to Fastify's own (tests pass counting ones). */
export function lazySchemaController(factories = fastifyCompilerFactories()): NonNullable<FastifyServerOptions['schemaController']> {
  return {
    compilersFactory: {
      buildValidator: ((...factoryArguments: never[]) => {
        const compiler = factories.buildValidator(...factoryArguments);
        return (route: unknown) => lazyValidator(() => compiler(route));
      }) as never,
      buildSerializer: ((...factoryArguments: never[]) => {
        const compiler = factories.buildSerializer(...factoryArguments);
        return (route: unknown) => lazySerializer(() => compiler(route));
      }) as never,
    },
  };
}
