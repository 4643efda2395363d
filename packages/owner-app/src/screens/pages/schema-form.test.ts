import { BLOCK_TYPES, EDITABLE_BLOCKS } from '@vitrine/blocks';
import { describe, expect, it } from 'vitest';
import { blockOf, datasetMessage, labelOfType, summaryOf, urlMessage } from './block-catalog';
import { errorAt, fieldOf, fieldsOf, isShown, labelOfKey, type JsonSchema } from './schema-form';

const fieldsOfType = (type: number) => fieldsOf(blockOf(type)!.schema);
const byKey = (type: number, key: string) => fieldsOfType(type).find((field) => field.key === key)!;

describe('schema → form fields', () => {
  it('maps plain types and editor hints to their controls', () => {
    expect(fieldOf('title', { type: 'string', title: 'Title', maxLength: 80 })).toMatchObject({ control: 'text', label: 'Title', maxLength: 80 });
    expect(fieldOf('note', { type: 'string', 'x-editor': 'multiline' }).control).toBe('textarea');
    expect(fieldOf('html', { type: 'string', 'x-editor': 'rich-text' }).control).toBe('rich-text');
    expect(fieldOf('md', { type: 'string', 'x-editor': 'markdown' }).control).toBe('code');
    expect(fieldOf('data', { type: 'string', 'x-editor': 'dataset' }).control).toBe('dataset');
    expect(fieldOf('on', { type: 'boolean' }).control).toBe('checkbox');
    expect(fieldOf('height', { type: 'integer', minimum: 0, maximum: 500 })).toMatchObject({ control: 'number', min: 0, max: 500, step: 1 });
    expect(fieldOf('x', { type: 'number', minimum: 0, maximum: 1 })).toMatchObject({ control: 'number', step: 'any' });
    expect(fieldOf('form', { type: 'string', 'x-editor': 'form' }).control).toBe('form');
    expect(fieldOf('color', { type: 'string', 'x-editor': 'color' }).control).toBe('color');
    expect(fieldOf('other', { type: 'object' }).control).toBe('unsupported');
    expect(labelOfKey('buttonText')).toBe('Button text');
    expect(labelOfKey('auto-crop')).toBe('Auto crop');
  });

  it('an enum becomes a select labelled by x-enumLabels, keeping the raw values', () => {
    const field = fieldOf('size', { type: 'string', enum: ['small', 'large'], 'x-enumLabels': ['Small', 'Large'] });
    expect(field.control).toBe('select');
    expect(field.options).toEqual([{ value: 'small', label: 'Small', raw: 'small' }, { value: 'large', label: 'Large', raw: 'large' }]);
    expect(fieldOf('n', { type: 'integer', enum: [1, 2] }).options?.[1]).toEqual({ value: '2', label: '2', raw: 2 });
  });

  it('reads the real block definitions: the button, the image, the gallery’s images, the accordion', () => {
    expect(fieldsOfType(BLOCK_TYPES.button).map((field) => [field.key, field.control])).toEqual([
      ['label', 'text'],
      ['url', 'url'],
      ['size', 'select'],
      ['alignment', 'select'],
      ['newWindow', 'checkbox'],
    ]);
    expect(byKey(BLOCK_TYPES.image, 'imageId').control).toBe('image');
    expect(byKey(BLOCK_TYPES.image, 'focalPoint')).toMatchObject({ control: 'group' });
    expect(byKey(BLOCK_TYPES.image, 'focalPoint').itemFields?.map((field) => field.key)).toEqual(['x', 'y']);
    const images = byKey(BLOCK_TYPES.gallery, 'images');
    expect(images).toMatchObject({ control: 'list', itemLabel: 'Image', maxItems: 250 });
    expect(images.itemFields?.map((field) => field.control)).toEqual(['image', 'text', 'text', 'textarea', 'url']);
    expect(images.itemDefault).toEqual({ imageId: '', altText: '', title: '', description: '', link: '' });
    expect(byKey(BLOCK_TYPES.accordion, 'items').itemFields?.map((field) => field.control)).toEqual(['text', 'rich-text']);
    for (const definition of EDITABLE_BLOCKS) {
      for (const field of fieldsOf(definition.schema as unknown as JsonSchema)) expect(field.control, `${definition.label}.${field.key}`).not.toBe('unsupported');
    }
  });

  it('x-showWhen hides a setting unless every named setting holds one of its values', () => {
    const autoplayDuration = byKey(BLOCK_TYPES.gallery, 'autoplay-duration');
    expect(isShown(autoplayDuration, { design: 'slideshow', autoplay: true })).toBe(true);
    expect(isShown(autoplayDuration, { design: 'slideshow', autoplay: false })).toBe(false);
    expect(isShown(autoplayDuration, { design: 'grid', autoplay: true })).toBe(false);
    expect(isShown(fieldOf('plain', { type: 'string' }), {})).toBe(true);
  });

  it('finds a field’s error by its path', () => {
    expect(errorAt({ 'images.0.link': 'Bad link' }, 'images.0.link')).toBe('Bad link');
    expect(errorAt({ 'settings.height': 'Too tall' }, 'height')).toBe('Too tall');
    expect(errorAt({}, 'height')).toBeUndefined();
  });
});

describe('the block catalogue', () => {
  it('labels types, summarises a block in one line, and checks URLs and datasets live', () => {
    expect(labelOfType(BLOCK_TYPES.html)).toBe('Text');
    expect(labelOfType(BLOCK_TYPES.twitter)).toBe('Twitter');
    expect(summaryOf(BLOCK_TYPES.html, { html: '<p>Hello <strong>there</strong></p>' })).toBe('Hello there');
    expect(summaryOf(BLOCK_TYPES.button, { label: 'Shop now', url: '/shop' })).toBe('Shop now');
    expect(summaryOf(BLOCK_TYPES.gallery, { images: [{}, {}] })).toBe('2 images');
    expect(summaryOf(BLOCK_TYPES.html, { html: 'x'.repeat(100) })).toHaveLength(80);
    expect(urlMessage('')).toBeNull();
    expect(urlMessage('https://example.com/')).toBeNull();
    expect(urlMessage('not a url at all')).toEqual(expect.any(String));
    expect(datasetMessage('Month,Visitors\nJanuary,120')).toBeNull();
    expect(datasetMessage('')).toBe('Your dataset must have at least one column');
  });
});
