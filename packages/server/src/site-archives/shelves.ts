import type { Readable } from 'node:stream';
import type { FileShelfName } from './archive-format';

/**
 * A port: where the files rows name are kept on this install (install-shelves.ts adapts the image, download and
 * lesson-video stores, each a prefixed view of the one storage port, for the server and for `npm run site`). Keys are the rows' own: an image's original
 * (`{imageId}/original.{ext}`), a download's or a video's storage_key.
 */
export interface ArchiveShelf {
  open(key: string): Promise<{ size: number; stream(): Readable } | undefined>;
  write(key: string, body: Readable): Promise<void>;
  remove(key: string): Promise<void>;
}

export interface ArchiveShelves {
  shelves: Record<FileShelfName, ArchiveShelf>;
  /** An image row's original's key (the images domain knows its file name from the content type). */
  imageOriginalKey(image: { id: string; content_type: string }): string;
}
