import { describe, expect, it } from 'vitest';
import {
  FORM_BUILDER_SECTIONS,
  STORAGE_CHOICES,
  isSafeSuccessRedirect,
  validateFieldDefinition,
  validateFormDefinition,
  validateFormDefinitionUpdate,
} from './definition';
import { FIELD_KINDS } from './fields';

const CONTACT = {
  name: '  Contact  ',
  fields: [
    { id: 'name', type: 'name', title: ' Name ', required: true },
    { id: 'email', type: 'email', title: 'Email', required: true, placeholder: 'you@example.com' },
    { id: 'heading', type: 'section', title: '', underline: true },
    { id: 'message', type: 'textarea', title: 'Message', maxLength: 500, description: 'Tell us more' },
    { id: 'topics', type: 'checkbox', title: 'Topics', options: [' News ', 'Offers'] },
    { id: 'views', type: 'likert', title: 'Views', options: ['Service was quick'] },
    { id: 'phone', type: 'phone', title: 'Phone', showCountryCode: false },
    { id: 'source', type: 'hidden', key: 'SQF_SOURCE', value: 'website' },
  ],
  submissionMessage: 'Thanks, we will write back.',
  submissionHTML: '<p>Thanks</p>',
  successRedirect: '/thanks',
  disclaimerMessage: 'We keep your answers for a year.',
  captcha: { enabled: true },
  storage: 'keep-and-email',
};

describe('form builder sections of platform §3', () => {
  it('are build, storage, advanced, captcha, disclaimer, numbered 1 to 5', () => {
    expect(FORM_BUILDER_SECTIONS.map((section) => [section.number, section.name])).toEqual([
      [1, 'build'],
      [2, 'storage'],
      [3, 'advanced'],
      [4, 'captcha'],
      [5, 'disclaimer'],
    ]);
    expect(STORAGE_CHOICES).toEqual(['keep', 'keep-and-email']);
  });
});

