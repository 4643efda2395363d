import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { describeBundled } from './processing';
import { imageAssetUrl, insertImage } from './records';

/**
 * Pictures shipped with the server (the demo store's SVGs): recorded like uploads, served from the
 * same URLs, and drawn as PNG originals into the image store on first request (files.ts). Seeding
 * thus writes rows only: a database cloned from a cached template needs no files beside it, and a
 * seed costs one small rasterisation per picture for its colour data (about 1 ms each).
 */

export interface BundledPicture {
  id: string;
  /** The SVG's file name in `sourceDir`. */
  source: string;
  altText?: string;
  title?: string;
  body?: string;
}

/** The served name of a bundled picture: its source's name as a PNG (`linen-shirt-white.png`). */
export function bundledImageFilename(source: string): string {
  return source.replace(/\.svg$/, '.png');
}

/** The asset URL a bundled picture is served at (known before it is recorded, for the product's copy). */
export function bundledImageAssetUrl(picture: Pick<BundledPicture, 'id' | 'source'>): string {
  return imageAssetUrl(picture.id, bundledImageFilename(picture.source));
}

/** Records the pictures for the website (in the caller's transaction); each source is read once, now. */
export async function addBundledImages(db: Kysely<Database>, websiteId: string, sourceDir: string, pictures: BundledPicture[]): Promise<void> {
  for (const picture of pictures) {
    const { width, height, colorData } = await describeBundled(await readFile(path.join(sourceDir, picture.source)));
    await insertImage(db, {
      id: picture.id,
      websiteId,
      filename: bundledImageFilename(picture.source),
      format: 'png',
      width,
      height,
      colorData,
      altText: picture.altText,
      title: picture.title,
      body: picture.body,
      bundledSource: picture.source,
    });
  }
}
