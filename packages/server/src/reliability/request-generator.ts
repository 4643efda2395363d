import fc from 'fast-check';

/**
 * Hostile requests for any route of the route table, built from the route alone: its method, its
 * pattern (`:param` and `*` segments) and, when it has one, its contract's JSON Schemas (body,
 * querystring, params). A new route is fuzzed without touching this file.
 */

export interface FuzzRoute {
  method: string;
  /** Fastify's pattern: `/api/…/entries/:entryId`, `/assets/theme/*`. */
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
  /** The route checks its own crumb ('form': a form field) or needs none ('token': a signed token authorises it; 'beacon': analytics). */
  ownCrumbCheck?: 'form' | 'token' | 'beacon';
  /** Registered for the platform's own host only (a host constraint): a website's host never reaches it. */
  platformHostOnly?: boolean;
}

/**
 * A route as the app reports it while registering (buildApp's `onRoute`): the few fields of Fastify's route
 * options the fuzzer reads, as plain types, so the harness needs no Fastify.
 */
export interface RegisteredRoute {
  method: string | readonly string[];
  url: string;
  schema?: unknown;
  config?: unknown;
  /** Fastify's route constraints: `{ host }` for the platform's own pages (answered on PLATFORM_DOMAIN only). */
  constraints?: { host?: unknown };
}

/** Lists the routes as the app registers them: pass `collector.onRoute` to buildApp. */
export function routeCollector(): { onRoute: (route: RegisteredRoute) => void; routes: FuzzRoute[] } {
  const routes: FuzzRoute[] = [];
  const seen = new Set<string>();
  return {
    routes,
    onRoute(route) {
      const methods: readonly string[] = typeof route.method === 'string' ? [route.method] : route.method;
      const schema = route.schema as FuzzRoute['schema'] | undefined;
      for (const method of methods) {
        const key = `${method} ${route.url}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const ownCrumbCheck = (route.config as { crumb?: 'form' | 'token' | 'beacon' } | undefined)?.crumb;
        routes.push({ method: String(method).toUpperCase(), url: route.url, schema, ...(ownCrumbCheck ? { ownCrumbCheck } : {}), ...(route.constraints?.host ? { platformHostOnly: true } : {}) });
      }
    },
  };
}

/**
 * Realistic values by field, parameter or query-key name (a product id for `itemId`, the visitor's
 * entry for `entryId`, …): the fuzzer mixes them with hostile ones so that calls get past the first
 * check and reach the code behind it. Names with no hint get values from their schema's type.
 */
export type FuzzHints = Record<string, readonly unknown[]>;

/**
 * Bodies known to be accepted, by `METHOD pattern`: the fuzzer also sends them with one field
 * replaced, removed or added, so that most requests are one mistake away from a valid one. Optional:
 * a route without an example is fuzzed from its schema alone.
 */
export type FuzzExamples = Record<string, ReadonlyArray<Record<string, unknown>>>;

/** How the crumb travels with a state-changing call. */
export type CrumbMode = 'valid' | 'missing' | 'forged' | 'mismatched';

export interface FuzzRequest {
  method: string;
  /** Path and query, ASCII only (what goes on the wire). */
  url: string;
  contentType?: string;
  payload?: string | Buffer;
  /** Cookies set on top of the visitor's own (a hostile CART, session or crumb). */
  cookies: Array<[string, string]>;
  crumb: CrumbMode;
}

// ---------------------------------------------------------------------------------------------
// Strings

const KB100 = 'x'.repeat(100_000);

/** Strings that have broken servers: NUL, lone surrogates, huge, markup, injection, numbers in disguise. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'a\udc00b',
  '\udfff\ud800',
  '\ud800\u0000',
  KB100,
  `${KB100.slice(0, 50_000)}\u0000`,
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  '"; DROP TABLE orders; --',
  '../../../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '\u202e\u2066txt.exe',
  '\ufeff',
  '\r\nSet-Cookie: x=1',
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '-1',
  '0',
  '1e3',
  '0x10',
  '99999999999999999999999999',
  '[]',
  '{}',
  '{"__proto__":{"polluted":true}}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '\\',
  '"',
  '🛒'.repeat(500),
];

/** A character that must never reach the database raw. */
const POISON = fc.constantFrom('\u0000', '\ud800', '\udc00', '\uffff', '\u0001');

/** Any UTF-16 code units, lone surrogates and NUL included. */
const codeUnitString = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 40 });

function poisoned(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(base, POISON, fc.nat()).map(([text, poison, at]) => {
    const index = text.length === 0 ? 0 : at % (text.length + 1);
    return text.slice(0, index) + poison + text.slice(index);
  });
}

function stringsOf(values: readonly unknown[]): string[] {
  return values.filter((value): value is string => typeof value === 'string');
}

/** A hostile string; realistic ones (from hints) get poisoned too, so the poison sits inside a value that would otherwise pass. */
export function hostileString(realistic: readonly string[] = []): fc.Arbitrary<string> {
  const base = realistic.length > 0 ? fc.constantFrom(...realistic) : fc.string({ maxLength: 20 });
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 3, arbitrary: poisoned(base) },
    { weight: 2, arbitrary: codeUnitString },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  );
}

// ---------------------------------------------------------------------------------------------
// JSON, written by hand so that keys such as __proto__ and duplicate keys reach the wire as they are

export type Json = null | boolean | number | string | Json[] | { entries: Array<[string, Json]> };

export function writeJson(value: Json): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(writeJson).join(',')}]`;
  return `{${value.entries.map(([key, entry]) => `${JSON.stringify(key)}:${writeJson(entry)}`).join(',')}}`;
}

const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', '', '\u0000', '\ud800', 'a'.repeat(5000), 'itemId\u0000', 'quantity '),
  fc.string({ maxLength: 12 }),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 0.5, 1.5, 9999, 10_000, 2 ** 31, 2 ** 53 + 2, 1e21, 1e308, -1e308, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const hostileScalar: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: hostileString() },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

export const hostileJson: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: hostileScalar },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 3 }).map((entries) => ({ entries })) },
  ),
})).value;

