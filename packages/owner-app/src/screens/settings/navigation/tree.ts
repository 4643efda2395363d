import type { NavigationItemInput } from '@vitrine/contracts';

/**
 * A navigation being edited, as a tree of links (platform §3 "Navigation item"): each link goes to a store
 * (`collectionId`), to an address (`externalLink`), to a member area (`memberAreaId`: its first page), or nowhere
 * (a folder holding links). The operations are pure:
 * each answers a new tree, or the same tree when the move is not possible. Nesting is bounded by the API
 * (SITE_SETTINGS_LIMITS.navigationDepth: a link, its children, their children).
 */

export const NAVIGATION_DEPTH = 3;
export const NAVIGATION_ITEMS = 100;
export const URL_LENGTH = 2083;

export interface NavNode {
  /** Stable within the editing session (React keys, focus after a move). */
  key: string;
  title: string;
  collectionId?: string;
  externalLink?: string;
  memberAreaId?: string;
  children: NavNode[];
}

/** The layout's link shape (GetSiteLayout): children nest the same shape. */
export interface LayoutLinkLike {
  title: string;
  collectionId?: string;
  externalLink?: string;
  memberAreaId?: string;
  children: unknown[];
}

let counter = 0;
export function newKey(): string {
  counter += 1;
  return `nav-${counter}`;
}

export function fromLayout(links: readonly LayoutLinkLike[]): NavNode[] {
  return links.map((link) => {
    const node: NavNode = { key: newKey(), title: link.title, children: fromLayout((Array.isArray(link.children) ? link.children : []) as LayoutLinkLike[]) };
    if (link.collectionId !== undefined) node.collectionId = link.collectionId;
    else if (link.externalLink !== undefined) node.externalLink = link.externalLink;
    else if (link.memberAreaId !== undefined) node.memberAreaId = link.memberAreaId;
    return node;
  });
}

/** The items UpdateNavigation takes (titles trimmed; an empty title lets the server use the store's). */
export function toItems(nodes: readonly NavNode[]): NavigationItemInput[] {
  return nodes.map((node) => {
    const item: NavigationItemInput = {};
    const title = node.title.trim();
    if (title) item.title = title;
    if (node.collectionId !== undefined) item.collectionId = node.collectionId;
    else if (node.externalLink !== undefined) item.externalLink = node.externalLink;
    else if (node.memberAreaId !== undefined) item.memberAreaId = node.memberAreaId;
    if (node.children.length > 0) item.items = toItems(node.children);
    return item;
  });
}

/** Where a node sits: its sibling list's path of keys from the top, its index there. */
export interface Position {
  /** The keys of its ancestors, outermost first ([] at the top level). */
  parents: string[];
  index: number;
  siblings: readonly NavNode[];
  node: NavNode;
}

export function find(nodes: readonly NavNode[], key: string, parents: string[] = []): Position | undefined {
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!;
    if (node.key === key) return { parents, index, siblings: nodes, node };
    const inside = find(node.children, key, [...parents, node.key]);
    if (inside) return inside;
  }
  return undefined;
}

/** Levels a subtree takes: 1 for a link without children. */
export function heightOf(node: NavNode): number {
  return 1 + Math.max(0, ...node.children.map(heightOf));
}

export function countOf(nodes: readonly NavNode[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countOf(node.children), 0);
}

/** Answers the tree with the sibling list at `parents` replaced by `change(list)`. */
function withList(nodes: readonly NavNode[], parents: readonly string[], change: (list: NavNode[]) => NavNode[]): NavNode[] {
  if (parents.length === 0) return change([...nodes]);
  const [first, ...rest] = parents;
  return nodes.map((node) => (node.key === first ? { ...node, children: withList(node.children, rest, change) } : node));
}

export function canMove(nodes: readonly NavNode[], key: string, by: -1 | 1): boolean {
  const at = find(nodes, key);
  if (!at) return false;
  const target = at.index + by;
  return target >= 0 && target < at.siblings.length;
}

/** Swaps a link with its previous (-1) or next (1) sibling. */
export function move(nodes: readonly NavNode[], key: string, by: -1 | 1): NavNode[] {
  const at = find(nodes, key);
  if (!at || !canMove(nodes, key, by)) return nodes as NavNode[];
  return withList(nodes, at.parents, (list) => {
    const [node] = list.splice(at.index, 1);
    list.splice(at.index + by, 0, node!);
    return list;
  });
}

