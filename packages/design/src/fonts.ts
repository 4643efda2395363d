/**
 * The curated font catalog: families served from our own origin out of `@fontsource/*` npm packages
 * (all SIL Open Font License 1.1), latin subset, two weights each — the regular (400) and one bold.
 * The server serves exactly these files (an allow-list built from this table) at
 * `/assets/fonts/{fontId}/{fileName}`; nothing else under that path exists.
 */

export type FontCategory = 'sans-serif' | 'serif' | 'monospace';

export interface FontFamily {
  /** The @fontsource package's name after the scope, e.g. `inter` for `@fontsource/inter`. */
  id: string;
  /** The CSS family name, as in the @fontsource package's own CSS. */
  family: string;
  category: FontCategory;
  /** 400 and one bold weight (600 or 700): the weights whose files we serve. */
  weights: readonly [400, 600 | 700];
  /** What stands in while the file loads, or if it never does. */
  fallback: string;
}

export interface FontPairing {
  id: string;
  label: string;
  heading: string;
  body: string;
}

/** A font file the stylesheet refers to. */
export interface FontFileRef {
  fontId: string;
  family: string;
  weight: number;
  fileName: string;
  url: string;
}

const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const SERIF = 'Georgia, "Times New Roman", serif';
const MONO = 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace';

function family(id: string, name: string, category: FontCategory, bold: 600 | 700, fallback?: string): FontFamily {
  const generic = category === 'serif' ? SERIF : category === 'monospace' ? MONO : SANS;
  return { id, family: name, category, weights: [400, bold], fallback: fallback ?? generic };
}

export const FONT_CATALOG: readonly FontFamily[] = [
  // The default theme's two: their fallbacks are the metric-matched local faces its site.css declares
  // (so the default stacks compile to exactly what site.css says, and text does not shift at the swap).
  family('inter', 'Inter', 'sans-serif', 600, `"Inter Fallback", ${SANS}`),
  family('fraunces', 'Fraunces', 'serif', 600, '"Fraunces Fallback Georgia", "Fraunces Fallback Times", "Fraunces Fallback DejaVu", Georgia, serif'),
  family('roboto', 'Roboto', 'sans-serif', 700),
  family('open-sans', 'Open Sans', 'sans-serif', 700),
  family('lato', 'Lato', 'sans-serif', 700),
  family('montserrat', 'Montserrat', 'sans-serif', 600),
  family('poppins', 'Poppins', 'sans-serif', 600),
  family('work-sans', 'Work Sans', 'sans-serif', 600),
  family('dm-sans', 'DM Sans', 'sans-serif', 700),
  family('nunito', 'Nunito', 'sans-serif', 700),
  family('raleway', 'Raleway', 'sans-serif', 600),
  family('source-sans-3', 'Source Sans 3', 'sans-serif', 600),
  family('ibm-plex-sans', 'IBM Plex Sans', 'sans-serif', 600),
  family('karla', 'Karla', 'sans-serif', 700),
  family('manrope', 'Manrope', 'sans-serif', 700),
  family('rubik', 'Rubik', 'sans-serif', 600),
  family('mulish', 'Mulish', 'sans-serif', 700),
  family('outfit', 'Outfit', 'sans-serif', 600),
  family('space-grotesk', 'Space Grotesk', 'sans-serif', 700),
  family('figtree', 'Figtree', 'sans-serif', 600),
  family('jost', 'Jost', 'sans-serif', 600),
  family('playfair-display', 'Playfair Display', 'serif', 700),
  family('merriweather', 'Merriweather', 'serif', 700),
  family('lora', 'Lora', 'serif', 700),
  family('eb-garamond', 'EB Garamond', 'serif', 600),
  family('libre-baskerville', 'Libre Baskerville', 'serif', 700),
  family('cormorant-garamond', 'Cormorant Garamond', 'serif', 600),
  family('source-serif-4', 'Source Serif 4', 'serif', 600),
  family('crimson-pro', 'Crimson Pro', 'serif', 600),
  family('libre-caslon-text', 'Libre Caslon Text', 'serif', 700),
  family('pt-serif', 'PT Serif', 'serif', 700),
  family('spectral', 'Spectral', 'serif', 600),
  family('bitter', 'Bitter', 'serif', 700),
  family('ibm-plex-serif', 'IBM Plex Serif', 'serif', 600),
  family('ibm-plex-mono', 'IBM Plex Mono', 'monospace', 600),
  family('jetbrains-mono', 'JetBrains Mono', 'monospace', 700),
  family('space-mono', 'Space Mono', 'monospace', 700),
];

export const FONT_PAIRINGS: readonly FontPairing[] = [
  { id: 'fraunces-inter', label: 'Fraunces and Inter', heading: 'fraunces', body: 'inter' },
  { id: 'playfair-source-sans', label: 'Playfair Display and Source Sans 3', heading: 'playfair-display', body: 'source-sans-3' },
  { id: 'montserrat-lora', label: 'Montserrat and Lora', heading: 'montserrat', body: 'lora' },
  { id: 'libre-baskerville-lato', label: 'Libre Baskerville and Lato', heading: 'libre-baskerville', body: 'lato' },
  { id: 'space-grotesk-ibm-plex-sans', label: 'Space Grotesk and IBM Plex Sans', heading: 'space-grotesk', body: 'ibm-plex-sans' },
  { id: 'cormorant-work-sans', label: 'Cormorant Garamond and Work Sans', heading: 'cormorant-garamond', body: 'work-sans' },
  { id: 'poppins-merriweather', label: 'Poppins and Merriweather', heading: 'poppins', body: 'merriweather' },
  { id: 'eb-garamond-karla', label: 'EB Garamond and Karla', heading: 'eb-garamond', body: 'karla' },
  { id: 'dm-sans-dm-sans', label: 'DM Sans throughout', heading: 'dm-sans', body: 'dm-sans' },
  { id: 'jetbrains-mono-inter', label: 'JetBrains Mono and Inter', heading: 'jetbrains-mono', body: 'inter' },
];

const BY_ID = new Map(FONT_CATALOG.map((font) => [font.id, font]));

export function findFont(fontId: string, catalog: readonly FontFamily[] = FONT_CATALOG): FontFamily | undefined {
  return catalog === FONT_CATALOG ? BY_ID.get(fontId) : catalog.find((font) => font.id === fontId);
}

export function findPairing(pairingId: string): FontPairing | undefined {
  return FONT_PAIRINGS.find((pairing) => pairing.id === pairingId);
}

/** The @fontsource file name of one weight, e.g. `inter-latin-400-normal.woff2`. */
export function fontFileName(fontId: string, weight: number): string {
  return `${fontId}-latin-${weight}-normal.woff2`;
}

export function fontFileUrl(fontId: string, fileName: string): string {
  return `/assets/fonts/${fontId}/${fileName}`;
}

export function fontFileRef(font: FontFamily, weight: number): FontFileRef {
  const fileName = fontFileName(font.id, weight);
  return { fontId: font.id, family: font.family, weight, fileName, url: fontFileUrl(font.id, fileName) };
}

/** The CSS font-family stack of a catalog font. */
export function fontStack(font: FontFamily): string {
  return `"${font.family}", ${font.fallback}`;
}

/** Every file the catalog allows, as `{fontId}/{fileName}` (the server's allow-list). */
export function catalogFontFiles(catalog: readonly FontFamily[] = FONT_CATALOG): FontFileRef[] {
  return catalog.flatMap((font) => font.weights.map((weight) => fontFileRef(font, weight)));
}
