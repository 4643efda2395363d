import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FONT_CATALOG, FONT_PAIRINGS, catalogFontFiles, compileStylesheet, contrastRatio, contrastWarnings, findFont, layoutOptions,
  meetsContrast, nearestPassingColour, resolveStyles, validateManifest, validateStyleValues, type ThemeManifest,
  defaultTemplateId, findTemplate, starterTemplates, valuesForTemplate,
} from './index';

const defaultManifestJson: unknown = JSON.parse(readFileSync(new URL('../../theme/theme.json', import.meta.url), 'utf8'));
const siteCss = readFileSync(new URL('../../theme/assets/site.css', import.meta.url), 'utf8');
const validated = validateManifest(defaultManifestJson);
if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
const manifest: ThemeManifest = validated.manifest;

const small: ThemeManifest = {
  name: 'Small', version: '1.0.0',
  settings: [
    { id: 'colours', label: 'Colours', settings: [
      { id: 'theme.light.background', label: 'Background', type: 'colour', cssVar: '--color-background', default: '#ffffff' },
      { id: 'theme.light.text', label: 'Text', type: 'colour', cssVar: '--color-text', default: '#111111' },
      { id: 'theme.dark.background', label: 'Background', type: 'colour', cssVar: '--color-background', default: '#111111' },
      { id: 'theme.dark.text', label: 'Text', type: 'colour', cssVar: '--color-text', default: '#777777' },
    ] },
    { id: 'type', label: 'Type', settings: [
      { id: 'type.pairing', label: 'Pairing', type: 'font-pairing', heading: 'type.heading', body: 'type.body', default: '' },
      { id: 'type.heading', label: 'Heading', type: 'font', cssVar: '--font-heading', default: 'lora' },
      { id: 'type.body', label: 'Body', type: 'font', cssVar: '--font-body', default: 'lora' },
      { id: 'size', label: 'Size', type: 'range', cssVar: '--text-base', min: 0.875, max: 1.25, step: 0.0625, unit: 'rem', default: 1 },
      { id: 'motion', label: 'Motion', type: 'toggle', default: true },
      { id: 'shape', label: 'Shape', type: 'select', cssVar: '--button-radius', options: [{ value: '0px', label: 'Square' }, { value: '999px', label: 'Pill' }], default: '0px' },
    ] },
  ],
};

describe('the font catalog', () => {
  it('has at least 30 families from @fontsource with 400 and one bold weight, and 8 pairings of catalog fonts', () => {
    expect(FONT_CATALOG.length).toBeGreaterThanOrEqual(30);
    expect(new Set(FONT_CATALOG.map((font) => font.id)).size).toBe(FONT_CATALOG.length);
    for (const font of FONT_CATALOG) {
      expect(font.weights[0]).toBe(400);
      expect([600, 700]).toContain(font.weights[1]);
    }
    expect(FONT_PAIRINGS.length).toBeGreaterThanOrEqual(8);
    for (const pairing of FONT_PAIRINGS) {
      expect(findFont(pairing.heading), pairing.heading).toBeDefined();
      expect(findFont(pairing.body), pairing.body).toBeDefined();
    }
    expect(catalogFontFiles()).toContainEqual({ fontId: 'inter', family: 'Inter', weight: 400, fileName: 'inter-latin-400-normal.woff2', url: '/assets/fonts/inter/inter-latin-400-normal.woff2' });
    expect(catalogFontFiles()).toHaveLength(FONT_CATALOG.length * 2);
  });
});

describe('contrast', () => {
  it('computes WCAG ratios and the AA thresholds', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(meetsContrast('#777777', '#ffffff', 'text')).toBe(false);
    expect(meetsContrast('#777777', '#ffffff', 'large-text')).toBe(true);
    expect(meetsContrast('#767676', '#ffffff', 'text')).toBe(true);
    expect(meetsContrast('#999999', '#ffffff', 'ui')).toBe(false);
  });
  it('suggests the nearest passing colour of the same hue', () => {
    expect(nearestPassingColour('#767676', '#ffffff', 'text')).toBe('#767676');
    const grey = nearestPassingColour('#777777', '#ffffff', 'text');
    expect(meetsContrast(grey, '#ffffff', 'text')).toBe(true);
    expect(grey).toMatch(/^#(..)\1\1$/); // still a grey
    const red = nearestPassingColour('#ff6666', '#ffffff', 'text');
    expect(meetsContrast(red, '#ffffff', 'text')).toBe(true);
    expect(contrastRatio(red, '#ffffff')).toBeLessThan(4.7); // the nearest, not any passing one
    const light = nearestPassingColour('#333366', '#000000', 'text'); // darker cannot pass on black: lighter
    expect(meetsContrast(light, '#000000', 'text')).toBe(true);
  });
});

