// databases: one — the offline gazetteer and its limits; the database only holds the counters
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestServer, TestVisitor, type TestServer } from '../testing';

/** Environment the maps routes read at registration; restored after each server. */
async function serverWith(env: Record<string, string>): Promise<TestServer> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    return await openTestServer();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describe('places proxy without a key: the offline gazetteer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await serverWith({ PLACES_RATE_LIMIT_PER_MINUTE: '30' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('autocompletes a city by prefix, accent- and case-insensitively, in Google\'s shape', async () => {
    const visitor = new TestVisitor(server.app);
    const answer = await visitor.get('/api/google-maps/places/autocomplete?input=zurich&components=country:ch&sessiontoken=abc&productPage=1');
    expect(answer.statusCode).toBe(200);
    const { status, predictions } = answer.json();
    expect(status).toBe('OK');
    expect(predictions.length).toBeGreaterThan(0);
    expect(predictions.length).toBeLessThanOrEqual(5);
    expect(predictions[0]).toMatchObject({ description: 'Zürich, Zurich, Switzerland', structured_formatting: { main_text: 'Zürich', secondary_text: 'Zurich, Switzerland' } });
    const details = await visitor.get(`/api/google-maps/places/details?place_id=${encodeURIComponent(predictions[0].place_id)}&productSection=x`);
    expect(details.json().status).toBe('OK');
    expect(details.json().result).toMatchObject({ name: 'Zürich', geometry: { location: { lat: expect.any(Number), lng: expect.any(Number) } } });
    expect(details.json().result.address_components.at(-1)).toEqual({ long_name: 'Switzerland', short_name: 'CH', types: ['country', 'political'] });
  });

  it('answers ZERO_RESULTS and NOT_FOUND; refuses missing and over-long input with a 400', async () => {
    const visitor = new TestVisitor(server.app);
    expect((await visitor.get('/api/google-maps/places/autocomplete?input=qqqqzzzz')).json()).toEqual({ status: 'ZERO_RESULTS', predictions: [] });
    expect((await visitor.get('/api/google-maps/places/details?place_id=gazetteer:9999999')).json()).toEqual({ status: 'NOT_FOUND' });
    const missing = await visitor.get('/api/google-maps/places/autocomplete');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ input: 'input must be 1–200 characters.' });
    expect((await visitor.get(`/api/google-maps/places/autocomplete?input=${'a'.repeat(201)}`)).statusCode).toBe(400);
    expect((await visitor.get(`/api/google-maps/places/details?place_id=${'a'.repeat(301)}`)).statusCode).toBe(400);
    expect((await visitor.get('/api/google-maps/places/autocomplete?input=a%00b')).statusCode).toBe(400);
  });

  it('limits each address (both calls together), with Retry-After', async () => {
    const visitor = new TestVisitor(server.app);
    const other = new TestVisitor(server.app);
    // 30 a minute here; a fixed window may roll over once during the loop, hence up to 61 calls.
    let allowed = 0;
    let refused = await visitor.get('/api/google-maps/places/details?place_id=gazetteer:1');
    for (let call = 0; call < 61 && refused.statusCode === 200; call++) {
      allowed += 1;
      refused = await visitor.get(`/api/google-maps/places/${call % 2 ? 'details?place_id=gazetteer:1' : 'autocomplete?input=pa'}`);
    }
    expect(refused.statusCode).toBe(429);
    expect(allowed).toBeGreaterThanOrEqual(30);
    expect(refused.json()).toEqual({ message: expect.any(String) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await other.get('/api/google-maps/places/autocomplete?input=pa')).statusCode).toBe(200);
  });
});

describe('places proxy with a key: forwards to Google (a loopback stand-in)', () => {
  let google: Server;
  let base: string;
  let server: TestServer;
  let answer: (request: IncomingMessage) => { status: number; body: string } = () => ({ status: 200, body: '{}' });
  const received: URL[] = [];

  beforeAll(async () => {
    google = createServer((request, response) => {
      received.push(new URL(request.url!, 'http://google.test'));
      const { status, body } = answer(request);
      response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
    server = await serverWith({ GOOGLE_MAPS_API_KEY: 'test-key', GOOGLE_MAPS_API_BASE: base });
  });
  afterEach(() => {
    received.length = 0;
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => google?.close(resolve));
  });

  it('forwards only the parameters Google reads, with the key, and answers Google\'s predictions', async () => {
    const prediction = { description: 'Paris, France', place_id: 'ChIJD7fiBh9u5kcRYJSMaMOCCwQ', structured_formatting: { main_text: 'Paris', secondary_text: 'France' } };
    answer = () => ({ status: 200, body: JSON.stringify({ status: 'OK', predictions: [prediction, { junk: true }], error_message: 'x' }) });
    const visitor = new TestVisitor(server.app);
    const reply = await visitor.get('/api/google-maps/places/autocomplete?input=Par&sessiontoken=s1&language=fr&productPage=p&productSection=s');
    expect(reply.json()).toEqual({ status: 'OK', predictions: [prediction] });
    expect(received[0].pathname).toBe('/maps/api/place/autocomplete/json');
    expect(Object.fromEntries(received[0].searchParams)).toEqual({ input: 'Par', sessiontoken: 's1', language: 'fr', key: 'test-key' });

    answer = () => ({ status: 200, body: JSON.stringify({ status: 'OK', result: { name: 'Paris', geometry: { location: { lat: 48.8, lng: 2.3 } } } }) });
    const details = await visitor.get('/api/google-maps/places/details?place_id=ChIJD7&fields=geometry');
    expect(details.json()).toEqual({ status: 'OK', result: { name: 'Paris', geometry: { location: { lat: 48.8, lng: 2.3 } } } });
    expect(Object.fromEntries(received[1].searchParams)).toEqual({ place_id: 'ChIJD7', fields: 'geometry', key: 'test-key' });
  });

  it('passes Google\'s own refusals through as a status, and answers 502 when Google fails', async () => {
    const visitor = new TestVisitor(server.app);
    answer = () => ({ status: 200, body: JSON.stringify({ status: 'REQUEST_DENIED', predictions: [], error_message: 'The provided API key is invalid.' }) });
    expect((await visitor.get('/api/google-maps/places/autocomplete?input=Par')).json()).toEqual({ status: 'REQUEST_DENIED', predictions: [] });
    answer = () => ({ status: 500, body: 'oops' });
    const failed = await visitor.get('/api/google-maps/places/autocomplete?input=Par');
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ message: 'Place search is not available right now. Please type the address.' });
    answer = () => ({ status: 200, body: 'not json' });
    expect((await visitor.get('/api/google-maps/places/details?place_id=x')).statusCode).toBe(502);
  });
});
