/**
 * A theme's settings schema — what its `theme.json` declares (like Shopify's settings_schema.json): every
 * style token and layout option the theme offers, grouped, each with its type, label and default. The
 * Design screen builds its form from it, `theme check` validates it, the server compiles values with it.
 */
import Type, { type Static, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { findFont } from './fonts';
import {
  COLOUR_ROLES,
  colourThemeOf,
  FONT_PAIRINGS_IDS,
  findSetting,
  validateStyleValuesAgainst,
  type ColourSetting,
  type FontPairingSetting,
  type FontSetting,
  type RangeSetting,
  type SelectSetting,
  type Setting,
  type SettingType,
  type StarterTemplate,
  type TextSetting,
  type ThemeManifest,
  type ToggleSetting,
} from './settings';

export * from './settings';


const SETTING_ID = '^[a-z0-9]+(?:[.-][a-z0-9]+)*$';
const CSS_VAR = '^--[a-z][a-z0-9-]*$';

const base = {
  id: Type.String({ pattern: SETTING_ID, maxLength: 80 }),
  label: Type.String({ minLength: 1, maxLength: 120 }),
  info: Type.Optional(Type.String({ maxLength: 500 })),
  cssVar: Type.Optional(Type.String({ pattern: CSS_VAR, maxLength: 80 })),
};

export const ColourSettingSchema = Type.Object(
  { ...base, type: Type.Literal('colour'), default: Type.String({ pattern: '^#[0-9a-f]{6}$' }) },
  { additionalProperties: false },
);
export const FontSettingSchema = Type.Object(
  // `preload`: the layout preloads this setting's regular weight (the body font: most of the first paint's text).
  { ...base, type: Type.Literal('font'), default: Type.String({ minLength: 1 }), preload: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export const RangeSettingSchema = Type.Object(
  {
    ...base,
    type: Type.Literal('range'),
    min: Type.Number(),
    max: Type.Number(),
    step: Type.Number({ exclusiveMinimum: 0 }),
    unit: Type.Optional(Type.String({ pattern: '^(px|rem|em|%|vw|ms|s)$' })),
    default: Type.Number(),
  },
  { additionalProperties: false },
);
export const SelectOptionSchema = Type.Object(
  { value: Type.String({ minLength: 1, maxLength: 200 }), label: Type.String({ minLength: 1, maxLength: 120 }) },
  { additionalProperties: false },
);
export const SelectSettingSchema = Type.Object(
  { ...base, type: Type.Literal('select'), options: Type.Array(SelectOptionSchema, { minItems: 1, maxItems: 50 }), default: Type.String() },
  { additionalProperties: false },
);
export const ToggleSettingSchema = Type.Object(
  { ...base, type: Type.Literal('toggle'), default: Type.Boolean() },
  { additionalProperties: false },
);
/** Sets two font settings at once; its own value is a pairing id of FONT_PAIRINGS ('' = none chosen). */
export const FontPairingSettingSchema = Type.Object(
  {
    ...base,
    type: Type.Literal('font-pairing'),
    heading: Type.String({ pattern: SETTING_ID }),
    body: Type.String({ pattern: SETTING_ID }),
    default: Type.String(),
  },
  { additionalProperties: false },
);
export const TextSettingSchema = Type.Object(
  { ...base, type: Type.Literal('text'), maxLength: Type.Integer({ minimum: 1, maximum: 200 }), default: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);

/* The TypeBox schemas' static types are the hand-written interfaces of settings.ts (checked below). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShapes: [
  Same<Static<typeof ColourSettingSchema>, ColourSetting>,
  Same<Static<typeof FontSettingSchema>, FontSetting>,
  Same<Static<typeof RangeSettingSchema>, RangeSetting>,
  Same<Static<typeof SelectSettingSchema>, SelectSetting>,
  Same<Static<typeof ToggleSettingSchema>, ToggleSetting>,
  Same<Static<typeof FontPairingSettingSchema>, FontPairingSetting>,
  Same<Static<typeof TextSettingSchema>, TextSetting>,
  Same<Static<typeof StarterTemplateSchema>, StarterTemplate>,
] = [true, true, true, true, true, true, true, true];
void sameShapes;

const SETTING_SCHEMAS: Record<SettingType, TSchema> = {
  colour: ColourSettingSchema,
  font: FontSettingSchema,
  range: RangeSettingSchema,
  select: SelectSettingSchema,
  toggle: ToggleSettingSchema,
  'font-pairing': FontPairingSettingSchema,
  text: TextSettingSchema,
};
export const SETTING_TYPES = Object.keys(SETTING_SCHEMAS) as SettingType[];

export const SettingSchema = Type.Union(Object.values(SETTING_SCHEMAS));
export const SettingGroupSchema = Type.Object(
  { id: Type.String({ pattern: SETTING_ID }), label: Type.String({ minLength: 1, maxLength: 120 }), settings: Type.Array(SettingSchema, { maxItems: 200 }) },
  { additionalProperties: false },
);
export const StylePresetSchema = Type.Object(
  {
    id: Type.String({ pattern: SETTING_ID }),
    label: Type.String({ minLength: 1, maxLength: 120 }),
    values: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
  },
  { additionalProperties: false },
);
/** A starter template: values of the manifest's settings under a name; its picture a path under the theme's assets/. */
export const StarterTemplateSchema = Type.Object(
  {
    id: Type.String({ pattern: SETTING_ID, maxLength: 40 }),
    label: Type.String({ minLength: 1, maxLength: 60 }),
    description: Type.String({ minLength: 1, maxLength: 300 }),
    values: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
    picture: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9_-]*(?:/[a-z0-9][a-z0-9_-]*)*\\.(?:webp|jpg|jpeg|png)$', maxLength: 200 })),
  },
  { additionalProperties: false },
);
export const ThemeManifestSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    version: Type.String({ pattern: '^\\d+\\.\\d+\\.\\d+(?:[-+][0-9A-Za-z.-]+)?$' }),
    settings: Type.Array(SettingGroupSchema, { maxItems: 50 }),
    presets: Type.Optional(Type.Array(StylePresetSchema, { maxItems: 50 })),
    templates: Type.Optional(Type.Array(StarterTemplateSchema, { maxItems: 30 })),
    /** Catalog font ids whose @font-face the theme's own stylesheet declares (its committed files): compiled sheets skip them. */
    bundledFonts: Type.Optional(Type.Array(Type.String(), { maxItems: 10 })),
  },
  { additionalProperties: false },
);


export interface ManifestError { path: string; message: string }
export type ManifestValidation = { ok: true; errors: []; manifest: ThemeManifest } | { ok: false; errors: ManifestError[] };

const SHELL = Compile(
  Type.Object(
    {
      name: ThemeManifestSchema.properties.name,
      version: ThemeManifestSchema.properties.version,
      settings: Type.Array(
        Type.Object({ id: SettingGroupSchema.properties.id, label: SettingGroupSchema.properties.label, settings: Type.Array(Type.Unknown(), { maxItems: 200 }) }, { additionalProperties: false }),
        { maxItems: 50 },
      ),
      presets: ThemeManifestSchema.properties.presets,
      templates: ThemeManifestSchema.properties.templates,
      bundledFonts: ThemeManifestSchema.properties.bundledFonts,
    },
    { additionalProperties: false },
  ),
);
const SETTING_CHECKS = Object.fromEntries(Object.entries(SETTING_SCHEMAS).map(([type, schema]) => [type, Compile(schema)])) as Record<SettingType, ReturnType<typeof Compile>>;

/** A JSON pointer-ish path as `settings[0].settings[2].default`. */
function joinPath(prefix: string, pointer: string): string {
  const parts = pointer.split('/').filter(Boolean).map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`));
  const joined = `${prefix}${parts.join('')}`;
  return joined.startsWith('.') ? joined.slice(1) : joined || '(manifest)';
}

function schemaErrors(check: ReturnType<typeof Compile>, value: unknown, prefix: string): ManifestError[] {
  const seen = new Set<string>();
  const out: ManifestError[] = [];
  for (const error of check.Errors(value)) {
    if (error.keyword === 'boolean') continue; // TypeBox repeats additionalProperties as "schema is false"
    const path = joinPath(prefix, error.instancePath);
    let message = error.message;
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'additionalProperties') {
      const names = (params.additionalProperties as string[] | undefined) ?? [];
      message = `unknown field${names.length === 1 ? '' : 's'} ${names.join(', ')}`;
    } else if (error.keyword === 'required') {
      const names = (params.requiredProperties as string[] | undefined) ?? [];
      message = `missing ${names.join(', ')}`;
    } else if (error.keyword === 'pattern' && path.endsWith('.default')) {
      message = 'must be a colour as #rrggbb (six lower-case hex digits)';
    }
    const key = `${path} ${message}`;
    if (!seen.has(key)) { seen.add(key); out.push({ path, message }); }
  }
  return out;
}

/** Characters that could end a declaration or open a rule: refused in CSS values a manifest supplies. */
const UNSAFE_CSS = /[;{}<>\\]|\/\*|url\(|@import|expression\(/i;

/** Checks a theme.json's parsed JSON: its shape, then the rules a schema cannot say. */
export function validateManifest(json: unknown): ManifestValidation {
  const errors = schemaErrors(SHELL, json, '');
  if (errors.length > 0) return { ok: false, errors };
  const manifest = json as ThemeManifest;
  const ids = new Map<string, string>();
  const cssVars = new Map<string, string>();
  manifest.settings.forEach((group, g) => {
    group.settings.forEach((raw, s) => {
      const at = `settings[${g}].settings[${s}]`;
      const type = (raw as { type?: unknown } | null)?.type;
      if (typeof raw !== 'object' || raw === null || typeof type !== 'string' || !(type in SETTING_CHECKS)) {
        errors.push({ path: `${at}.type`, message: `must be one of ${SETTING_TYPES.join(', ')}` });
        return;
      }
      const shapeErrors = schemaErrors(SETTING_CHECKS[type as SettingType], raw, at);
      if (shapeErrors.length > 0) { errors.push(...shapeErrors); return; }
      const setting = raw as Setting;
      if (ids.has(setting.id)) errors.push({ path: `${at}.id`, message: `duplicate setting id ${setting.id} (first at ${ids.get(setting.id)})` });
      else ids.set(setting.id, at);
      if (setting.cssVar) {
        if (setting.type === 'font-pairing') errors.push({ path: `${at}.cssVar`, message: 'a font pairing sets its two font settings and has no cssVar' });
        else if (setting.type === 'text') errors.push({ path: `${at}.cssVar`, message: 'a text setting is printed by templates and has no cssVar' });
        else {
          // A colour theme's settings set the same properties as the other themes', inside their own rule.
          const scope = colourThemeOf(setting.id)?.theme ?? '';
          const key = `${scope} ${setting.cssVar}`;
          if (cssVars.has(key)) errors.push({ path: `${at}.cssVar`, message: `${setting.cssVar} is already set by ${cssVars.get(key)}` });
          else cssVars.set(key, setting.id);
        }
      }
      errors.push(...settingRuleErrors(setting, at));
      if (setting.id.startsWith('theme.')) {
        const place = colourThemeOf(setting.id);
        if (!place) errors.push({ path: `${at}.id`, message: `a colour theme setting is theme.{name}.{${COLOUR_ROLES.join('|')}}` });
        else if (setting.type !== 'colour' || !setting.cssVar) errors.push({ path: `${at}.cssVar`, message: 'a colour theme setting is a colour with a cssVar' });
      }
    });
  });
  // Pairings refer to font settings declared anywhere in the manifest.
  manifest.settings.forEach((group, g) => group.settings.forEach((setting, s) => {
    if (setting?.type !== 'font-pairing') return;
    for (const role of ['heading', 'body'] as const) {
      const target = findSetting(manifest, setting[role]);
      if (!target || target.type !== 'font') errors.push({ path: `settings[${g}].settings[${s}].${role}`, message: `${setting[role]} is not a font setting of this manifest` });
    }
  }));
  (manifest.bundledFonts ?? []).forEach((fontId, i) => {
    if (!findFont(fontId)) errors.push({ path: `bundledFonts[${i}]`, message: `${fontId} is not a font of the catalog` });
  });
  if (errors.length === 0) {
    (manifest.presets ?? []).forEach((preset, p) => {
      for (const problem of validateStyleValuesAgainst(manifest, preset.values)) {
        errors.push({ path: `presets[${p}].values.${problem.field}`, message: problem.message });
      }
    });
    const templateIds = new Map<string, number>();
    (manifest.templates ?? []).forEach((template, t) => {
      if (templateIds.has(template.id)) errors.push({ path: `templates[${t}].id`, message: `duplicate template id ${template.id} (first at templates[${templateIds.get(template.id)}])` });
      else templateIds.set(template.id, t);
      for (const problem of validateStyleValuesAgainst(manifest, template.values)) {
        errors.push({ path: `templates[${t}].values.${problem.field}`, message: problem.message });
      }
    });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, errors: [], manifest };
}

function settingRuleErrors(setting: Setting, at: string): ManifestError[] {
  const errors: ManifestError[] = [];
  switch (setting.type) {
    case 'font':
      if (!findFont(setting.default)) errors.push({ path: `${at}.default`, message: `${setting.default} is not a font of the catalog` });
      break;
    case 'range':
      if (setting.min >= setting.max) errors.push({ path: `${at}.max`, message: 'must be greater than min' });
      else if (setting.default < setting.min || setting.default > setting.max) errors.push({ path: `${at}.default`, message: `must be between ${setting.min} and ${setting.max}` });
      break;
    case 'select': {
      const values = setting.options.map((option) => option.value);
      if (!values.includes(setting.default)) errors.push({ path: `${at}.default`, message: `must be one of the options: ${values.join(', ')}` });
      setting.options.forEach((option, o) => {
        if (values.indexOf(option.value) !== o) errors.push({ path: `${at}.options[${o}].value`, message: `duplicate option ${option.value}` });
        if (setting.cssVar && UNSAFE_CSS.test(option.value)) errors.push({ path: `${at}.options[${o}].value`, message: 'must be a plain CSS value (no ; { } < > \\, comments, url() or @import)' });
      });
      break;
    }
    case 'font-pairing':
      if (setting.default !== '' && !FONT_PAIRINGS_IDS.has(setting.default)) errors.push({ path: `${at}.default`, message: `${setting.default} is not a font pairing` });
      break;
    case 'text':
      if (setting.default.length > setting.maxLength) errors.push({ path: `${at}.default`, message: `must be at most ${setting.maxLength} characters` });
      break;
    default:
      break;
  }
  return errors;
}