describe('validateManifest', () => {
  it('accepts the default theme.json', () => {
    expect(validateManifest(defaultManifestJson)).toMatchObject({ ok: true, errors: [] });
    expect(validateManifest(small).ok).toBe(true);
  });
  it('reports each problem with its path', () => {
    const broken = structuredClone(small) as unknown as { settings: Array<{ settings: Array<Record<string, unknown>> }>; extra?: number };
    broken.settings[0]!.settings[0]!.default = 'white';
    broken.settings[1]!.settings[1]!.default = 'comic-sans';
    broken.settings[1]!.settings[3]!.default = 3;
    broken.settings[1]!.settings[5]!.default = 'round';
    broken.settings[1]!.settings[4]!.id = 'type.heading';
    const result = validateManifest(broken);
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([
      { path: 'settings[0].settings[0].default', message: 'must be a colour as #rrggbb (six lower-case hex digits)' },
      { path: 'settings[1].settings[1].default', message: 'comic-sans is not a font of the catalog' },
      { path: 'settings[1].settings[3].default', message: 'must be between 0.875 and 1.25' },
      { path: 'settings[1].settings[4].id', message: 'duplicate setting id type.heading (first at settings[1].settings[1])' },
      { path: 'settings[1].settings[5].default', message: 'must be one of the options: 0px, 999px' },
    ]);
  });
  it('refuses unknown fields and types, a missing version, CSS that escapes its declaration and a pairing of no font setting', () => {
    expect(validateManifest({ name: 'x', settings: [], colours: 1 }).errors).toEqual([
      { path: '(manifest)', message: 'missing version' },
      { path: '(manifest)', message: 'unknown field colours' },
    ]);
    const bad = { name: 'x', version: '1.0.0', settings: [{ id: 'g', label: 'G', settings: [
      { id: 'a', label: 'A', type: 'gradient', default: 1 },
      { id: 'b', label: 'B', type: 'select', cssVar: '--b', options: [{ value: 'red;}body{display:none', label: 'Evil' }], default: 'red;}body{display:none' },
      { id: 'c', label: 'C', type: 'font-pairing', heading: 'nope', body: 'b', default: '' },
    ] }] };
    expect(validateManifest(bad).errors).toEqual([
      { path: 'settings[0].settings[0].type', message: 'must be one of colour, font, range, select, toggle, font-pairing, text' },
      { path: 'settings[0].settings[1].options[0].value', message: 'must be a plain CSS value (no ; { } < > \\, comments, url() or @import)' },
      { path: 'settings[0].settings[2].heading', message: 'nope is not a font setting of this manifest' },
      { path: 'settings[0].settings[2].body', message: 'b is not a font setting of this manifest' },
    ]);
    expect(validateManifest('not json').errors[0]!.path).toBe('(manifest)');
  });
});

