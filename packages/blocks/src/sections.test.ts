import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from './block-types';
import { blocksOf, readPageBody, readSection } from './body';
import { checkPageBody } from './check-body';
import { idMakerFor, PAGE_LAYOUTS, pageLayoutBody, SECTION_PRESETS } from './section-presets';

const spacer = (id: string) => ({ id, type: BLOCK_TYPES.spacer, settings: { height: 10 } });
const columns = (...lists: unknown[][]) => lists.map((blocks, index) => ({ id: `c${index}`, blocks }));
const sectioned = (section: Record<string, unknown>) => checkPageBody({ schemaVersion: 1, sections: [{ id: 's', type: 'content', ...section }] });

describe('reading a body stored before columns existed', () => {
  it('reads a flat block list as one single-column content section, keeping its id and colour theme', () => {
    expect(readSection({ id: 'main', colourTheme: 'dark', blocks: [spacer('a')] })).toEqual({
      id: 'main',
      type: 'content',
      colourTheme: 'dark',
      columns: [{ id: 'main-column-1', blocks: [spacer('a')] }],
    });
    expect(readSection({ id: 'main', colourTheme: 'light', blocks: [] })).toEqual({ id: 'main', type: 'content', columns: [{ id: 'main-column-1', blocks: [] }] });
  });

  it('leaves a sectioned body as it is and reads nonsense as the empty body', () => {
    const today = { id: 's', type: 'content', columns: columns([spacer('a')], [spacer('b')]) };
    const body = { schemaVersion: 1, sections: [today] };
    expect(readPageBody(body)).toBe(body);
    expect(readPageBody(null)).toEqual({ schemaVersion: 1, sections: [{ id: 'section-1', type: 'content', columns: [{ id: 'section-1-column-1', blocks: [] }] }] });
    expect(blocksOf({ sections: [{ id: 'x', blocks: [spacer('a')] }, today] as never }).map((block) => block.id)).toEqual(['a', 'a', 'b']);
  });

  it('checks a stored flat section into today’s shape, its errors keyed by the path sent', () => {
    expect(checkPageBody({ schemaVersion: 1, sections: [{ id: 'main', blocks: [spacer('a')] }] }).body).toEqual({
      schemaVersion: 1,
      sections: [{ id: 'main', type: 'content', columns: [{ id: 'main-column-1', blocks: [spacer('a')] }] }],
    });
    expect(checkPageBody({ schemaVersion: 1, sections: [{ id: 'main', blocks: [{ ...spacer('a'), settings: { height: -1 } }] }] }).errors).toEqual({
      'sections.0.blocks.0.settings.height': 'Height (px) must be a whole number from 0 to 600.',
    });
  });
});