describe('validateFormDefinition', () => {
  it('accepts a good definition, normalised', () => {
    const result = validateFormDefinition(CONTACT);
    expect(result).toEqual({
      valid: true,
      definition: {
        ...CONTACT,
        name: 'Contact',
        fields: [
          { id: 'name', type: 'name', title: 'Name', required: true },
          { id: 'email', type: 'email', title: 'Email', required: true, placeholder: 'you@example.com' },
          { id: 'heading', type: 'section', title: '', underline: true },
          { id: 'message', type: 'textarea', title: 'Message', maxLength: 500, description: 'Tell us more' },
          { id: 'topics', type: 'checkbox', title: 'Topics', options: ['News', 'Offers'] },
          { id: 'views', type: 'likert', title: 'Views', options: ['Service was quick'] },
          { id: 'phone', type: 'phone', title: 'Phone', showCountryCode: false },
          { id: 'source', type: 'hidden', title: '', key: 'SQF_SOURCE', value: 'website' },
        ],
      },
    });
  });

  it('fills the defaults', () => {
    expect(validateFormDefinition({ name: 'Newsletter', fields: [] })).toEqual({
      valid: true,
      definition: { name: 'Newsletter', fields: [], submissionMessage: '', submissionHTML: '', successRedirect: '', disclaimerMessage: '', captcha: { enabled: false }, storage: 'keep' },
    });
  });

  it('accepts every field kind', () => {
    const fields = FIELD_KINDS.map((type, index) => ({
      id: `f-${index}`,
      type,
      title: `Field ${index}`,
      ...(['radio', 'checkbox', 'select', 'likert'].includes(type) ? { options: ['One'] } : {}),
      ...(type === 'hidden' ? { key: 'k', value: 'v' } : {}),
    }));
    expect(validateFormDefinition({ name: 'All', fields }).valid).toBe(true);
  });

  it('needs a name and fields', () => {
    const result = validateFormDefinition({});
    expect(result).toEqual({
      valid: false,
      message: 'Give the form a name.',
      errors: { name: 'Give the form a name.', fields: 'Must be a list.' },
      sections: { build: { name: 'Give the form a name.', fields: 'Must be a list.' } },
    });
    expect(validateFormDefinition({ name: ' ', fields: [] })).toMatchObject({ errors: { name: 'Give the form a name.' } });
    expect(validateFormDefinition({ name: 7, fields: [] })).toMatchObject({ errors: { name: 'Must be text.' } });
    expect(validateFormDefinition(null)).toMatchObject({ valid: false, message: 'The form must be an object.' });
    expect(validateFormDefinition([])).toMatchObject({ valid: false, message: 'The form must be an object.' });
  });

  it('groups errors by section, in section order', () => {
    const result = validateFormDefinition({
      ...CONTACT,
      disclaimerMessage: 'x'.repeat(5_001),
      captcha: { enabled: 'yes', difficulty: 3 },
      successRedirect: 'javascript:alert(1)',
      storage: 'forward',
      name: 'x'.repeat(101),
      colour: 'red',
    });
    expect(result.valid).toBe(false);
    if (result.valid) return;
    expect(result.sections).toEqual({
      build: { name: 'Use at most 100 characters.', colour: 'Unknown field.' },
      storage: { storage: 'forward is not one of the expected options' },
      advanced: { successRedirect: 'javascript:alert(1) is not a valid page URL' },
      captcha: { 'captcha.enabled': 'Must be true or false.', 'captcha.difficulty': 'Unknown field.' },
      disclaimer: { disclaimerMessage: 'Use at most 5000 characters.' },
    });
    expect(Object.keys(result.errors)).toEqual(['colour', 'name', 'storage', 'successRedirect', 'captcha.difficulty', 'captcha.enabled', 'disclaimerMessage']);
    expect(result.message).toBe('Unknown field.');
  });

  it('checks each field, reporting by path', () => {
    const result = validateFormDefinition({
      name: 'Bad fields',
      fields: [
        { id: 'a', type: 'text', title: '' },
        { id: 'a', type: 'email', title: 'Dup' },
        { id: 'has space', type: 'file', title: 'Upload' },
        { id: 'c', type: 'select', title: 'Choose', options: ['One', ' ', 'One'] },
        { id: 'd', type: 'radio', title: 'Pick' },
        { id: 'e', type: 'likert', title: 'Views', options: [] },
        { id: 'f', type: 'textarea', title: 'Notes', maxLength: 0 },
        { id: 'g', type: 'textarea', title: 'Notes', maxLength: 10_001 },
        { id: 'h', type: 'hidden', key: 'bad key', value: 'v' },
        { id: 'i', type: 'section', title: 'More', required: true },
        { id: 'j', type: 'likert', title: 'Views', options: ['Q'], required: true },
        { id: 'k', type: 'text', title: 'Text', options: ['x'], required: 'yes' },
        { id: 'l', type: 'phone', title: 'Phone', showCountryCode: 'no' },
        'not a field',
        { id: 'm', type: 'hidden', key: 'SQF_A', value: 'x' },
        { id: 'n', type: 'hidden', key: 'SQF_A', value: 'y' },
        { id: 'o', type: 'text', title: 'a\u0000b' },
        { id: 'p', type: 'select', title: 'Choose', options: Array.from({ length: 101 }, (_, i) => `o${i}`) },
      ],
    });
    expect(result.valid).toBe(false);
    if (result.valid) return;
    expect(result.errors).toEqual({
      'fields.0.title': 'Give the field a title.',
      'fields.1.id': 'Another field already has this id.',
      'fields.2.type': 'file is not one of the expected options',
      'fields.3.options.1': 'An option cannot be blank.',
      'fields.3.options.2': 'Each option must be different.',
      'fields.4.options': 'Add at least one option.',
      'fields.5.options': 'Add at least one question.',
      'fields.6.maxLength': 'The character limit is a whole number from 1 to 10000.',
      'fields.7.maxLength': 'The character limit is a whole number from 1 to 10000.',
      'fields.8.key': "A hidden field's key is 1 to 64 letters, digits, hyphens, underscores or dots.",
      'fields.9.required': 'This kind of field cannot be required.',
      'fields.10.required': 'This kind of field cannot be required.',
      'fields.11.options': 'Unknown field.',
      'fields.11.required': 'Must be true or false.',
      'fields.12.showCountryCode': 'Must be true or false.',
      'fields.13': 'Each field must be an object.',
      'fields.15.key': 'Another hidden field already uses this key.',
      'fields.16.title': 'This text contains characters that cannot be stored.',
      'fields.17.options': 'Use at most 100 options.',
    });
    expect(Object.keys(result.sections)).toEqual(['build']);
  });

  it('bounds the number of fields', () => {
    const fields = Array.from({ length: 101 }, (_, index) => ({ id: `f${index}`, type: 'text', title: 'T' }));
    expect(validateFormDefinition({ name: 'Big', fields })).toMatchObject({ errors: { fields: 'A form holds at most 100 fields.' } });
  });

  it('keeps an unknown property named __proto__ as an error', () => {
    const result = validateFormDefinition(JSON.parse('{"name":"A","fields":[],"__proto__":{"x":1}}'));
    expect(result.valid).toBe(false);
    if (!result.valid) expect(Object.hasOwn(result.errors, '__proto__')).toBe(true);
  });
});

