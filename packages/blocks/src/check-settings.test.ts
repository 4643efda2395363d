import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from './block-types';
import { checkBlockSettings, defaultSettings } from './check-settings';
import { EDITABLE_BLOCKS, blockDefinition } from './definitions';
import type { SettingSchema } from './schema';

describe('EDITABLE_BLOCKS', () => {
  it('lists the 22 editable block types by code, each once', () => {
    expect(EDITABLE_BLOCKS.map((definition) => [definition.name, definition.type])).toEqual([
      ['html', 2],
      ['markdown', 44],
      ['image', 5],
      ['gallery', 8],
      ['button', 53],
      ['spacer', 21],
      ['horizontalrule', 47],
      ['quote', 31],
      ['code', 23],
      ['embed', 22],
      ['video', 32],
      ['map', 4],
      ['form', 9],
      ['newsletter', 51],
      ['product', 43],
      ['summary-v2', 55],
      ['accordion', 69],
      ['socialaccountlinks-v2', 54],
      ['search', 33],
      ['chart', 62],
      ['marquee', 70],
      ['shape', 71],
    ]);
    for (const definition of EDITABLE_BLOCKS) expect(BLOCK_TYPES[definition.name as keyof typeof BLOCK_TYPES]).toBe(definition.type);
  });

  it('gives every setting a label, and every enumeration a label per option', () => {
    const walk = (schema: SettingSchema, where: string): void => {
      expect(schema.title.length, where).toBeGreaterThan(0);
      if (schema.enum) expect(schema['x-enumLabels']?.length, where).toBe(schema.enum.length);
      if (schema.type === 'string' && !schema.enum) expect(schema.maxLength, `${where} has a maximum length`).toBeGreaterThan(0);
      for (const [key, child] of Object.entries(schema.properties ?? {})) walk(child, `${where}.${key}`);
      if (schema.items) walk(schema.items, `${where}[]`);
    };
    for (const definition of EDITABLE_BLOCKS) {
      expect(definition.schema.required).toEqual(Object.keys(definition.schema.properties));
      for (const [key, property] of Object.entries(definition.schema.properties)) walk(property, `${definition.name}.${key}`);
    }
  });

  it('answers undefined for a code kept but not edited', () => {
    expect(blockDefinition(BLOCK_TYPES.journal)).toBeUndefined();
    expect(blockDefinition(BLOCK_TYPES.spacer)?.label).toBe('Spacer');
  });
});

