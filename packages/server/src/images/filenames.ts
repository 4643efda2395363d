import type { ImageFormat } from './formats';
import { IMAGE_FORMATS } from './formats';

const MAX_STEM_LENGTH = 80;

/**
 * The name an image is served under (`/images/{id}/{filename}`): the uploaded file's base name lower-cased, with
 * every run of characters other than a–z, 0–9, `_` and `-` made one hyphen, cut to 80 characters,
 * and the extension of the type read from the bytes (a PNG sent as photo.jpg becomes photo.png).
 * 'image' when nothing is left. Safe in a URL path and an HTML attribute without escaping.
 */
export function servedFilename(uploadedName: string | undefined, format: ImageFormat): string {
  const baseName = (uploadedName ?? '').split(/[/\\]/).pop() ?? '';
  const withoutExtension = baseName.replace(/\.[^.]*$/, '');
  const stem = withoutExtension
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_STEM_LENGTH)
    .replace(/-+$/, '');
  return `${stem || 'image'}.${IMAGE_FORMATS[format].extension}`;
}
