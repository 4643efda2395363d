import { useQuery } from '@tanstack/react-query';
import type { OwnerStoreListJson, PageTreeJson } from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useCan } from '../../api/hooks';
import { DESIGN_TEXTS as T } from './design-texts';

/** A page the preview can show: home, the first store, its first product, the first blog's first post. */
export interface PreviewPage {
  key: 'home' | 'shop' | 'product' | 'post';
  label: string;
  path: string;
}

const STORES = callRoute('GET', '/api/owner/stores');
const TREE = callRoute('GET', '/api/owner/content/pages');

/** The first blog of the page tree, searched through folders. */
export function firstBlogPath(tree: PageTreeJson): string | null {
  const visit = (node: unknown): string | null => {
    if (!node || typeof node !== 'object') return null;
    const entry = node as { kind?: unknown; urlId?: unknown; pages?: unknown; children?: unknown };
    if (entry.kind === 'blog' && typeof entry.urlId === 'string') return `/${entry.urlId}`;
    for (const list of [entry.pages, entry.children]) {
      if (Array.isArray(list)) for (const child of list) {
        const found = visit(child);
        if (found) return found;
      }
    }
    return null;
  };
  for (const node of [...tree.navigation, ...tree.notLinked]) {
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

/** A collection's first item's address, from the storefront's own JSON of the collection page (`?format=json`). */
async function firstItemOf(collectionPath: string): Promise<string | null> {
  const answer = await fetch(`${collectionPath}?format=json`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!answer.ok) return null;
  const json = (await answer.json()) as { items?: Array<{ fullUrl?: unknown }> };
  const url = json.items?.[0]?.fullUrl;
  return typeof url === 'string' && url.startsWith('/') ? url : null;
}

/** The pages to pick from; the home page always, the others once found (a site without a blog has no post). */
export function usePreviewPages(): PreviewPage[] {
  const client = useOwnerClient();
  const mayReadCatalog = useCan('catalog:read');
  const mayReadContent = useCan('content:read');
  const found = useQuery({
    queryKey: ['site-styles', 'preview-pages', mayReadCatalog, mayReadContent],
    staleTime: Infinity,
    retry: false,
    queryFn: async () => {
      const pages: PreviewPage[] = [];
      const shop = mayReadCatalog ? ((await client.call(STORES).catch(() => null)) as OwnerStoreListJson | null)?.stores[0]?.fullUrl ?? null : null;
      if (shop) {
        pages.push({ key: 'shop', label: T.previewPages.shop!, path: shop });
        const product = await firstItemOf(shop).catch(() => null);
        if (product) pages.push({ key: 'product', label: T.previewPages.product!, path: product });
      }
      const tree = mayReadContent ? ((await client.call(TREE).catch(() => null)) as PageTreeJson | null) : null;
      const blog = tree ? firstBlogPath(tree) : null;
      const post = blog ? await firstItemOf(blog).catch(() => null) : null;
      if (post) pages.push({ key: 'post', label: T.previewPages.post!, path: post });
      return pages;
    },
  });
  return [{ key: 'home', label: T.previewPages.home!, path: '/' }, ...(found.data ?? [])];
}
