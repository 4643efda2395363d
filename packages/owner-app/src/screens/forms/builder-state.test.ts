import { describe, expect, it } from 'vitest';
import {
  addField,
  buildSave,
  draftOf,
  fieldErrorsById,
  isDirty,
  moveField,
  moveFieldBy,
  newField,
  newFieldId,
  optionsFromText,
  removeField,
  replaceField,
  sectionBody,
  sectionErrors,
  SECTION_NAMES,
} from './builder-state';

import { formOf } from './test-fixtures';

describe('the builder state', () => {
  const saved = draftOf(formOf());
  const fields = saved.fields;

  it('reads the saved form as the five sections name it', () => {
    expect(SECTION_NAMES).toEqual(['build', 'storage', 'advanced', 'captcha', 'disclaimer']);
    expect(saved).toMatchObject({ name: 'Get in touch', storage: 'keep', captcha: { enabled: false } });
    expect(saved.fields.map((field) => field.id)).toEqual(['name', 'email', 'message']);
  });

  it('adds a field of any kind with what makes it valid, under a fresh id', () => {
    const ids = ['a', 'b'];
    expect(newFieldId('email', ['email-00000000'], () => 0.99)).toBe('email-ffffffff');
    let calls = 0;
    expect(newFieldId('email', ['email-00000000'], () => (calls++ < 8 ? 0 : 0.5))).toBe('email-88888888');
    expect(newField('radio', ids)).toMatchObject({ type: 'radio', title: 'Radio buttons', options: ['Option 1', 'Option 2'] });
    expect(newField('likert', ids)).toMatchObject({ type: 'likert', options: ['Statement 1'] });
    expect(newField('hidden', ids, () => 0)).toEqual({ id: 'hidden-00000000', type: 'hidden', title: '', key: 'source-00000000', value: '' });
    const phone = newField('phone', ids);
    const next = addField(fields, phone);
    expect(next.map((field) => field.id)).toEqual(['name', 'email', 'message', phone.id]);
    // Every kind's new field passes @vitrine/forms' own check.
    for (const kind of ['text', 'textarea', 'email', 'currency', 'number', 'website', 'password', 'twitter', 'date', 'time', 'name', 'address', 'phone', 'section', 'radio', 'checkbox', 'select', 'likert', 'hidden'] as const) {
      const draft = { ...saved, fields: addField(saved.fields, newField(kind, saved.fields.map((field) => field.id))) };
      expect(sectionErrors('build', saved, draft), kind).toEqual({});
    }
  });

  it('reorders by a drop and by Move up / Move down, clamped at the ends', () => {
    expect(moveField(fields, 2, 0).map((field) => field.id)).toEqual(['message', 'name', 'email']);
    expect(moveField(fields, 0, 9).map((field) => field.id)).toEqual(['email', 'message', 'name']);
    expect(moveFieldBy(fields, 'message', -1).map((field) => field.id)).toEqual(['name', 'message', 'email']);
    expect(moveFieldBy(fields, 'name', -1).map((field) => field.id)).toEqual(['name', 'email', 'message']);
    expect(moveFieldBy(fields, 'message', 1).map((field) => field.id)).toEqual(['name', 'email', 'message']);
    expect(moveFieldBy(fields, 'nope', 1)).toEqual(fields);
  });

  it('edits and deletes a field', () => {
    expect(replaceField(fields, { id: 'email', type: 'email', title: 'Your email' })[1]).toEqual({ id: 'email', type: 'email', title: 'Your email' });
    expect(removeField(fields, 'email').map((field) => field.id)).toEqual(['name', 'message']);
    expect(optionsFromText(' Red \n\nGreen\n  \n')).toEqual(['Red', 'Green']);
  });

  it('saves a reorder alone with the field order, anything else with the build section', () => {
    expect(buildSave(saved, saved)).toEqual({ kind: 'none' });
    const reordered = { ...saved, fields: moveFieldBy(saved.fields, 'message', -1) };
    expect(buildSave(saved, reordered)).toEqual({ kind: 'order', body: { fieldIds: ['name', 'message', 'email'] } });
    const renamed = { ...reordered, name: 'Contact us' };
    expect(buildSave(saved, renamed)).toEqual({ kind: 'section', body: { name: 'Contact us', fields: reordered.fields } });
    const added = { ...saved, fields: addField(saved.fields, { id: 'phone-1', type: 'phone', title: 'Phone', showCountryCode: true }) };
    expect(buildSave(saved, added)).toEqual({ kind: 'section', body: { fields: added.fields } });
    expect(buildSave(saved, { ...saved, name: 'Contact us' })).toEqual({ kind: 'section', body: { name: 'Contact us' } });
  });

  it('sends only the changed properties of a section', () => {
    const draft = { ...saved, storage: 'keep-and-email' as const, successRedirect: '/thanks', submissionMessage: 'Thanks!', captcha: { enabled: true }, disclaimerMessage: 'We reply in two days.' };
    expect(sectionBody('storage', saved, draft)).toEqual({ storage: 'keep-and-email' });
    expect(sectionBody('advanced', saved, draft)).toEqual({ submissionMessage: 'Thanks!', successRedirect: '/thanks' });
    expect(sectionBody('captcha', saved, draft)).toEqual({ captcha: { enabled: true } });
    expect(sectionBody('disclaimer', saved, draft)).toEqual({ disclaimerMessage: 'We reply in two days.' });
    expect(sectionBody('build', saved, draft)).toEqual({});
    expect(isDirty('build', saved, draft)).toBe(false);
    expect(isDirty('advanced', saved, draft)).toBe(true);
  });

  it("finds a section's errors with @vitrine/forms' words (platform §5 for a page URL) and groups field errors by field", () => {
    expect(sectionErrors('advanced', saved, { ...saved, successRedirect: 'javascript:alert(1)' })).toEqual({ successRedirect: 'javascript:alert(1) is not a valid page URL' });
    const blank = { ...saved, fields: replaceField(saved.fields, { id: 'email', type: 'email', title: ' ' }) };
    const errors = sectionErrors('build', saved, blank);
    expect(errors).toEqual({ 'fields.1.title': 'Give the field a title.' });
    expect(fieldErrorsById(blank.fields, { ...errors, 'fields.2.options.1': 'An option cannot be blank.', name: 'x' })).toEqual({
      email: { title: 'Give the field a title.' },
      message: { options: 'An option cannot be blank.' },
    });
    expect(sectionErrors('build', saved, { ...saved, name: '' })).toEqual({ name: 'Give the form a name.' });
  });
});
