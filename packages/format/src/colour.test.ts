import { describe, expect, it, vi } from 'vitest';
import {
  DARK_LUMINANCE_THRESHOLD,
  hslaToRgba,
  hslToRgb,
  isDarkColor,
  parseColor,
  parseHexColor,
  rgbToHex,
  rgbToHsl,
  validateHsla,
} from './colour';

describe('hex colours', () => {
  it.each([
    ['#fff', { r: 255, g: 255, b: 255 }],
    ['fff', { r: 255, g: 255, b: 255 }],
    ['#1a2B3c', { r: 26, g: 43, b: 60 }],
    ['000000', { r: 0, g: 0, b: 0 }],
    ['#F00', { r: 255, g: 0, b: 0 }],
  ])('parses %j', (text, expected) => {
    expect(parseHexColor(text)).toEqual(expected);
  });

  it.each([['#ff'], ['#ffff'], ['#fffffff'], ['##fff'], ['#ggg'], [''], ['rgb(0,0,0)']])('rejects %j', (text) => {
    expect(parseHexColor(text)).toBeNull();
  });

  it('writes hex back', () => {
    expect(rgbToHex({ r: 26, g: 43, b: 60 })).toBe('#1a2b3c');
    expect(rgbToHex({ r: 300, g: -4, b: 127.6 })).toBe('#ff0080');
  });
});

describe('HSL(A) validation (platform.md §5)', () => {
  it.each([
    [{ h: 0, s: 0, l: 0 }, null],
    [{ h: 360, s: 1, l: 1, a: 1 }, null],
    [{ h: -1, s: 0.5, l: 0.5 }, 'Hue out of bounds.'],
    [{ h: 361, s: 0.5, l: 0.5 }, 'Hue out of bounds.'],
    [{ h: 10, s: 1.1, l: 0.5 }, 'Saturation out of bounds.'],
    [{ h: 10, s: -0.1, l: 0.5 }, 'Saturation out of bounds.'],
    [{ h: 10, s: 0.5, l: 2 }, 'Lightness out of bounds.'],
    [{ h: 10, s: 0.5, l: 0.5, a: 1.5 }, 'Alpha out of bounds.'],
    [{ h: 10, s: 0.5, l: 0.5, a: -1 }, 'Alpha out of bounds.'],
    [{ s: 0.5, l: 0.5 }, 'Missing an H/S/L value.'],
    [{ h: 10, l: 0.5 }, 'Missing an H/S/L value.'],
    [{ h: 10, s: 0.5, l: Number.NaN }, 'Missing an H/S/L value.'],
  ])('%j → %j', (color, message) => {
    expect(validateHsla(color)).toBe(message);
    if (message) expect(() => hslaToRgba(color)).toThrow(new RangeError(message));
  });

  it.each([
    [0, 1, 0.5, { r: 255, g: 0, b: 0 }],
    [120, 1, 0.5, { r: 0, g: 255, b: 0 }],
    [240, 1, 0.25, { r: 0, g: 0, b: 128 }],
    [360, 1, 0.5, { r: 255, g: 0, b: 0 }],
    [0, 0, 1, { r: 255, g: 255, b: 255 }],
    [210, 0.4, 0.6, { r: 112, g: 153, b: 194 }],
  ])('hsl(%d, %d, %d) is %j', (h, s, l, expected) => {
    expect(hslToRgb(h, s, l)).toEqual(expected);
  });

  it('converts RGB back to HSL', () => {
    const { h, s, l } = rgbToHsl({ r: 112, g: 153, b: 194 });
    expect(Math.round(h)).toBe(210);
    expect(s).toBeCloseTo(0.4, 2);
    expect(l).toBeCloseTo(0.6, 2);
  });
});

describe('parseColor', () => {
  it.each([
    ['#abc', { r: 170, g: 187, b: 204, a: 1 }],
    ['rgb(1, 2, 3)', { r: 1, g: 2, b: 3, a: 1 }],
    ['rgba(1,2,3,0.5)', { r: 1, g: 2, b: 3, a: 0.5 }],
    ['rgb(100%, 0%, 0%)', { r: 255, g: 0, b: 0, a: 1 }],
    ['hsl(120, 100%, 50%)', { r: 0, g: 255, b: 0, a: 1 }],
    ['hsla(0, 1, 0.5, 0.25)', { r: 255, g: 0, b: 0, a: 0.25 }],
  ])('reads %j', (text, expected) => {
    expect(parseColor(text)).toEqual(expected);
  });

  it("logs 'Invalid color model' and returns null for another model (platform.md §8)", () => {
    const log = vi.fn();
    expect(parseColor('cmyk(0, 0, 0, 1)', log)).toBeNull();
    expect(log).toHaveBeenCalledWith('Invalid color model');
  });

  it.each([['rgb(1,2)'], ['rgb(300,0,0)'], ['hsl(400, 50%, 50%)'], ['red'], ['']])(
    'returns null without logging for malformed %j',
    (text) => {
      const log = vi.fn();
      expect(parseColor(text, log)).toBeNull();
      expect(log).not.toHaveBeenCalled();
    },
  );
});

describe('isDarkColor', () => {
  it('uses luminance below 0.65 of 256', () => {
    expect(DARK_LUMINANCE_THRESHOLD).toBeCloseTo(166.4, 10);
  });

  it.each([
    ['#000', true],
    ['#fff', false],
    ['#ff0000', true],
    ['#ffff00', false],
    ['#a7a7a7', false],
    ['#a6a6a6', true],
  ])('%s is dark: %s', (color, dark) => {
    expect(isDarkColor(color)).toBe(dark);
  });

  it('takes RGB objects and refuses unreadable colours', () => {
    expect(isDarkColor({ r: 166, g: 166, b: 166 })).toBe(true);
    expect(isDarkColor({ r: 167, g: 167, b: 167 })).toBe(false);
    expect(() => isDarkColor('nope')).toThrow(RangeError);
  });
});
