import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TSchema } from 'typebox';
import { ErrorBodySchema } from './errors';
import { MESSAGE_KEYWORD } from './fields';
import { ROUTE_CONTRACTS, contractFor } from './routes';
import { ajv, validatorOf } from './test-validator';

type Node = Record<string, unknown>;

/** Every subschema of a schema, with where it sits. */
function* walk(schema: unknown, path: string): Generator<[string, Node]> {
  if (!schema || typeof schema !== 'object') return;
  const node = schema as Node;
  yield [path, node];
  for (const [key, value] of Object.entries(node.properties ?? {})) yield* walk(value, `${path}.${key}`);
  for (const value of Object.values(node.patternProperties ?? {})) yield* walk(value, `${path}{}`);
  if (node.items) yield* walk(node.items, `${path}[]`);
  for (const [index, value] of ((node.anyOf as unknown[]) ?? []).entries()) yield* walk(value, `${path}|${index}`);
}

const requestParts = ['body', 'querystring', 'params'] as const;

describe('ROUTE_CONTRACTS', () => {
  it('holds every call of the server README, once, and the README every call', () => {
    // The server README's call tables: rows that start with | `METHOD /path`.
    const readme = readFileSync(fileURLToPath(new URL('../../server/README.md', import.meta.url)), 'utf8');
    const documented = [...readme.matchAll(/^\| `(GET|POST|PUT|DELETE) (\/[^`\s]*)`/gm)].map(([, method, url]) => `${method} ${url}`);
    const calls = ROUTE_CONTRACTS.map((contract) => `${contract.method} ${contract.url}`);
    expect(new Set(calls).size).toBe(calls.length);
    expect([...new Set(documented)].sort()).toEqual([...calls].sort());
    expect(calls).toEqual(expect.arrayContaining(['POST /api/commerce/shopping-cart/entries', 'GET /api/health', 'POST /api/owner/setup']));
    const operationIds = ROUTE_CONTRACTS.map((contract) => contract.schema.operationId);
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it('documents each call where OpenAPI reads it', () => {
    for (const contract of ROUTE_CONTRACTS) {
      expect(contract.schema.summary).toBe(contract.summary);
      expect(contract.schema.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(contract.schema.tags.length).toBeGreaterThan(0);
    }
  });

  it('finds a contract from Fastify\'s method and route pattern; HEAD is GET', () => {
    expect(contractFor('PUT', '/api/commerce/shopping-cart/entries/:entryId/quantity')?.schema.operationId).toBe('updateCartEntryQuantity');
    expect(contractFor('HEAD', '/api/health')?.schema.operationId).toBe('getHealth');
    expect(contractFor('get', '/api/health')?.schema.operationId).toBe('getHealth');
    expect(contractFor('POST', '/api/health')).toBeUndefined();
    expect(contractFor('GET', undefined)).toBeUndefined();
  });

  it('every schema compiles in a strict Ajv with ajvOptions', () => {
    for (const contract of ROUTE_CONTRACTS) {
      for (const part of requestParts) {
        const schema = contract.schema[part];
        if (schema) expect(() => validatorOf(schema)).not.toThrow();
      }
      for (const schema of Object.values(contract.schema.response as Record<string, TSchema>)) {
        expect(() => validatorOf(schema)).not.toThrow();
      }
    }
    expect(ajv.opts.coerceTypes).toBe(false);
  });

  it('every call answers errors with the one error body', () => {
    for (const contract of ROUTE_CONTRACTS) {
      const response = contract.schema.response as Record<string, unknown>;
      expect(response['4xx']).toBe(ErrorBodySchema);
      expect(response['5xx']).toBe(ErrorBodySchema);
      expect(Object.keys(response).filter((status) => /^2\d\d$/.test(status))).toHaveLength(1);
    }
  });

  it('request bodies refuse unknown fields; query strings keep them', () => {
    for (const contract of ROUTE_CONTRACTS) {
      const body = contract.schema.body as Node | undefined;
      if (body) expect(body.additionalProperties, `${contract.url} body`).toBe(false);
      const query = contract.schema.querystring as Node | undefined;
      if (query) expect(query.additionalProperties, `${contract.url} querystring`).toBe(true);
    }
  });

  it('every request string refuses NUL, and every request field carries its message or is a plain query key', () => {
    for (const contract of ROUTE_CONTRACTS) {
      for (const part of requestParts) {
        for (const [path, node] of walk(contract.schema[part], `${contract.url} ${part}`)) {
          if (node.type === 'string') {
            expect(typeof node.pattern, path).toBe('string');
            expect(new RegExp(node.pattern as string, 'u').test('a\u0000b'), path).toBe(false);
          }
        }
        if (part === 'body' || part === 'params') {
          const properties = ((contract.schema[part] as Node | undefined)?.properties ?? {}) as Record<string, Node>;
          for (const [field, schema] of Object.entries(properties)) {
            expect(schema[MESSAGE_KEYWORD], `${contract.url} ${part}.${field}`).toBeDefined();
          }
        }
      }
    }
  });

  it('response objects keep properties they do not list (Fastify\'s serializer would drop them)', () => {
    for (const contract of ROUTE_CONTRACTS) {
      for (const [status, schema] of Object.entries(contract.schema.response as Record<string, TSchema>)) {
        for (const [path, node] of walk(schema, `${contract.url} ${status}`)) {
          if (node.type === 'object' && node.properties) expect(node.additionalProperties, path).toBe(true);
        }
      }
    }
  });

  it('schemas are plain JSON: what OpenAPI will be generated from', () => {
    for (const contract of ROUTE_CONTRACTS) {
      const json = JSON.parse(JSON.stringify(contract.schema));
      expect(json.operationId).toBe(contract.schema.operationId);
      expect(Object.keys(json.response)).toEqual(Object.keys(contract.schema.response));
    }
  });
});
