import { describe, expect, it } from 'vitest';
import { MainNavigationMissingError, OWNER_CLIENT_MESSAGES } from './errors';
import { mainNavigationOf, navigationItemsOf, withStoreLink } from './navigation';

const layout = {
  layout: [
    {
      identifier: 'mainNav',
      templateId: '',
      links: [
        { title: 'Home', externalLink: '/', children: [] },
        { title: 'More', children: [{ title: 'Shop', collectionId: 's1', children: [] }] },
        { title: 'Cart', externalLink: '/cart', children: [] },
      ],
    },
    { identifier: 'footerNav', templateId: '', links: [] },
  ],
};

describe('the main navigation', () => {
  it('is the first entry of the layout', () => {
    expect(mainNavigationOf(layout).identifier).toBe('mainNav');
  });

  it("is 'Unable to find site main navigation' when the layout has none", () => {
    expect(() => mainNavigationOf({ layout: [] })).toThrow(MainNavigationMissingError);
    expect(() => mainNavigationOf({ layout: [] })).toThrow(OWNER_CLIENT_MESSAGES.noMainNavigation);
    expect(OWNER_CLIENT_MESSAGES.noMainNavigation).toBe('Unable to find site main navigation');
  });

  it('goes back to UpdateNavigation as items: one target each, folders with their items', () => {
    expect(navigationItemsOf(layout.layout[0]!.links)).toEqual([
      { title: 'Home', externalLink: '/' },
      { title: 'More', items: [{ title: 'Shop', collectionId: 's1' }] },
      { title: 'Cart', externalLink: '/cart' },
    ]);
  });

  it('takes a new store before a closing Cart link, once', () => {
    const items = navigationItemsOf(layout.layout[0]!.links);
    const added = withStoreLink(items, 's2');
    expect(added.map((item) => item.collectionId ?? item.externalLink ?? item.title)).toEqual(['/', 'More', 's2', '/cart']);
    expect(withStoreLink(added, 's2')).toEqual(added);
    expect(withStoreLink([{ externalLink: '/' }], 's3')).toEqual([{ externalLink: '/' }, { collectionId: 's3' }]);
    expect(withStoreLink([], 's3')).toEqual([{ collectionId: 's3' }]);
  });
});