/** 10,000 levels of nesting, as a whole body and as a field's value. */
const DEEP_ARRAY = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

type Node = Record<string, unknown>;

function asNode(schema: unknown): Node | undefined {
  return schema && typeof schema === 'object' ? (schema as Node) : undefined;
}

/** The JSON types a schema accepts (anyOf unions flattened). */
function typesOf(schema: Node | undefined): string[] {
  if (!schema) return [];
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as unknown[]).flatMap((part) => typesOf(asNode(part)));
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  if ('const' in schema) return [typeof schema.const];
  return [];
}

/** A value the schema would likely accept: a hint when there is one, else by type. */
function plausibleValue(name: string, schema: Node | undefined, hints: FuzzHints): fc.Arbitrary<Json> {
  const hinted = hints[name];
  if (hinted && hinted.length > 0) return fc.constantFrom(...(hinted as Json[]));
  const options: fc.Arbitrary<Json>[] = [];
  for (const type of typesOf(schema)) {
    if (type === 'string') options.push(fc.string({ maxLength: Math.min(Number(schema?.maxLength ?? 20), 40) }));
    else if (type === 'integer' || type === 'number') options.push(fc.integer({ min: -2, max: 20_000 }));
    else if (type === 'boolean') options.push(fc.boolean());
    else if (type === 'null') options.push(fc.constant(null));
  }
  return options.length > 0 ? fc.oneof(...options) : hostileScalar;
}

/** A field's value: mostly plausible, often hostile, sometimes a deep or huge structure. */
function fieldValue(name: string, schema: Node | undefined, hints: FuzzHints): fc.Arbitrary<Json | { raw: string }> {
  return fc.oneof(
    { weight: 8, arbitrary: plausibleValue(name, schema, hints) },
    { weight: 3, arbitrary: hostileString(stringsOf(hints[name] ?? [])) },
    { weight: 2, arbitrary: hostileJson },
    { weight: 1, arbitrary: fc.constantFrom({ raw: DEEP_ARRAY }, { raw: DEEP_OBJECT }) },
  );
}