describe('starter templates and text settings', () => {
  const withTemplates = (templates: unknown[], extra: unknown[] = []) => ({
    ...structuredClone(small),
    settings: [...structuredClone(small).settings, { id: 'business', label: 'Business', settings: [
      { id: 'business.phone', label: 'Phone', type: 'text', maxLength: 20, default: '' }, ...extra,
    ] }],
    templates,
  });
  it('gives the default theme five templates that differ in layout options, the first its own look', () => {
    expect(starterTemplates(manifest).map((template) => template.id)).toEqual(['shop', 'journal', 'portfolio', 'local', 'brand']);
    expect(defaultTemplateId(manifest)).toBe('shop');
    expect(findTemplate(manifest, 'shop')!.values).toEqual({});
    const layoutOf = (id: string) => JSON.stringify(Object.entries(layoutOptions(manifest, findTemplate(manifest, id)!.values)).filter(([key]) => key.startsWith('layout.')));
    expect(new Set(['shop', 'journal', 'portfolio', 'local', 'brand'].map(layoutOf)).size).toBe(5);
    expect(layoutOptions(manifest, findTemplate(manifest, 'portfolio')!.values)).toMatchObject({ 'layout.header': 'minimal', 'layout.product': 'gallery-above', 'layout.blog': 'grid', 'layout.hero': 'full-bleed' });
    for (const template of starterTemplates(manifest)) {
      expect(contrastWarnings(manifest, resolveStyles(manifest, template.values)), template.id).toEqual([]);
    }
  });
  it('refuses a duplicate template id, values that are not settings, a picture path that climbs out, and text with a cssVar', () => {
    const ok = withTemplates([{ id: 'plain', label: 'Plain', description: 'Plain.', values: { shape: '999px' }, picture: 'templates/plain-home.webp' }]);
    expect(validateManifest(ok).errors).toEqual([]);
    expect(validateManifest(withTemplates([
      { id: 'plain', label: 'Plain', description: 'Plain.', values: { shape: '5px', ghost: 1 } },
      { id: 'plain', label: 'Again', description: 'Again.', values: {} },
    ])).errors).toEqual([
      { path: 'templates[0].values.shape', message: 'must be one of 0px, 999px' },
      { path: 'templates[0].values.ghost', message: 'is not a setting of this theme' },
      { path: 'templates[1].id', message: 'duplicate template id plain (first at templates[0])' },
    ]);
    expect(validateManifest(withTemplates([{ id: 'up', label: 'Up', description: 'Up.', values: {}, picture: '../secret.png' }])).errors.map((error) => error.path)).toEqual(['templates[0].picture']);
    expect(validateManifest(withTemplates([], [{ id: 'business.address', label: 'Address', type: 'text', cssVar: '--address', maxLength: 5, default: 'too long' }])).errors).toEqual([
      { path: 'settings[2].settings[1].cssVar', message: 'a text setting is printed by templates and has no cssVar' },
      { path: 'settings[2].settings[1].default', message: 'must be at most 5 characters' },
    ]);
  });
  it('checks text values and keeps them over a template switch, taking every style of the template', () => {
    const checked = validateManifest(withTemplates([{ id: 'pill', label: 'Pill', description: 'Round.', values: { shape: '999px' } }]));
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const themed = checked.manifest;
    expect(validateStyleValues(themed, { 'business.phone': '+44 20 7946 0000' }).ok).toBe(true);
    expect(validateStyleValues(themed, { 'business.phone': 'x'.repeat(21) }).errors).toEqual([{ field: 'business.phone', message: 'must be at most 20 characters' }]);
    expect(validateStyleValues(themed, { 'business.phone': 'a\nb' }).errors).toEqual([{ field: 'business.phone', message: 'must be one line of text' }]);
    expect(validateStyleValues(themed, { 'business.phone': 5 }).errors).toEqual([{ field: 'business.phone', message: 'must be a text' }]);
    expect(valuesForTemplate(themed, findTemplate(themed, 'pill')!, { size: 1.125, 'business.phone': '0123' })).toEqual({ shape: '999px', 'business.phone': '0123' });
    expect(layoutOptions(themed, { 'business.phone': '0123' })).toMatchObject({ 'business.phone': '0123', motion: true });
    expect(compileStylesheet(themed, { 'business.phone': '0123' }).css).not.toContain('0123');
  });
});

describe('style values', () => {
  it('resolves overrides over defaults, a pairing under explicit fonts', () => {
    expect(resolveStyles(small, {})).toMatchObject({ 'theme.light.background': '#ffffff', 'type.heading': 'lora', size: 1, motion: true });
    expect(resolveStyles(small, { 'type.pairing': 'fraunces-inter' })).toMatchObject({ 'type.heading': 'fraunces', 'type.body': 'inter' });
    expect(resolveStyles(small, { 'type.pairing': 'fraunces-inter', 'type.body': 'lato' })).toMatchObject({ 'type.heading': 'fraunces', 'type.body': 'lato' });
  });
  it('gives a field error for each bad value', () => {
    expect(validateStyleValues(small, { 'theme.light.text': '#12345', 'type.body': 'arial', size: 1.3, motion: 'yes', shape: '5px', ghost: 1, 'type.pairing': 'x' })).toEqual({
      ok: false,
      errors: [
        { field: 'theme.light.text', message: 'must be a colour as #rrggbb' },
        { field: 'type.body', message: `must be a font of the catalog (${FONT_CATALOG.length} families)` },
        { field: 'size', message: 'must be from 0.875 to 1.25' },
        { field: 'motion', message: 'must be true or false' },
        { field: 'shape', message: 'must be one of 0px, 999px' },
        { field: 'ghost', message: 'is not a setting of this theme' },
        { field: 'type.pairing', message: 'must be a font pairing of the catalog' },
      ],
    });
    expect(validateStyleValues(small, { size: 0.9 }).errors).toEqual([{ field: 'size', message: 'must be a step of 0.0625 from 0.875' }]);
    expect(validateStyleValues(small, [1]).errors).toEqual([{ field: 'values', message: 'must be an object of setting ids to values' }]);
    expect(validateStyleValues(small, { size: 1.125, 'theme.dark.text': '#ABCDEF' })).toEqual({ ok: true, errors: [] });
  });
});

