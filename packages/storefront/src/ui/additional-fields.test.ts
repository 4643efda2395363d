import { describe, expect, it } from 'vitest';
import type { AdditionalFieldsForm } from '../types';
import {
  parseAdditionalFields,
  readAdditionalFieldsForm,
  requiredFieldErrors,
  serializeAdditionalFields,
} from './additional-fields';

const form: AdditionalFieldsForm = {
  name: 'Order details',
  fields: [
    { id: 'section', type: 'section', title: 'About you', required: true },
    { id: 'name', type: 'text', title: 'Name', required: true },
    { id: 'toppings', type: 'checkbox', title: 'Toppings', required: true, options: ['Nuts', 'Fruit'] },
    { id: 'size', type: 'radio', title: 'Size', required: true, options: ['S', 'L'] },
    { id: 'font', type: 'select', title: 'Font', required: true, options: ['Serif'] },
    { id: 'mood', type: 'likert', title: 'Mood', required: true },
    { id: 'note', type: 'textarea', title: 'Note' },
  ],
};

describe('requiredFieldErrors', () => {
  it("gives 'Required' for every empty required field, skipping sections and likert fields", () => {
    expect(requiredFieldErrors(form, { name: '   ', toppings: [] })).toEqual({
      name: 'Required',
      toppings: 'Required',
      size: 'Required',
      font: 'Required',
    });
  });

  it('passes once every required field has a value', () => {
    expect(requiredFieldErrors(form, { name: 'Ana', toppings: ['Nuts'], size: 'L', font: 'Serif' })).toEqual({});
  });
});

describe('serializeAdditionalFields', () => {
  it('keys values by field id, leaves out sections and fills the missing ones', () => {
    const json = serializeAdditionalFields(form, { name: 'Ana', toppings: ['Nuts', 'Fruit'], size: 'L' });
    expect(JSON.parse(json)).toEqual({ name: 'Ana', toppings: ['Nuts', 'Fruit'], size: 'L', font: '', mood: '', note: '' });
  });

  it('reads back what it wrote, and nothing from malformed text', () => {
    const values = { name: 'Ana', toppings: ['Nuts'] };
    expect(parseAdditionalFields(serializeAdditionalFields(form, values))).toMatchObject(values);
    expect(parseAdditionalFields('not json')).toEqual({});
    expect(parseAdditionalFields('[1,2]')).toEqual({});
    expect(parseAdditionalFields(null)).toEqual({});
  });
});

describe('readAdditionalFieldsForm', () => {
  it('keeps well-formed fields and drops the rest', () => {
    expect(readAdditionalFieldsForm({ id: 'f', name: 'N', fields: [{ id: 'a', type: 'text' }, { id: 1 }, null] })).toEqual({
      id: 'f',
      name: 'N',
      fields: [{ id: 'a', type: 'text' }],
    });
  });

  it('gives null for anything that is not a form', () => {
    expect(readAdditionalFieldsForm(undefined)).toBeNull();
    expect(readAdditionalFieldsForm({ fields: 'x' })).toBeNull();
  });
});
