import { describe, expect, it } from 'vitest';
import type { NavigationNode, PageSummary } from './content-types';
import { canMoveInTree, dropOn, foldersFor, hideFromNavigation, moveInTree, moveIntoFolder, moveOutOfFolder, navigationBody, showInNavigation, type TreeState } from './tree-moves';

const page = (id: string, kind: PageSummary['kind'] = 'page'): PageSummary => ({ id, kind, title: id, navigationTitle: '', urlId: id, fullUrl: `/${id}`, status: 'published', publishAt: null, isHome: false, hasDraft: false, updatedAt: '2026-11-24T00:00:00.000Z' });
const node = (id: string, kind: PageSummary['kind'] = 'page', children: NavigationNode[] = []): NavigationNode => ({ ...page(id, kind), children });
const tree = (): TreeState => ({ navigation: [node('home'), node('more', 'folder', [node('about'), node('team')]), node('shop', 'store'), node('link:3', 'link')], notLinked: [page('draft')] });
const shape = (state: TreeState) => ({ navigation: state.navigation.map((each) => (each.children.length ? `${each.id}[${each.children.map((child) => child.id).join(',')}]` : each.id)), notLinked: state.notLinked.map((each) => each.id) });

describe('page tree moves', () => {
  it('moves among siblings, at the top level and inside a folder, not past the ends', () => {
    expect(shape(moveInTree(tree(), 'shop', -1)).navigation).toEqual(['home', 'shop', 'more[about,team]', 'link:3']);
    expect(shape(moveInTree(tree(), 'about', 1)).navigation).toEqual(['home', 'more[team,about]', 'shop', 'link:3']);
    expect(canMoveInTree(tree(), 'home', -1)).toBe(false);
    expect(canMoveInTree(tree(), 'team', 1)).toBe(false);
    expect(canMoveInTree(tree(), 'draft', -1)).toBe(false);
    expect(moveInTree(tree(), 'home', -1)).toEqual(tree());
  });

  it('nests a page in a folder and takes it out to just after the folder; a folder never nests', () => {
    expect(shape(moveIntoFolder(tree(), 'shop', 'more')).navigation).toEqual(['home', 'more[about,team,shop]', 'link:3']);
    expect(shape(moveOutOfFolder(tree(), 'about')).navigation).toEqual(['home', 'more[team]', 'about', 'shop', 'link:3']);
    expect(foldersFor(tree(), 'home').map((each) => each.id)).toEqual(['more']);
    expect(foldersFor(tree(), 'about')).toEqual([]);
    expect(foldersFor(tree(), 'more')).toEqual([]);
    const withTwoFolders: TreeState = { ...tree(), navigation: [...tree().navigation, node('other', 'folder')] };
    expect(shape(moveIntoFolder(withTwoFolders, 'more', 'other')).navigation).toEqual(shape(withTwoFolders).navigation);
  });

  it('hides from the navigation (a folder takes its pages with it) and shows at the end', () => {
    expect(shape(hideFromNavigation(tree(), 'home'))).toEqual({ navigation: ['more[about,team]', 'shop', 'link:3'], notLinked: ['draft', 'home'] });
    expect(shape(hideFromNavigation(tree(), 'more'))).toEqual({ navigation: ['home', 'shop', 'link:3'], notLinked: ['draft', 'more', 'about', 'team'] });
    expect(shape(showInNavigation(tree(), 'draft'))).toEqual({ navigation: ['home', 'more[about,team]', 'shop', 'link:3', 'draft'], notLinked: [] });
  });

  it('drops a dragged row in the place of the row under it, in that row’s level', () => {
    expect(shape(dropOn(tree(), 'home', 'shop')).navigation).toEqual(['more[about,team]', 'shop', 'home', 'link:3']);
    expect(shape(dropOn(tree(), 'link:3', 'home')).navigation).toEqual(['link:3', 'home', 'more[about,team]', 'shop']);
    expect(shape(dropOn(tree(), 'home', 'team')).navigation).toEqual(['more[about,home,team]', 'shop', 'link:3']);
    expect(shape(dropOn(tree(), 'about', 'draft'))).toEqual({ navigation: ['home', 'more[team]', 'shop', 'link:3'], notLinked: ['about', 'draft'] });
  });

  it('sends ids in order with children under folders only', () => {
    expect(navigationBody(tree())).toEqual({ navigation: [{ id: 'home' }, { id: 'more', children: [{ id: 'about' }, { id: 'team' }] }, { id: 'shop' }, { id: 'link:3' }] });
  });
});
