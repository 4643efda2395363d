import type { TSchema } from 'typebox';
import type { ERROR_RESPONSES } from './errors';
import type { Permission } from './owner-roles';

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

/**
 * Who may make an owner call: any contributor of the website ('contributor'), or one whose role has
 * the permission (owner-roles.ts). Shopper calls have none. The server enforces it from here.
 */
export type RouteAccess = 'contributor' | Permission;

/** One call of the HTTP API: what it accepts and what it answers. */
export interface RouteContract<S extends RouteSchema = RouteSchema> {
  method: HttpMethod;
  access?: RouteAccess;
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
  access?: RouteAccess;
  schema: S;
}

/** Writes a contract's documentation once and copies it where Fastify and OpenAPI look for it. */
export function defineContract<S extends RouteSchema>(definition: ContractDefinition<S>): RouteContract<S> {
  const { operationId, method, url, summary, tags, schema, access } = definition;
  return { method, url, summary, ...(access ? { access } : {}), schema: { ...schema, summary, operationId, tags } };
}
