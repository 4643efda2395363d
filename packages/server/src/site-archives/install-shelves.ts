import { buffer } from 'node:stream/consumers';
import { ObjectLessonVideoStore, type LessonVideoStore } from '../courses';
import { ObjectDownloadStore, type DownloadFileStore } from '../downloads';
import { formatOfImage, ImageFiles, ObjectImageStore, type ImageStore } from '../images';
import { prefixedStore, type ObjectStore } from '../storage';
import type { ArchiveShelves } from './shelves';

/**
 * The shelves of an install (shelves.ts) over its image, download and lesson-video stores: the server's (app.ts
 * hands in the stores it serves from) and `npm run site`'s (which makes them from the storage port, as main.ts
 * does) are the same adapter, so an archive written by one is read by the other.
 */
export function archiveShelvesOf(stores: { images: ImageStore; downloads: DownloadFileStore; lessonVideos: LessonVideoStore }): ArchiveShelves {
  const { images, downloads, lessonVideos } = stores;
  return {
    shelves: {
      images: {
        open: (key) => images.get(key),
        // A picture store takes whole files (it writes its variants from them); originals are at most 20 MB.
        write: async (key, body) => images.put(key, await buffer(body)),
        remove: (key) => images.removeImage(key.split('/')[0]!),
      },
      downloads: { open: (key) => downloads.open(key), write: async (key, body) => void (await downloads.write(key, body, Number.POSITIVE_INFINITY)), remove: (key) => downloads.remove(key) },
      'lesson-videos': { open: (key) => lessonVideos.open(key), write: async (key, body) => void (await lessonVideos.write(key, body, Number.POSITIVE_INFINITY)), remove: (key) => lessonVideos.remove(key) },
    },
    imageOriginalKey: (image) => ImageFiles.originalKey(image.id, formatOfImage(image)),
  };
}

/** The stores main.ts makes on the one storage port (STORAGE_URL's bucket or DATA_DIR's disk), under the same prefixes. */
export function installStoresOf(objects: ObjectStore) {
  return {
    images: new ObjectImageStore(prefixedStore(objects, 'images/')),
    downloads: new ObjectDownloadStore(prefixedStore(objects, 'downloads/')),
    lessonVideos: new ObjectLessonVideoStore(prefixedStore(objects, 'lesson-videos/')),
  };
}
