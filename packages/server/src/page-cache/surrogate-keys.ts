/**
 * The surrogate keys of a page (issue 35 item 1): what the page shows, so a CDN can purge every page that shows a
 * changed thing. Gathered from the page context the renderer was given (the ids of what it loaded), never from the URL.
 *
 * Key spelling: `w-{websiteId}` (every page of the website; purged on any change), `settings-{websiteId}`,
 * `design-{websiteId}`, `page-{id}` (a content page or blog), `collection-{id}`, `item-{id}` (a product, post,
 * event or gallery image) and `type-{template}`.
 */

/** Keys past this many are dropped (headers have limits; `w-{websiteId}` always covers the page). */
export const MAX_SURROGATE_KEYS = 120;

type Identified = { id?: unknown };
const idOf = (value: unknown): string | undefined => {
  const id = (value as Identified | null | undefined)?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
};

/** The keys of a rendered page, the website's first. */
export function surrogateKeysOf(websiteId: string, template: string, pageContext: unknown): string[] {
  const keys = [`w-${websiteId}`, `settings-${websiteId}`, `design-${websiteId}`, `type-${template}`];
  const shown = (pageContext ?? {}) as {
    contentPage?: unknown;
    collection?: unknown;
    item?: unknown;
    items?: unknown;
    relatedProducts?: unknown;
    blog?: unknown;
    posts?: unknown;
  };
  const add = (prefix: string, value: unknown) => {
    const id = idOf(value);
    if (id && /^[A-Za-z0-9_-]{1,64}$/.test(id)) keys.push(`${prefix}-${id}`);
  };
  add('page', shown.contentPage);
  add('page', shown.blog);
  add('collection', shown.collection);
  add('item', shown.item);
  for (const list of [shown.items, shown.relatedProducts, shown.posts]) {
    if (Array.isArray(list)) for (const entry of list) add('item', entry);
  }
  return [...new Set(keys)].slice(0, MAX_SURROGATE_KEYS);
}
