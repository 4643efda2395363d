/**
 * The settings schema's types and its pure rules (no TypeBox): the setting and manifest shapes, the colour themes,
 * finding settings, checking values. Browser bundles import these through `@vitrine/design/browser`; manifest.ts
 * adds the TypeBox schemas and validateManifest on top (what `theme check` and the server run).
 */
import { FONT_CATALOG, FONT_PAIRINGS, findFont } from './fonts';

export type StyleValue = string | number | boolean;
/** Values by setting id: only the owner's overrides; a missing id takes the manifest's default. */
export type StyleValues = Record<string, StyleValue>;

interface SettingBase { id: string; label: string; info?: string; cssVar?: string }
export interface ColourSetting extends SettingBase { type: 'colour'; default: string }
/** `preload`: the layout preloads the chosen family's regular weight (see compileStylesheet). */
export interface FontSetting extends SettingBase { type: 'font'; default: string; preload?: boolean }
export interface RangeSetting extends SettingBase { type: 'range'; min: number; max: number; step: number; unit?: string; default: number }
export interface SelectSetting extends SettingBase { type: 'select'; options: Array<{ value: string; label: string }>; default: string }
export interface ToggleSetting extends SettingBase { type: 'toggle'; default: boolean }
/** Sets two font settings at once; its own value is a pairing id of FONT_PAIRINGS ('' = none chosen). */
export interface FontPairingSetting extends SettingBase { type: 'font-pairing'; heading: string; body: string; default: string }
/**
 * A short line of the owner's own words a layout prints (the local header's phone and address). Never a CSS value
 * (no cssVar): templates print it through htmltag. A template switch keeps it: it is content, not style.
 */
export interface TextSetting extends SettingBase { type: 'text'; maxLength: number; default: string }
export type Setting = ColourSetting | FontSetting | RangeSetting | SelectSetting | ToggleSetting | FontPairingSetting | TextSetting;
export type SettingType = Setting['type'];

export interface SettingGroup { id: string; label: string; settings: Setting[] }
export interface StylePreset { id: string; label: string; values: StyleValues }
/**
 * A starter template (issue 33 item 4): a style preset and layout options together — values of this manifest's
 * settings — under a name an owner picks in the template gallery. Choosing one replaces the site's style values with
 * these (its text settings kept); pages, products and blocks are not touched. `picture` is its gallery picture, a
 * path under the theme's assets/ folder.
 */
export interface StarterTemplate { id: string; label: string; description: string; values: StyleValues; picture?: string }
export interface ThemeManifest {
  name: string;
  version: string;
  settings: SettingGroup[];
  presets?: StylePreset[];
  /** The first is the theme's own look: a website that never chose one uses it. */
  templates?: StarterTemplate[];
  bundledFonts?: string[];
}

export const FONT_PAIRINGS_IDS = new Set(FONT_PAIRINGS.map((pairing) => pairing.id));

/** The roles a section colour theme maps (setting ids `theme.{name}.{role}`). */
export const COLOUR_ROLES = ['background', 'text', 'heading', 'link', 'button', 'button-text', 'border'] as const;
export type ColourRole = (typeof COLOUR_ROLES)[number];
/** The page's own colours; the other themes (dark, accent, …) apply inside `[data-colour-theme="name"]`. */
export const PAGE_COLOUR_THEME = 'light';

/** `theme.dark.button-text` → { theme: 'dark', role: 'button-text' }; null for any other id. */
export function colourThemeOf(settingId: string): { theme: string; role: ColourRole } | null {
  const match = /^theme\.([a-z0-9-]+)\.([a-z-]+)$/.exec(settingId);
  if (!match || !(COLOUR_ROLES as readonly string[]).includes(match[2]!)) return null;
  return { theme: match[1]!, role: match[2] as ColourRole };
}

/** The colour theme names a manifest declares, the page's first. */
export function colourThemes(manifest: ThemeManifest): string[] {
  const names = new Set<string>();
  for (const setting of allSettings(manifest)) {
    const place = colourThemeOf(setting.id);
    if (place) names.add(place.theme);
  }
  return [...names].sort((a, b) => (a === PAGE_COLOUR_THEME ? -1 : b === PAGE_COLOUR_THEME ? 1 : 0));
}

/** Every setting of the manifest, in order. */
export function allSettings(manifest: ThemeManifest): Setting[] {
  return manifest.settings.flatMap((group) => group.settings);
}

export function findSetting(manifest: ThemeManifest, id: string): Setting | undefined {
  for (const group of manifest.settings) for (const setting of group.settings) if (setting?.id === id) return setting;
  return undefined;
}

export interface FieldError { field: string; message: string }

/** Per-setting checks of values (shared by validateStyleValues and the presets check). */
export function validateStyleValuesAgainst(manifest: ThemeManifest, values: unknown): FieldError[] {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return [{ field: 'values', message: 'must be an object of setting ids to values' }];
  const errors: FieldError[] = [];
  for (const [field, value] of Object.entries(values as Record<string, unknown>)) {
    const setting = findSetting(manifest, field);
    if (!setting) { errors.push({ field, message: 'is not a setting of this theme' }); continue; }
    const problem = valueProblem(setting, value);
    if (problem) errors.push({ field, message: problem });
  }
  return errors;
}

function valueProblem(setting: Setting, value: unknown): string | null {
  switch (setting.type) {
    case 'colour':
      return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? null : 'must be a colour as #rrggbb';
    case 'font':
      return typeof value === 'string' && findFont(value) ? null : `must be a font of the catalog (${FONT_CATALOG.length} families)`;
    case 'range': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return `must be a number from ${setting.min} to ${setting.max}`;
      if (value < setting.min || value > setting.max) return `must be from ${setting.min} to ${setting.max}`;
      const steps = (value - setting.min) / setting.step;
      return Math.abs(steps - Math.round(steps)) < 1e-6 ? null : `must be a step of ${setting.step} from ${setting.min}`;
    }
    case 'select':
      return typeof value === 'string' && setting.options.some((option) => option.value === value) ? null : `must be one of ${setting.options.map((option) => option.value).join(', ')}`;
    case 'toggle':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'font-pairing':
      return typeof value === 'string' && (value === '' || FONT_PAIRINGS_IDS.has(value)) ? null : 'must be a font pairing of the catalog';
    case 'text':
      if (typeof value !== 'string') return 'must be a text';
      if (value.length > setting.maxLength) return `must be at most ${setting.maxLength} characters`;
      return /[\u0000-\u001f\u007f]/.test(value) ? 'must be one line of text' : null;
  }
}

/** The manifest's starter templates, the theme's own look first ([] for a theme without any). */
export function starterTemplates(manifest: ThemeManifest): StarterTemplate[] {
  return manifest.templates ?? [];
}

export function findTemplate(manifest: ThemeManifest, id: string): StarterTemplate | undefined {
  return starterTemplates(manifest).find((template) => template.id === id);
}

/** The template a website shows when it never chose one: the manifest's first, or none. */
export function defaultTemplateId(manifest: ThemeManifest): string | null {
  return starterTemplates(manifest)[0]?.id ?? null;
}

/**
 * The style values after switching to a template: the template's own values (its preset and layout options), with
 * the owner's text settings (their phone, their address: content, not style) carried over from the current values.
 */
export function valuesForTemplate(manifest: ThemeManifest, template: StarterTemplate, current: StyleValues): StyleValues {
  const kept: StyleValues = {};
  for (const setting of allSettings(manifest)) {
    const value = current[setting.id];
    if (setting.type === 'text' && value !== undefined) kept[setting.id] = value;
  }
  return { ...template.values, ...kept };
}
