import { describe, expect, it } from 'vitest';
import type { PageSummaryJson } from '@vitrine/contracts';
import { buildPageTree, linksPage, navigationItemsFor, withoutPage, withPageLinked } from './tree-rules';

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

  const page = (id: string, over: Partial<PageSummaryJson> = {}): PageSummaryJson => ({
    id, kind: 'page', title: id, navigationTitle: '', urlId: id, fullUrl: `/${id}`, status: 'published', publishAt: null, isHome: false, hasDraft: false, updatedAt: '', ...over,
  });
  const pages = new Map([page('home', { isHome: true, title: 'Home page' }), page('about')].map((each) => [each.id, each]));
  const navigation = [{ title: 'Home', externalLink: '/' }, { collectionId: 'about' }, { title: 'Cart', externalLink: '/cart' }];

  it('lists the home page where the navigation links it (a link to /), not under Not linked', () => {
    const tree = buildPageTree(navigation, pages, new Map());
    expect(tree.navigation.map((node) => [node.id, node.kind, node.navigationTitle, node.isHome])).toEqual([
      ['home', 'page', 'Home', true],
      ['about', 'page', '', false],
      ['link:2', 'link', 'Cart', false],
    ]);
    expect(tree.notLinked).toEqual([]);
    expect(tree.homePageId).toBe('home');
    // A link to the home page's own address counts too; a page linked by id is shown once, as itself.
    expect(buildPageTree([{ externalLink: '/home' }], pages, new Map()).navigation.map((node) => node.id)).toEqual(['home']);
    const byId = buildPageTree([{ collectionId: 'home' }, { title: 'Home', externalLink: '/' }], pages, new Map());
    expect(byId.navigation.map((node) => node.id)).toEqual(['home', 'link:1']);
  });

  it('a new order that moves the home page keeps its navigation item the link to / it was', () => {
    const order = navigationItemsFor({ navigation: [{ id: 'about' }, { id: 'home' }, { id: 'link:2' }] }, navigation, pages, new Map());
    expect(order).toEqual({ items: [{ collectionId: 'about' }, { title: 'Home', externalLink: '/' }, { title: 'Cart', externalLink: '/cart' }] });
    // Left out, it becomes not linked, as any page.
    const hidden = navigationItemsFor({ navigation: [{ id: 'about' }] }, navigation, pages, new Map());
    expect(hidden).toEqual({ items: [{ collectionId: 'about' }] });
    expect(buildPageTree((hidden as { items: typeof navigation }).items, pages, new Map()).notLinked.map((each) => each.id)).toEqual(['home']);
  });
});
