import { describe, expect, it } from 'vitest';
import { getOwnerProductContract } from '@vitrine/contracts';
import { pathOf, queryStringOf } from './paths';

describe('paths from contracts', () => {
  it('fills each parameter, percent-encoded', () => {
    expect(pathOf(getOwnerProductContract.url, { productId: 'a/b c' })).toBe('/api/owner/products/a%2Fb%20c');
    expect(pathOf('/api/content-service/product/1.1/websites/:websiteId/products/:collectionId/categories', { websiteId: 'w', collectionId: 'c' })).toBe(
      '/api/content-service/product/1.1/websites/w/products/c/categories',
    );
  });

  it('refuses a missing parameter', () => {
    expect(() => pathOf(getOwnerProductContract.url)).toThrow(/productId/);
  });

  it('writes the query of the values that are set', () => {
    expect(queryStringOf({ q: 'linen shirt', limit: 10, archived: true, cursor: undefined, other: null })).toBe('?q=linen+shirt&limit=10&archived=true');
    expect(queryStringOf({})).toBe('');
  });
});
