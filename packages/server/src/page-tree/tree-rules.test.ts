import { describe, expect, it } from 'vitest';
import { linksPage, withoutPage, withPageLinked } from './tree-rules';

describe('tree rules', () => {
  const items = [{ title: 'Home', externalLink: '/' }, { collectionId: 'folder', items: [{ collectionId: 'a' }, { collectionId: 'b' }] }, { title: 'Cart', externalLink: '/cart' }];

  it('links a page before a closing Cart link, at the end otherwise, or at the end of its folder', () => {
    expect(withPageLinked(items, 'new')).toEqual([items[0], items[1], { collectionId: 'new' }, items[2]]);
    expect(withPageLinked(items.slice(0, 2), 'new')).toEqual([items[0], items[1], { collectionId: 'new' }]);
    expect(withPageLinked(items, 'new', 'folder')[1]).toEqual({ collectionId: 'folder', items: [{ collectionId: 'a' }, { collectionId: 'b' }, { collectionId: 'new' }] });
    // A folder not linked yet is linked with the page inside.
    expect(withPageLinked([], 'new', 'other-folder')).toEqual([{ collectionId: 'other-folder', items: [{ collectionId: 'new' }] }]);
  });

  it('unlinks a page anywhere; a folder\'s pages take its place', () => {
    expect(withoutPage(items, 'a')).toEqual([items[0], { collectionId: 'folder', items: [{ collectionId: 'b' }] }, items[2]]);
    expect(withoutPage(items, 'folder')).toEqual([items[0], { collectionId: 'a' }, { collectionId: 'b' }, items[2]]);
    expect(linksPage(items, 'b')).toBe(true);
    expect(linksPage(withoutPage(items, 'b'), 'b')).toBe(false);
  });
});