describe('checking sections', () => {
  it('keeps a section’s background, spacing and columns, leaving the defaults out', () => {
    const check = sectioned({ spacing: 'large', colourTheme: 'dark', background: { kind: 'image', url: '/assets/theme/sections/hero.svg', alt: 'A workshop' }, columns: columns([spacer('a')], [], [spacer('b')]) });
    expect(check).toEqual({
      body: {
        schemaVersion: 1,
        sections: [{ id: 's', type: 'content', spacing: 'large', colourTheme: 'dark', background: { kind: 'image', url: '/assets/theme/sections/hero.svg', alt: 'A workshop' }, columns: columns([spacer('a')], [], [spacer('b')]) }],
      },
      errors: {},
    });
    expect(sectioned({ spacing: 'medium', columns: columns([]) }).body?.sections[0]).toEqual({ id: 's', type: 'content', columns: columns([]) });
    expect(sectioned({ background: { kind: 'video', url: 'https://videos.example.com/loop.mp4' }, columns: columns([]) }).body?.sections[0]?.background).toEqual({
      kind: 'video',
      url: 'https://videos.example.com/loop.mp4',
      posterUrl: '',
    });
  });

  it('refuses an unknown section type, a column count out of 1–4, a bad spacing or background, with field errors', () => {
    expect(sectioned({ type: 'carousel', columns: columns([]) }).errors).toEqual({ 'sections.0.type': 'The section type must be one of content.' });
    expect(sectioned({ columns: [] })).toEqual({ errors: { 'sections.0.columns': 'A section has 1 to 4 columns.' } });
    expect(sectioned({ columns: columns([], [], [], [], []) })).toEqual({ errors: { 'sections.0.columns': 'A section has 1 to 4 columns.' } });
    expect(sectioned({ columns: columns([], [], [], []) }).errors).toEqual({});
    expect(sectioned({ spacing: 'huge', columns: columns([]) }).errors).toEqual({ 'sections.0.spacing': 'The section spacing must be one of none, small, medium, large.' });
    expect(sectioned({ background: { kind: 'gif' }, columns: columns([]) }).errors).toEqual({ 'sections.0.background.kind': 'The section background must be one of image, video.' });
    expect(sectioned({ background: { kind: 'image', url: 'javascript:alert(1)' }, columns: columns([]) }).errors).toEqual({
      'sections.0.background.url': 'The section background must be an http(s) address or a path of this site.',
    });
    expect(sectioned({ background: { kind: 'image' }, columns: columns([]) }).errors).toEqual({ 'sections.0.background.url': 'The section background needs an address.' });
    expect(sectioned({ columns: [{ id: 'c', blocks: 'no' }] }).errors).toEqual({ 'sections.0.columns.0.blocks': 'A column must have a list of blocks.' });
    expect(checkPageBody({ schemaVersion: 1, sections: [{ id: 's' }] }).errors).toEqual({ 'sections.0.columns': 'A section must have a list of columns.' });
  });

  it('counts the 60-block limit across every column of every section', () => {
    const spacers = (from: number, count: number) => Array.from({ length: count }, (_, i) => spacer(`b${from + i}`));
    const body = (last: number) => ({ schemaVersion: 1, sections: [{ id: 's1', columns: columns(spacers(0, 20), spacers(20, 20)) }, { id: 's2', blocks: spacers(40, last) }] });
    expect(checkPageBody(body(20)).errors).toEqual({});
    expect(checkPageBody(body(21))).toEqual({ errors: { sections: 'A page holds at most 60 blocks.' } });
  });

  it('refuses a block error inside a column at its path, and an id used twice across columns', () => {
    expect(sectioned({ columns: columns([spacer('a')], [{ ...spacer('b'), settings: { height: 601 } }]) }).errors).toEqual({
      'sections.0.columns.1.blocks.0.settings.height': 'Height (px) must be a whole number from 0 to 600.',
    });
    expect(sectioned({ columns: columns([spacer('a')], [spacer('a')]) }).errors).toEqual({ 'sections.0.columns.1.blocks.0.id': 'The block id a is used twice.' });
  });
});

describe('section presets and page layouts', () => {
  it.each(SECTION_PRESETS.map((preset) => [preset.name, preset] as const))('the %s preset returns a valid section', (_name, preset) => {
    const section = preset.create(idMakerFor(null));
    const check = checkPageBody({ schemaVersion: 1, sections: [section] });
    expect(check.errors).toEqual({});
    expect(check.body?.sections[0]).toEqual(section);
    expect(section.columns).toHaveLength(preset.preview.length);
  });

  it('offers the eight presets the issue names', () => {
    expect(SECTION_PRESETS.map((preset) => preset.label)).toEqual([
      'Hero',
      'Picture beside text',
      'Feature grid',
      'Testimonials',
      'FAQ',
      'Call to action',
      'Product spotlight',
      'Newsletter',
    ]);
  });

  it('gives a preset joining a body ids the body does not use yet', () => {
    const first = SECTION_PRESETS[2]!.create(idMakerFor(null));
    const body = { schemaVersion: 1, sections: [first] };
    const second = SECTION_PRESETS[2]!.create(idMakerFor(body));
    expect(checkPageBody({ ...body, sections: [first, second] }).errors).toEqual({});
    expect(second.id).toBe('section-2');
  });

  it.each(PAGE_LAYOUTS.map((layout) => [layout.name] as const))('the %s layout starts a valid body', (name) => {
    const body = pageLayoutBody(name);
    expect(checkPageBody(body)).toEqual({ body, errors: {} });
  });

  it('starts a landing page with a hero first and a blank page with one empty section', () => {
    expect(pageLayoutBody('landing').sections.map((section) => section.columns.length)).toEqual([1, 3, 2, 3, 2]);
    expect(pageLayoutBody('landing').sections[0]?.background).toEqual({ kind: 'image', url: '/assets/theme/sections/hero.svg', alt: '' });
    expect(pageLayoutBody('blank')).toEqual({ schemaVersion: 1, sections: [{ id: 'section-1', type: 'content', columns: [{ id: 'section-1-column-1', blocks: [] }] }] });
    expect(pageLayoutBody('no-such-layout')).toEqual(pageLayoutBody('blank'));
  });
});