export function canIndent(nodes: readonly NavNode[], key: string): boolean {
  const at = find(nodes, key);
  if (!at || at.index === 0) return false;
  // It becomes a child of the link above: one level deeper, with everything beneath it.
  return at.parents.length + 1 + heightOf(at.node) <= NAVIGATION_DEPTH;
}

/** Makes a link the last child of the link above it (one level deeper). */
export function indent(nodes: readonly NavNode[], key: string): NavNode[] {
  const at = find(nodes, key);
  if (!at || !canIndent(nodes, key)) return nodes as NavNode[];
  return withList(nodes, at.parents, (list) => {
    const [node] = list.splice(at.index, 1);
    const above = list[at.index - 1]!;
    list[at.index - 1] = { ...above, children: [...above.children, node!] };
    return list;
  });
}

export function canOutdent(nodes: readonly NavNode[], key: string): boolean {
  const at = find(nodes, key);
  return !!at && at.parents.length > 0;
}

/** Takes a link out of its parent, placing it right after the parent (one level up). */
export function outdent(nodes: readonly NavNode[], key: string): NavNode[] {
  const at = find(nodes, key);
  if (!at || at.parents.length === 0) return nodes as NavNode[];
  const parentKey = at.parents.at(-1)!;
  const grandparents = at.parents.slice(0, -1);
  return withList(nodes, grandparents, (list) => {
    const parentIndex = list.findIndex((node) => node.key === parentKey);
    const parent = list[parentIndex]!;
    list[parentIndex] = { ...parent, children: parent.children.filter((child) => child.key !== key) };
    list.splice(parentIndex + 1, 0, at.node);
    return list;
  });
}

/** Removes a link and the links beneath it. */
export function remove(nodes: readonly NavNode[], key: string): NavNode[] {
  const at = find(nodes, key);
  if (!at) return nodes as NavNode[];
  return withList(nodes, at.parents, (list) => list.filter((node) => node.key !== key));
}

export function rename(nodes: readonly NavNode[], key: string, title: string): NavNode[] {
  const at = find(nodes, key);
  if (!at) return nodes as NavNode[];
  return withList(nodes, at.parents, (list) => list.map((node) => (node.key === key ? { ...node, title } : node)));
}

/** Adds a link at the end of the top level. */
export function add(nodes: readonly NavNode[], link: Omit<NavNode, 'key' | 'children'>): NavNode[] {
  return [...nodes, { ...link, key: newKey(), children: [] }];
}

/**
 * Drag and drop: moves a link to just before `targetKey` (in the target's list), or after it with `after`. Refused
 * (the same tree) onto itself or into its own subtree, or deeper than the API allows.
 */
export function moveNear(nodes: readonly NavNode[], key: string, targetKey: string, after = false): NavNode[] {
  if (key === targetKey) return nodes as NavNode[];
  const at = find(nodes, key);
  const target = find(nodes, targetKey);
  if (!at || !target || target.parents.includes(key)) return nodes as NavNode[];
  if (target.parents.length + heightOf(at.node) > NAVIGATION_DEPTH) return nodes as NavNode[];
  const without = remove(nodes, key);
  const place = find(without, targetKey)!;
  return withList(without, place.parents, (list) => {
    list.splice(place.index + (after ? 1 : 0), 0, at.node);
    return list;
  });
}

/** Every store the tree links to, with its title (what the add form offers again after a removal). */
export function storesOf(nodes: readonly NavNode[], into = new Map<string, string>()): Map<string, string> {
  for (const node of nodes) {
    if (node.collectionId !== undefined && !into.has(node.collectionId)) into.set(node.collectionId, node.title);
    storesOf(node.children, into);
  }
  return into;
}

/** Platform §5's URL validator for a typed link: http(s) with a host, mailto, or a path on this site. */
export function isValidLink(link: string): boolean {
  if (link.length === 0 || link.length > URL_LENGTH || /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//') && !link.startsWith('/\\');
  try {
    const url = new URL(link);
    if (url.protocol === 'mailto:') return url.pathname.length > 0;
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * The editor message for a typed link, or undefined when it is valid (platform §5): a bare host such as
 * 'example.com' is 'Links must be formatted as http://example.com or https://example.com'; anything else invalid is
 * '{val} is not a valid page URL'.
 */
export function linkMessage(link: string): string | undefined {
  const text = link.trim();
  if (isValidLink(text)) return undefined;
  if (/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(\/\S*)?$/.test(text)) return `Links must be formatted as http://${text} or https://${text}`;
  return `${text} is not a valid page URL`;
}
