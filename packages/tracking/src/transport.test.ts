// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordLegacyEvent } from './events';
import { CRUMB_PATH, ensureCrumb } from './transport';
import { formFields, pageContext, resetBrowser, stubNetwork, type NetworkStub } from './test-support/browser';

/** Pages set no cookie (issue 35): the calls checked against the crumb ask for it first; beacons never do. */
let network: NetworkStub;
beforeEach(() => {
  resetBrowser('/cart');
  network = stubNetwork();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the crumb of the calls checked against it', () => {
  it('is the crumb cookie when there is one, without asking', async () => {
    document.cookie = 'crumb=crumb-1;Path=/';
    expect(await ensureCrumb()).toBe('crumb-1');
    expect(network.sent).toEqual([]);
  });

  it('is asked for with GET /api/crumb when the visitor has none yet', async () => {
    network.json = { crumb: 'crumb-asked' };
    expect(await ensureCrumb()).toBe('crumb-asked');
    expect(network.sent.map(({ method, url }) => `${method} ${url}`)).toEqual([`GET ${CRUMB_PATH}`]);
  });

  it("is '' when the ask fails, so the call still goes (and the server refuses it quietly)", async () => {
    network.status = 503;
    expect(await ensureCrumb()).toBe('');
  });

  it('is asked for before the legacy tracker posts it as a form field', async () => {
    document.cookie = 'ss_cvr=visitor-1|1|1|1|1;Path=/';
    network.json = { crumb: 'crumb-asked' };
    await recordLegacyEvent(pageContext(), 'cart-page-product-form-open', { itemId: 'item-3' });
    expect(network.sent.map(({ url }) => url)).toEqual([CRUMB_PATH, '/api/events/RecordEvent']);
    expect(formFields(network.sent[1]!.body).crumb).toBe('crumb-asked');
    expect(network.sent[1]!.headers['x-csrf-token']).toBe('crumb-asked');
  });
});
