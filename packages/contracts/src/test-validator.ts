/**
 * For the contracts' own tests: validates a request the way Fastify does (params, then body, then
 * querystring; the first failing part answers), with a real Ajv built from `ajvOptions`, and formats
 * the failure with `formatValidationErrors`. Not exported from the package.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import type { TSchema } from 'typebox';
import type { RouteContract, ValidationContext } from './contract';
import type { ErrorBody } from './errors';
import { ajvOptions, formatValidationErrors } from './validation';

export const ajv = new Ajv(ajvOptions);

const compiled = new WeakMap<object, ValidateFunction>();

/** Each schema compiled once, as Fastify does at start-up. */
export function validatorOf(schema: TSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

export interface RequestParts {
  params?: unknown;
  body?: unknown;
  querystring?: unknown;
}

/** The 400 body a request would get, or undefined when it passes. */
export function check(contract: RouteContract, request: RequestParts): ErrorBody | undefined {
  const parts: Exclude<ValidationContext, 'headers'>[] = ['params', 'body', 'querystring'];
  for (const part of parts) {
    const schema = contract.schema[part];
    if (!schema) continue;
    const validate = validatorOf(schema);
    if (!validate(request[part])) return formatValidationErrors(validate.errors ?? [], part, contract);
  }
  return undefined;
}

/** Whether a response body matches the contract's schema for that status. */
export function responseErrors(contract: RouteContract, status: number | '4xx' | '5xx', body: unknown) {
  const schema = (contract.schema.response as Record<string, TSchema | undefined>)[String(status)];
  if (!schema) throw new Error(`${contract.method} ${contract.url} has no ${status} answer`);
  const validate = validatorOf(schema);
  return validate(body) ? [] : validate.errors ?? [];
}