/** A JSON object with the schema's properties, each present or not, plausible or hostile, plus stray keys. */
function bodyFromSchema(schema: Node | undefined, hints: FuzzHints): fc.Arbitrary<string> {
  const properties = Object.entries(asNode(schema?.properties) ?? {});
  const fields = properties.map(([name, propertySchema]) =>
    fc.option(fieldValue(name, asNode(propertySchema), hints).map((value) => [name, value] as const), { nil: undefined, freq: 4 }),
  );
  const extras = fc.oneof(
    { weight: 5, arbitrary: fc.constant([] as Array<[string, Json]>) },
    { weight: 1, arbitrary: fc.array(fc.tuple(hostileKey, hostileJson), { minLength: 1, maxLength: 2 }) },
  );
  return fc.tuple(fc.tuple(...fields), extras).map(([present, extra]) => {
    const parts = [...present.filter((field) => field !== undefined), ...extra].map(([key, value]) => {
      const written = value !== null && typeof value === 'object' && 'raw' in value ? value.raw : writeJson(value as Json);
      return `${JSON.stringify(key)}:${written}`;
    });
    return `{${parts.join(',')}}`;
  });
}

/** Bodies no parser should choke on: broken JSON, bytes that are not UTF-8, huge, deep, empty. */
const RAW_BODIES: ReadonlyArray<string | Buffer> = [
  '',
  '{',
  '{"itemId": }',
  '{"a":1}}',
  "{'itemId':'x'}",
  'null',
  '[]',
  '"just a string"',
  '1e999999',
  DEEP_ARRAY,
  DEEP_OBJECT,
  `{"additionalFields":"${'x'.repeat(100_000)}"}`,
  `{"email":"${'a'.repeat(60_000)}@example.com"}`,
  '\u0000',
  '{"email":"a@b.co"}\u0000',
  '\ufeff{"email":"a@b.co"}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"quantity":1,"quantity":"1","quantity":{}}',
  Buffer.from([0x7b, 0x22, 0x65, 0x6d, 0x61, 0x69, 0x6c, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]), // {"email":"<CESU surrogate>"}
  Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), // a key of bytes that are not UTF-8
  Buffer.from([0xc0, 0x80]), // an overlong NUL
  Buffer.from('{"email":"a@b.co"}', 'utf16le'),
];

const CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/json, text/plain',
  'application/*',
  '*/*',
  ';',
  'x'.repeat(5000),
];

const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 10, arbitrary: fc.constant('application/json') },
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
);

const HAS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A known-good body with one change: a field hostile, gone, or a stray key added (or sent as it is). */
function mutatedExample(examples: ReadonlyArray<Record<string, unknown>>, schema: Node | undefined, hints: FuzzHints): fc.Arbitrary<string> {
  const properties = asNode(schema?.properties) ?? {};
  return fc.tuple(fc.constantFrom(...examples), fc.nat(), fc.integer({ min: 0, max: 9 })).chain(([example, pick, kind]) => {
    const keys = Object.keys(example);
    const write = (entries: Array<[string, string]>) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
    const written = keys.map((key) => [key, JSON.stringify(example[key])] as [string, string]);
    if (kind === 0 || keys.length === 0) return fc.constant(write(written));
    const target = keys[pick % keys.length];
    if (kind === 1) return fc.constant(write(written.filter(([key]) => key !== target)));
    if (kind === 2) return fc.tuple(hostileKey, hostileJson).map(([key, value]) => write([...written, [key, writeJson(value)]]));
    return fieldValue(target, asNode(properties[target]), hints).map((value) => {
      const raw = value !== null && typeof value === 'object' && 'raw' in value ? value.raw : writeJson(value as Json);
      return write(written.map(([key, old]) => [key, key === target ? raw : old] as [string, string]));
    });
  });
}

