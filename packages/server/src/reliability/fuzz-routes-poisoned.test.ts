// databases: one — the HTTP edge under forged and hostile input, not the SQL
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { UNSTORABLE_TEXT_MESSAGES } from '../http/unstorable-text';
import { contractFor } from '@vitrine/contracts';
import { ownerVisitor, snapshotDomainTables, TestVisitor } from '../testing';
import { describeRequest, type FuzzRequest, type FuzzRoute } from './request-generator';
import { openFuzzTarget } from './fuzz-target';

/*
 * The route fuzzer's third part (fast-check over the route table is fuzz-routes.test.ts and
 * fuzz-routes-other-half.test.ts; all three open the same target, fuzz-target.ts, each its own): what is not left to chance — every string, key, path parameter and
 * query key of every route poisoned — and raw request lines on a socket, which app.inject cannot send.
 */

const target = await openFuzzTarget('fuzz-routes-poisoned');
const { app, db, hints, examples, otherCrumb } = target;
afterAll(() => target.close());

/*
 * Not left to chance: every string of every example body (and a key), every path parameter and query
 * key of every route, poisoned with a NUL or a lone surrogate, and every body 10,000 levels deep.
 * Text the database cannot store is refused with 400 and its message, before anything is written.
 */
describe('every string of every route, poisoned', () => {
  const POISONS = ['\u0000', '\ud800', '\udc00'];

  /** A body the route would take: its example, else the first hint of each property of its schema. */
  function bodiesOf(route: FuzzRoute): Array<Record<string, unknown>> {
    const known = examples[`${route.method} ${route.url}`];
    if (known) return known.map((example) => ({ ...example }));
    const properties = (route.schema?.body as { properties?: Record<string, unknown> } | undefined)?.properties;
    if (!properties) return [];
    return [Object.fromEntries(Object.keys(properties).map((name) => [name, hints[name]?.[0] ?? 'x']))];
  }

  /** Owner calls refuse everyone else before reading input (owner/access.test.ts): an admin sends their poisons. */
  let admin: TestVisitor | undefined;

  async function expectRefused(route: FuzzRoute, what: string, request: FuzzRequest, message: string): Promise<void> {
    const current = await target.currentVisitor();
    const ownerCall = contractFor(route.method, route.url)?.access !== undefined;
    if (ownerCall) admin ??= await ownerVisitor(target.server, 'admin');
    const { entryId, cartToken } = current;
    const visitor = ownerCall ? admin! : current.visitor;
    const before = await snapshotDomainTables(db);
    const response = await target.send(request, visitor, entryId, cartToken);
    const where = `${route.method} ${route.url} with ${what}: ${describeRequest(request)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
    expect(response.statusCode, where).toBe(400);
    if (request.method !== 'HEAD') expect((response.json() as { message: string }).message, where).toBe(message);
    expect(await snapshotDomainTables(db), where).toEqual(before);
  }

  const concrete = (route: FuzzRoute) => route.url.replace(/:[A-Za-z]+/g, (param) => String(hints[param.slice(1)]?.[0] ?? 'x')).replace('*', 'site.css');
  const base = (route: FuzzRoute, payload?: string): FuzzRequest => ({
    method: route.method,
    url: concrete(route),
    payload,
    contentType: payload === undefined ? undefined : 'application/json',
    cookies: [],
    crumb: 'valid',
  });

  for (const route of target.routes) {
    it(`${route.method} ${route.url}`, async () => {
      for (const body of bodiesOf(route)) {
        for (const field of Object.keys(body)) {
          for (const poison of POISONS) {
            const value = body[field];
            const poisoned = JSON.stringify({ ...body, [field]: typeof value === 'string' ? `${value.slice(0, 3)}${poison}${value.slice(3)}` : poison });
            await expectRefused(route, `${JSON.stringify(poison)} in ${field}`, base(route, poisoned), UNSTORABLE_TEXT_MESSAGES.text);
          }
        }
        for (const poison of POISONS) {
          await expectRefused(route, `${JSON.stringify(poison)} in a key`, base(route, JSON.stringify({ ...body, [`k${poison}`]: 1 })), UNSTORABLE_TEXT_MESSAGES.text);
        }
        const deep = `{${Object.keys(body).map((field, index) => `${JSON.stringify(field)}:${index === 0 ? `${'['.repeat(10_000)}${']'.repeat(10_000)}` : JSON.stringify(body[field])}`).join(',')}}`;
        // A body with no fields (POST …/product-feed/token takes {}) has no field to bury.
        if (Object.keys(body).length > 0) await expectRefused(route, 'a field 10,000 levels deep', base(route, deep), UNSTORABLE_TEXT_MESSAGES.deep);
      }
      const params = route.url.split('/').filter((part) => part.startsWith(':'));
      for (const param of params) {
        const request = { ...base(route), url: concrete({ ...route, url: route.url.replace(param, `${String(hints[param.slice(1)]?.[0] ?? 'x')}%00`) }) };
        await expectRefused(route, `%00 in ${param}`, request, UNSTORABLE_TEXT_MESSAGES.text);
      }
      if (route.url.endsWith('*')) {
        await expectRefused(route, '%00 in the file path', { ...base(route), url: `${concrete(route)}%00.css` }, UNSTORABLE_TEXT_MESSAGES.text);
      }
      const queryKeys = Object.keys((route.schema?.querystring as { properties?: object } | undefined)?.properties ?? {});
      for (const key of [...queryKeys, 'q', 'format']) {
        await expectRefused(route, `%00 in ?${key}`, { ...base(route), url: `${concrete(route)}?${key}=a%00b` }, UNSTORABLE_TEXT_MESSAGES.text);
        await expectRefused(route, `%00 in a query key`, { ...base(route), url: `${concrete(route)}?${key}%00=1` }, UNSTORABLE_TEXT_MESSAGES.text);
      }
    });
  }
});

/** Raw bytes on a socket: what app.inject cannot send (it normalises URLs through WHATWG URL). */
function rawRequest(port: number, head: string): Promise<{ status: number; body: string; headers: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [headers, ...rest] = answer.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), headers, body: rest.join('\r\n\r\n') });
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${head.slice(0, 80)}`)));
    // write, not end: a client that half-closes gets no answer from the static-file routes (send aborts
    // when the request side closes), which is @fastify/static's behaviour, not what a browser does.
    socket.write(Buffer.from(head, 'latin1'));
  });
}