describe('validateFormDefinitionUpdate: a change to some properties', () => {
  it('checks and returns only what is present', () => {
    expect(validateFormDefinitionUpdate({})).toEqual({ valid: true, definition: {} });
    expect(validateFormDefinitionUpdate({ storage: 'keep', captcha: { enabled: false } })).toEqual({ valid: true, definition: { storage: 'keep', captcha: { enabled: false } } });
    expect(validateFormDefinitionUpdate({ successRedirect: '' })).toEqual({ valid: true, definition: { successRedirect: '' } });
    expect(validateFormDefinitionUpdate({ name: '' })).toMatchObject({ valid: false, sections: { build: { name: 'Give the form a name.' } } });
    expect(validateFormDefinitionUpdate({ captcha: true })).toMatchObject({ valid: false, sections: { captcha: { captcha: 'Must be an object.' } } });
  });
});

describe('validateFieldDefinition: one field', () => {
  it('returns the field normalised, or errors keyed by property', () => {
    expect(validateFieldDefinition({ id: 'size', type: 'radio', title: 'Size', options: ['S', 'M'], required: true })).toEqual({
      valid: true,
      field: { id: 'size', type: 'radio', title: 'Size', options: ['S', 'M'], required: true },
    });
    expect(validateFieldDefinition({ id: '', type: 'radio', title: 'Size', options: [''] })).toEqual({
      valid: false,
      message: 'A field id is 1 to 64 letters, digits, hyphens or underscores.',
      errors: { id: 'A field id is 1 to 64 letters, digits, hyphens or underscores.', 'options.0': 'An option cannot be blank.' },
    });
    expect(validateFieldDefinition(5)).toMatchObject({ valid: false, message: 'Each field must be an object.' });
  });
});

describe('success redirect: same-site path or http(s) only', () => {
  it.each([
    ['/thanks', true],
    ['/thanks?from=form#top', true],
    ['https://example.com/thanks', true],
    ['HTTP://example.com', true],
    ['//evil.example/', false],
    ['/\\evil.example', false],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['mailto:a@b.io', false],
    ['thanks', false],
    ['https://user:pw@example.com/', false],
    ['https://', false],
    ['/a b', false],
    [`/${'a'.repeat(2083)}`, false],
  ])('%s → %s', (target, safe) => {
    expect(isSafeSuccessRedirect(target)).toBe(safe);
  });

  it('a definition refuses an unsafe one with platform §5 wording', () => {
    expect(validateFormDefinition({ name: 'A', fields: [], successRedirect: '//evil.example' })).toMatchObject({
      errors: { successRedirect: '//evil.example is not a valid page URL' },
    });
    expect(validateFormDefinition({ name: 'A', fields: [], successRedirect: ' https://example.com ' })).toMatchObject({
      definition: { successRedirect: 'https://example.com' },
    });
  });
});
