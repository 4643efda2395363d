/**
 * Tells every website cache in this process that a website changed, at once. Other processes
 * notice within WEBSITE_FRESH_MS through their own caches' version check (cache.ts).
 */
type Listener = (websiteId: string) => void;
const listeners = new Set<Listener>();

export function onWebsiteChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyWebsiteChanged(websiteId: string): void {
  for (const listener of listeners) listener(websiteId);
}
