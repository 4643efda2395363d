import type { Readable } from 'node:stream';
import { assertObjectPrefix, type ListedObject, type ObjectStore, type PutOptions } from './object-store';

/**
 * One kind of file's part of a store: every key under `prefix` (`images/`, `downloads/`, `lesson-videos/`),
 * which on disk is the same folder of DATA_DIR the stores used before the port. A new kind of file (theme
 * uploads, site exports) takes its own: `prefixedStore(objects, 'themes/')`.
 */
export function prefixedStore(store: ObjectStore, prefix: string): ObjectStore {
  assertObjectPrefix(prefix);
  return {
    description: `${store.description}/${prefix}`,
    put: (key: string, body: Readable, options: PutOptions) => store.put(prefix + key, body, options),
    open: (key: string) => store.open(prefix + key),
    remove: (key: string) => store.remove(prefix + key),
    removePrefix: (inner: string) => store.removePrefix(prefix + inner),
    list: async function* (inner: string): AsyncIterable<ListedObject> {
      for await (const object of store.list(prefix + inner)) yield { key: object.key.slice(prefix.length), size: object.size };
    },
  };
}
