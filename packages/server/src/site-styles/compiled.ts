import { createHash } from 'node:crypto';
import { compileStylesheet, layoutOptions, validateManifest, type StyleValues, type ThemeManifest } from '@vitrine/design';
import defaultManifestJson from '@vitrine/theme/theme.json' with { type: 'json' };
import type { PublishedSiteStyles } from '../db/schema';

/** Where a website's compiled stylesheet is served: the file name is the start of its content's SHA-256. */
export const SITE_STYLES_PREFIX = '/assets/site-styles/';
export const STYLESHEET_FILE = /^([0-9a-f]{16})\.css$/;

/** The default theme's settings schema (packages/theme/theme.json), checked once at start: a broken one fails loudly. */
function loadManifest(json: unknown): ThemeManifest {
  const result = validateManifest(json);
  if (!result.ok) throw new Error(`packages/theme/theme.json: ${result.errors.map((error) => `${error.path}: ${error.message}`).join('; ')}`);
  return result.manifest;
}
export const DEFAULT_MANIFEST: ThemeManifest = loadManifest(defaultManifestJson);

export interface CompiledStyles {
  css: string;
  hash: string;
  stylesheetUrl: string;
  /** Font files to preload (the regular weights in use). */
  preload: string[];
  options: StyleValues;
}

/** Where the default theme serves its committed font files (its site.css names them so: a preload must match). */
const DEFAULT_THEME_FONTS = '/assets/theme/fonts/';

export function compileSiteStyles(manifest: ThemeManifest, values: StyleValues): CompiledStyles {
  const { css, preload } = compileStylesheet(manifest, values);
  const hash = createHash('sha256').update(css).digest('hex').slice(0, 16);
  // A bundled font is preloaded from the default theme's files; an uploaded theme's own files load when used.
  const preloadUrls = preload.flatMap((file) => (!file.bundled ? [file.url] : manifest === DEFAULT_MANIFEST ? [`${DEFAULT_THEME_FONTS}${file.fileName}`] : []));
  return { css, hash, stylesheetUrl: `${SITE_STYLES_PREFIX}${hash}.css`, preload: preloadUrls, options: layoutOptions(manifest, values) };
}

/** The theme's defaults compiled: what a website that never published shows. */
export const DEFAULT_STYLES: CompiledStyles = compileSiteStyles(DEFAULT_MANIFEST, {});

export function publishedSummary(versionId: string, compiled: CompiledStyles, templateId: string | null = null): PublishedSiteStyles {
  return { versionId, stylesheetUrl: compiled.stylesheetUrl, preload: compiled.preload, options: compiled.options, templateId };
}

// Each template of a manifest compiled once (per parsed manifest): a template preview links these sheets by hash.
const templateSheets = new WeakMap<ThemeManifest, Map<string, string>>();

/** A template's stylesheet of this manifest by its hash (the sheet `?design-preview=template:{id}` links), if any. */
export function templateStylesheetByHash(manifest: ThemeManifest, hash: string): string | undefined {
  let sheets = templateSheets.get(manifest);
  if (!sheets) {
    sheets = new Map();
    for (const template of manifest.templates ?? []) {
      const compiled = compileSiteStyles(manifest, template.values);
      sheets.set(compiled.hash, compiled.css);
    }
    templateSheets.set(manifest, sheets);
  }
  return sheets.get(hash);
}

/** What the layout reads as `website.design`: the stylesheet, its preloads and the layout options by setting id path. */
export interface DesignView {
  stylesheetUrl: string;
  preload: string[];
  /** `button.style` → `options.button.style` (templates read paths, not ids with dots). */
  options: Record<string, unknown>;
}

export function nestedOptions(options: StyleValues): Record<string, unknown> {
  const nested: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(options)) {
    const parts = id.split('.');
    let node = nested;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      node = (typeof next === 'object' && next !== null ? next : (node[part] = {})) as Record<string, unknown>;
    }
    node[parts[parts.length - 1]!] = value;
  }
  return nested;
}

export function designViewOf(published: PublishedSiteStyles | null | undefined, draft?: CompiledStyles): DesignView {
  if (draft) return { stylesheetUrl: draft.stylesheetUrl, preload: draft.preload, options: nestedOptions(draft.options) };
  const live = published ?? publishedSummary('', DEFAULT_STYLES);
  return { stylesheetUrl: live.stylesheetUrl, preload: live.preload, options: nestedOptions(live.options) };
}
