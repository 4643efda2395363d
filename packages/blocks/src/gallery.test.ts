import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from './block-types';
import { checkBlockSettings, defaultSettings } from './check-settings';
import { designVariant } from './definitions';
import { GALLERY_DESIGN_VARIANTS, GALLERY_SETTINGS } from './gallery';

describe('GALLERY_SETTINGS (storefront §9 table)', () => {
  it('holds every key of the table with its exact default, range and options', () => {
    expect(GALLERY_SETTINGS).toEqual({
      design: { default: 'grid', options: ['grid', 'slideshow', 'slider', 'stacked'] },
      autoplay: { default: false },
      'autoplay-duration': { default: 5, minimum: 1, maximum: 10 },
      controls: { default: false },
      'auto-crop': { default: true },
      'aspect-ratio': {
        default: 'square',
        options: ['square', 'standard', 'standard-vertical', 'four-three', 'three-four-vertical', 'widescreen', 'anamorphic-widescreen'],
      },
      'square-thumbs': { default: true },
      thumbnails: { default: false },
      'thumbnail-strip-height': { default: 80, minimum: 0, maximum: 200 },
      'thumbnail-strip-margin': { default: 20, minimum: 0, maximum: 60 },
      'show-meta-basic': { default: true },
      'show-meta': { default: true },
      'show-meta-only-title': { default: false },
      'meta-position': { default: 'bottom', options: ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'] },
      'show-meta-on-hover': { default: false },
      'active-alignment': { default: 'center', options: ['left', 'center', 'right'] },
      'thumbnails-per-row': { default: 4, minimum: 1, maximum: 10 },
      padding: { default: 20, minimum: 0, maximum: 50 },
      lightbox: { default: false },
      lightboxTheme: { default: 'dark', options: ['dark', 'light'] },
      'max-width': { default: 300, minimum: 100, maximum: 300 },
      newWindow: { default: false },
      transparentBackground: { default: false },
    });
  });

  it("is the gallery block's defaults, with an empty list of images", () => {
    const defaults = defaultSettings(BLOCK_TYPES.gallery);
    expect(defaults.images).toEqual([]);
    for (const [key, rule] of Object.entries(GALLERY_SETTINGS)) expect(defaults[key]).toBe(rule.default);
  });

  const ranges: Array<[string, string, number, number]> = [
    ['autoplay-duration', 'Autoplay duration (seconds)', 1, 10],
    ['thumbnail-strip-height', 'Thumbnail strip height (px)', 0, 200],
    ['thumbnail-strip-margin', 'Thumbnail strip margin (px)', 0, 60],
    ['thumbnails-per-row', 'Images per row', 1, 10],
    ['padding', 'Space between images (px)', 0, 50],
    ['max-width', 'Maximum image width (%)', 100, 300],
  ];
  it.each(ranges)('%s accepts its bounds and refuses one past each, and a fraction', (key, title, min, max) => {
    const message = `${title} must be a whole number from ${min} to ${max}.`;
    expect(checkBlockSettings(BLOCK_TYPES.gallery, { [key]: min }).errors).toEqual({});
    expect(checkBlockSettings(BLOCK_TYPES.gallery, { [key]: max }).errors).toEqual({});
    expect(checkBlockSettings(BLOCK_TYPES.gallery, { [key]: min - 1 }).errors).toEqual({ [key]: message });
    expect(checkBlockSettings(BLOCK_TYPES.gallery, { [key]: max + 1 }).errors).toEqual({ [key]: message });
    expect(checkBlockSettings(BLOCK_TYPES.gallery, { [key]: min + 0.5 }).errors).toEqual({ [key]: message });
    expect(checkBlockSettings(BLOCK_TYPES.gallery, { [key]: String(min) }).errors).toEqual({ [key]: message });
  });

  it('refuses an option outside each enumeration with the editor message', () => {
    for (const key of ['design', 'aspect-ratio', 'meta-position', 'active-alignment', 'lightboxTheme']) {
      const check = checkBlockSettings(BLOCK_TYPES.gallery, { [key]: 'carousel' });
      expect(check.errors).toEqual({ [key]: 'carousel is not one of the expected options' });
      expect(check.settings[key]).toBe(GALLERY_SETTINGS[key as keyof typeof GALLERY_SETTINGS].default);
    }
  });

  it('refuses a non-boolean switch', () => {
    expect(checkBlockSettings(BLOCK_TYPES.gallery, { lightbox: 'yes' }).errors).toEqual({ lightbox: 'Open images in a lightbox must be on or off.' });
  });

  it('holds at most 250 images, each needing an image and taking a checked link', () => {
    const image = { imageId: 'img_1', altText: '', title: '', description: '', link: '' };
    expect(checkBlockSettings(BLOCK_TYPES.gallery, { images: Array.from({ length: 250 }, () => image) }).errors).toEqual({});
    expect(checkBlockSettings(BLOCK_TYPES.gallery, { images: Array.from({ length: 251 }, () => image) }).errors).toEqual({ images: 'Images can hold at most 250 items.' });
    expect(checkBlockSettings(BLOCK_TYPES.gallery, { images: [image, { title: 'No image', link: 'javascript:alert(1)' }] }).errors).toEqual({
      'images.1.imageId': 'Image is required.',
      'images.1.link': 'Links must be formatted as https://example.com or /about',
    });
  });

  it('maps each design to its variant code', () => {
    expect(GALLERY_DESIGN_VARIANTS).toEqual({ grid: 1003, slideshow: 1000, slider: 1002, stacked: 1004 });
    expect(designVariant(BLOCK_TYPES.gallery, 'slider')).toBe(1002);
    expect(designVariant(BLOCK_TYPES.image, 'collage')).toBe(1016);
    expect(designVariant(BLOCK_TYPES['summary-v2'], 'wall')).toBe(1005);
    expect(designVariant(BLOCK_TYPES.chart, 'pie')).toBe(1011);
    expect(designVariant(BLOCK_TYPES.chart, 'toString')).toBeUndefined();
    expect(designVariant(BLOCK_TYPES.spacer, 'grid')).toBeUndefined();
  });
});
