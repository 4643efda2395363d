// databases: one — the HTTP edge's answers, not the SQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS, ANALYTICS_MESSAGES, ROUTE_CONTRACTS } from '@vitrine/contracts';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server?.close();
});

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1/');

describe('GET /api/openapi.json', () => {
  it('describes every call of the contracts, and nothing else', async () => {
    const answer = await server.app.inject({ url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    const document = answer.json();
    expect(document.openapi).toBe('3.0.3');
    expect(document.info.title).toBe('Vitrine API');
    const described = Object.entries(document.paths as Record<string, Record<string, { operationId: string }>>).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({ call: `${method.toUpperCase()} ${path}`, operationId: operation.operationId })),
    );
    expect(described.map((entry) => entry.call).sort()).toEqual(ROUTE_CONTRACTS.map((contract) => `${contract.method} ${openApiPath(contract.url)}`).sort());
    for (const contract of ROUTE_CONTRACTS) {
      const operation = document.paths[openApiPath(contract.url)][contract.method.toLowerCase()];
      expect(operation.operationId).toBe(contract.schema.operationId);
      expect(operation.summary).toBe(contract.summary);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['4XX']));
    }
  });

  it('says who may make an owner call', async () => {
    const document = (await server.app.inject({ url: '/api/openapi.json' })).json();
    const me = document.paths['/api/owner/me'].get;
    expect(me['x-permission']).toBe('any contributor');
    expect(me.security).toEqual([{ siteUserSession: [] }, { apiKey: [] }]);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/commerce/shopping-cart'].get.security).toBeUndefined();
  });

  it('says the headless reads take a publishable key in X-Vitrine-Publishable-Key', async () => {
    const document = (await server.app.inject({ url: '/api/openapi.json' })).json();
    expect(document.components.securitySchemes.publishableKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Vitrine-Publishable-Key' });
    for (const path of ['/api/headless/v1/products', '/api/headless/v1/products/{ref}', '/api/headless/v1/collections/{ref}/products', '/api/headless/v1/posts', '/api/headless/v1/search']) {
      expect(document.paths[path].get.security, path).toEqual([{ publishableKey: [] }]);
    }
    expect(document.paths['/api/headless/v1/products'].get.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual(['cursor', 'limit']);
    expect(document.paths['/api/owner/headless/keys'].post['x-permission']).toBe('api-keys:manage');
  });

  it('keeps a request body schema closed and its field messages', async () => {
    const document = (await server.app.inject({ url: '/api/openapi.json' })).json();
    const body = document.paths['/api/site-users/account/session'].post.requestBody.content['application/json'].schema;
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.email['x-message']).toEqual(expect.anything());
  });

  it('says that the product CSV import takes a text/csv body, and the picture upload a multipart file', async () => {
    const document = (await server.app.inject({ url: '/api/openapi.json' })).json();
    const csv = document.paths['/api/owner/products/import'].post.requestBody;
    expect(csv.required).toBe(true);
    expect(Object.keys(csv.content)).toEqual(['text/csv']);
    expect(csv.content['text/csv'].schema).toMatchObject({ type: 'string', description: expect.stringContaining('Shopify') });
    const upload = document.paths['/api/owner/images'].post.requestBody;
    expect(Object.keys(upload.content)).toEqual(['multipart/form-data']);
    expect(upload.content['multipart/form-data'].schema).toMatchObject({ type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } });
  });

  it('documents those bodies only: the import still reads its CSV as it streams in', async () => {
    const owner = await ownerVisitor(server, 'storeManager');
    const answer = await owner.request({
      method: 'POST',
      url: '/api/owner/products/import',
      payload: 'Handle,Title,Variant SKU,Variant Price\nopenapi-mug,OpenAPI Mug,OPENAPI-MUG,5.00\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ created: 1, updated: 0, variants: 1 });
  });

  it('says that the error reporter and the performance collector send a JSON list, as application/json or text/plain', async () => {
    const document = (await server.app.inject({ url: '/api/openapi.json' })).json();
    const errors = document.paths['/api/events/RecordJavascriptErrors'].post.requestBody;
    expect(errors.required).toBe(true);
    expect(Object.keys(errors.content)).toEqual(['application/json', 'text/plain']);
    for (const media of ['application/json', 'text/plain']) {
      expect(errors.content[media].schema).toMatchObject({
        type: 'array',
        minItems: 1,
        maxItems: ANALYTICS_LIMITS.errorReportsPerCall,
        description: expect.stringContaining('error reports'),
        items: { type: 'object', required: expect.arrayContaining(['event', 'data', 'timestamp']), properties: { data: { properties: { message: { type: 'string' } } } } },
      });
    }
    const records = document.paths['/api/performance/records'].post.requestBody;
    expect(records.required).toBe(true);
    expect(Object.keys(records.content)).toEqual(['application/json', 'text/plain']);
    expect(records.content['text/plain'].schema).toMatchObject({
      type: 'array',
      minItems: 1,
      maxItems: ANALYTICS_LIMITS.performanceRecordsPerCall,
      description: expect.stringContaining('string beacon'),
      items: { type: 'object', required: ['app', 'event', 'pageLoadId', 'ts'], properties: { pageLoadId: { type: 'string' }, ts: { type: 'number' } } },
    });
  });

  it('documents those lists only: each call takes them in both media types, and refuses what is not one after the contract (kept as failed)', async () => {
    const visitor = new TestVisitor(server.app);
    await visitor.visit('/');
    const report = [{ event: 'error', data: { message: 'openapi boom', stack: 'Error: openapi boom\n    at go (http://localhost/assets/a.js:1:2)' }, timestamp: Date.now() }];
    for (const contentType of ['application/json', 'text/plain']) {
      const answer = await visitor.request({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: JSON.stringify(report), headers: { 'content-type': contentType } });
      expect(answer.statusCode, `${contentType}: ${answer.body}`).toBe(200);
      expect(answer.json()).toEqual({ recorded: 1 });
    }
    const notList = await visitor.request({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: { event: 'error' } });
    expect(notList.statusCode).toBe(400);
    expect(notList.json().message).toBe(ANALYTICS_MESSAGES.errorReports);

    for (const contentType of ['application/json', 'text/plain']) {
      const { pageLoadId } = (await visitor.get('/api/performance/settings')).json();
      const records = [{ app: 'perf', event: 'web-vital', pageLoadId, ts: Date.now(), data: { name: 'LCP', value: 1200, pagePath: '/' } }];
      const answer = await visitor.request({ method: 'POST', url: '/api/performance/records', payload: JSON.stringify(records), headers: { 'content-type': contentType }, sendCrumb: false });
      expect(answer.statusCode, `${contentType}: ${answer.body}`).toBe(200);
      expect(answer.json()).toEqual({ recorded: 1, refused: 0 });
    }
  });
});

describe('the webhooks section', () => {
  it('publishes every webhook event with its payload schema from the contracts and the Standard Webhooks headers', async () => {
    const { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS } = await import('@vitrine/contracts');
    const document = (await server.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(document.webhooks)).toEqual(WEBHOOK_EVENT_TYPES);
    for (const type of WEBHOOK_EVENT_TYPES) {
      const post = document.webhooks[type].post;
      expect(post.summary).toBe(WEBHOOK_EVENTS[type].description);
      expect(post.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      const schema = post.requestBody.content['application/json'].schema;
      expect(schema.properties.type).toMatchObject({ const: type });
      expect(schema.required).toEqual(['type', 'timestamp', 'data']);
    }
    expect(document.webhooks['order.paid'].post.requestBody.content['application/json'].schema.properties.data.properties.grandTotalCents.type).toBe('integer');
  });
});
