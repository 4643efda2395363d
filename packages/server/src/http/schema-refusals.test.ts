// databases: one — the HTTP edge's answers, not the SQL
import { ROUTE_CONTRACTS, type RouteContract } from '@vitrine/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestServer, ownerVisitor, snapshotDomainTables, TestVisitor, type TestServer } from '../testing';

/*
 * For every call in the route table: a request its schema refuses answers 400 in the one error shape,
 * `{ message, errors }` keyed by field, and writes nothing. One refusal per part the contract declares
 * (body, query, path parameters), built from the contract itself, so a new call is covered here without
 * editing this file.
 */
let server: TestServer;
/** Owner calls are made by an admin: anyone else is refused before the schema is read (owner/access.test.ts). */
let admin: TestVisitor;
beforeAll(async () => {
  // One admin makes every call: more than the per-visitor rate limit allows in its window.
  server = await openTestServer({ rateLimit: { max: 100_000 } });
  admin = await ownerVisitor(server, 'admin');
});
afterAll(async () => {
  await server?.close();
});

interface ObjectSchema {
  properties?: Record<string, unknown>;
  required?: string[];
  additionalProperties?: unknown;
  patternProperties?: unknown;
}

const URL_WITH = (contract: RouteContract, params: Record<string, string>) =>
  contract.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));

/** Refusals for one contract: an unknown body field (or a non-object body), a query parameter sent twice (an array), an overlong path parameter with a character no id or domain name has (66 characters, within the router's 100). */
function refusalsOf(contract: RouteContract): Array<{ part: string; url: string; payload?: unknown }> {
  const schema = contract.schema as { body?: ObjectSchema; querystring?: ObjectSchema; params?: ObjectSchema };
  const refusals: Array<{ part: string; url: string; payload?: unknown }> = [];
  const base = URL_WITH(contract, {});
  // A closed body refuses an unknown field; an open one (commerce preferences are free-form) refuses a non-object.
  if (schema.body) refusals.push({ part: 'body', url: base, payload: schema.body.additionalProperties === false && !schema.body.patternProperties ? { notAField: true } : [1] });
  for (const name of Object.keys(schema.querystring?.properties ?? {})) {
    refusals.push({ part: `query ${name}`, url: `${base}?${name}=a&${name}=b` });
  }
  for (const name of Object.keys(schema.params?.properties ?? {})) {
    refusals.push({ part: `param ${name}`, url: URL_WITH(contract, { [name]: `${'x'.repeat(65)}~` }), payload: schema.body ? {} : undefined });
  }
  return refusals;
}

describe('every call refuses what its schema refuses: 400, the error shape, nothing written', () => {
  const cases = ROUTE_CONTRACTS.flatMap((contract) => refusalsOf(contract).map((refusal) => ({ contract, ...refusal })));

  it('covers every call that takes input', () => {
    const withInput = ROUTE_CONTRACTS.filter((contract) => refusalsOf(contract).length > 0).map((contract) => `${contract.method} ${contract.url}`);
    expect(withInput.length).toBeGreaterThanOrEqual(11);
  });

  it.each(cases.map((item) => [`${item.contract.method} ${item.contract.url} (${item.part})`, item] as const))('%s', async (_name, item) => {
    let visitor = admin;
    if (!item.contract.access) {
      // From this machine: the calls for a proxy on it (the TLS ask) answer only loopback, and refuse the rest as 404.
      visitor = new TestVisitor(server.app, '127.0.0.1');
      await visitor.visit();
    }
    const before = await snapshotDomainTables(server.database.db);
    const response = await visitor.request({ method: item.contract.method, url: item.url, payload: item.payload as object | undefined });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(typeof body.message).toBe('string');
    // A body that is not an object at all names no field; every other refusal names its field.
    if (!Array.isArray(item.payload)) {
      expect(body.errors && typeof body.errors).toBe('object');
      expect(Object.values(body.errors)).toContain(body.message);
    }
    expect(await snapshotDomainTables(server.database.db)).toEqual(before);
  });
});
