/**
 * The picture types an owner may upload, told apart by their first bytes (never by a filename or a
 * Content-Type, which the client chooses). Pure: no sharp here; the upload then lets sharp read the
 * metadata, which must agree.
 */

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

export const IMAGE_FORMATS: Record<ImageFormat, { contentType: string; extension: string }> = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  gif: { contentType: 'image/gif', extension: 'gif' },
  avif: { contentType: 'image/avif', extension: 'avif' },
};

export function formatOfContentType(contentType: string): ImageFormat | undefined {
  return (Object.keys(IMAGE_FORMATS) as ImageFormat[]).find((format) => IMAGE_FORMATS[format].contentType === contentType);
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type from the file's magic bytes, or undefined when it is none of ours. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (isAvif(bytes)) return 'avif';
  return undefined;
}

/**
 * AVIF is an ISO media file whose first box is `ftyp` naming the `avif` (still) or `avis` (sequence)
 * brand, as the major brand or among the compatible ones. HEIC shares the container: it names `heic`.
 */
function isAvif(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii('ftyp'), 4)) return false;
  const boxSize = ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;
  const end = Math.min(boxSize, bytes.length, 256);
  const brands = ['avif', 'avis'].map(ascii);
  // The major brand at 8, the minor version at 12, then compatible brands from 16, four bytes each.
  for (let at = 8; at + 4 <= end; at += at === 8 ? 8 : 4) {
    if (brands.some((brand) => startsWith(bytes, brand, at))) return true;
  }
  return false;
}

/** What sharp calls each of our formats (AVIF is read by its HEIF loader, with AV1 compression). */
export function sharpAgrees(format: ImageFormat, metadata: { format?: string; compression?: string }): boolean {
  if (format === 'avif') return metadata.format === 'heif' && metadata.compression === 'av1';
  return metadata.format === format;
}
