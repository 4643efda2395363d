import { describe, expect, it } from 'vitest';
import { CATALOG_LIMITS, ROUTE_CONTRACTS } from '@vitrine/contracts';
import { StoreCreationError } from './errors';
import { createStoreIn, browserRootCategoryName, STORE_CATEGORY_LENGTH, STORE_CREATION_ROUTES } from './browser-store';
import { memoryTokenStore, OwnerHttp } from './http';
import { rootCategoryName } from './rules';

const layout = {
  layout: [{ identifier: 'mainNavigation', templateId: 't1', links: [{ title: 'Shop', collectionId: 's1', children: [] }, { title: 'Cart', externalLink: '/cart', children: [] }] }],
};

function server(answers: Record<string, { status: number; body: unknown }>) {
  const seen: Array<{ method: string; url: string; body: unknown; headers: Record<string, string> }> = [];
  const fetch = (async (input: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    seen.push({ method, url: input, body: init.body ? JSON.parse(String(init.body)) : undefined, headers: { ...(init.headers as Record<string, string>) } });
    const answer = answers[`${method} ${input}`] ?? { status: 404, body: { message: 'No route' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { http: new OwnerHttp({ fetch, cookies: () => 'crumb=c1', xsrfTokens: memoryTokenStore('x1') }), seen };
}

const base = '/api/content-service/product/1.1/websites/w1/products';

describe('store creation for browser bundles', () => {
  it('names routes the contracts have, and the category limit is the contracts’', () => {
    const known = new Set(ROUTE_CONTRACTS.map((contract) => `${contract.method} ${contract.url}`));
    for (const route of Object.values(STORE_CREATION_ROUTES)) expect(known).toContain(`${route.method} ${route.url}`);
    expect(STORE_CATEGORY_LENGTH).toBe(CATALOG_LIMITS.categoryLength);
    for (const title of ['Summer Sale', '', '  ', 'A very long store title that goes past the limit']) expect(browserRootCategoryName(title)).toBe(rootCategoryName(title));
  });

  it('creates the collection, its root category, then adds it to the main navigation before Cart, with the crumb and XSRF token', async () => {
    const { http, seen } = server({
      [`POST ${base}`]: { status: 200, body: { id: 's2' } },
      [`POST ${base}/s2/categories`]: { status: 200, body: { id: 'c2' } },
      'GET /api/commondata/GetSiteLayout': { status: 200, body: layout },
      'POST /api/widget/UpdateNavigation': { status: 200, body: layout },
    });
    const created = await createStoreIn(http, 'w1', { title: 'Summer Sale', existingUrlIds: ['shop'] });
    expect(created).toMatchObject({ storeId: 's2', categoryId: 'c2', urlId: 'summer-sale' });
    expect(seen.map((call) => `${call.method} ${call.url}`)).toEqual([`POST ${base}`, `POST ${base}/s2/categories`, 'GET /api/commondata/GetSiteLayout', 'POST /api/widget/UpdateNavigation']);
    expect(seen[0]!.body).toEqual({ navigationTitle: 'Summer Sale', title: 'Summer Sale', urlId: 'summer-sale', description: '', enabled: true });
    expect(seen[1]!.body).toEqual({ displayName: 'Summer Sale', type: 'ROOT', pageRendering: 'LIST_VIEW', displayIndex: 1 });
    expect(seen[3]!.body).toEqual({ fieldName: 'mainNavigation', templateId: 't1', navigation: { items: [{ title: 'Shop', collectionId: 's1' }, { collectionId: 's2' }, { title: 'Cart', externalLink: '/cart' }] } });
    expect(seen[0]!.headers).toMatchObject({ 'X-CSRF-Token': 'c1', 'X-SiteUser-XSRF-Token': 'x1' });
  });

  it('skips the navigation when told, and names the store made when the navigation step is refused', async () => {
    const skip = server({ [`POST ${base}`]: { status: 200, body: { id: 's2' } }, [`POST ${base}/s2/categories`]: { status: 200, body: { id: 'c2' } } });
    expect(await createStoreIn(skip.http, 'w1', { title: 'Sale' }, { addToMainNavigation: false })).toEqual({ storeId: 's2', categoryId: 'c2', urlId: 'sale' });
    expect(skip.seen).toHaveLength(2);
    const refused = server({
      [`POST ${base}`]: { status: 200, body: { id: 's3' } },
      [`POST ${base}/s3/categories`]: { status: 200, body: { id: 'c3' } },
      'GET /api/commondata/GetSiteLayout': { status: 403, body: { message: 'Your role does not allow this.' } },
    });
    const error = await createStoreIn(refused.http, 'w1', { title: 'Sale' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoreCreationError);
    expect(error).toMatchObject({ step: 'navigation', storeId: 's3', message: 'Your role does not allow this.' });
  });
});
