import { isBlank, truncate } from './text';

/** platform.md §9 / storefront.md §9: the responsive widths images are served at. */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export type ImageWidthName = `${ImageWidth}w`;

/**
 * storefront.md §9: above 1000 → '1500w', above 750 → '1000w', above 500 → '750w',
 * above 300 → '500w', above 100 → '300w', otherwise '100w'. (The rule never picks
 * 2500w; that width only appears in source sets.)
 */
export function chooseImageWidth(displayWidth: number): ImageWidthName {
  if (displayWidth > 1000) return '1500w';
  if (displayWidth > 750) return '1000w';
  if (displayWidth > 500) return '750w';
  if (displayWidth > 300) return '500w';
  if (displayWidth > 100) return '300w';
  return '100w';
}

/** An asset URL at a width, as the image CDN takes it: '…/photo.jpg?format=500w'. */
export function imageUrlAtWidth(assetUrl: string, width: ImageWidth | ImageWidthName): string {
  const name = typeof width === 'number' ? `${width}w` : width;
  const separator = assetUrl.includes('?') ? '&' : '?';
  return `${assetUrl}${separator}format=${name}`;
}

/** 'url?format=100w 100w, url?format=300w 300w, …' over every responsive width. */
export function imageSrcSet(assetUrl: string): string {
  return IMAGE_WIDTHS.map((width) => `${imageUrlAtWidth(assetUrl, width)} ${width}w`).join(', ');
}

/** storefront.md §9: body text used as alt text is cut to 250 characters. */
export const MAX_ALT_TEXT_LENGTH = 250;
/** storefront.md §9: focal point when an image has none. */
export const DEFAULT_FOCAL_POINT = { x: 0.5, y: 0.5 } as const;

export interface ImageTextFields {
  altText?: string | null;
  title?: string | null;
  /** May be HTML (an image's description); tags are dropped for alt text. */
  body?: string | null;
  /** The stored file's name: never alt text itself, only used to tell texts that merely repeat it. */
  filename?: string | null;
}

/** Picture files' extensions: a one-word text ending in one is a file name, not a description. */
const FILE_NAME = /^[^\s/\\]+\.(?:avif|bmp|gif|heic|heif|jfif|jpe?g|png|svg|tiff?|webp)$/i;

/**
 * Whether a text is a file name rather than words about the picture: the picture's own file name (any
 * case), or any single word ending in a picture extension ("IMG_1234.JPG", "mug.png"). Older uploads and
 * imports kept the file name as alt text; screen readers would read it out.
 */
export function isFileNameText(text: string, filename?: string | null): boolean {
  const trimmed = text.trim();
  if (filename && trimmed.toLowerCase() === filename.trim().toLowerCase()) return true;
  return FILE_NAME.test(trimmed);
}

const usable = (text: string | null | undefined, filename: string | null | undefined): text is string =>
  !isBlank(text) && !isFileNameText(text!, filename);

/**
 * storefront.md §9, without its last step: alt text, else the title, else the body's text cut to 250
 * characters, else `fallback` (a product picture's product name), else ''. Never a file name (issue 31):
 * a text that is one is skipped like an empty one.
 */
export function imageAltText(fields: ImageTextFields, fallback?: string | null): string {
  if (usable(fields.altText, fields.filename)) return fields.altText.trim();
  if (usable(fields.title, fields.filename)) return fields.title.trim();
  const bodyText = (fields.body ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  if (!isBlank(bodyText)) return truncate(bodyText, MAX_ALT_TEXT_LENGTH, '');
  if (usable(fallback, fields.filename)) return fallback.trim();
  return '';
}

/** platform.md §8: the image helper needs the original size. */
export const MISSING_ORIGINAL_SIZE_MESSAGE = "Invalid source parameter. Pass in 'originalSize'";

/** Reads 'WxH' (platform.md §3 image asset originalSize); throws the spec's message when absent. */
export function parseOriginalSize(originalSize: string | null | undefined): { width: number; height: number } {
  const match = /^(\d+)x(\d+)$/.exec(originalSize ?? '');
  if (!match) throw new TypeError(MISSING_ORIGINAL_SIZE_MESSAGE);
  return { width: Number(match[1]), height: Number(match[2]) };
}
