import type { NavigationNode, PageSummary, PageTree } from './content-types';

/**
 * The page tree's moves, pure: the main navigation (folders nest one level) and the pages not linked. Each
 * returns a new tree; `navigationBody` is what PUT /api/owner/content/navigation sends.
 */
export interface TreeState {
  navigation: NavigationNode[];
  notLinked: PageSummary[];
}

export interface TreePlace {
  /** null: top level of the navigation; a folder id: inside it; 'not-linked': hidden from the navigation. */
  parent: string | null | 'not-linked';
  index: number;
}

export const treeStateOf = (tree: PageTree): TreeState => ({ navigation: tree.navigation, notLinked: tree.notLinked });

export function placeInTree(tree: TreeState, id: string): TreePlace | null {
  const top = tree.navigation.findIndex((node) => node.id === id);
  if (top >= 0) return { parent: null, index: top };
  for (const node of tree.navigation) {
    const inner = node.children.findIndex((child) => child.id === id);
    if (inner >= 0) return { parent: node.id, index: inner };
  }
  const hidden = tree.notLinked.findIndex((page) => page.id === id);
  return hidden >= 0 ? { parent: 'not-linked', index: hidden } : null;
}

function findNode(tree: TreeState, id: string): NavigationNode | null {
  for (const node of tree.navigation) {
    if (node.id === id) return node;
    const child = node.children.find((each) => each.id === id);
    if (child) return child;
  }
  const page = tree.notLinked.find((each) => each.id === id);
  return page ? { ...page, children: [] } : null;
}

function without(tree: TreeState, id: string): TreeState {
  return {
    navigation: tree.navigation.filter((node) => node.id !== id).map((node) => ({ ...node, children: node.children.filter((child) => child.id !== id) })),
    notLinked: tree.notLinked.filter((page) => page.id !== id),
  };
}

/** Puts `id` at a place (removed from where it was first). A folder never goes inside a folder. */
export function moveTo(tree: TreeState, id: string, place: TreePlace): TreeState {
  const node = findNode(tree, id);
  if (!node) return tree;
  if (place.parent !== null && place.parent !== 'not-linked' && node.kind === 'folder') return tree;
  const rest = without(tree, id);
  if (place.parent === 'not-linked') {
    const { children: _children, ...page } = node;
    const notLinked = [...rest.notLinked];
    notLinked.splice(Math.min(place.index, notLinked.length), 0, page);
    // A hidden folder's pages are hidden with it.
    return { navigation: rest.navigation, notLinked: [...notLinked, ...node.children.map(({ children: _c, ...child }) => child)] };
  }
  if (place.parent === null) {
    const navigation = [...rest.navigation];
    navigation.splice(Math.min(place.index, navigation.length), 0, node);
    return { ...rest, navigation };
  }
  const folderId = place.parent;
  return {
    ...rest,
    navigation: rest.navigation.map((folder) => {
      if (folder.id !== folderId) return folder;
      const children = [...folder.children];
      children.splice(Math.min(place.index, children.length), 0, { ...node, children: [] });
      return { ...folder, children };
    }),
  };
}

function siblingsAt(tree: TreeState, parent: TreePlace['parent']): { id: string }[] {
  if (parent === 'not-linked') return tree.notLinked;
  if (parent === null) return tree.navigation;
  return tree.navigation.find((node) => node.id === parent)?.children ?? [];
}

/** One place up or down among its siblings; false when it is already at that end. */
export function canMoveInTree(tree: TreeState, id: string, direction: -1 | 1): boolean {
  const place = placeInTree(tree, id);
  if (!place || place.parent === 'not-linked') return false;
  const target = place.index + direction;
  return target >= 0 && target < siblingsAt(tree, place.parent).length;
}

export function moveInTree(tree: TreeState, id: string, direction: -1 | 1): TreeState {
  const place = placeInTree(tree, id);
  if (!place || !canMoveInTree(tree, id, direction)) return tree;
  return moveTo(tree, id, { parent: place.parent, index: place.index + direction });
}

export const hideFromNavigation = (tree: TreeState, id: string) => moveTo(tree, id, { parent: 'not-linked', index: tree.notLinked.length });
export const showInNavigation = (tree: TreeState, id: string) => moveTo(tree, id, { parent: null, index: tree.navigation.length });

/** The folders a node may move into (not itself, not when it is a folder, not the one it is in). */
export function foldersFor(tree: TreeState, id: string): NavigationNode[] {
  const node = findNode(tree, id);
  if (!node || node.kind === 'folder') return [];
  const place = placeInTree(tree, id);
  return tree.navigation.filter((folder) => folder.kind === 'folder' && folder.id !== place?.parent);
}

export const moveIntoFolder = (tree: TreeState, id: string, folderId: string) =>
  moveTo(tree, id, { parent: folderId, index: siblingsAt(tree, folderId).length });

/** Out of its folder, to just after the folder at the top level. */
export function moveOutOfFolder(tree: TreeState, id: string): TreeState {
  const place = placeInTree(tree, id);
  if (!place || place.parent === null || place.parent === 'not-linked') return tree;
  const folderIndex = tree.navigation.findIndex((node) => node.id === place.parent);
  return moveTo(tree, id, { parent: null, index: folderIndex + 1 });
}

/** A drag's drop on `overId`: takes its place (in its level; into a folder's children when over a child). */
export function dropOn(tree: TreeState, id: string, overId: string): TreeState {
  if (id === overId) return tree;
  const from = placeInTree(tree, id);
  const over = placeInTree(tree, overId);
  if (!from || !over) return tree;
  // Removing it first shifts a later sibling up by one, so its index puts the node after it when moving down.
  return moveTo(tree, id, { parent: over.parent, index: over.index });
}

/** The body of PUT …/navigation: ids in order, children under folders. */
export function navigationBody(tree: TreeState): { navigation: Array<{ id: string; children?: Array<{ id: string }> }> } {
  return {
    navigation: tree.navigation.map((node) => (node.kind === 'folder' ? { id: node.id, children: node.children.map((child) => ({ id: child.id })) } : { id: node.id })),
  };
}