describe('compileStylesheet', () => {
  it('writes custom properties, colour theme rules and @font-face for the fonts in use only', () => {
    const { css, fonts, preload } = compileStylesheet(small, { 'theme.light.text': '#ABCDEF', 'type.body': 'inter', size: 1.125 });
    expect(css).toBe([
      '@font-face{font-family:"Inter";font-style:normal;font-weight:400;font-display:swap;src:url("/assets/fonts/inter/inter-latin-400-normal.woff2") format("woff2")}',
      '@font-face{font-family:"Inter";font-style:normal;font-weight:600;font-display:swap;src:url("/assets/fonts/inter/inter-latin-600-normal.woff2") format("woff2")}',
      '@font-face{font-family:"Lora";font-style:normal;font-weight:400;font-display:swap;src:url("/assets/fonts/lora/lora-latin-400-normal.woff2") format("woff2")}',
      '@font-face{font-family:"Lora";font-style:normal;font-weight:700;font-display:swap;src:url("/assets/fonts/lora/lora-latin-700-normal.woff2") format("woff2")}',
      ':root{--color-background:#ffffff;--color-text:#abcdef;--font-heading:"Lora", Georgia, "Times New Roman", serif;--font-body:"Inter", "Inter Fallback", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;--text-base:1.125rem;--button-radius:0px}',
      '[data-colour-theme="dark"]{--color-background:#111111;--color-text:#777777}',
      '',
    ].join('\n'));
    expect(fonts.map((file) => file.url)).toEqual([
      '/assets/fonts/inter/inter-latin-400-normal.woff2', '/assets/fonts/inter/inter-latin-600-normal.woff2',
      '/assets/fonts/lora/lora-latin-400-normal.woff2', '/assets/fonts/lora/lora-latin-700-normal.woff2',
    ]);
    expect(preload.map((file) => file.fileName)).toEqual(['inter-latin-400-normal.woff2', 'lora-latin-400-normal.woff2']);
    expect(layoutOptions(small, { motion: false })).toEqual({ motion: false });
  });

  it('compiles the default theme to the values of site.css (its bundled Inter and Fraunces get no @font-face)', () => {
    const { css, fonts } = compileStylesheet(manifest, {});
    expect(fonts).toEqual([]);
    expect(css).not.toContain('@font-face');
    const rootRule = /^:root\{(.*)\}$/m.exec(css)![1]!;
    const siteRoot = /:root \{([\s\S]*?)\n\}/.exec(siteCss)![1]!;
    for (const declaration of rootRule.split(/;(?=--)/)) {
      const [name, value] = [declaration.slice(0, declaration.indexOf(':')), declaration.slice(declaration.indexOf(':') + 1)];
      expect(siteRoot, name).toContain(`${name}: ${value};`);
    }
    expect(css).toContain('[data-colour-theme="dark"]{--color-background:#1f2a22;');
    expect(css).toContain('[data-colour-theme="accent"]{--color-background:#24382b;');
    expect(layoutOptions(manifest, {})).toEqual({
      'button.style': 'solid', 'motion.enabled': true, 'layout.header': 'classic', 'layout.footer': 'columns', 'layout.hero': 'contained',
      'layout.product': 'gallery-beside', 'layout.sticky': false, 'layout.blog': 'list', 'business.address': '', 'business.hours': '', 'business.phone': '',
    });
  });

  it('preloads only the body font of a manifest that marks it, from the theme\'s own files when bundled', () => {
    expect(compileStylesheet(manifest, {}).preload.map(({ fileName, bundled }) => [fileName, bundled])).toEqual([['inter-latin-400-normal.woff2', true]]);
    const changed = compileStylesheet(manifest, { 'type.heading.family': 'playfair-display', 'type.body.family': 'lato', 'type.button.family': 'dm-sans' });
    expect(changed.preload.map(({ url, bundled }) => [url, bundled])).toEqual([['/assets/fonts/lato/lato-latin-400-normal.woff2', false]]);
    // The heading and button fonts still get their faces; they load when text uses them (swap).
    expect(changed.fonts.map((file) => file.fontId)).toEqual(expect.arrayContaining(['playfair-display', 'dm-sans']));
  });

  it('keeps a sheet with every font changed far below 30 KB', () => {
    const { css } = compileStylesheet(manifest, { 'type.heading.family': 'playfair-display', 'type.body.family': 'lato', 'type.button.family': 'dm-sans' });
    expect(css.length).toBeLessThan(30_000);
    expect(css.match(/@font-face/g)).toHaveLength(6);
  });
});

describe('contrastWarnings', () => {
  it('passes the default theme and reports a failing pair with a suggestion', () => {
    expect(contrastWarnings(manifest, resolveStyles(manifest, {}))).toEqual([]);
    const warnings = contrastWarnings(small, resolveStyles(small, {}));
    expect(warnings).toEqual([{ colourTheme: 'dark', foreground: 'theme.dark.text', background: 'theme.dark.background', kind: 'text', ratio: 4.21, minimum: 4.5, suggestion: expect.stringMatching(/^#[0-9a-f]{6}$/) }]);
    expect(meetsContrast(warnings[0]!.suggestion, '#111111', 'text')).toBe(true);
    const values = resolveStyles(manifest, { 'theme.light.button-text': '#3a5a44' });
    expect(contrastWarnings(manifest, values).map((warning) => [warning.foreground, warning.kind])).toEqual([['theme.light.button-text', 'ui']]);
  });
});
