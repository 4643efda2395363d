import { BLOCK_VARIANTS } from './block-types';
import { CONTENT_LIMITS } from './messages';
import type { SettingSchema } from './schema';

/** Gallery designs (platform §3) and the variant code each renders with. */
export const GALLERY_DESIGN_VARIANTS = {
  grid: BLOCK_VARIANTS.galleryGrid,
  slideshow: BLOCK_VARIANTS.gallerySlideshow,
  slider: BLOCK_VARIANTS.galleryCarousel,
  stacked: BLOCK_VARIANTS.galleryStack,
} as const;
export type GalleryDesign = keyof typeof GALLERY_DESIGN_VARIANTS;

const SLIDESHOW = ['slideshow'] as const;
const MOVING = ['slideshow', 'slider'] as const;

/**
 * Storefront §9's gallery settings table, one schema per key with the table's exact key, default and range.
 * 'x-showWhen' hides a setting the chosen design does not use (the slideshow and slider set thumbnails
 * and motion; the grid and stack set rows, padding and captions).
 */
export const GALLERY_SETTING_SCHEMAS = {
  design: {
    type: 'string',
    title: 'Design',
    default: 'grid',
    enum: ['grid', 'slideshow', 'slider', 'stacked'],
    'x-enumLabels': ['Grid', 'Slideshow', 'Carousel', 'Stacked'],
  },
  autoplay: { type: 'boolean', title: 'Autoplay', default: false, 'x-showWhen': { design: MOVING } },
  'autoplay-duration': {
    type: 'integer',
    title: 'Autoplay duration (seconds)',
    default: 5,
    minimum: 1,
    maximum: 10,
    'x-showWhen': { design: MOVING, autoplay: [true] },
  },
  controls: { type: 'boolean', title: 'Show arrows', default: false, 'x-showWhen': { design: MOVING } },
  'auto-crop': { type: 'boolean', title: 'Crop images to fill', default: true, 'x-showWhen': { design: SLIDESHOW } },
  'aspect-ratio': {
    type: 'string',
    title: 'Aspect ratio',
    default: 'square',
    enum: ['square', 'standard', 'standard-vertical', 'four-three', 'three-four-vertical', 'widescreen', 'anamorphic-widescreen'],
    'x-enumLabels': ['Square 1:1', 'Standard 3:2', 'Standard vertical 2:3', 'Four-three 4:3', 'Three-four vertical 3:4', 'Widescreen 16:9', 'Anamorphic widescreen 2.40:1'],
    'x-showWhen': { design: ['grid', 'slider'] },
  },
  'square-thumbs': { type: 'boolean', title: 'Square thumbnails', default: true, 'x-showWhen': { design: SLIDESHOW, thumbnails: [true] } },
  thumbnails: { type: 'boolean', title: 'Show thumbnails', default: false, 'x-showWhen': { design: SLIDESHOW } },
  'thumbnail-strip-height': {
    type: 'integer',
    title: 'Thumbnail strip height (px)',
    default: 80,
    minimum: 0,
    maximum: 200,
    'x-showWhen': { design: SLIDESHOW, thumbnails: [true] },
  },
  'thumbnail-strip-margin': {
    type: 'integer',
    title: 'Thumbnail strip margin (px)',
    default: 20,
    minimum: 0,
    maximum: 60,
    'x-showWhen': { design: SLIDESHOW, thumbnails: [true] },
  },
  'show-meta-basic': { type: 'boolean', title: 'Show title and description', default: true, 'x-showWhen': { design: MOVING } },
  'show-meta': { type: 'boolean', title: 'Show captions', default: true, 'x-showWhen': { design: ['grid', 'stacked'] } },
  'show-meta-only-title': { type: 'boolean', title: 'Captions show the title only', default: false, 'x-showWhen': { design: ['grid', 'stacked'], 'show-meta': [true] } },
  'meta-position': {
    type: 'string',
    title: 'Caption position',
    default: 'bottom',
    enum: ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'],
    'x-enumLabels': ['Top', 'Top left', 'Top right', 'Center', 'Bottom', 'Bottom left', 'Bottom right'],
    'x-showWhen': { design: ['grid', 'stacked'], 'show-meta': [true] },
  },
  'show-meta-on-hover': { type: 'boolean', title: 'Show captions on hover only', default: false, 'x-showWhen': { design: ['grid'], 'show-meta': [true] } },
  'active-alignment': {
    type: 'string',
    title: 'Active image alignment',
    default: 'center',
    enum: ['left', 'center', 'right'],
    'x-enumLabels': ['Left', 'Center', 'Right'],
    'x-showWhen': { design: ['slider'] },
  },
  'thumbnails-per-row': { type: 'integer', title: 'Images per row', default: 4, minimum: 1, maximum: 10, 'x-showWhen': { design: ['grid'] } },
  padding: { type: 'integer', title: 'Space between images (px)', default: 20, minimum: 0, maximum: 50, 'x-showWhen': { design: ['grid', 'slider', 'stacked'] } },
  lightbox: { type: 'boolean', title: 'Open images in a lightbox', default: false, 'x-showWhen': { design: ['grid', 'slider', 'stacked'] } },
  lightboxTheme: {
    type: 'string',
    title: 'Lightbox theme',
    default: 'dark',
    enum: ['dark', 'light'],
    'x-enumLabels': ['Dark', 'Light'],
    'x-showWhen': { design: ['grid', 'slider', 'stacked'], lightbox: [true] },
  },
  'max-width': { type: 'integer', title: 'Maximum image width (%)', default: 300, minimum: 100, maximum: 300, 'x-showWhen': { design: ['stacked'] } },
  newWindow: { type: 'boolean', title: 'Open links in a new window', default: false },
  transparentBackground: { type: 'boolean', title: 'Transparent background', default: false, 'x-showWhen': { design: SLIDESHOW } },
} as const satisfies Record<string, SettingSchema>;

