/**
 * Gallery block settings (storefront spec §9): every key with its default and
 * its range or options. Values from a block are read through
 * `resolveGallerySettings`, which falls back to the default for anything
 * missing or out of its options and clamps numbers into range.
 */
export const GALLERY_DESIGNS = ['slideshow', 'slider', 'grid', 'stacked'] as const;
export const GALLERY_ASPECT_RATIOS = {
  square: 1,
  standard: 3 / 2,
  'standard-vertical': 2 / 3,
  'four-three': 4 / 3,
  'three-four-vertical': 3 / 4,
  widescreen: 16 / 9,
  'anamorphic-widescreen': 2.4,
} as const;
export const GALLERY_META_POSITIONS = ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'] as const;
export const GALLERY_ALIGNMENTS = ['left', 'center', 'right'] as const;
export const LIGHTBOX_THEMES = ['dark', 'light'] as const;

export type GalleryDesign = (typeof GALLERY_DESIGNS)[number];
export type GalleryAspectRatio = keyof typeof GALLERY_ASPECT_RATIOS;

export interface GallerySettings {
  design: GalleryDesign;
  autoplay: boolean;
  'autoplay-duration': number;
  controls: boolean;
  'auto-crop': boolean;
  'aspect-ratio': GalleryAspectRatio;
  'square-thumbs': boolean;
  thumbnails: boolean;
  'thumbnail-strip-height': number;
  'thumbnail-strip-margin': number;
  'show-meta-basic': boolean;
  'show-meta': boolean;
  'show-meta-only-title': boolean;
  'meta-position': (typeof GALLERY_META_POSITIONS)[number];
  'show-meta-on-hover': boolean;
  'active-alignment': (typeof GALLERY_ALIGNMENTS)[number];
  'thumbnails-per-row': number;
  padding: number;
  lightbox: boolean;
  lightboxTheme: (typeof LIGHTBOX_THEMES)[number];
  'max-width': number;
  newWindow: boolean;
  transparentBackground: boolean;
}

export const GALLERY_DEFAULTS: GallerySettings = {
  design: 'grid',
  autoplay: false,
  'autoplay-duration': 5,
  controls: false,
  'auto-crop': true,
  'aspect-ratio': 'square',
  'square-thumbs': true,
  thumbnails: false,
  'thumbnail-strip-height': 80,
  'thumbnail-strip-margin': 20,
  'show-meta-basic': true,
  'show-meta': true,
  'show-meta-only-title': false,
  'meta-position': 'bottom',
  'show-meta-on-hover': false,
  'active-alignment': 'center',
  'thumbnails-per-row': 4,
  padding: 20,
  lightbox: false,
  lightboxTheme: 'dark',
  'max-width': 300,
  newWindow: false,
  transparentBackground: false,
};

type NumericKey = { [K in keyof GallerySettings]: GallerySettings[K] extends number ? K : never }[keyof GallerySettings];

export const GALLERY_RANGES: Record<NumericKey, readonly [min: number, max: number]> = {
  'autoplay-duration': [1, 10],
  'thumbnail-strip-height': [0, 200],
  'thumbnail-strip-margin': [0, 60],
  'thumbnails-per-row': [1, 10],
  padding: [0, 50],
  'max-width': [100, 300],
};

const OPTIONS: Partial<Record<keyof GallerySettings, readonly string[]>> = {
  design: GALLERY_DESIGNS,
  'aspect-ratio': Object.keys(GALLERY_ASPECT_RATIOS),
  'meta-position': GALLERY_META_POSITIONS,
  'active-alignment': GALLERY_ALIGNMENTS,
  lightboxTheme: LIGHTBOX_THEMES,
};

/** Accepts the spelling 'carousel' for the slider design, as the spec names it both ways. */
function normaliseDesign(value: unknown): unknown {
  return value === 'carousel' ? 'slider' : value;
}

function readBoolean(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return fallback;
}

function readNumber(value: unknown, [min, max]: readonly [number, number], fallback: number): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(number)) return fallback;
  return Math.min(max, Math.max(min, number));
}

export function resolveGallerySettings(raw: Partial<Record<keyof GallerySettings, unknown>> = {}): GallerySettings {
  const out = { ...GALLERY_DEFAULTS } as Record<keyof GallerySettings, unknown>;
  for (const key of Object.keys(GALLERY_DEFAULTS) as (keyof GallerySettings)[]) {
    const value = key === 'design' ? normaliseDesign(raw[key]) : raw[key];
    if (value === undefined) continue;
    const fallback = GALLERY_DEFAULTS[key];
    const options = OPTIONS[key];
    if (options) {
      if (typeof value === 'string' && options.includes(value)) out[key] = value;
    } else if (typeof fallback === 'boolean') {
      out[key] = readBoolean(value, fallback);
    } else if (typeof fallback === 'number') {
      out[key] = readNumber(value, GALLERY_RANGES[key as NumericKey], fallback);
    }
  }
  return out as unknown as GallerySettings;
}

/** Lightbox constants (spec §4): resize is debounced by 100 ms; a 50 px margin when the image is taller than the window. */
export const LIGHTBOX_RESIZE_DELAY_MS = 100;
export const LIGHTBOX_MARGIN_PX = 50;

/** The size to show an image at in the lightbox: as is when it fits, else scaled to the window minus the margin. */
export function lightboxImageSize(
  natural: { width: number; height: number },
  viewport: { width: number; height: number },
): { width: number; height: number } {
  if (natural.width <= 0 || natural.height <= 0) return natural;
  const maxHeight = Math.max(0, viewport.height - 2 * LIGHTBOX_MARGIN_PX);
  const maxWidth = Math.max(0, viewport.width - 2 * LIGHTBOX_MARGIN_PX);
  const scale = Math.min(
    1,
    natural.height > viewport.height ? maxHeight / natural.height : 1,
    natural.width > viewport.width ? maxWidth / natural.width : 1,
  );
  return { width: Math.round(natural.width * scale), height: Math.round(natural.height * scale) };
}
