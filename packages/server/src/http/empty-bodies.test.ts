// databases: one — its subject is how the edge reads request bodies, before any SQL runs.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '@vitrine/contracts';
import { openTestServer, TestVisitor, type TestServer } from '../testing';

let server: TestServer;
let visitor: TestVisitor;
beforeAll(async () => {
  server = await openTestServer();
  visitor = new TestVisitor(server.app);
  await visitor.visit('/contact');
});
afterAll(async () => {
  await server?.close();
});

const KEY = '/api/form/FormSubmissionKey';
/** What jQuery's $.post(url) sends: a form type, no bytes (storefront §7: "empty body, with credentials"). */
const JQUERY_EMPTY_POST = { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', 'content-length': '0' };

const post = (url: string, headers: Record<string, string>, payload = '') => visitor.request({ method: 'POST', url, headers, payload });

describe('a call whose spec body is empty', () => {
  it("takes jQuery's empty form-encoded body (FormSubmissionKey answers its key)", async () => {
    const answer = await post(KEY, JQUERY_EMPTY_POST);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ key: expect.any(String), expiresAt: expect.any(String) });
  });

  it('takes an empty body of any other type too: JSON, text, XML, none', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'text/plain;charset=UTF-8', 'application/xml', 'multipart/form-data; boundary=x']) {
      const answer = await post(KEY, { 'content-type': type, 'content-length': '0' });
      expect(answer.statusCode, `${type}: ${answer.body}`).toBe(200);
    }
    expect((await post(KEY, {})).statusCode).toBe(200);
  });

  it('reads a body sent without a length to find out: empty is taken, a byte is 415', async () => {
    const streamed = (chunks: string[]) => visitor.request({ method: 'POST', url: KEY, headers: { 'content-type': 'application/xml' }, payload: Readable.from(chunks) });
    expect((await streamed([])).statusCode).toBe(200);
    const sent = await streamed(['<a/>']);
    expect([sent.statusCode, sent.json()]).toEqual([415, { message: HTTP_MESSAGES.unsupportedMediaType }]);
  });

  it('still refuses a non-empty body of a type it does not read with the 415 JSON', async () => {
    for (const [type, body] of [['application/x-www-form-urlencoded', 'a=1'], ['application/xml', '<a/>'], ['text/plain', 'hello']]) {
      const answer = await post(KEY, { 'content-type': type! }, body);
      expect(answer.statusCode, type).toBe(415);
      expect(answer.json()).toEqual({ message: HTTP_MESSAGES.unsupportedMediaType });
    }
  });
});

describe('a call that takes a body keeps its answers', () => {
  const ENTRIES = '/api/commerce/shopping-cart/entries';

  it('an empty form-encoded body is 415, an empty JSON body 400', async () => {
    const form = await post(ENTRIES, JQUERY_EMPTY_POST);
    expect([form.statusCode, form.json()]).toEqual([415, { message: HTTP_MESSAGES.unsupportedMediaType }]);
    const json = await post(ENTRIES, { 'content-type': 'application/json', 'content-length': '0' });
    expect([json.statusCode, json.json()]).toEqual([400, { message: HTTP_MESSAGES.emptyBody }]);
  });

  it('a call that checks its own body (no body schema: a JSON list, a CSV, a picture) still refuses an empty one with its 4xx', async () => {
    const reports = await post('/api/events/RecordJavascriptErrors', { 'content-type': 'application/json', 'content-length': '0' });
    expect(reports.statusCode, reports.body).toBe(400);
    expect(reports.json().message).toMatch(/^Send a list of at most 10 error reports/);
    const records = await post('/api/performance/records', { 'content-type': 'text/plain', 'content-length': '0' });
    expect(records.statusCode, records.body).toBe(400);
  });

  it('an unknown address keeps its 404 whatever the body', async () => {
    expect((await post('/api/no-such-call', { 'content-type': 'application/xml' }, '<a/>')).statusCode).toBe(404);
    expect((await post('/api/no-such-call', JQUERY_EMPTY_POST)).statusCode).toBe(404);
  });
});
