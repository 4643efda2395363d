/**
 * Tells this process's caches that a website's content changed (a publish, unpublish, delete, restore, a new home
 * page…), so the next request reads it fresh: the pages domain's content page cache and the site settings' header
 * (which lists only live pages) subscribe. Other processes see the change when their caches expire.
 */
type Listener = (websiteId: string) => void;
const listeners = new Set<Listener>();

export function onContentChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyContentChanged(websiteId: string): void {
  for (const listener of listeners) listener(websiteId);
}
