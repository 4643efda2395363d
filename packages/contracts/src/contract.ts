import type { TSchema } from 'typebox';
import type { ERROR_RESPONSES } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where a request value is validated; the names are Fastify's (`error.validationContext`). */
export type ValidationContext = 'body' | 'querystring' | 'params' | 'headers';

/**
 * A route's schemas, in the shape Fastify's `schema` route option takes. `summary`, `operationId` and
 * `tags` are for the OpenAPI document (@fastify/swagger reads them from here); Fastify ignores them.
 */
export interface RouteSchema {
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
  response: { [status: number]: TSchema } & typeof ERROR_RESPONSES;
}

export interface RouteDocs {
  summary: string;
  operationId: string;
  tags: string[];
}

/** One call of the HTTP API: what it accepts and what it answers. */
export interface RouteContract<S extends RouteSchema = RouteSchema> {
  method: HttpMethod;
  /** Fastify's route pattern (`request.routeOptions.url`), with `:param` segments. */
  url: string;
  summary: string;
  schema: S & RouteDocs;
}

export interface ContractDefinition<S extends RouteSchema> {
  /** A stable camelCase name: the OpenAPI operationId. */
  operationId: string;
  method: HttpMethod;
  url: string;
  summary: string;
  tags: string[];
  schema: S;
}

/** Writes a contract's documentation once and copies it where Fastify and OpenAPI look for it. */
export function defineContract<S extends RouteSchema>(definition: ContractDefinition<S>): RouteContract<S> {
  const { operationId, method, url, summary, tags, schema } = definition;
  return { method, url, summary, schema: { ...schema, summary, operationId, tags } };
}