export type GallerySettingKey = keyof typeof GALLERY_SETTING_SCHEMAS;

export interface GallerySettingRule {
  readonly default: string | number | boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly options?: readonly (string | number)[];
}

/** The gallery settings table as data: key → default, and its range or options. */
export const GALLERY_SETTINGS: { readonly [K in GallerySettingKey]: GallerySettingRule } = Object.fromEntries(
  Object.entries(GALLERY_SETTING_SCHEMAS).map(([key, schema]: [string, SettingSchema]) => [
    key,
    {
      default: schema.default as string | number | boolean,
      ...(schema.minimum !== undefined ? { minimum: schema.minimum } : {}),
      ...(schema.maximum !== undefined ? { maximum: schema.maximum } : {}),
      ...(schema.enum ? { options: schema.enum } : {}),
    },
  ]),
) as { readonly [K in GallerySettingKey]: GallerySettingRule };

/** One image of a gallery block. */
export const GALLERY_IMAGE_SCHEMA = {
  type: 'object',
  title: 'Image',
  default: { imageId: '', altText: '', title: '', description: '', link: '' },
  properties: {
    imageId: { type: 'string', title: 'Image', default: '', minLength: 1, maxLength: 100, 'x-editor': 'image' },
    altText: { type: 'string', title: 'Alt text', description: 'Describes the image for people who cannot see it.', default: '', maxLength: 500 },
    title: { type: 'string', title: 'Title', default: '', maxLength: 200 },
    description: { type: 'string', title: 'Description', default: '', maxLength: 2000, 'x-editor': 'multiline' },
    link: { type: 'string', title: 'Link', default: '', maxLength: CONTENT_LIMITS.urlLength, 'x-editor': 'url' },
  },
  required: ['imageId', 'altText', 'title', 'description', 'link'],
} as const satisfies SettingSchema;
