import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ImageFiles } from './files';
import type { ModernFormat } from './processing';
import { listBundledImageRows, type ImageRow } from './records';

/**
 * Which AVIF and WebP copies exist before anyone asks (issue 36). The theme asks for seven widths (platform §9:
 * 100 … 2500) and the browser picks one by its screen; two of them carry nearly every view: 500w (the store grid's
 * and the related products' cards at 1×, and a phone's card at 2–3×) and 750w (a product page's picture at 1×, and
 * the product block). Those are made at upload, in both formats, before the upload answers, so the first shopper
 * already gets a ready AVIF; the other widths are made on their first request (files.ts `modern`, once per process,
 * kept in the store) — rarer, and a copy nobody asks for is never made. On this 2-core machine the four copies of a
 * 1600×1200 picture take about 0.4 s (AVIF effort 3), added to the upload's own re-encode (bench/images).
 */
export const WIDTHS_MADE_AT_UPLOAD = [500, 750] as const;
export const MODERN_FORMATS: readonly ModernFormat[] = ['avif', 'webp'];

/** Only still JPEG and PNG pictures are served as AVIF or WebP (service.ts `serveImage`). */
export function takesModernCopies(image: Pick<ImageRow, 'content_type'>): boolean {
  return image.content_type === 'image/jpeg' || image.content_type === 'image/png';
}

/**
 * Makes the AVIF and WebP copies of WIDTHS_MADE_AT_UPLOAD (each never wider than the original, so a small picture
 * has fewer), skipping those already stored. Answers how many it made or found.
 */
export async function makeCommonModernCopies(files: ImageFiles, image: ImageRow): Promise<number> {
  if (!takesModernCopies(image)) return 0;
  const widths = [...new Set(WIDTHS_MADE_AT_UPLOAD.map((width) => Math.min(width, image.width)))];
  let made = 0;
  for (const width of widths) {
    for (const format of MODERN_FORMATS) if (await files.modern(image, format, width)) made += 1;
  }
  return made;
}

/**
 * The copy job run once right after the demo is seeded (main.ts, in the process that seeded it, after it listens):
 * each demo picture's PNG original drawn from its SVG, then its common AVIF and WebP copies. Seeding itself keeps
 * writing rows only, so the first start opens as fast as before (the seed's cost: README, Images); the job runs
 * behind it, one picture at a time, and a page viewed meanwhile simply makes the copy it needs first (made once,
 * whichever comes first). Idempotent: a second run finds every copy and makes none.
 */
export async function prepareBundledImageCopies(db: Kysely<Database>, files: ImageFiles, websiteId: string): Promise<{ images: number; copies: number }> {
  const rows = await listBundledImageRows(db, websiteId);
  let copies = 0;
  for (const image of rows) {
    await files.original(image);
    copies += await makeCommonModernCopies(files, image);
  }
  return { images: rows.length, copies };
}
