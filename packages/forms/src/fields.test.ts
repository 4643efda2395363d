import { describe, expect, it } from 'vitest';
import {
  CHOICE_KINDS,
  FIELD_KINDS,
  FIELD_PARTS,
  LIKERT_ANSWERS,
  MULTI_PART_KINDS,
  REQUIRED_PARTS,
  SINGLE_LINE_KINDS,
  canBeRequired,
  carriesValue,
  emptyValueOf,
  isFieldKind,
  readFieldDefinitions,
  type FieldDefinition,
  type FieldDefinitionOf,
  type SubmittedValueOf,
} from './fields';

describe('the field kinds of platform §3', () => {
  it('are the editor types, in order', () => {
    expect(FIELD_KINDS).toEqual([
      'text', 'textarea', 'email', 'currency', 'number', 'website', 'password', 'twitter', 'date', 'time',
      'name', 'address', 'phone', 'section', 'radio', 'checkbox', 'select', 'likert', 'hidden',
    ]);
    expect(isFieldKind('likert')).toBe(true);
    expect(isFieldKind('file')).toBe(false);
    expect(isFieldKind(1)).toBe(false);
  });

  it('are grouped without overlap, and every kind but section, textarea, likert and hidden is in a group', () => {
    const grouped = [...SINGLE_LINE_KINDS, ...MULTI_PART_KINDS, ...CHOICE_KINDS];
    expect(new Set(grouped).size).toBe(grouped.length);
    expect(FIELD_KINDS.filter((kind) => !grouped.includes(kind as never))).toEqual(['textarea', 'section', 'likert', 'hidden']);
  });

  it('multi-part kinds list their parts in payload order; phone has 4 with the country code first', () => {
    expect(FIELD_PARTS).toEqual({
      date: ['Month', 'Day', 'Year'],
      time: ['Hour', 'Minute', 'Second', 'Ampm'],
      name: ['First', 'Last'],
      address: ['Line1', 'Line2', 'City', 'State', 'Zip', 'Country'],
      phone: ['Country', 'Areacode', 'Prefix', 'Line'],
    });
    for (const kind of MULTI_PART_KINDS) {
      for (const part of REQUIRED_PARTS[kind]) expect(FIELD_PARTS[kind]).toContain(part);
    }
  });

  it('sections carry no value; sections, hidden fields and likerts are never required (storefront §5)', () => {
    expect(FIELD_KINDS.filter((kind) => !carriesValue(kind))).toEqual(['section']);
    expect(FIELD_KINDS.filter((kind) => !canBeRequired(kind))).toEqual(['section', 'likert', 'hidden']);
  });

  it('likert answers are the five-point scale', () => {
    expect(LIKERT_ANSWERS).toEqual(['-2', '-1', '0', '1', '2']);
  });

  it('each kind has its empty value in its payload shape', () => {
    const base = { id: 'f', title: 'F' };
    expect(emptyValueOf({ ...base, type: 'text' })).toBe('');
    expect(emptyValueOf({ ...base, type: 'textarea', maxLength: 10 })).toBe('');
    expect(emptyValueOf({ ...base, type: 'address' })).toEqual(['', '', '', '', '', '']);
    expect(emptyValueOf({ ...base, type: 'phone' })).toEqual(['', '', '', '']);
    expect(emptyValueOf({ ...base, type: 'checkbox', options: ['a'] })).toEqual([]);
    expect(emptyValueOf({ ...base, type: 'radio', options: ['a'] })).toBe('');
    expect(emptyValueOf({ ...base, type: 'likert', options: ['q'] })).toEqual({});
    expect(emptyValueOf({ ...base, type: 'hidden', key: 'SQF_SOURCE', value: 'web' })).toBe('web');
    expect(emptyValueOf({ ...base, type: 'section' })).toBeUndefined();
  });

  it('types each kind: definition and value', () => {
    const phone: FieldDefinitionOf<'phone'> = { id: 'p', type: 'phone', title: 'Phone', showCountryCode: true };
    const email: FieldDefinitionOf<'email'> = { id: 'e', type: 'email', title: 'Email', placeholder: 'you@example.com' };
    const likert: SubmittedValueOf<'likert'> = { 'Stuff is good': '1' };
    const address: SubmittedValueOf<'address'> = ['1 Main St', '', 'Springfield', 'IL', '62701', 'US'];
    const fields: FieldDefinition[] = [phone, email];
    expect(fields.map((field) => field.type)).toEqual(['phone', 'email']);
    expect([likert, address]).toHaveLength(2);
  });
});

describe('readFieldDefinitions: stored fields read leniently for display', () => {
  it('keeps known fields and their properties, drops the rest', () => {
    const fields = readFieldDefinitions({
      fields: [
        { id: 'text-engraving', type: 'text', title: 'Engraving text', required: true, placeholder: 'Your words' },
        { id: 'select-font', type: 'select', title: 'Font', required: false, options: ['Serif', 3, 'Script'] },
        { id: 'notes', type: 'textarea', title: 'Notes', maxLength: '250' },
        { id: 'bad-limit', type: 'textarea', title: 'Notes', maxLength: 'abc' },
        { id: 'heading', type: 'section', title: 'More', required: true, underline: true },
        { id: 'src', type: 'hidden', key: 'SQF_SOURCE', value: 'web' },
        { id: 'mood', type: 'likert', title: 'Views', options: ['Stuff is good'], required: true },
        { id: 'upload', type: 'file', title: 'Upload' },
        { type: 'text', title: 'No id' },
        null,
        'text',
      ],
    });
    expect(fields).toEqual([
      { id: 'text-engraving', type: 'text', title: 'Engraving text', required: true, placeholder: 'Your words' },
      { id: 'select-font', type: 'select', title: 'Font', options: ['Serif', 'Script'] },
      { id: 'notes', type: 'textarea', title: 'Notes', maxLength: 250 },
      { id: 'bad-limit', type: 'textarea', title: 'Notes' },
      { id: 'heading', type: 'section', title: 'More', underline: true },
      { id: 'src', type: 'hidden', title: '', key: 'SQF_SOURCE', value: 'web' },
      { id: 'mood', type: 'likert', title: 'Views', options: ['Stuff is good'] },
    ]);
  });

  it('reads a bare list, and nothing from anything else', () => {
    expect(readFieldDefinitions([{ id: 'a', type: 'name', title: 'Name' }])).toEqual([{ id: 'a', type: 'name', title: 'Name' }]);
    expect(readFieldDefinitions(null)).toEqual([]);
    expect(readFieldDefinitions({ fields: 'x' })).toEqual([]);
  });
});
