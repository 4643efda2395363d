/**
 * WCAG 2 contrast: relative luminance of sRGB colours, the ratio (L1 + 0.05) / (L2 + 0.05), and the
 * AA thresholds the Design screen checks — 4.5 : 1 for text, 3 : 1 for large text and for buttons and
 * other interface parts. Built on @vitrine/format's colour parsing and HSL conversions.
 */
import { hslToRgb, parseColor, rgbToHex, rgbToHsl, type RgbColor } from '@vitrine/format/colour';

export type ContrastKind = 'text' | 'large-text' | 'ui';

export const CONTRAST_MINIMUMS: Record<ContrastKind, number> = { text: 4.5, 'large-text': 3, ui: 3 };

function toRgb(colour: string | RgbColor): RgbColor {
  if (typeof colour !== 'string') return colour;
  const parsed = parseColor(colour, () => {});
  if (!parsed) throw new RangeError(`Not a colour: ${colour}`);
  return parsed;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance, 0 (black) … 1 (white). */
export function relativeLuminance(colour: string | RgbColor): number {
  const { r, g, b } = toRgb(colour);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The contrast ratio of two colours, 1 … 21 (order does not matter). */
export function contrastRatio(a: string | RgbColor, b: string | RgbColor): number {
  const [high, low] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

export function meetsContrast(fg: string | RgbColor, bg: string | RgbColor, kind: ContrastKind): boolean {
  return contrastRatio(fg, bg) >= CONTRAST_MINIMUMS[kind];
}

/**
 * The passing colour nearest to `fg` that keeps its hue and saturation and changes only its lightness,
 * as '#rrggbb'; `fg` itself (normalised) when it already passes. Searches darker and lighter and takes
 * the smaller change of lightness; black or white when no lightness of that hue passes.
 */
export function nearestPassingColour(fg: string, bg: string, kind: ContrastKind): string {
  const rgb = toRgb(fg);
  if (meetsContrast(rgb, bg, kind)) return rgbToHex(rgb);
  const { h, s, l } = rgbToHsl(rgb);
  const candidates: Array<{ distance: number; hex: string }> = [];
  for (const direction of [-1, 1]) {
    // 1/1000 steps of lightness: fine enough that the first passing step is the nearest.
    for (let step = 1; step <= 1000; step += 1) {
      const lightness = l + (direction * step) / 1000;
      if (lightness < 0 || lightness > 1) break;
      const candidate = hslToRgb(h, s, lightness);
      if (meetsContrast(candidate, bg, kind)) {
        candidates.push({ distance: step, hex: rgbToHex(candidate) });
        break;
      }
    }
  }
  candidates.sort((a, b) => a.distance - b.distance);
  if (candidates[0]) return candidates[0].hex;
  return contrastRatio('#000000', bg) >= contrastRatio('#ffffff', bg) ? '#000000' : '#ffffff';
}
