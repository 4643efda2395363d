/** The colour pairs of a manifest that fail WCAG AA, with the nearest passing colour for each. */
import { CONTRAST_MINIMUMS, contrastRatio, nearestPassingColour, type ContrastKind } from './contrast';
import { colourThemes, findSetting, PAGE_COLOUR_THEME, type StyleValues, type ThemeManifest } from './settings';

export interface ContrastWarning {
  /** The colour theme the pair belongs to ('light' = the page), or null for a palette pair. */
  colourTheme: string | null;
  /** Setting ids of the two colours. */
  foreground: string;
  background: string;
  kind: ContrastKind;
  /** Rounded down to two decimals, so 4.499 shows as 4.49 and never as a passing 4.5. */
  ratio: number;
  minimum: number;
  /** The foreground's nearest passing colour (same hue, another lightness), '#rrggbb'. */
  suggestion: string;
}

/** Within each colour theme: text and links on the background, headings as large text, button text on the button. */
const THEME_PAIRS: Array<[string, string, ContrastKind]> = [
  ['text', 'background', 'text'],
  ['link', 'background', 'text'],
  ['heading', 'background', 'large-text'],
  ['button-text', 'button', 'ui'],
];

/** Palette pairs checked when the manifest has both ids (the default theme's names). */
const PALETTE_PAIRS: Array<[string, string, ContrastKind]> = [
  ['colour.text-muted', `theme.${PAGE_COLOUR_THEME}.background`, 'text'],
  ['colour.accent-text', 'colour.accent', 'ui'],
  ['colour.sale', `theme.${PAGE_COLOUR_THEME}.background`, 'text'],
  ['colour.footer-text', 'colour.footer-background', 'text'],
];

export function contrastWarnings(manifest: ThemeManifest, resolvedValues: StyleValues): ContrastWarning[] {
  const warnings: ContrastWarning[] = [];
  const check = (colourTheme: string | null, foreground: string, background: string, kind: ContrastKind) => {
    if (findSetting(manifest, foreground)?.type !== 'colour' || findSetting(manifest, background)?.type !== 'colour') return;
    const fg = resolvedValues[foreground];
    const bg = resolvedValues[background];
    if (typeof fg !== 'string' || typeof bg !== 'string') return;
    const ratio = contrastRatio(fg, bg);
    if (ratio >= CONTRAST_MINIMUMS[kind]) return;
    warnings.push({
      colourTheme, foreground, background, kind,
      ratio: Math.floor(ratio * 100) / 100,
      minimum: CONTRAST_MINIMUMS[kind],
      suggestion: nearestPassingColour(fg, bg, kind),
    });
  };
  for (const theme of colourThemes(manifest)) {
    for (const [fg, bg, kind] of THEME_PAIRS) check(theme, `theme.${theme}.${fg}`, `theme.${theme}.${bg}`, kind);
  }
  for (const [fg, bg, kind] of PALETTE_PAIRS) check(null, fg, bg, kind);
  return warnings;
}
