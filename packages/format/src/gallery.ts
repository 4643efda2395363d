import { ALIGNMENTS, GALLERY_META_POSITIONS } from './enumerations';

/** storefront.md §9: gallery aspect ratios and what each means (width / height). */
export const GALLERY_ASPECT_RATIOS = {
  square: 1,
  standard: 3 / 2,
  'standard-vertical': 2 / 3,
  'four-three': 4 / 3,
  'three-four-vertical': 3 / 4,
  widescreen: 16 / 9,
  'anamorphic-widescreen': 2.4,
} as const;
export type GalleryAspectRatio = keyof typeof GALLERY_ASPECT_RATIOS;

/** storefront.md §9 lists 'slider/carousel' as one design: 'carousel' is read as 'slider'. */
export const GALLERY_SETTING_DESIGNS = ['slideshow', 'slider', 'grid', 'stacked'] as const;

type Setting =
  | { kind: 'boolean'; default: boolean }
  | { kind: 'range'; default: number; min: number; max: number }
  | { kind: 'option'; default: string; options: readonly string[] };

/** storefront.md §9: every gallery setting with its default and its range or options. */
export const GALLERY_SETTINGS = {
  design: { kind: 'option', default: 'grid', options: GALLERY_SETTING_DESIGNS },
  autoplay: { kind: 'boolean', default: false },
  'autoplay-duration': { kind: 'range', default: 5, min: 1, max: 10 },
  controls: { kind: 'boolean', default: false },
  'auto-crop': { kind: 'boolean', default: true },
  'aspect-ratio': {
    kind: 'option',
    default: 'square',
    options: Object.keys(GALLERY_ASPECT_RATIOS) as GalleryAspectRatio[],
  },
  'square-thumbs': { kind: 'boolean', default: true },
  thumbnails: { kind: 'boolean', default: false },
  'thumbnail-strip-height': { kind: 'range', default: 80, min: 0, max: 200 },
  'thumbnail-strip-margin': { kind: 'range', default: 20, min: 0, max: 60 },
  'show-meta-basic': { kind: 'boolean', default: true },
  'show-meta': { kind: 'boolean', default: true },
  'show-meta-only-title': { kind: 'boolean', default: false },
  'meta-position': { kind: 'option', default: 'bottom', options: GALLERY_META_POSITIONS },
  'show-meta-on-hover': { kind: 'boolean', default: false },
  'active-alignment': { kind: 'option', default: 'center', options: ALIGNMENTS },
  'thumbnails-per-row': { kind: 'range', default: 4, min: 1, max: 10 },
  padding: { kind: 'range', default: 20, min: 0, max: 50 },
  lightbox: { kind: 'boolean', default: false },
  lightboxTheme: { kind: 'option', default: 'dark', options: ['dark', 'light'] },
  'max-width': { kind: 'range', default: 300, min: 100, max: 300 },
  newWindow: { kind: 'boolean', default: false },
  transparentBackground: { kind: 'boolean', default: false },
} as const satisfies Record<string, Setting>;

export type GallerySettingName = keyof typeof GALLERY_SETTINGS;
export type GallerySettings = {
  [K in GallerySettingName]: (typeof GALLERY_SETTINGS)[K]['default'] extends boolean
    ? boolean
    : (typeof GALLERY_SETTINGS)[K]['default'] extends number
      ? number
      : string;
};

/** Every gallery setting at its default. */
export function defaultGallerySettings(): GallerySettings {
  return Object.fromEntries(
    Object.entries(GALLERY_SETTINGS).map(([name, setting]) => [name, setting.default]),
  ) as GallerySettings;
}

/**
 * Reads raw settings (from JSON or a form): unknown keys are ignored; wrong types
 * and unknown options fall back to the default; numbers are clamped into range.
 * 'carousel' is accepted as the design 'slider'.
 */
export function resolveGallerySettings(raw: Record<string, unknown> = {}): GallerySettings {
  const settings = defaultGallerySettings() as Record<string, unknown>;
  for (const [name, setting] of Object.entries(GALLERY_SETTINGS) as Array<[string, Setting]>) {
    let value = raw[name];
    if (value === undefined) continue;
    if (setting.kind === 'boolean') {
      if (value === 'true') value = true;
      if (value === 'false') value = false;
      if (typeof value === 'boolean') settings[name] = value;
    } else if (setting.kind === 'range') {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number === 'number' && Number.isFinite(number)) {
        settings[name] = Math.min(setting.max, Math.max(setting.min, number));
      }
    } else {
      if (name === 'design' && value === 'carousel') value = 'slider';
      if (typeof value === 'string' && setting.options.includes(value)) settings[name] = value;
    }
  }
  return settings as GallerySettings;
}
