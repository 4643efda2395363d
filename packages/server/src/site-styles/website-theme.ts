import { validateManifest, type ThemeManifest } from '@vitrine/design';
import type { Website } from '../db/schema';
import { DEFAULT_MANIFEST } from './compiled';

/**
 * The theme a website's styles are values of. A port (themes/registry.ts implements it; the composition root passes
 * it in): an uploaded theme's parsed theme.json and where its assets are served, or undefined for the default theme.
 */
export interface ThemeManifestSource {
  manifestFor(website: Website): Promise<{ manifest: unknown; assetsUrl: string } | undefined>;
}

export interface WebsiteTheme {
  manifest: ThemeManifest;
  /** Where the theme's assets/ folder is served (its template pictures are paths under it). */
  assetsUrl: string;
}

export const DEFAULT_THEME_ASSETS_URL = '/assets/theme/';
export const DEFAULT_WEBSITE_THEME: WebsiteTheme = { manifest: DEFAULT_MANIFEST, assetsUrl: DEFAULT_THEME_ASSETS_URL };

// An uploaded theme's manifest passed `theme check` at upload; it is validated again once per parsed copy (the
// registry keeps one per compiled archive), so a bad one falls back to the default theme's instead of failing pages.
const validated = new WeakMap<object, ThemeManifest | null>();

function checkedManifest(json: unknown): ThemeManifest | null {
  if (typeof json !== 'object' || json === null) return null;
  if (!validated.has(json)) {
    const result = validateManifest(json);
    validated.set(json, result.ok ? result.manifest : null);
  }
  return validated.get(json) ?? null;
}

/** The website's theme: its chosen upload's manifest when it has a valid one, else the default theme's. */
export async function websiteThemeOf(source: ThemeManifestSource | undefined, website: Website): Promise<WebsiteTheme> {
  const uploaded = source ? await source.manifestFor(website) : undefined;
  if (!uploaded) return DEFAULT_WEBSITE_THEME;
  const manifest = checkedManifest(uploaded.manifest);
  return manifest ? { manifest, assetsUrl: uploaded.assetsUrl } : DEFAULT_WEBSITE_THEME;
}
