import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from '@vitrine/forms';
import { prepareAdditionalFields, savedAnswers } from '../forms/additional-answers';
import { enteredForm, placeErrors } from '../forms/entered';
import { readAdditionalFieldsForm, type AdditionalFieldsDefinition } from './additional-fields';

const form: AdditionalFieldsDefinition = {
  name: 'Order details',
  fields: [
    { id: 'section', type: 'section', title: 'About you' },
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'phone', type: 'phone', title: 'Phone', required: true },
    { id: 'toppings', type: 'checkbox', title: 'Toppings', required: true, options: ['Nuts', 'Fruit'] },
    { id: 'size', type: 'radio', title: 'Size', required: true, options: ['S', 'L'] },
    { id: 'font', type: 'select', title: 'Font', required: true, options: ['Serif', 'Script'] },
    { id: 'mood', type: 'likert', title: 'Mood', options: ['Happy', 'Calm'] },
    { id: 'note', type: 'textarea', title: 'Note', maxLength: 5 },
    { id: 'ref', type: 'hidden', title: '', key: 'ref', value: 'shop' },
  ],
};

describe('prepareAdditionalFields', () => {
  it("gives 'Required' (the async widget's word) for every empty required field, multi-part and choices included; likerts are never required", () => {
    const result = prepareAdditionalFields(form, { name: ['Ana', ''], toppings: [] }, '');
    expect(result).toEqual({
      ok: false,
      message: FORM_MESSAGES.invalidForm,
      errors: { name: 'Required', phone: 'Required', toppings: 'Required', size: 'Required', font: 'Required' },
    });
  });

  it('checks the same rules as a site form: the character limit', () => {
    const result = prepareAdditionalFields(form, { name: ['Ana', 'Lee'], phone: ['', '555', '123', '4567'], toppings: ['Nuts'], size: 'L', font: 'Serif', note: 'Too long' }, '');
    expect(result).toMatchObject({ ok: false, errors: { note: FORM_MESSAGES.characterLimit } });
  });

  it('sends the values keyed by field id, shaped as storefront §3 says (the cart calls carry this JSON)', () => {
    const result = prepareAdditionalFields(
      form,
      { name: ['Ana', 'Lee'], phone: ['', '555', '123', '4567'], toppings: ['Nuts', 'Fruit'], size: 'L', font: 'Script', mood: { Calm: '1' }, note: 'Hi' },
      '?ref=mail',
    );
    expect(result.ok).toBe(true);
    expect(JSON.parse((result as { additionalFields: string }).additionalFields)).toEqual({
      name: ['Ana', 'Lee'],
      phone: ['', '555', '123', '4567'],
      toppings: ['Nuts', 'Fruit'],
      size: 'L',
      font: 'Script',
      mood: { Calm: '1' },
      note: 'Hi',
      ref: 'mail',
    });
  });
});

describe('savedAnswers', () => {
  it('reads a cart entry’s saved answers back into the inputs, and nothing from malformed text', () => {
    expect(savedAnswers(form, JSON.stringify({ name: ['Ana', 'Lee'], phone: ['555', '123', '4567'], toppings: ['Nuts'], mood: { Calm: '1', Odd: 2 }, note: 'Hi' }))).toEqual({
      name: ['Ana', 'Lee'],
      phone: ['', '555', '123', '4567'], // 3 saved parts: the country code is the empty first one
      toppings: ['Nuts'],
      mood: { Calm: '1' },
      note: 'Hi',
    });
    expect(savedAnswers(form, 'not json')).toEqual({});
    expect(savedAnswers(form, '[1,2]')).toEqual({});
    expect(savedAnswers(form, null)).toEqual({});
    // An entry saved in an older shape (a name as one string) is read as it is; the name's inputs start empty.
    expect(savedAnswers(form, '{"name":"Ana Lee"}')).toEqual({ name: 'Ana Lee' });
  });
});

describe('readAdditionalFieldsForm', () => {
  it('keeps well-formed fields (read leniently by @vitrine/forms) and drops the rest', () => {
    expect(readAdditionalFieldsForm({ id: 'f', name: 'N', fields: [{ id: 'a', type: 'text' }, { id: 1 }, null, { id: 'b', type: 'bogus' }] })).toEqual({
      id: 'f',
      name: 'N',
      fields: [{ id: 'a', type: 'text', title: '' }],
    });
    expect(readAdditionalFieldsForm({ name: '  ', fields: [] })).toEqual({ fields: [] });
  });

  it('gives null for anything that is not a form', () => {
    expect(readAdditionalFieldsForm(undefined)).toBeNull();
    expect(readAdditionalFieldsForm({ fields: 'x' })).toBeNull();
  });
});

describe('the widget state', () => {
  it('gives shaping what the page shows: a phone without its country code input has 3 parts', () => {
    const fields = [
      { id: 'p', type: 'phone', title: 'P' },
      { id: 'q', type: 'phone', title: 'Q', showCountryCode: true },
      { id: '__proto__', type: 'text', title: 'Odd id' },
    ] as const;
    expect(enteredForm([...fields], { p: ['', '1', '2', '3'], q: ['44', '1', '2', '3'] })).toEqual({ p: ['1', '2', '3'], q: ['44', '1', '2', '3'] });
  });

  it('puts errors on the fields it shows, and one general message for ids it shows nowhere', () => {
    expect(placeErrors(form.fields, { name: 'Required' }, FORM_MESSAGES.invalidForm)).toEqual({ onFields: { name: 'Required' }, general: null });
    expect(placeErrors(form.fields, { ref: 'Unknown field.', section: 'x', size: 'Required' }, FORM_MESSAGES.invalidForm)).toEqual({
      onFields: { size: 'Required' },
      general: FORM_MESSAGES.invalidForm,
    });
  });
});