function payloadFor(route: FuzzRoute, hints: FuzzHints, examples: FuzzExamples): fc.Arbitrary<string | Buffer | undefined> {
  const body = asNode(route.schema?.body);
  const known = examples[`${route.method} ${route.url}`] ?? [];
  if (!HAS_BODY.has(route.method)) {
    // GET and HEAD carry no body; now and then one is sent all the same.
    return fc.oneof({ weight: 12, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) });
  }
  return fc.oneof(
    { weight: known.length > 0 ? 8 : 0, arbitrary: known.length > 0 ? mutatedExample(known, body, hints) : fc.constant('{}') },
    { weight: body ? 5 : 2, arbitrary: bodyFromSchema(body, hints) },
    { weight: 2, arbitrary: hostileJson.map(writeJson) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

// ---------------------------------------------------------------------------------------------
// Paths and query strings

/**
 * Percent-encodes any JS string, lone surrogates included: each UTF-16 code unit that is a lone
 * surrogate goes out as the three bytes a naive encoder would write (invalid UTF-8, e.g. %ED%A0%80).
 */
export function percentEncode(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const isHigh = code >= 0xd800 && code <= 0xdbff;
    const next = text.charCodeAt(index + 1);
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(index, index + 2));
      index++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text[index]);
    }
  }
  return out;
}

/** Path segments written the way attackers write them: broken escapes, overlong UTF-8, traversal, 5,000 characters. */
const RAW_SEGMENTS = [
  '%00',
  '%E0%A4%A',
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%80',
  '%C0%AE%C0%AE',
  '%FF%FE',
  '..',
  '%2e%2e',
  '%2F',
  '%252F',
  'a'.repeat(5000),
  '%41'.repeat(2000),
];

function segmentFor(name: string, hints: FuzzHints): fc.Arbitrary<string> {
  const realistic = stringsOf(hints[name] ?? []);
  return fc.oneof(
    { weight: realistic.length > 0 ? 5 : 0, arbitrary: realistic.length > 0 ? fc.constantFrom(...realistic).map(percentEncode) : fc.constant('x') },
    { weight: 3, arbitrary: hostileString(realistic).map(percentEncode) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
}

const PATH_SUFFIXES = ['/', '/%00', '%00', '/%E0%A4%A', `/${'a'.repeat(5000)}`, '//', '/..', '/%2e%2e/%2e%2e/', ';x=1', '%20', '/index.html'];

function pathFor(route: FuzzRoute, hints: FuzzHints): fc.Arbitrary<string> {
  const parts = route.url.split('/');
  const segments = parts.map((part) => {
    if (part.startsWith(':')) return segmentFor(part.slice(1), hints);
    if (part === '*') return segmentFor('*', hints);
    return fc.constant(part);
  });
  const suffix = fc.oneof({ weight: 10, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom(...PATH_SUFFIXES) });
  return fc.tuple(fc.tuple(...segments), suffix).map(([written, end]) => written.join('/') + end);
}

const MANY_KEYS = Array.from({ length: 5000 }, (_, index) => `k${index}=${index}`).join('&');

const RAW_QUERIES = [
  MANY_KEYS,
  `q=${'x'.repeat(100_000)}`,
  'format=json',
  'format=json&format=json',
  'q=1&q=2',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'a[b][c][d]=1',
  '%00=%00',
  '%E0%A4%A=%E0%A4%A',
  '%ED%A0%80=%ED%A0%80',
  '&&&=&=',
  '=',
  '+',
  'x=%',
];

function queryFor(route: FuzzRoute, hints: FuzzHints): fc.Arbitrary<string> {
  const schemaKeys = Object.keys(asNode(asNode(route.schema?.querystring)?.properties) ?? {});
  const keys = [...new Set([...schemaKeys, ...stringsOf(hints.queryKeys ?? [])])];
  const pair = (key: string) =>
    fc
      .oneof(
        { weight: 3, arbitrary: plausibleValue(key, undefined, hints).map((value) => String(value)) },
        { weight: 2, arbitrary: hostileString(stringsOf(hints[key] ?? [])) },
      )
      .map((value) => `${percentEncode(key)}=${percentEncode(value)}`);
  const fromKeys =
    keys.length > 0
      ? fc.subarray(keys, { minLength: 1 }).chain((chosen) => fc.tuple(...chosen.map(pair))).map((pairs) => pairs.join('&'))
      : fc.constant('');
  const hostilePairs = fc
    .array(fc.tuple(hostileKey, hostileString()), { minLength: 1, maxLength: 3 })
    .map((pairs) => pairs.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join('&'));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant('') },
    { weight: 5, arbitrary: fromKeys },
    { weight: 2, arbitrary: hostilePairs },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_QUERIES) },
  );
}

