import type { Readable } from 'node:stream';
import type { ListedObject, ObjectStore, PutOptions } from './object-store';

/**
 * The store while files move (`npm run storage -- migrate`): writes go to the new store, reads try it first and
 * fall back to the old one for what is not copied yet, removals reach both (a copy made before the removal must
 * not come back). Listing is the union, the new store's copy first. Once the migration reports every file copied,
 * STORAGE_FALLBACK_URL can go.
 */
export class FallbackObjectStore implements ObjectStore {
  readonly description: string;

  constructor(readonly primary: ObjectStore, readonly previous: ObjectStore) {
    this.description = `${primary.description} (reading ${previous.description} for what is not there yet)`;
  }

  put(key: string, body: Readable, options: PutOptions) {
    return this.primary.put(key, body, options);
  }

  async open(key: string) {
    return (await this.primary.open(key)) ?? (await this.previous.open(key));
  }

  // The old store first, then the new: the migration checks that an object is still in the old store after its copy
  // landed (migrate.ts). Either that check sees it gone and takes the copy back, or it saw it there, so this removal
  // from the new store comes after the copy and removes it. The other order would let a copy land between the two.
  async remove(key: string) {
    await this.previous.remove(key);
    await this.primary.remove(key);
  }

  async removePrefix(prefix: string) {
    await this.previous.removePrefix(prefix);
    await this.primary.removePrefix(prefix);
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    const seen = new Set<string>();
    for await (const object of this.primary.list(prefix)) {
      seen.add(object.key);
      yield object;
    }
    for await (const object of this.previous.list(prefix)) if (!seen.has(object.key)) yield object;
  }
}
