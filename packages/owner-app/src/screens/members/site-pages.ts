import type { PageSummaryJson, PageTreeJson } from '@vitrine/contracts';

/** The kinds of tree rows that are pages a visitor opens (folders, stores and external links are not). */
const GATEABLE_KINDS: ReadonlySet<string> = new Set(['page', 'splash', 'blog', 'events', 'gallery', 'course']);

/**
 * The site pages a member area may gate or a password may lock, in the tree's order (the main navigation, its
 * folders' pages, then the pages not linked); the home page is left out (a locked home page locks the site).
 */
export function sitePagesOf(tree: PageTreeJson | undefined): PageSummaryJson[] {
  if (!tree) return [];
  const rows = [...tree.navigation.flatMap((node) => [node, ...node.children]), ...tree.notLinked];
  return rows.filter((row) => GATEABLE_KINDS.has(row.kind) && !row.isHome);
}
