import sharp, { type Metadata, type Sharp } from 'sharp';
import { IMAGE_LIMITS, type ColorData } from '@vitrine/contracts';
import { regionColors } from './color-data';
import { sharpAgrees, sniffImageFormat, type ImageFormat } from './formats';

/**
 * What sharp does to pictures: an upload checked and re-encoded (metadata gone, orientation applied),
 * the colour data, and a resized copy. Everything else about images is in the other modules.
 */

export type ImageRefusal = 'not-an-image' | 'unreadable' | 'too-many-pixels';

export class ImageRefused extends Error {
  constructor(readonly reason: ImageRefusal) {
    super(reason);
    this.name = 'ImageRefused';
  }
}

export interface PreparedImage {
  format: ImageFormat;
  bytes: Buffer;
  width: number;
  height: number;
  colorData: ColorData;
}

/** Encoder settings per format: visually lossless for photos, and never any metadata (sharp's default). */
function encode(pipeline: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 88, mozjpeg: true });
    case 'png':
      return pipeline.png({ compressionLevel: 8, adaptiveFiltering: true });
    case 'webp':
      return pipeline.webp({ quality: 88 });
    case 'gif':
      return pipeline.gif();
    case 'avif':
      return pipeline.avif({ quality: 60, effort: 2 });
  }
}

const readOptions = (animated: boolean) => ({ limitInputPixels: IMAGE_LIMITS.pixels, animated, failOn: 'error' as const });

/**
 * Checks an upload and makes the original the server keeps. The type comes from the magic bytes and
 * sharp must read the same type; past 50 megapixels it is refused before any pixel is decoded (sharp's
 * limitInputPixels stays on as a second guard). The re-encode drops EXIF, GPS, XMP and ICC data (sharp
 * keeps none unless asked) after `.rotate()` has turned the pixels the way EXIF said to show them.
 * GIF and WebP animations keep their frames.
 */
export async function prepareUpload(input: Buffer): Promise<PreparedImage> {
  const format = sniffImageFormat(input);
  if (!format) throw new ImageRefused('not-an-image');
  let metadata: Metadata;
  try {
    // Only the header is read here, so the pixel limit is ours to check below, with our message.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused('unreadable');
  }
  if (!sharpAgrees(format, metadata)) throw new ImageRefused('not-an-image');
  const pages = metadata.pages ?? 1;
  const width = metadata.width ?? 0;
  const pageHeight = metadata.pageHeight ?? metadata.height ?? 0;
  if (width * pageHeight * pages > IMAGE_LIMITS.pixels) throw new ImageRefused('too-many-pixels');
  const animated = pages > 1 && (format === 'gif' || format === 'webp');
  try {
    const pipeline = sharp(input, readOptions(animated));
    // Auto-orientation applies to still pictures; animations carry no EXIF orientation to speak of.
    const { data, info } = await encode(animated ? pipeline : pipeline.rotate(), format).toBuffer({ resolveWithObject: true });
    const height = animated ? (info.pageHeight ?? pageHeight) : info.height;
    return { format, bytes: data, width: info.width, height, colorData: await colorDataOf(data) };
  } catch {
    throw new ImageRefused('unreadable');
  }
}

/**
 * Renders a picture shipped with the server (the demo store's SVGs) as a PNG original. sharp draws
 * SVG at its own size (the demo files are 1000×1000).
 */
export async function renderBundled(source: Buffer): Promise<PreparedImage> {
  const { data, info } = await sharp(source).png({ compressionLevel: 8 }).toBuffer({ resolveWithObject: true });
  return { format: 'png', bytes: data, width: info.width, height: info.height, colorData: await colorDataOf(data) };
}

/** The size and colours of a bundled picture, without drawing it whole (what seeding needs, fast). */
export async function describeBundled(source: Buffer): Promise<{ width: number; height: number; colorData: ColorData }> {
  const metadata = await sharp(source).metadata();
  return { width: metadata.width ?? 0, height: metadata.height ?? 0, colorData: await colorDataOf(source, { density: 8 }) };
}

/** Colour data from a 32×32 copy (transparent parts seen on white, as a page shows them). */
async function colorDataOf(bytes: Buffer, options: { density?: number } = {}): Promise<ColorData> {
  const { data, info } = await sharp(bytes, { limitInputPixels: IMAGE_LIMITS.pixels, ...options })
    .resize(32, 32, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return regionColors(data, info.width, info.height, info.channels);
}

/** A copy `width` pixels wide (never wider than the original), in the original's format. */
export async function resizeImage(original: Buffer, format: ImageFormat, width: number): Promise<Buffer> {
  const metadata = await sharp(original).metadata();
  const animated = (metadata.pages ?? 1) > 1 && (format === 'gif' || format === 'webp');
  const pipeline = sharp(original, { limitInputPixels: IMAGE_LIMITS.pixels, animated }).resize({ width, withoutEnlargement: true });
  return encode(pipeline, format).toBuffer();
}

/**
 * Quality per modern format (issue 36): WebP 80 and AVIF 55 look alike to the eye on photographs and product shots
 * at these widths while AVIF is the smaller; AVIF's effort is kept low (3 of 9) because copies are made on a
 * shopper's first request. Chosen by eye on the demo's pictures, documented in the README's Images section.
 */
export const MODERN_QUALITY = { webp: { quality: 80 }, avif: { quality: 55, effort: 3 } } as const;
export type ModernFormat = keyof typeof MODERN_QUALITY;

/** A WebP or AVIF copy `width` pixels wide at most (still pictures only: the caller never asks for an animation). */
export async function modernCopy(original: Buffer, format: ModernFormat, width: number): Promise<Buffer> {
  const pipeline = sharp(original, { limitInputPixels: IMAGE_LIMITS.pixels }).resize({ width, withoutEnlargement: true });
  return (format === 'webp' ? pipeline.webp(MODERN_QUALITY.webp) : pipeline.avif(MODERN_QUALITY.avif)).toBuffer();
}

/** A PNG copy `width` pixels wide at most (the first frame of an animation), for mail clients that read no WebP or AVIF. */
export async function pngCopy(original: Buffer, width: number): Promise<Buffer> {
  return sharp(original, { limitInputPixels: IMAGE_LIMITS.pixels }).resize({ width, withoutEnlargement: true }).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
}

/**
 * A square PNG icon `size` pixels a side (the favicon, the home-screen icon): the whole picture inside the
 * square, centred, the rest transparent, so a nearly square logo is never cut. Enlarged when smaller: an icon
 * must be the size its link says.
 */
export async function squareIcon(original: Buffer, size: number): Promise<Buffer> {
  return sharp(original, { limitInputPixels: IMAGE_LIMITS.pixels })
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();
}
