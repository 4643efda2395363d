import { describe, expect, it } from 'vitest';
import {
  chooseImageWidth,
  DEFAULT_FOCAL_POINT,
  IMAGE_WIDTHS,
  imageAltText,
  isFileNameText,
  imageSrcSet,
  imageUrlAtWidth,
  parseOriginalSize,
} from './images';

describe('responsive image widths', () => {
  it('serves the spec widths', () => {
    expect(IMAGE_WIDTHS).toEqual([100, 300, 500, 750, 1000, 1500, 2500]);
  });

  it.each([
    [0, '100w'],
    [100, '100w'],
    [101, '300w'],
    [300, '300w'],
    [301, '500w'],
    [500, '500w'],
    [501, '750w'],
    [750, '750w'],
    [751, '1000w'],
    [1000, '1000w'],
    [1001, '1500w'],
    [4000, '1500w'],
  ])('a display width of %i chooses %s (storefront.md §9)', (width, expected) => {
    expect(chooseImageWidth(width)).toBe(expected);
  });

  it('builds CDN urls and source sets', () => {
    expect(imageUrlAtWidth('/a.jpg', 500)).toBe('/a.jpg?format=500w');
    expect(imageUrlAtWidth('/a.jpg?v=2', '750w')).toBe('/a.jpg?v=2&format=750w');
    expect(imageSrcSet('/a.jpg')).toBe(
      '/a.jpg?format=100w 100w, /a.jpg?format=300w 300w, /a.jpg?format=500w 500w, /a.jpg?format=750w 750w, ' +
        '/a.jpg?format=1000w 1000w, /a.jpg?format=1500w 1500w, /a.jpg?format=2500w 2500w',
    );
  });
});

describe('image alt text', () => {
  it.each([
    [{ altText: 'A red mug', title: 'Mug', body: 'b', filename: 'f.jpg' }, 'A red mug'],
    [{ altText: ' \u200b ', title: 'Mug', filename: 'f.jpg' }, 'Mug'],
    [{ title: '', body: '<p>Hand-made <b>mug</b></p>', filename: 'f.jpg' }, 'Hand-made mug'],
    [{ body: '   ', filename: 'mug.jpg' }, ''],
    [{}, ''],
  ])('imageAltText(%j) is %j', (fields, expected) => {
    expect(imageAltText(fields)).toBe(expected);
  });

  it('never gives a file name: texts that are one are skipped, then the fallback (the product name) is used', () => {
    // Issue 31: an upload without alt text showed "mug.png" on the storefront.
    expect(imageAltText({ altText: '', title: '', body: '', filename: 'mug.png' })).toBe('');
    expect(imageAltText({ filename: 'mug.png' }, 'Stoneware Mug')).toBe('Stoneware Mug');
    // Older rows whose alt text is their file name, whatever its case or extension.
    expect(imageAltText({ altText: 'mug.png', filename: 'mug.png' }, 'Stoneware Mug')).toBe('Stoneware Mug');
    expect(imageAltText({ altText: 'MUG.PNG', title: 'Blue mug', filename: 'mug.png' })).toBe('Blue mug');
    expect(imageAltText({ altText: 'IMG_1234.JPG', filename: 'img_1234.jpg' }, 'Mug')).toBe('Mug');
    expect(imageAltText({ title: 'photo.webp', body: '<p>A mug on a shelf</p>', filename: 'photo.webp' })).toBe('A mug on a shelf');
    // Words that merely mention a file type are alt text.
    expect(imageAltText({ altText: 'A mug drawn as an SVG illustration', filename: 'mug.svg' })).toBe('A mug drawn as an SVG illustration');
    expect(isFileNameText('mug.png')).toBe(true);
    expect(isFileNameText('Mug', 'mug.png')).toBe(false);
  });

  it('cuts body text to 250 characters', () => {
    const body = 'word '.repeat(100);
    const alt = imageAltText({ body });
    expect(alt.length).toBeLessThanOrEqual(250);
    expect(alt.startsWith('word word')).toBe(true);
    expect(imageAltText({ body: 'x'.repeat(300) })).toBe('x'.repeat(250));
  });

  it('knows the default focal point and reads original sizes', () => {
    expect(DEFAULT_FOCAL_POINT).toEqual({ x: 0.5, y: 0.5 });
    expect(parseOriginalSize('1200x800')).toEqual({ width: 1200, height: 800 });
    expect(() => parseOriginalSize(undefined)).toThrow("Invalid source parameter. Pass in 'originalSize'");
  });
});
