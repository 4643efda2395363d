import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageWidth } from '@vitrine/contracts';
import { IMAGE_FORMATS, type ImageFormat } from './formats';
import { modernCopy, pngCopy, renderBundled, resizeImage, squareIcon, type ModernFormat } from './processing';
import type { ImageRendition } from './renditions';
import { formatOfImage, type ImageRow } from './records';
import type { ImageStore, StoredImage } from './store';

/** A bundled picture's file name in its directory: no path can be named. */
const BUNDLED_SOURCE_PATTERN = /^[a-z0-9][a-z0-9-]*\.svg$/;

/**
 * The bytes of the website's pictures: originals and resized copies in the ImageStore, each made once.
 * Resized copies are made on the first request for a width and kept; a second request for the same
 * copy while the first is being made waits for it (in this process), and two processes making it at
 * once both write whole files under the same key, the last rename winning (the store's put is atomic).
 * Bundled pictures (the demo store's SVGs) get their original drawn the same way, on first request.
 */
export class ImageFiles {
  private readonly inProgress = new Map<string, Promise<StoredImage>>();

  constructor(
    readonly store: ImageStore,
    /** Where bundled pictures' sources are (the server's demo-assets/). */
    private readonly bundledDir?: string,
  ) {}

  static originalKey(id: string, format: ImageFormat): string {
    return `${id}/original.${IMAGE_FORMATS[format].extension}`;
  }

  static resizedKey(id: string, format: ImageFormat, width: ImageWidth): string {
    return `${id}/${width}w.${IMAGE_FORMATS[format].extension}`;
  }

  async putOriginal(id: string, format: ImageFormat, bytes: Uint8Array): Promise<void> {
    await this.store.put(ImageFiles.originalKey(id, format), bytes);
  }

  /** The original, drawn first if it is a bundled picture not drawn yet; undefined when its bytes are gone. */
  async original(image: ImageRow): Promise<StoredImage | undefined> {
    const key = ImageFiles.originalKey(image.id, formatOfImage(image));
    const stored = await this.store.get(key);
    if (stored || !image.bundled_source) return stored;
    return this.makeOnce(key, async () => {
      const source = image.bundled_source!;
      if (!this.bundledDir || !BUNDLED_SOURCE_PATTERN.test(source)) throw new Error(`no bundled picture ${source}`);
      const drawn = await renderBundled(await readFile(path.join(this.bundledDir, source)));
      return drawn.bytes;
    });
  }

  /** The copy `width` wide; the original itself when it is not wider (never enlarged). */
  async resized(image: ImageRow, width: ImageWidth): Promise<StoredImage | undefined> {
    if (width >= image.width) return this.original(image);
    const format = formatOfImage(image);
    const key = ImageFiles.resizedKey(image.id, format, width);
    const stored = await this.store.get(key);
    if (stored) return stored;
    const original = await this.original(image);
    if (!original) return undefined;
    return this.makeOnce(key, async () => resizeImage(await original.bytes(), format, width));
  }

  /**
   * A rendition of `?format=` (service.ts): the original, a width in its format, a PNG of a width (never wider
   * than the original; the original itself when it is a PNG at most that wide) or a square PNG icon (the
   * picture whole inside the square, the rest transparent). Each made once, like the widths.
   */
  async rendition(image: ImageRow, rendition: ImageRendition): Promise<StoredImage | undefined> {
    switch (rendition.kind) {
      case 'original':
        return this.original(image);
      case 'width':
        return this.resized(image, rendition.width);
      case 'png': {
        if (formatOfImage(image) === 'png' && rendition.width >= image.width) return this.original(image);
        return this.derived(image, `${image.id}/png${rendition.width}w.png`, (bytes) => pngCopy(bytes, rendition.width));
      }
      case 'icon':
        return this.derived(image, `${image.id}/icon${rendition.size}.png`, (bytes) => squareIcon(bytes, rendition.size));
    }
  }

  /** A WebP or AVIF copy of a width (never wider than the original), made on first request: `Accept` negotiation. */
  async modern(image: ImageRow, format: ModernFormat, width: number): Promise<StoredImage | undefined> {
    const shown = Math.min(width, image.width);
    return this.derived(image, `${image.id}/${shown}w.${format}`, (bytes) => modernCopy(bytes, format, shown));
  }

  /** The object at `key`, made from the original by `make` on first request. */
  private async derived(image: ImageRow, key: string, make: (original: Buffer) => Promise<Uint8Array>): Promise<StoredImage | undefined> {
    const stored = await this.store.get(key);
    if (stored) return stored;
    const original = await this.original(image);
    if (!original) return undefined;
    return this.makeOnce(key, async () => make(await original.bytes()));
  }

  async remove(imageId: string): Promise<void> {
    await this.store.removeImage(imageId);
  }

  /** Makes and stores the object at `key` once per process, however many requests ask at the same time. */
  private makeOnce(key: string, make: () => Promise<Uint8Array>): Promise<StoredImage> {
    const running = this.inProgress.get(key);
    if (running) return running;
    const made = (async () => {
      await this.store.put(key, await make());
      const stored = await this.store.get(key);
      if (!stored) throw new Error(`the image store lost ${key}`);
      return stored;
    })().finally(() => this.inProgress.delete(key));
    this.inProgress.set(key, made);
    return made;
  }
}