describe('raw request lines over a socket', () => {
  const paths = [
    '/api/../cart',
    '/api/commerce/../../checkout',
    '//api/health',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/assets/theme/..%2f..%2fpackage.json',
    '/assets/theme/%2e%2e/%2e%2e/package.json',
    '/%00',
    '/api/commerce/shopping-cart/%00',
    '/%E0%A4%A',
    `/${'a'.repeat(5000)}`,
    `/api/commerce/shopping-cart/entries/${'a'.repeat(5000)}`,
    `/shop/p/${'%41'.repeat(3000)}`,
    '/shop?%E0%A4%A=1',
    '/search?q=\xff\xfe',
    '/api/commerce/shopping-cart?mock=%ED%A0%80',
    '*',
    'http://evil.example/api/health',
  ];

  it('never answer a 5xx, and API errors are JSON', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as net.AddressInfo).port;
    for (const method of ['GET', 'POST', 'DELETE']) {
      for (const path of paths) {
        const head =
          `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nCookie: crumb=${otherCrumb}\r\n` +
          `X-CSRF-Token: ${otherCrumb}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
        const answer = await rawRequest(port, head);
        const where = `${method} ${path.slice(0, 100)} → ${answer.status} ${answer.body.slice(0, 200)}`;
        expect(answer.status, where).toBeGreaterThanOrEqual(200);
        expect(answer.status, where).toBeLessThan(500);
        if (answer.status >= 400 && /^content-type: application\/json/im.test(answer.headers)) {
          expect(typeof JSON.parse(answer.body).message, where).toBe('string');
        } else if (answer.status >= 400) {
          expect(path.startsWith('/api/'), `non-JSON error from the API: ${where}`).toBe(false);
        }
      }
    }
  });
});
