import { describe, expect, it } from 'vitest';
import { readFieldDefinitions, validateFormDefinition, type FormDefinition } from '@vitrine/forms';
import {
  FORM_EDIT_MESSAGES,
  fieldErrorsOf,
  newFieldId,
  newsletterProblem,
  prefixErrors,
  propertiesOutsideSection,
  reorderedFields,
  withFieldAdded,
  withFieldIds,
} from './form-edits';

const counter = () => {
  let n = 0;
  return () => (n++).toString(16).padStart(8, '0');
};

const fields = readFieldDefinitions([
  { id: 'a', type: 'text', title: 'A' },
  { id: 'b', type: 'email', title: 'B' },
  { id: 'c', type: 'section', title: 'C' },
]);
const definition: FormDefinition = { ...(validateFormDefinition({ name: 'F', fields }) as { definition: FormDefinition }).definition };

describe('field ids', () => {
  it('are the kind and 8 hex digits, unused in the form; an unknown kind reads "field"', () => {
    const random = counter();
    expect(newFieldId('email', new Set(), random)).toBe('email-00000000');
    expect(newFieldId('email', new Set(['email-00000001']), random)).toBe('email-00000002');
    expect(newFieldId('<script>', new Set(), random)).toBe('field-00000003');
    expect(newFieldId(undefined, new Set(), random)).toBe('field-00000004');
  });

  it('go to fields without one (absent or null), never over a given one, and avoid the ids taken elsewhere', () => {
    const random = counter();
    const given = [{ type: 'text', title: 'X' }, { id: null, type: 'email' }, { id: 'mine', type: 'name' }, { id: '', type: 'text' }, 'not a field'];
    expect(withFieldIds(given, random, new Set(['text-00000000']))).toEqual([
      { type: 'text', title: 'X', id: 'text-00000001' },
      { id: 'email-00000002', type: 'email' },
      { id: 'mine', type: 'name' },
      { id: '', type: 'text' },
      'not a field',
    ]);
    expect(given[0]).toEqual({ type: 'text', title: 'X' });
    expect(withFieldIds('nope', random)).toBe('nope');
  });
});

describe('the newsletter rule', () => {
  it('wants exactly one email field in a newsletter form, and nothing of other forms', () => {
    expect(newsletterProblem('newsletter', fields)).toBeUndefined();
    expect(newsletterProblem('newsletter', fields.filter((field) => field.type !== 'email'))).toBe(FORM_EDIT_MESSAGES.newsletterOneEmail);
    expect(newsletterProblem('newsletter', [...fields, { id: 'd', type: 'email', title: 'D' }])).toBe(FORM_EDIT_MESSAGES.newsletterOneEmail);
    expect(newsletterProblem('form', [])).toBeUndefined();
  });
});

describe('error paths', () => {
  it('put a definition\'s paths where the request holds them', () => {
    expect(prefixErrors({ name: 'x', 'fields.2.title': 'y', '': 'z' }, 'definition')).toEqual({ 'definition.name': 'x', 'definition.fields.2.title': 'y', definition: 'z' });
    expect(fieldErrorsOf({ 'fields.3.title': 't', 'fields.3': 'f', 'fields.30.id': 'other', fields: 'all' }, 3)).toEqual({
      'field.title': 't',
      field: 'f',
      'fields.30.id': 'other',
      fields: 'all',
    });
  });

  it("name each property of another section", () => {
    expect(propertiesOutsideSection('advanced', { submissionMessage: 'x', name: 'y', captcha: {} })).toEqual({
      name: FORM_EDIT_MESSAGES.otherSection('advanced'),
      captcha: FORM_EDIT_MESSAGES.otherSection('advanced'),
    });
    expect(propertiesOutsideSection('build', { name: 'x', fields: [] })).toEqual({});
  });
});

describe('field changes', () => {
  it('insert at a position, the end when absent or past it', () => {
    expect(withFieldAdded(definition, 'new', 0)).toEqual({ fields: ['new', ...definition.fields], index: 0 });
    expect(withFieldAdded(definition, 'new', undefined).index).toBe(3);
    expect(withFieldAdded(definition, 'new', 99).index).toBe(3);
  });

  it('reorder only with every id once', () => {
    expect(reorderedFields(fields, ['c', 'a', 'b'])!.map((field) => field.id)).toEqual(['c', 'a', 'b']);
    expect(reorderedFields(fields, ['c', 'a'])).toBeUndefined();
    expect(reorderedFields(fields, ['c', 'a', 'a'])).toBeUndefined();
    expect(reorderedFields(fields, ['c', 'a', 'z'])).toBeUndefined();
  });
});
