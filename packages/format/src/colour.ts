export interface RgbColor {
  /** 0..255 */
  r: number;
  g: number;
  b: number;
}
export interface RgbaColor extends RgbColor {
  /** 0..1 */
  a: number;
}
export interface HslaInput {
  /** 0..360 */
  h?: number;
  /** 0..1 */
  s?: number;
  /** 0..1 */
  l?: number;
  /** 0..1, default 1 */
  a?: number;
}

/** platform.md §5 and §8: colour messages, word for word. */
export const COLOR_MESSAGES = {
  hueOutOfBounds: 'Hue out of bounds.',
  saturationOutOfBounds: 'Saturation out of bounds.',
  lightnessOutOfBounds: 'Lightness out of bounds.',
  alphaOutOfBounds: 'Alpha out of bounds.',
  missingHsl: 'Missing an H/S/L value.',
  invalidColorModel: 'Invalid color model',
} as const;

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** platform.md §5: 3 or 6 hex digits with an optional leading '#'; null otherwise. */
export function parseHexColor(text: string): RgbColor | null {
  const match = HEX.exec((text ?? '').trim());
  if (!match) return null;
  let digits = match[1]!;
  if (digits.length === 3) digits = Array.from(digits, (digit) => digit + digit).join('');
  return {
    r: parseInt(digits.slice(0, 2), 16),
    g: parseInt(digits.slice(2, 4), 16),
    b: parseInt(digits.slice(4, 6), 16),
  };
}

/** '#rrggbb' in lower case, channels rounded and clamped to 0..255. */
export function rgbToHex({ r, g, b }: RgbColor): string {
  const channel = (value: number) =>
    Math.min(255, Math.max(0, Math.round(value))).toString(16).padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

const isMissing = (value: number | undefined) => typeof value !== 'number' || Number.isNaN(value);
const outside = (value: number, min: number, max: number) => !(value >= min && value <= max);

/**
 * The spec's message for the first problem of an HSL(A) value, or null when valid:
 * hue 0..360, saturation, lightness and alpha 0..1, and H, S and L all present.
 */
export function validateHsla(color: HslaInput): string | null {
  const { h, s, l, a } = color;
  if (isMissing(h) || isMissing(s) || isMissing(l)) return COLOR_MESSAGES.missingHsl;
  if (outside(h!, 0, 360)) return COLOR_MESSAGES.hueOutOfBounds;
  if (outside(s!, 0, 1)) return COLOR_MESSAGES.saturationOutOfBounds;
  if (outside(l!, 0, 1)) return COLOR_MESSAGES.lightnessOutOfBounds;
  if (a !== undefined && (Number.isNaN(a) || outside(a, 0, 1))) return COLOR_MESSAGES.alphaOutOfBounds;
  return null;
}

/** HSL(A) to RGBA (channels 0..255, unrounded); throws RangeError with the spec's message. */
export function hslaToRgba(color: HslaInput): RgbaColor {
  const problem = validateHsla(color);
  if (problem) throw new RangeError(problem);
  const h = (color.h! % 360) / 60;
  const s = color.s!;
  const l = color.l!;
  const chroma = (1 - Math.abs(2 * l - 1)) * s;
  const second = chroma * (1 - Math.abs((h % 2) - 1));
  const [r1, g1, b1] =
    h < 1 ? [chroma, second, 0]
    : h < 2 ? [second, chroma, 0]
    : h < 3 ? [0, chroma, second]
    : h < 4 ? [0, second, chroma]
    : h < 5 ? [second, 0, chroma]
    : [chroma, 0, second];
  const lift = l - chroma / 2;
  return { r: (r1 + lift) * 255, g: (g1 + lift) * 255, b: (b1 + lift) * 255, a: color.a ?? 1 };
}

/** HSL to rounded RGB; throws RangeError with the spec's message. */
export function hslToRgb(h: number, s: number, l: number): RgbColor {
  const { r, g, b } = hslaToRgba({ h, s, l });
  return { r: Math.round(r), g: Math.round(g), b: Math.round(b) };
}

/** RGB to HSL (h 0..360, s and l 0..1). */
export function rgbToHsl({ r, g, b }: RgbColor): { h: number; s: number; l: number } {
  const [red, green, blue] = [r / 255, g / 255, b / 255];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const l = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return { h: 0, s: 0, l };
  const s = delta / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === red) h = ((green - blue) / delta) % 6;
  else if (max === green) h = (blue - red) / delta + 2;
  else h = (red - green) / delta + 4;
  h *= 60;
  if (h < 0) h += 360;
  return { h, s, l };
}

const FUNCTIONAL = /^([a-z]+)\(([^)]*)\)$/i;

/**
 * Reads '#abc', '#aabbcc', 'rgb(…)', 'rgba(…)', 'hsl(…)' or 'hsla(…)' (hue in degrees,
 * saturation and lightness as 0..1 or percentages). A model other than these logs
 * 'Invalid color model' and gives null (platform.md §8); malformed values give null.
 */
export function parseColor(text: string, log: (message: string) => void = console.warn): RgbaColor | null {
  const trimmed = (text ?? '').trim();
  const hex = parseHexColor(trimmed);
  if (hex) return { ...hex, a: 1 };
  const match = FUNCTIONAL.exec(trimmed);
  if (!match) return null;
  const model = match[1]!.toLowerCase();
  const args = match[2]!.split(/\s*[,/]\s*|\s+/).filter((arg) => arg !== '');
  if (!['rgb', 'rgba', 'hsl', 'hsla'].includes(model)) {
    log(COLOR_MESSAGES.invalidColorModel);
    return null;
  }
  const numbers = args.map(readComponent);
  if (numbers.some((value) => value === null) || numbers.length < 3 || numbers.length > 4) return null;
  const [first, second, third, alpha] = numbers as Array<{ value: number; percent: boolean }>;
  const a = alpha === undefined ? 1 : alpha.percent ? alpha.value / 100 : alpha.value;
  if (model.startsWith('rgb')) {
    const channel = (c: { value: number; percent: boolean }) => (c.percent ? (c.value * 255) / 100 : c.value);
    const rgba = { r: channel(first!), g: channel(second!), b: channel(third!), a };
    const valid = [rgba.r, rgba.g, rgba.b].every((value) => value >= 0 && value <= 255) && a >= 0 && a <= 1;
    return valid ? rgba : null;
  }
  const fraction = (c: { value: number; percent: boolean }) => (c.percent ? c.value / 100 : c.value);
  const hsla = { h: first!.value, s: fraction(second!), l: fraction(third!), a };
  return validateHsla(hsla) === null ? hslaToRgba(hsla) : null;
}

function readComponent(text: string): { value: number; percent: boolean } | null {
  const match = /^(-?\d*\.?\d+)(%|deg)?$/.exec(text);
  if (!match) return null;
  return { value: Number(match[1]), percent: match[2] === '%' };
}

/** platform.md §9: a colour is dark when its luminance is below 0.65 of 256. */
export const DARK_LUMINANCE_THRESHOLD = 0.65 * 256;

/** Perceived luminance on a 0..255 scale (Rec. 601 luma weights). */
export function luminance({ r, g, b }: RgbColor): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** True when the colour's luminance is below 0.65 × 256 (so light text reads better on it). */
export function isDarkColor(color: RgbColor | string): boolean {
  const rgb = typeof color === 'string' ? parseColor(color) : color;
  if (!rgb) throw new RangeError(`Not a colour: ${String(color)}`);
  return luminance(rgb) < DARK_LUMINANCE_THRESHOLD;
}