// ---------------------------------------------------------------------------------------------
// Cookies and the crumb

/** Printable ASCII a cookie value may carry (no ';' or ','), and Latin-1 bytes past it. */
const cookieGarbage = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).filter((code) => code !== 0x3b && code !== 0x2c).map((code) => String.fromCharCode(code)), maxLength: 60 }),
  fc.constantFrom('%00', '%E0%A4%A', '%ED%A0%80', 'x'.repeat(10_240), '\u00ff\u00fe', '""', 'a.b.c', '.', 'deadbeef.deadbeef', '%'),
);

const hostileCookie: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.constantFrom<[string, string]>(['CART', '%00'], ['CART', 'x'.repeat(10_240)], ['CART', ''], ['siteUserSession', '%00'], ['SiteUserInfo', '{"authenticated":true,"siteUserId":"x"}']),
  fc.tuple(fc.constantFrom('CART', 'siteUserSession', 'SiteUserInfo', 'x'.repeat(300), 'a b'), cookieGarbage),
);

const crumbMode: fc.Arbitrary<CrumbMode> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('valid' as const) },
  { weight: 1, arbitrary: fc.constant('missing' as const) },
  { weight: 1, arbitrary: fc.constant('forged' as const) },
  { weight: 1, arbitrary: fc.constant('mismatched' as const) },
);

/** One hostile request for the route. */
export function requestFor(route: FuzzRoute, hints: FuzzHints, examples: FuzzExamples = {}): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path: pathFor(route, hints),
      query: queryFor(route, hints),
      payload: payloadFor(route, hints, examples),
      contentType,
      cookies: fc.oneof({ weight: 3, arbitrary: fc.constant([] as Array<[string, string]>) }, { weight: 1, arbitrary: fc.array(hostileCookie, { minLength: 1, maxLength: 2 }) }),
      crumb: crumbMode,
    })
    .map(({ path, query, payload, contentType: type, cookies, crumb }) => ({
      method: route.method,
      url: query ? `${path}?${query}` : path,
      payload,
      contentType: payload === undefined ? undefined : type,
      cookies,
      crumb,
    }));
}

/** A short, printable description of a request for failure messages (long parts cut). */
export function describeRequest(request: FuzzRequest): string {
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);
  const payload = request.payload === undefined ? '' : Buffer.isBuffer(request.payload) ? `<bytes ${request.payload.toString('hex').slice(0, 120)}>` : JSON.stringify(cut(request.payload));
  const cookies = request.cookies.map(([name, value]) => `${name}=${cut(value)}`).join('; ');
  return `${request.method} ${cut(request.url)} crumb=${request.crumb}${cookies ? ` cookies[${cookies}]` : ''}${request.contentType ? ` content-type=${cut(request.contentType)}` : ''} ${payload}`;
}

/** A seed of the route's own from the run's seed (FNV-1a of `METHOD pattern`): routes get different sequences, and a new route leaves the others' alone. */
export function routeSeed(seed: number, route: FuzzRoute): number {
  let hash = 0x811c9dc5;
  for (const char of `${route.method} ${route.url}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return (seed ^ hash) | 0;
}
