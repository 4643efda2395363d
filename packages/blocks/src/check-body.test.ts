import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from './block-types';
import { emptyPageBody } from './body';
import { checkPageBody } from './check-body';
import { defaultSettings } from './check-settings';
import { EDITABLE_BLOCKS } from './definitions';

const block = (id: string, type: number, settings: Record<string, unknown> = {}) => ({ id, type, settings });
const body = (...blocks: unknown[]) => ({ schemaVersion: 1, sections: [{ id: 'main', blocks }] });

describe('checkPageBody', () => {
  it('keeps a section’s colour theme (light, the page’s own, is left out) and refuses an unknown one', () => {
    const themed = (colourTheme: unknown) => checkPageBody({ schemaVersion: 1, sections: [{ id: 's', colourTheme, blocks: [] }] });
    const oneColumn = { type: 'content', columns: [{ id: 's-column-1', blocks: [] }] };
    expect(themed('dark')).toEqual({ body: { schemaVersion: 1, sections: [{ id: 's', colourTheme: 'dark', ...oneColumn }] }, errors: {} });
    expect(themed('accent').body?.sections[0]?.colourTheme).toBe('accent');
    expect(themed('light')).toEqual({ body: { schemaVersion: 1, sections: [{ id: 's', ...oneColumn }] }, errors: {} });
    expect(themed(undefined).body?.sections[0]).toEqual({ id: 's', ...oneColumn });
    expect(themed('purple')).toEqual({ errors: { 'sections.0.colourTheme': 'The section colour theme must be one of light, dark, accent.' } });
    expect(themed(3).errors).toEqual({ 'sections.0.colourTheme': 'The section colour theme must be one of light, dark, accent.' });
  });

  it('accepts the empty body and a body with every editable block, filling defaults', () => {
    expect(checkPageBody(emptyPageBody())).toEqual({ body: emptyPageBody(), errors: {} });
    const every = body(...EDITABLE_BLOCKS.map((definition) => block(`b-${definition.type}`, definition.type)));
    const check = checkPageBody(every);
    expect(check.errors).toEqual({});
    expect(check.body?.sections[0]?.columns[0]?.blocks.map((checked) => checked.settings)).toEqual(EDITABLE_BLOCKS.map((definition) => defaultSettings(definition.type)));
  });

  it('holds at most 60 blocks across all sections', () => {
    const spacers = (from: number, count: number) => Array.from({ length: count }, (_, i) => block(`s${from + i}`, BLOCK_TYPES.spacer));
    expect(checkPageBody({ schemaVersion: 1, sections: [{ id: 'a', blocks: spacers(0, 30) }, { id: 'b', blocks: spacers(30, 30) }] }).errors).toEqual({});
    expect(checkPageBody({ schemaVersion: 1, sections: [{ id: 'a', blocks: spacers(0, 30) }, { id: 'b', blocks: spacers(30, 31) }] })).toEqual({
      errors: { sections: 'A page holds at most 60 blocks.' },
    });
  });

  it('keys setting errors by their path in the body and returns no body', () => {
    expect(checkPageBody(body(block('a', BLOCK_TYPES.html), block('b', BLOCK_TYPES.spacer, { height: -1 })))).toEqual({
      errors: { 'sections.0.blocks.1.settings.height': 'Height (px) must be a whole number from 0 to 600.' },
    });
    expect(checkPageBody(body(block('a', BLOCK_TYPES.spacer, 'tall' as never))).errors).toEqual({ 'sections.0.blocks.0.settings': 'The block settings must be an object.' });
  });

  it('keeps blocks of codes 1–71 it does not edit, unchanged, and refuses codes outside 1–71', () => {
    const kept = block('j', BLOCK_TYPES.journal, { legacy: { anything: [1, 'two'] } });
    expect(checkPageBody(body(kept)).body?.sections[0]?.columns[0]?.blocks[0]).toEqual(kept);
    expect(checkPageBody(body(block('gap', 15))).errors).toEqual({});
    for (const type of [0, 72, 1000, 2.5, '5', null]) {
      expect(checkPageBody(body(block('x', type as number))).errors).toEqual({ 'sections.0.blocks.0.type': 'The block type must be a whole number from 1 to 71.' });
    }
  });

  it('bounds the size and depth of kept settings without recursion', () => {
    expect(checkPageBody(body(block('j', BLOCK_TYPES.journal, { big: 'x'.repeat(1_000_000) }))).errors).toEqual({
      'sections.0.blocks.0.settings': 'The block settings must be at most 65536 bytes.',
    });
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(checkPageBody(body(block('j', BLOCK_TYPES.journal, { deep }))).errors).toEqual({ 'sections.0.blocks.0.settings': 'The block settings nest at most 16 levels deep.' });
    expect(checkPageBody(body(block('j', BLOCK_TYPES.journal, { nul: 'a\u0000' }))).errors).toEqual({ 'sections.0.blocks.0.settings': 'The block settings must not contain NUL characters.' });
  });

  it('requires unique, well-formed ids', () => {
    expect(checkPageBody(body(block('same', BLOCK_TYPES.spacer), block('same', BLOCK_TYPES.spacer))).errors).toEqual({ 'sections.0.blocks.1.id': 'The block id same is used twice.' });
    expect(checkPageBody(body(block('has space', BLOCK_TYPES.spacer))).errors).toEqual({
      'sections.0.blocks.0.id': 'The block id must be 1 to 100 letters, digits, dashes or underscores.',
    });
    expect(checkPageBody({ schemaVersion: 1, sections: [{ blocks: [] }] }).errors).toEqual({ 'sections.0.id': 'The section id must be 1 to 100 letters, digits, dashes or underscores.' });
  });

  it('refuses a wrong shape with clear messages', () => {
    expect(checkPageBody(null)).toEqual({ errors: { '': 'The page body must be an object.' } });
    expect(checkPageBody([])).toEqual({ errors: { '': 'The page body must be an object.' } });
    expect(checkPageBody({ schemaVersion: 2, sections: [] })).toEqual({ errors: { schemaVersion: "The page body's schema version must be 1." } });
    expect(checkPageBody({ schemaVersion: 1 })).toEqual({ errors: { sections: 'The page body must have a list of sections.' } });
    expect(checkPageBody({ schemaVersion: 1, sections: [1] })).toEqual({ errors: { 'sections.0': 'A section must be an object.' } });
    expect(checkPageBody({ schemaVersion: 1, sections: [{ id: 's' }] })).toEqual({ errors: { 'sections.0.columns': 'A section must have a list of columns.' } });
    expect(checkPageBody(body('text'))).toEqual({ errors: { 'sections.0.blocks.0': 'A block must be an object.' } });
  });

  it('drops unknown keys of the body, its sections and blocks', () => {
    const check = checkPageBody(JSON.parse('{"schemaVersion":1,"__proto__":{"x":1},"sections":[{"id":"s","extra":1,"blocks":[{"id":"b","type":21,"settings":{"height":10},"css":"x"}]}]}'));
    expect(check).toEqual({ body: { schemaVersion: 1, sections: [{ id: 's', type: 'content', columns: [{ id: 's-column-1', blocks: [{ id: 'b', type: 21, settings: { height: 10 } }] }] }] }, errors: {} });
  });
});