describe('defaultSettings and checkBlockSettings', () => {
  it.each(EDITABLE_BLOCKS.map((definition) => [definition.name, definition.type] as const))("%s's defaults pass its own check unchanged", (_name, code) => {
    const defaults = defaultSettings(code);
    expect(checkBlockSettings(code, defaults)).toEqual({ settings: defaults, errors: {} });
    expect(checkBlockSettings(code, {})).toEqual({ settings: defaults, errors: {} });
  });

  it('hands out copies: editing defaults does not change the next ones', () => {
    const first = defaultSettings(BLOCK_TYPES.image);
    (first.focalPoint as { x: number }).x = 0.1;
    expect(defaultSettings(BLOCK_TYPES.image).focalPoint).toEqual({ x: 0.5, y: 0.5 });
  });

  it('drops unknown keys, prototype keys included, and keeps the good ones', () => {
    const hostile = JSON.parse('{"height": 120, "__proto__": {"polluted": true}, "constructor": 1, "extra": "x"}') as Record<string, unknown>;
    const check = checkBlockSettings(BLOCK_TYPES.spacer, hostile);
    expect(check).toEqual({ settings: { height: 120 }, errors: {} });
    expect(Object.keys(check.settings)).toEqual(['height']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses settings that are not an object', () => {
    expect(checkBlockSettings(BLOCK_TYPES.spacer, [1, 2]).errors).toEqual({ '': 'The block settings must be an object.' });
    expect(checkBlockSettings(BLOCK_TYPES.spacer, 'height').errors).toEqual({ '': 'The block settings must be an object.' });
  });

  it('refuses NUL bytes and 1 MB strings with clear messages', () => {
    expect(checkBlockSettings(BLOCK_TYPES.quote, { quote: 'a\u0000b' }).errors).toEqual({ quote: 'Quote must not contain NUL characters.' });
    expect(checkBlockSettings(BLOCK_TYPES.html, { html: 'x'.repeat(1_000_000) }).errors).toEqual({ html: 'Text must be at most 100000 characters.' });
    expect(checkBlockSettings(BLOCK_TYPES.quote, { source: 'x'.repeat(201) }).errors).toEqual({ source: 'Source must be at most 200 characters.' });
  });

  it('refuses deep objects where a value is expected, without walking them', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i += 1) deep = { deeper: deep };
    expect(checkBlockSettings(BLOCK_TYPES.spacer, { height: deep }).errors).toEqual({ height: 'Height (px) must be a whole number from 0 to 600.' });
    // An object where one is expected keeps only its known keys: the deep chain is dropped, not walked.
    expect(checkBlockSettings(BLOCK_TYPES.image, { focalPoint: deep })).toMatchObject({ settings: { focalPoint: { x: 0.5, y: 0.5 } }, errors: {} });
    expect(checkBlockSettings(BLOCK_TYPES.gallery, { images: [deep] }).errors).toEqual({ 'images.0.imageId': 'Image is required.' });
  });

  it('checks nested objects by path and falls back to the default for what it refuses', () => {
    const check = checkBlockSettings(BLOCK_TYPES.image, { focalPoint: { x: 1.5, y: 0 }, focalPointExtra: 1 });
    expect(check.errors).toEqual({ 'focalPoint.x': 'Focal point (across) must be a number from 0 to 1.' });
    expect(check.settings.focalPoint).toEqual({ x: 0.5, y: 0 });
    expect(checkBlockSettings(BLOCK_TYPES.image, { focalPoint: [0.2, 0.3] }).errors).toEqual({ focalPoint: 'Focal point is not in the expected shape.' });
  });

  it('requires a label where the schema says so, blank text counting as empty', () => {
    expect(checkBlockSettings(BLOCK_TYPES.button, { label: '' }).errors).toEqual({ label: 'Label is required.' });
    expect(checkBlockSettings(BLOCK_TYPES.button, { label: ' \u200b ' }).errors).toEqual({ label: 'Label is required.' });
    expect(checkBlockSettings(BLOCK_TYPES.accordion, { items: [{ title: 'Shipping', body: '<p>3 days</p>' }, { body: 'x' }] }).errors).toEqual({ 'items.1.title': 'Title is required.' });
  });

  it('checks links, colours and datasets with the editor messages', () => {
    expect(checkBlockSettings(BLOCK_TYPES.button, { url: 'javascript:alert(1)' }).errors).toEqual({ url: 'Links must be formatted as https://example.com or /about' });
    expect(checkBlockSettings(BLOCK_TYPES.button, { url: '/shop' }).errors).toEqual({});
    expect(checkBlockSettings(BLOCK_TYPES.shape, { color: '1a6' }).errors).toEqual({});
    expect(checkBlockSettings(BLOCK_TYPES.shape, { color: '#11aa66' }).errors).toEqual({});
    expect(checkBlockSettings(BLOCK_TYPES.shape, { color: '#11aa6' }).errors).toEqual({ color: 'Colour must be 3 or 6 hex digits, like #1a6 or #11aa66.' });
    expect(checkBlockSettings(BLOCK_TYPES.chart, { dataset: 'Month\nJanuary' }).errors).toEqual({ dataset: 'Your dataset must have at least one column' });
    expect(checkBlockSettings(BLOCK_TYPES.chart, { dataset: 'Month,Sales' }).errors).toEqual({ dataset: 'Your dataset must have at least one row' });
    expect(checkBlockSettings(BLOCK_TYPES.chart, { dataset: 'Month,Sales\nJanuary,' }).errors).toEqual({ dataset: 'One or more rows was missing data' });
  });

  it('takes null only where a setting is nullable', () => {
    expect(checkBlockSettings(BLOCK_TYPES.map, { mapLat: null, mapLng: 2.35 }).errors).toEqual({});
    expect(checkBlockSettings(BLOCK_TYPES.map, { mapLat: 91 }).errors).toEqual({ mapLat: 'Latitude must be a number from -90 to 90.' });
    expect(checkBlockSettings(BLOCK_TYPES.map, { zoom: null }).errors).toEqual({ zoom: 'Zoom must be a whole number from 1 to 20.' });
  });

  it('keeps the settings of a type it does not edit as given', () => {
    expect(checkBlockSettings(BLOCK_TYPES.journal, { anything: [1] })).toEqual({ settings: { anything: [1] }, errors: {} });
  });
});
