import { DEFAULT_FOCAL_POINT, imageAltText, imageSrcSet, imageUrlAtWidth } from '@vitrine/format';

/** An uploaded image as blocks need it (the images domain's row, read by the page builder). */
export interface ImageAsset {
  id: string;
  assetUrl: string;
  width: number;
  height: number;
  altText: string;
  title: string;
  body: string;
  filename: string;
  focalPoint: { x: number; y: number };
}

/** What an `<img>` of a block prints. */
export interface ImageView {
  src: string;
  srcset: string;
  sizes: string;
  alt: string;
  width: number;
  height: number;
  /** The focal point as CSS object-position ('30% 70%'): a cropped image keeps its subject in the frame. */
  objectPosition: string;
  loading: 'lazy' | 'eager';
  /** 'high' for the page's first, largest picture (a hero); else absent. */
  fetchPriority?: 'high';
}

export interface ImageOptions {
  /** The block's own alt text: wins over the image's (storefront §9 order after it: title, body, filename). */
  altText?: string;
  focalPoint?: unknown;
  /** The `sizes` attribute: how wide the picture shows at each window width. */
  sizes: string;
  priority?: boolean;
}

const clampUnit = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : fallback);

function focalPointOf(value: unknown, asset: ImageAsset): { x: number; y: number } {
  const point = typeof value === 'object' && value !== null ? (value as { x?: unknown; y?: unknown }) : {};
  return { x: clampUnit(point.x, clampUnit(asset.focalPoint.x, DEFAULT_FOCAL_POINT.x)), y: clampUnit(point.y, clampUnit(asset.focalPoint.y, DEFAULT_FOCAL_POINT.y)) };
}

const percent = (unit: number) => `${Math.round(unit * 1000) / 10}%`;

/** An image at every responsive width (IMAGE_WIDTHS), its alt text by the spec's fallback, lazy unless it is the hero. */
export function imageView(asset: ImageAsset, options: ImageOptions): ImageView {
  const point = focalPointOf(options.focalPoint, asset);
  const alt = imageAltText({ altText: options.altText || asset.altText, title: asset.title, body: asset.body, filename: asset.filename });
  return {
    src: imageUrlAtWidth(asset.assetUrl, 1000),
    srcset: imageSrcSet(asset.assetUrl),
    sizes: options.sizes,
    alt,
    width: asset.width,
    height: asset.height,
    objectPosition: `${percent(point.x)} ${percent(point.y)}`,
    loading: options.priority ? 'eager' : 'lazy',
    ...(options.priority ? { fetchPriority: 'high' as const } : {}),
  };
}
