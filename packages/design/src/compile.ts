/**
 * Compiles a website's style values into its one small stylesheet: custom properties on :root, one rule
 * per section colour theme, and @font-face only for the catalog families in use (woff2, swap). Pure:
 * the server hashes the text for the URL and caches it per (website, version).
 */
import { FONT_CATALOG, findFont, fontFileRef, fontStack, type FontFamily, type FontFileRef } from './fonts';
import { allSettings, colourThemeOf, PAGE_COLOUR_THEME, type Setting, type StyleValue, type StyleValues, type ThemeManifest } from './settings';
import { resolveStyles } from './values';

export interface CompiledStylesheet {
  css: string;
  /** Every font file the sheet's @font-face rules name. */
  fonts: FontFileRef[];
  /**
   * The regular (400) files the layout preloads: those of the font settings marked `preload` (in a manifest marking
   * none, of every family in use). `bundled` ones are the theme's own files, served from its assets.
   */
  preload: PreloadedFont[];
}

export interface PreloadedFont extends FontFileRef {
  bundled: boolean;
}

function cssValue(setting: Setting, value: StyleValue, catalog: readonly FontFamily[]): string | null {
  switch (setting.type) {
    case 'colour':
      return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : null;
    case 'font': {
      const font = findFont(String(value), catalog);
      return font ? fontStack(font) : null;
    }
    case 'range':
      return typeof value === 'number' && Number.isFinite(value) ? `${Number(value.toFixed(4))}${setting.unit ?? ''}` : null;
    case 'select':
      return setting.options.some((option) => option.value === value) ? String(value) : null;
    case 'toggle':
      return value === true ? '1' : '0';
    default:
      return null;
  }
}

/** The layout options (settings without cssVar): what templates read as `website.design.options`. */
export function layoutOptions(manifest: ThemeManifest, values: StyleValues): StyleValues {
  const resolved = resolveStyles(manifest, values);
  return Object.fromEntries(allSettings(manifest).filter((setting) => !setting.cssVar && setting.type !== 'font-pairing').map((setting) => [setting.id, resolved[setting.id]!]));
}

export function compileStylesheet(manifest: ThemeManifest, values: StyleValues, fontCatalog: readonly FontFamily[] = FONT_CATALOG): CompiledStylesheet {
  const resolved = resolveStyles(manifest, values);
  const root: string[] = [];
  const themes = new Map<string, string[]>();
  const fontIds = new Set<string>();
  const preloadedIds = new Set<string>();
  const settings = allSettings(manifest);
  // Preloads compete with the stylesheets for a phone's bandwidth before the first paint, and every font is
  // font-display: swap: only the families a setting marks `preload` (the body text) are worth it.
  const marksPreload = settings.some((setting) => setting.type === 'font' && setting.preload === true);
  for (const setting of settings) {
    const value = resolved[setting.id];
    if (setting.type === 'font' && value !== undefined && findFont(String(value), fontCatalog)) {
      fontIds.add(String(value));
      if (!marksPreload || setting.preload === true) preloadedIds.add(String(value));
    }
    if (!setting.cssVar || value === undefined) continue;
    const css = cssValue(setting, value, fontCatalog);
    if (css === null) continue;
    const place = colourThemeOf(setting.id);
    const declaration = `${setting.cssVar}:${css}`;
    if (!place || place.theme === PAGE_COLOUR_THEME) root.push(declaration);
    else themes.set(place.theme, [...(themes.get(place.theme) ?? []), declaration]);
  }
  const bundled = new Set(manifest.bundledFonts ?? []);
  const fonts: FontFileRef[] = [];
  const preload: PreloadedFont[] = [];
  const faces: string[] = [];
  for (const fontId of [...fontIds].sort()) {
    const font = findFont(fontId, fontCatalog)!;
    if (bundled.has(fontId)) {
      // The theme's own stylesheet declares it from its committed files: no @font-face here, its file preloaded.
      if (preloadedIds.has(fontId) && font.weights.includes(400)) preload.push({ ...fontFileRef(font, 400), bundled: true });
      continue;
    }
    for (const weight of font.weights) {
      const file = fontFileRef(font, weight);
      fonts.push(file);
      if (weight === 400 && preloadedIds.has(fontId)) preload.push({ ...file, bundled: false });
      faces.push(`@font-face{font-family:"${font.family}";font-style:normal;font-weight:${weight};font-display:swap;src:url("${file.url}") format("woff2")}`);
    }
  }
  const lines = [...faces, `:root{${root.join(';')}}`];
  for (const [theme, declarations] of themes) lines.push(`[data-colour-theme="${theme}"]{${declarations.join(';')}}`);
  return { css: `${lines.join('\n')}\n`, fonts, preload };
}
