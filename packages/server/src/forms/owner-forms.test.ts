// databases: both — keyset pages of submissions, rows of one millisecond in order
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { DEFINITION_MESSAGES, FORM_LIMITS } from '@vitrine/forms';
import { OWNER_FORM_MESSAGES } from '@vitrine/contracts';
import { OWNER_MESSAGES } from '../authorize';
import { findDefaultWebsite } from '../websites';
import { newId } from '../ids';
import { HTTP_MESSAGES } from '../http/errors';
import { openTestServer, ownerVisitor, TestVisitor, type TestServer } from '../testing';
import type { Website } from '../db/schema';
import { FORM_EDIT_MESSAGES } from './form-edits';
import { OWNER_FORM_SERVICE_MESSAGES } from './owner-service';
import { SUBMISSION_MESSAGES } from './submissions';

/*
 * The owner's forms API on a real server and database: every call, the roles, refusals that write nothing,
 * soft deletion guarded by the pages that show a form, submissions in cursor pages and the CSV export.
 * Submissions are written straight into form_submissions here (the public SaveFormSubmission call has its own
 * tests): that lets a test choose their times to the microsecond.
 */

const FORMS = '/api/owner/forms';
const HOSTILE_HTML = '<img src=x onerror=alert(1)><script>alert(1)</script>';
const FORMULA = '=HYPERLINK("http://evil.example","click")';

let server: TestServer;
let website: Website;
let admin: TestVisitor;
let editor: TestVisitor;
let reporting: TestVisitor;
let storeManager: TestVisitor;
beforeAll(async () => {
  server = await openTestServer();
  website = (await findDefaultWebsite(server.database.db))!;
  [admin, editor, reporting, storeManager] = await Promise.all([
    ownerVisitor(server, 'admin'),
    ownerVisitor(server, 'editor'),
    ownerVisitor(server, 'reporting'),
    ownerVisitor(server, 'storeManager'),
  ]);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const formRows = async () => db().selectFrom('forms').selectAll().orderBy('id').execute();

const CONTACT = {
  name: 'Contact',
  fields: [
    { type: 'name', title: 'Your name', required: true },
    { id: 'email', type: 'email', title: 'Email', required: true },
    { id: 'message', type: 'textarea', title: 'Message', maxLength: 500 },
  ],
};

async function createForm(definition: unknown = CONTACT, kind?: 'form' | 'newsletter') {
  const answer = await admin.post(FORMS, { ...(kind ? { kind } : {}), definition });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().form as { id: string; kind: string; definition: { fields: { id: string; type: string; title: string }[] } & Record<string, unknown> } & Record<string, unknown>;
}

/** A refused call: its status and exact body, and not a byte of the forms or submissions changed. */
async function expectRefused(send: () => Promise<{ statusCode: number; json(): unknown; body: string }>, status: number, body: unknown) {
  const before = { forms: await formRows(), submissions: await db().selectFrom('form_submissions').selectAll().orderBy('id').execute() };
  const answer = await send();
  expect(answer.statusCode, answer.body).toBe(status);
  expect(answer.json()).toEqual(body);
  expect({ forms: await formRows(), submissions: await db().selectFrom('form_submissions').selectAll().orderBy('id').execute() }).toEqual(before);
}

async function showOnPage(formId: string, urlId: string, title: string) {
  await db()
    .insertInto('site_pages')
    .values({
      id: newId(),
      website_id: website.id,
      kind: 'page',
      url_id: urlId,
      title,
      status: 'published',
      body: JSON.stringify({ schemaVersion: 1, sections: [{ id: 'section-1', blocks: [{ id: `block-${urlId}`, type: 9, settings: { formId } }] }] }),
    })
    .execute();
}

describe('creating and reading forms', () => {
  it('creates a form with defaults filled, ids given to fields without one, and hostile text kept verbatim', async () => {
    const form = await createForm({ ...CONTACT, fields: [...CONTACT.fields, { type: 'text', title: HOSTILE_HTML }] });
    expect(form).toMatchObject({ kind: 'form', name: 'Contact', fieldCount: 4, submissionCount: 0, spamCount: 0, deletedAt: null, pages: [] });
    expect(form.definition).toEqual({
      name: 'Contact',
      fields: [
        { id: expect.stringMatching(/^name-[0-9a-f]{8}$/), type: 'name', title: 'Your name', required: true },
        { id: 'email', type: 'email', title: 'Email', required: true },
        { id: 'message', type: 'textarea', title: 'Message', maxLength: 500 },
        { id: expect.stringMatching(/^text-[0-9a-f]{8}$/), type: 'text', title: HOSTILE_HTML },
      ],
      submissionMessage: '',
      submissionHTML: '',
      successRedirect: '',
      disclaimerMessage: '',
      captcha: { enabled: false },
      storage: 'keep',
    });
    expect(new Date(form.createdAt as string).toISOString()).toBe(form.createdAt);
    const read = await reporting.get(`${FORMS}/${form.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().form).toEqual(form);
    const stored = await db().selectFrom('forms').select(['kind', 'definition', 'website_id']).where('id', '=', form.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ kind: 'form', definition: form.definition, website_id: website.id });
  });

  it('lists the live forms oldest first with their counts; deleted ones only with includeDeleted=true', async () => {
    const first = await createForm({ name: 'First', fields: [] });
    const second = await createForm({ name: 'Second', fields: [{ id: 'e', type: 'email', title: 'Email' }] }, 'newsletter');
    await insertSubmissions(second.id, [{}, { is_spam: true, spam_reason: 'bot' }, {}]);
    const listed = (await reporting.get(FORMS)).json().forms as { id: string }[];
    const ids = listed.map((form) => form.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(listed.find((form) => form.id === second.id)).toEqual({
      id: second.id, kind: 'newsletter', name: 'Second', fieldCount: 1, submissionCount: 3, spamCount: 1,
      createdAt: second.createdAt, updatedAt: second.updatedAt, deletedAt: null,
    });
    expect((await admin.delete(`${FORMS}/${first.id}`)).statusCode).toBe(200);
    expect(((await reporting.get(FORMS)).json().forms as { id: string }[]).map((form) => form.id)).not.toContain(first.id);
    const all = (await reporting.get(`${FORMS}?includeDeleted=true`)).json().forms as { id: string; deletedAt: string | null }[];
    expect(all.find((form) => form.id === first.id)?.deletedAt).toEqual(expect.any(String));
    expect((await reporting.get(`${FORMS}?includeDeleted=yes`)).json()).toEqual({ message: OWNER_FORM_MESSAGES.includeDeleted, errors: { includeDeleted: OWNER_FORM_MESSAGES.includeDeleted } });
  });

  it('refuses a bad definition with errors keyed by their path in the body, writing nothing', async () => {
    await expectRefused(() => admin.post(FORMS, { definition: { fields: [] } }), 400, {
      message: DEFINITION_MESSAGES.nameRequired,
      errors: { 'definition.name': DEFINITION_MESSAGES.nameRequired },
    });
    await expectRefused(() => admin.post(FORMS, { definition: { name: 'X', fields: [{ type: 'select', title: 'Pick', options: ['a', ' '] }, { type: 'colour', title: 'C' }], successRedirect: 'javascript:alert(1)', storage: 'mail' } }), 400, {
      message: DEFINITION_MESSAGES.optionBlank,
      errors: {
        'definition.fields.0.options.1': DEFINITION_MESSAGES.optionBlank,
        'definition.fields.1.type': 'colour is not one of the expected options',
        'definition.storage': 'mail is not one of the expected options',
        'definition.successRedirect': 'javascript:alert(1) is not a valid page URL',
      },
    });
    await expectRefused(() => admin.post(FORMS, { definition: { name: 'X', fields: [{ id: 'a', type: 'text', title: 'A' }, { id: 'a', type: 'text', title: 'B' }], extra: 1 } }), 400, {
      message: DEFINITION_MESSAGES.unknownProperty,
      errors: { 'definition.fields.1.id': DEFINITION_MESSAGES.idDuplicate, 'definition.extra': DEFINITION_MESSAGES.unknownProperty },
    });
    await expectRefused(() => admin.post(FORMS, { definition: 'a form' }), 400, { message: OWNER_FORM_MESSAGES.definition, errors: { definition: OWNER_FORM_MESSAGES.definition } });
    await expectRefused(() => admin.post(FORMS, { kind: 'survey', definition: CONTACT }), 400, { message: OWNER_FORM_MESSAGES.kind, errors: { kind: OWNER_FORM_MESSAGES.kind } });
    await expectRefused(() => admin.post(FORMS, { definition: CONTACT, id: 'mine' }), 400, { message: 'Unknown field.', errors: { id: 'Unknown field.' } });
    await expectRefused(() => admin.post(FORMS, { definition: { name: 'X', fields: Array.from({ length: FORM_LIMITS.fieldsPerForm + 1 }, () => ({ type: 'text', title: 'T' })) } }), 400, {
      message: DEFINITION_MESSAGES.tooManyFields(FORM_LIMITS.fieldsPerForm),
      errors: { 'definition.fields': DEFINITION_MESSAGES.tooManyFields(FORM_LIMITS.fieldsPerForm) },
    });
  });

  it('keeps a newsletter form to exactly one email field', async () => {
    for (const fields of [[], [{ type: 'email', title: 'A' }, { type: 'email', title: 'B' }], [{ type: 'text', title: 'Email' }]]) {
      await expectRefused(() => admin.post(FORMS, { kind: 'newsletter', definition: { name: 'News', fields } }), 400, {
        message: FORM_EDIT_MESSAGES.newsletterOneEmail,
        errors: { 'definition.fields': FORM_EDIT_MESSAGES.newsletterOneEmail },
      });
    }
    const news = await createForm({ name: 'News', fields: [{ id: 'first', type: 'name', title: 'Name' }, { id: 'address', type: 'email', title: 'Email', required: true }] }, 'newsletter');
    const url = `${FORMS}/${news.id}`;
    await expectRefused(() => admin.post(`${url}/fields`, { field: { type: 'email', title: 'Again' } }), 400, {
      message: FORM_EDIT_MESSAGES.newsletterOneEmail,
      errors: { 'field.type': FORM_EDIT_MESSAGES.newsletterOneEmail },
    });
    await expectRefused(() => admin.put(`${url}/fields/address`, { field: { type: 'text', title: 'Email' } }), 400, {
      message: FORM_EDIT_MESSAGES.newsletterOneEmail,
      errors: { 'field.type': FORM_EDIT_MESSAGES.newsletterOneEmail },
    });
    await expectRefused(() => admin.delete(`${url}/fields/address`), 409, { message: FORM_EDIT_MESSAGES.newsletterKeepsEmail });
    await expectRefused(() => admin.put(`${url}/sections/build`, { fields: [{ type: 'text', title: 'Only text' }] }), 400, {
      message: FORM_EDIT_MESSAGES.newsletterOneEmail,
      errors: { fields: FORM_EDIT_MESSAGES.newsletterOneEmail },
    });
    await expectRefused(() => admin.put(url, { definition: { name: 'News', fields: [] } }), 400, {
      message: FORM_EDIT_MESSAGES.newsletterOneEmail,
      errors: { 'definition.fields': FORM_EDIT_MESSAGES.newsletterOneEmail },
    });
    // Its other fields come and go; the kind stays whatever a replacement says.
    const kept = await admin.delete(`${url}/fields/first`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().form).toMatchObject({ kind: 'newsletter', definition: { fields: [{ id: 'address', type: 'email' }] } });
  });

  it('answers 404 for a form that is not this website\'s', async () => {
    for (const url of [`${FORMS}/nope`, `${FORMS}/nope/submissions`, `${FORMS}/nope/submissions/export.csv`, `${FORMS}/nope/submissions/x`]) {
      const answer = await reporting.get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toEqual({ message: OWNER_FORM_SERVICE_MESSAGES.formNotFound });
    }
    await expectRefused(() => admin.put(`${FORMS}/nope`, { definition: CONTACT }), 404, { message: OWNER_FORM_SERVICE_MESSAGES.formNotFound });
  });
});

describe('editing a form', () => {
  it('replaces the whole definition; fields without an id get one', async () => {
    const form = await createForm();
    const answer = await editor.put(`${FORMS}/${form.id}`, { definition: { name: 'Renamed', fields: [{ type: 'phone', title: 'Phone', showCountryCode: true }], captcha: { enabled: true } } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().form.definition).toEqual({
      name: 'Renamed',
      fields: [{ id: expect.stringMatching(/^phone-[0-9a-f]{8}$/), type: 'phone', title: 'Phone', showCountryCode: true }],
      submissionMessage: '',
      submissionHTML: '',
      successRedirect: '',
      disclaimerMessage: '',
      captcha: { enabled: true },
      storage: 'keep',
    });
    expect(answer.json().form.name).toBe('Renamed');
    expect(Date.parse(answer.json().form.updatedAt)).toBeGreaterThanOrEqual(Date.parse(form.updatedAt as string));
  });

  it('edits one builder section at a time, only the properties given', async () => {
    const form = await createForm();
    const url = `${FORMS}/${form.id}/sections`;
    const steps: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['advanced', { submissionMessage: 'Thanks!', successRedirect: ' /thanks ' }, { submissionMessage: 'Thanks!', successRedirect: '/thanks', submissionHTML: '' }],
      ['advanced', { submissionHTML: `<p>${HOSTILE_HTML}</p>` }, { submissionMessage: 'Thanks!', submissionHTML: `<p>${HOSTILE_HTML}</p>` }],
      ['storage', { storage: 'keep-and-email' }, { storage: 'keep-and-email' }],
      ['captcha', { captcha: { enabled: true } }, { captcha: { enabled: true } }],
      ['disclaimer', { disclaimerMessage: 'We keep it private.' }, { disclaimerMessage: 'We keep it private.' }],
      ['build', { name: '  Talk to us  ' }, { name: 'Talk to us', fields: form.definition.fields }],
      ['build', {}, { name: 'Talk to us' }],
    ];
    for (const [section, body, expected] of steps) {
      const answer = await admin.put(`${url}/${section}`, body);
      expect(answer.statusCode, `${section} ${answer.body}`).toBe(200);
      expect(answer.json().form.definition).toMatchObject(expected);
    }
    const replaced = await admin.put(`${url}/build`, { fields: [{ type: 'date', title: 'When' }, { id: 'keep', type: 'hidden', key: 'utm_source', value: 'site' }] });
    expect(replaced.json().form.definition.fields).toEqual([
      { id: expect.stringMatching(/^date-[0-9a-f]{8}$/), type: 'date', title: 'When' },
      { id: 'keep', type: 'hidden', title: '', key: 'utm_source', value: 'site' },
    ]);
    expect(replaced.json().form.definition).toMatchObject({ name: 'Talk to us', storage: 'keep-and-email', captcha: { enabled: true } });
  });

  it('refuses a section change with clear errors and changes nothing', async () => {
    const form = await createForm();
    const url = `${FORMS}/${form.id}/sections`;
    await expectRefused(() => admin.put(`${url}/advanced`, { submissionMessage: 'ok', name: 'Elsewhere', captcha: { enabled: true } }), 400, {
      message: FORM_EDIT_MESSAGES.otherSection('advanced'),
      errors: { name: FORM_EDIT_MESSAGES.otherSection('advanced'), captcha: FORM_EDIT_MESSAGES.otherSection('advanced') },
    });
    await expectRefused(() => admin.put(`${url}/advanced`, { successRedirect: '//evil.example' }), 400, {
      message: '//evil.example is not a valid page URL',
      errors: { successRedirect: '//evil.example is not a valid page URL' },
    });
    await expectRefused(() => admin.put(`${url}/captcha`, { captcha: { enabled: 'yes', level: 3 } }), 400, {
      message: DEFINITION_MESSAGES.unknownProperty,
      errors: { 'captcha.enabled': DEFINITION_MESSAGES.notBoolean, 'captcha.level': DEFINITION_MESSAGES.unknownProperty },
    });
    await expectRefused(() => admin.put(`${url}/build`, { name: '', fields: [{ type: 'radio', title: 'R' }] }), 400, {
      message: DEFINITION_MESSAGES.nameRequired,
      errors: { name: DEFINITION_MESSAGES.nameRequired, 'fields.0.options': DEFINITION_MESSAGES.optionsRequired },
    });
    await expectRefused(() => admin.put(`${url}/disclaimer`, { disclaimerMessage: 'x'.repeat(FORM_LIMITS.disclaimerLength + 1) }), 400, {
      message: DEFINITION_MESSAGES.tooLong(FORM_LIMITS.disclaimerLength),
      errors: { disclaimerMessage: DEFINITION_MESSAGES.tooLong(FORM_LIMITS.disclaimerLength) },
    });
    await expectRefused(() => admin.put(`${url}/layout`, {}), 400, { message: OWNER_FORM_MESSAGES.section, errors: { section: OWNER_FORM_MESSAGES.section } });
    await expectRefused(() => admin.put(`${url}/advanced`, { colour: 'red' }), 400, { message: 'Unknown field.', errors: { colour: 'Unknown field.' } });
  });

  it('adds, replaces, reorders and removes fields one at a time', async () => {
    const form = await createForm();
    const url = `${FORMS}/${form.id}/fields`;
    const [nameId] = form.definition.fields.map((field) => field.id);

    const first = await editor.post(url, { field: { type: 'checkbox', title: 'Interests', options: ['Clothing', 'Home'] }, position: 0 });
    expect(first.statusCode, first.body).toBe(201);
    const added = first.json().field;
    expect(added).toEqual({ id: expect.stringMatching(/^checkbox-[0-9a-f]{8}$/), type: 'checkbox', title: 'Interests', options: ['Clothing', 'Home'] });
    expect(first.json().form.definition.fields.map((field: { id: string }) => field.id)).toEqual([added.id, nameId, 'email', 'message']);

    const last = await editor.post(url, { field: { id: 'rating', type: 'likert', title: 'How did we do?', options: ['Speed', 'Help'] } });
    expect(last.statusCode).toBe(201);
    expect(last.json().form.definition.fields.at(-1)).toEqual({ id: 'rating', type: 'likert', title: 'How did we do?', options: ['Speed', 'Help'] });

    const replaced = await editor.put(`${url}/email`, { field: { type: 'text', title: 'Order number', placeholder: '1042' } });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().field).toEqual({ id: 'email', type: 'text', title: 'Order number', placeholder: '1042' });
    expect(replaced.json().form.definition.fields.map((field: { id: string }) => field.id)).toEqual([added.id, nameId, 'email', 'message', 'rating']);
    expect((await editor.put(`${url}/email`, { field: { id: 'email', type: 'text', title: 'Same id' } })).statusCode).toBe(200);

    const reordered = await editor.put(`${FORMS}/${form.id}/field-order`, { fieldIds: ['rating', 'message', 'email', nameId, added.id] });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().form.definition.fields.map((field: { id: string }) => field.id)).toEqual(['rating', 'message', 'email', nameId, added.id]);

    const removed = await editor.delete(`${url}/message`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().form.definition.fields.map((field: { id: string }) => field.id)).toEqual(['rating', 'email', nameId, added.id]);
  });

  it('refuses bad field changes with errors under field., and changes nothing', async () => {
    const form = await createForm();
    const url = `${FORMS}/${form.id}/fields`;
    await expectRefused(() => admin.post(url, { field: { type: 'text' } }), 400, { message: DEFINITION_MESSAGES.titleRequired, errors: { 'field.title': DEFINITION_MESSAGES.titleRequired } });
    await expectRefused(() => admin.post(url, { field: { id: 'email', type: 'text', title: 'Dup' } }), 400, { message: DEFINITION_MESSAGES.idDuplicate, errors: { 'field.id': DEFINITION_MESSAGES.idDuplicate } });
    await expectRefused(() => admin.post(url, { field: { type: 'section', title: 'S', required: true, options: ['x'] } }), 400, {
      message: DEFINITION_MESSAGES.unknownProperty,
      errors: { 'field.options': DEFINITION_MESSAGES.unknownProperty, 'field.required': DEFINITION_MESSAGES.cannotBeRequired },
    });
    await expectRefused(() => admin.post(url, { field: { type: 'text', title: 'T' }, position: -1 }), 400, { message: OWNER_FORM_MESSAGES.position, errors: { position: OWNER_FORM_MESSAGES.position } });
    await expectRefused(() => admin.post(url, { field: ['text'] }), 400, { message: OWNER_FORM_MESSAGES.field, errors: { field: OWNER_FORM_MESSAGES.field } });
    await expectRefused(() => admin.put(`${url}/email`, { field: { id: 'other', type: 'email', title: 'E' } }), 400, { message: FORM_EDIT_MESSAGES.fieldKeepsId, errors: { 'field.id': FORM_EDIT_MESSAGES.fieldKeepsId } });
    await expectRefused(() => admin.put(`${url}/email`, { field: { type: 'textarea', title: 'T', maxLength: 0 } }), 400, { message: DEFINITION_MESSAGES.maxLength, errors: { 'field.maxLength': DEFINITION_MESSAGES.maxLength } });
    await expectRefused(() => admin.put(`${url}/nope`, { field: { type: 'text', title: 'T' } }), 404, { message: OWNER_FORM_SERVICE_MESSAGES.fieldNotFound });
    await expectRefused(() => admin.delete(`${url}/nope`), 404, { message: OWNER_FORM_SERVICE_MESSAGES.fieldNotFound });
    const ids = form.definition.fields.map((field) => field.id);
    for (const fieldIds of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), 'nope'], []]) {
      await expectRefused(() => admin.put(`${FORMS}/${form.id}/field-order`, { fieldIds }), 400, { message: FORM_EDIT_MESSAGES.fieldOrder, errors: { fieldIds: FORM_EDIT_MESSAGES.fieldOrder } });
    }
  });

  it('keeps every one of many field additions made at once (the form row is locked per edit)', async () => {
    const form = await createForm({ name: 'Busy', fields: [] });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => admin.post(`${FORMS}/${form.id}/fields`, { field: { id: `f${index}`, type: 'text', title: `F${index}` } })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    const read = (await admin.get(`${FORMS}/${form.id}`)).json().form;
    expect(read.definition.fields.map((field: { id: string }) => field.id).sort()).toEqual(Array.from({ length: 12 }, (_, index) => `f${index}`).sort());
  });
});

describe('deleting a form', () => {
  it('deletes an unused form softly: readable with deletedAt, no longer editable, its submissions kept', async () => {
    const form = await createForm();
    await insertSubmissions(form.id, [{}]);
    const answer = await admin.delete(`${FORMS}/${form.id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ deleted: true, id: form.id, pages: [] });
    const read = (await reporting.get(`${FORMS}/${form.id}`)).json().form;
    expect(read.deletedAt).toEqual(expect.any(String));
    expect(read.submissionCount).toBe(1);
    expect((await reporting.get(`${FORMS}/${form.id}/submissions`)).json().submissions).toHaveLength(1);
    await expectRefused(() => admin.put(`${FORMS}/${form.id}/sections/build`, { name: 'Back' }), 404, { message: OWNER_FORM_SERVICE_MESSAGES.formNotFound });
    await expectRefused(() => admin.post(`${FORMS}/${form.id}/fields`, { field: { type: 'text', title: 'T' } }), 404, { message: OWNER_FORM_SERVICE_MESSAGES.formNotFound });
    await expectRefused(() => admin.delete(`${FORMS}/${form.id}`), 404, { message: OWNER_FORM_SERVICE_MESSAGES.formNotFound });
    // The public calls no longer know it.
    const visitor = new TestVisitor(server.app);
    await visitor.visit('/');
    const validate = await visitor.post(`/api/rest/forms/validate/${form.id}`, {});
    expect(validate.statusCode).toBe(404);
  });

  it('refuses to delete a form that pages show, naming them, until the owner confirms with force=true', async () => {
    const form = await createForm();
    await showOnPage(form.id, 'write-to-us', 'Write to us');
    await showOnPage(form.id, 'about-us', `About ${HOSTILE_HTML}`);
    const pages = [
      { id: expect.any(String), title: `About ${HOSTILE_HTML}`, path: '/about-us' },
      { id: expect.any(String), title: 'Write to us', path: '/write-to-us' },
    ];
    expect((await reporting.get(`${FORMS}/${form.id}`)).json().form.pages).toEqual(pages);
    const message = `This form is shown on 2 pages: About ${HOSTILE_HTML} (/about-us), Write to us (/write-to-us). Remove it from there first, or delete it anyway with force=true (the blocks will show nothing).`;
    await expectRefused(() => admin.delete(`${FORMS}/${form.id}`), 409, { message, errors: { '/about-us': `About ${HOSTILE_HTML}`, '/write-to-us': 'Write to us' } });
    await expectRefused(() => admin.delete(`${FORMS}/${form.id}?force=false`), 409, { message, errors: { '/about-us': `About ${HOSTILE_HTML}`, '/write-to-us': 'Write to us' } });
    await expectRefused(() => admin.delete(`${FORMS}/${form.id}?force=yes`), 400, { message: OWNER_FORM_MESSAGES.force, errors: { force: OWNER_FORM_MESSAGES.force } });
    const forced = await admin.delete(`${FORMS}/${form.id}?force=true`);
    expect(forced.statusCode).toBe(200);
    expect(forced.json()).toEqual({ deleted: true, id: form.id, pages });
    expect((await db().selectFrom('forms').select('deleted_at').where('id', '=', form.id).executeTakeFirstOrThrow()).deleted_at).not.toBeNull();
  });

  it('guards the demo contact form, which the demo Contact page shows', async () => {
    const demo = (await db().selectFrom('site_pages').select(['title', 'url_id', 'body']).where('url_id', '=', 'contact').execute()).flatMap((page) =>
      page.body.sections.flatMap((section) => section.columns.flatMap((column) => column.blocks)).filter((block) => block.type === 9).map((block) => ({ page, formId: String(block.settings.formId) })),
    );
    expect(demo).toHaveLength(1);
    for (const { page, formId } of demo) {
      const answer = await admin.delete(`${FORMS}/${formId}`);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().errors).toMatchObject({ [`/${page.url_id}`]: page.title });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Submissions

interface SubmissionSeed {
  id?: string;
  answers?: Record<string, unknown>;
  fields?: unknown[];
  is_spam?: boolean;
  spam_reason?: string | null;
  created_at?: string;
  page?: Record<string, unknown>;
}

async function insertSubmissions(formId: string, seeds: SubmissionSeed[]): Promise<string[]> {
  const form = await db().selectFrom('forms').select(['definition']).where('id', '=', formId).executeTakeFirstOrThrow();
  const rows = seeds.map((seed) => ({
    id: seed.id ?? newId(),
    website_id: website.id,
    form_id: formId,
    form_name: String(form.definition.name),
    fields: JSON.stringify(seed.fields ?? form.definition.fields),
    answers: JSON.stringify(seed.answers ?? {}),
    page: JSON.stringify(seed.page ?? { pagePath: '/contact', pageTitle: 'Contact' }),
    visitor: 'visitor-hash',
    user_agent: 'Mozilla/5.0 test',
    is_spam: seed.is_spam ?? false,
    spam_reason: seed.spam_reason ?? null,
    ...(seed.created_at ? { created_at: seed.created_at } : {}),
  }));
  for (let start = 0; start < rows.length; start += 500) await db().insertInto('form_submissions').values(rows.slice(start, start + 500)).execute();
  return rows.map((row) => row.id);
}

const EVERY_KIND = {
  name: 'Everything',
  fields: [
    { id: 'name', type: 'name', title: 'Name' },
    { id: 'email', type: 'email', title: 'Email' },
    { id: 'address', type: 'address', title: 'Address' },
    { id: 'phone', type: 'phone', title: 'Phone' },
    { id: 'date', type: 'date', title: 'Date' },
    { id: 'time', type: 'time', title: 'Time' },
    { id: 'heading', type: 'section', title: 'More' },
    { id: 'interests', type: 'checkbox', title: 'Interests', options: ['Home', 'Garden'] },
    { id: 'size', type: 'radio', title: 'Size', options: ['S', 'M'] },
    { id: 'mood', type: 'likert', title: 'Mood', options: ['Fast', 'Kind'] },
    { id: 'note', type: 'textarea', title: 'Note' },
    { id: 'dup1', type: 'text', title: 'Same' },
    { id: 'dup2', type: 'text', title: 'Same' },
    { id: 'src', type: 'hidden', title: '', key: 'source', value: 'site' },
    { id: 'formula-title', type: 'text', title: '=cmd|"/c calc"!A1' },
  ],
};

const EVERY_ANSWER = {
  name: ['Ada', 'Lovelace'],
  email: 'ada@example.com',
  address: ['1 Main St', 'Flat 2', 'London', 'Greater London', 'N1', 'UK'],
  phone: ['44', '020', '7946', '0000'],
  date: ['12', '10', '1815'],
  time: ['9', '5', '', 'AM'],
  interests: ['Home', 'Garden'],
  size: 'M',
  mood: { Fast: '2', Kind: '-1' },
  note: `${HOSTILE_HTML}\nsecond line`,
  dup1: FORMULA,
  dup2: '-2+3',
  src: 'newsletter',
  'formula-title': '@SUM(1+1)',
};

describe('submissions', () => {
  it('lists them newest first in cursor pages: each row once, at millisecond precision, while new ones arrive', async () => {
    const form = await createForm();
    // 180 rows in 60 milliseconds, three per millisecond and apart by microseconds, plus 40 sharing one instant.
    const seeds: SubmissionSeed[] = [];
    for (let index = 0; index < 180; index++) {
      const ms = String(Math.floor(index / 3)).padStart(3, '0');
      seeds.push({ created_at: `2026-03-01T10:00:00.${ms}${String(100 + (index % 3) * 7)}Z`, answers: { email: `n${index}@example.com` } });
    }
    for (let index = 0; index < 40; index++) seeds.push({ created_at: '2026-03-01T09:00:00.000000Z' });
    const ids = await insertSubmissions(form.id, seeds);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await reporting.get(`${FORMS}/${form.id}/submissions?limit=17${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json();
      seen.push(...body.submissions.map((submission: { id: string }) => submission.id));
      expect(body.hasNextPage).toBe(body.nextPageCursor !== null);
      cursor = body.nextPageCursor;
      pages += 1;
      // A newer submission arriving mid-way shows on no later page.
      if (pages === 3) await insertSubmissions(form.id, [{ created_at: '2026-03-02T00:00:00Z' }]);
    } while (cursor);
    expect(seen).toHaveLength(ids.length);
    expect(new Set(seen)).toEqual(new Set(ids));
    expect(pages).toBe(Math.ceil(ids.length / 17));
    // Newest first: the rows of the latest millisecond lead.
    const times = (await db().selectFrom('form_submissions').select(['id', 'created_at']).where('form_id', '=', form.id).execute());
    const timeOf = new Map(times.map((row) => [row.id, new Date(row.created_at).getTime()]));
    const ordered = seen.map((id) => timeOf.get(id)!);
    expect(ordered).toEqual([...ordered].sort((a, b) => b - a));
    expect((await reporting.get(`${FORMS}/${form.id}/submissions`)).json().submissions).toHaveLength(50);
  });

  it('filters by the spam flag', async () => {
    const form = await createForm();
    const [plain, bot, honeypot] = await insertSubmissions(form.id, [{}, { is_spam: true, spam_reason: 'bot' }, { is_spam: true, spam_reason: 'honeypot' }]);
    const list = async (query: string) => ((await reporting.get(`${FORMS}/${form.id}/submissions${query}`)).json().submissions as { id: string }[]).map((row) => row.id).sort();
    expect(await list('?spam=true')).toEqual([bot, honeypot].sort());
    expect(await list('?spam=false')).toEqual([plain]);
    expect(await list('')).toEqual([plain, bot, honeypot].sort());
  });

  it('refuses bad paging input', async () => {
    const form = await createForm();
    const url = `${FORMS}/${form.id}/submissions`;
    const bad = Buffer.from(JSON.stringify(['not a time', 'x'])).toString('base64url');
    for (const [query, field] of [[`cursor=${bad}`, 'cursor'], ['cursor=abc', 'cursor'], ['cursor=%2F%2F', 'cursor'], ['limit=0', 'limit'], ['limit=101', 'limit'], ['limit=ten', 'limit'], ['spam=maybe', 'spam']] as const) {
      const answer = await reporting.get(`${url}?${query}`);
      expect(answer.statusCode, query).toBe(400);
      const message = OWNER_FORM_MESSAGES[field];
      expect(answer.json(), query).toEqual({ message, errors: { [field]: message } });
    }
  });

  it('reads one submission: the answers exactly as stored, summarised, with the page it came from', async () => {
    const form = await createForm(EVERY_KIND);
    const [id] = await insertSubmissions(form.id, [{ answers: EVERY_ANSWER, page: { pagePath: '/contact', pageTitle: HOSTILE_HTML, pageId: 'p1', contentSource: 'c' } }]);
    const answer = await reporting.get(`${FORMS}/${form.id}/submissions/${id}`);
    expect(answer.statusCode).toBe(200);
    const { submission } = answer.json();
    expect(submission).toMatchObject({
      id,
      formId: form.id,
      formName: 'Everything',
      isSpam: false,
      spamReason: null,
      pagePath: '/contact',
      pageTitle: HOSTILE_HTML,
      answers: EVERY_ANSWER,
      page: { pagePath: '/contact', pageTitle: HOSTILE_HTML, pageId: 'p1', contentSource: 'c' },
      userAgent: 'Mozilla/5.0 test',
    });
    expect(submission.fields).toEqual(form.definition.fields);
    expect(submission.summary).toEqual([
      { fieldId: 'name', type: 'name', title: 'Name', text: 'Ada Lovelace', answered: true },
      { fieldId: 'email', type: 'email', title: 'Email', text: 'ada@example.com', answered: true },
      { fieldId: 'address', type: 'address', title: 'Address', text: '1 Main St; Flat 2; London, Greater London N1 UK', answered: true },
      { fieldId: 'phone', type: 'phone', title: 'Phone', text: '+44 020-7946-0000', answered: true },
      { fieldId: 'date', type: 'date', title: 'Date', text: '12/10/1815', answered: true },
      { fieldId: 'time', type: 'time', title: 'Time', text: '9:05:00 AM', answered: true },
      { fieldId: 'interests', type: 'checkbox', title: 'Interests', text: 'Home, Garden', answered: true },
      { fieldId: 'size', type: 'radio', title: 'Size', text: 'M', answered: true },
      { fieldId: 'mood', type: 'likert', title: 'Mood', text: 'Fast: Strongly Agree; Kind: Disagree', answered: true },
      { fieldId: 'note', type: 'textarea', title: 'Note', text: `${HOSTILE_HTML}\nsecond line`, answered: true },
      { fieldId: 'dup1', type: 'text', title: 'Same', text: FORMULA, answered: true },
      { fieldId: 'dup2', type: 'text', title: 'Same', text: '-2+3', answered: true },
      { fieldId: 'src', type: 'hidden', title: 'source', text: 'newsletter', answered: true },
      { fieldId: 'formula-title', type: 'text', title: '=cmd|"/c calc"!A1', text: '@SUM(1+1)', answered: true },
    ]);
    const [blank] = await insertSubmissions(form.id, [{ answers: {} }]);
    const unanswered = (await reporting.get(`${FORMS}/${form.id}/submissions/${blank}`)).json().submission.summary;
    expect(unanswered[0]).toEqual({ fieldId: 'name', type: 'name', title: 'Name', text: 'No answer', answered: false });
  });

  it('reads a submission with the fields it was sent with, whatever the form became', async () => {
    const form = await createForm();
    const [id] = await insertSubmissions(form.id, [{ answers: { email: 'old@example.com' } }]);
    await admin.put(`${FORMS}/${form.id}`, { definition: { name: 'New', fields: [{ id: 'email', type: 'textarea', title: 'Now a message' }] } });
    const { submission } = (await reporting.get(`${FORMS}/${form.id}/submissions/${id}`)).json();
    expect(submission.formName).toBe('Contact');
    expect(submission.summary.find((answer: { fieldId: string }) => answer.fieldId === 'email')).toEqual({ fieldId: 'email', type: 'email', title: 'Email', text: 'old@example.com', answered: true });
  });

  it('marks spam and not spam, keeping the reason the server found', async () => {
    const form = await createForm();
    const [plain, bot] = await insertSubmissions(form.id, [{}, { is_spam: true, spam_reason: 'bot' }]);
    const mark = (id: string, isSpam: unknown) => editor.put(`${FORMS}/${form.id}/submissions/${id}/spam`, { isSpam });
    expect((await mark(plain!, true)).json().submission).toMatchObject({ id: plain, isSpam: true, spamReason: 'owner' });
    expect((await mark(bot!, true)).json().submission).toMatchObject({ id: bot, isSpam: true, spamReason: 'bot' });
    expect((await mark(bot!, false)).json().submission).toMatchObject({ id: bot, isSpam: false, spamReason: null });
    expect((await mark(plain!, false)).json().submission).toMatchObject({ isSpam: false, spamReason: null });
    await expectRefused(() => mark(plain!, 'yes'), 400, { message: OWNER_FORM_MESSAGES.isSpam, errors: { isSpam: OWNER_FORM_MESSAGES.isSpam } });
    await expectRefused(() => editor.put(`${FORMS}/${form.id}/submissions/${plain}/spam`, {}), 400, { message: OWNER_FORM_MESSAGES.isSpam, errors: { isSpam: OWNER_FORM_MESSAGES.isSpam } });
    await expectRefused(() => mark('nope', true), 404, { message: SUBMISSION_MESSAGES.submissionNotFound });
  });

  it('deletes a submission for good, and only through its own form', async () => {
    const form = await createForm();
    const other = await createForm();
    const [id] = await insertSubmissions(form.id, [{}]);
    await expectRefused(() => editor.delete(`${FORMS}/${other.id}/submissions/${id}`), 404, { message: SUBMISSION_MESSAGES.submissionNotFound });
    expect((await reporting.get(`${FORMS}/${other.id}/submissions/${id}`)).statusCode).toBe(404);
    const answer = await editor.delete(`${FORMS}/${form.id}/submissions/${id}`);
    expect(answer.json()).toEqual({ deleted: true, id });
    expect((await reporting.get(`${FORMS}/${form.id}/submissions/${id}`)).json()).toEqual({ message: SUBMISSION_MESSAGES.submissionNotFound });
    await expectRefused(() => editor.delete(`${FORMS}/${form.id}/submissions/${id}`), 404, { message: SUBMISSION_MESSAGES.submissionNotFound });
  });
});

describe('the CSV export', () => {
  const csvOf = async (url: string) => {
    const answer = await reporting.get(url);
    expect(answer.statusCode, answer.body).toBe(200);
    return { answer, rows: parse(answer.body) as string[][] };
  };

  it('writes a column per field titled by its title, readable answers, and neutralises formulas in every cell', async () => {
    const form = await createForm(EVERY_KIND);
    const [id] = await insertSubmissions(form.id, [{ answers: EVERY_ANSWER, created_at: '2026-04-01T12:00:00.250Z', page: { pagePath: '=evil()' } }]);
    const { answer, rows } = await csvOf(`${FORMS}/${form.id}/submissions/export.csv`);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="form-${form.id}-submissions.csv"`);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(rows[0]).toEqual([
      'Submitted (UTC)', 'Name', 'Email', 'Address', 'Phone', 'Date', 'Time', 'Interests', 'Size', 'Mood', 'Note', 'Same', 'Same (2)', 'source',
      `'=cmd|"/c calc"!A1`, 'Page', 'Spam', 'Submission ID',
    ]);
    expect(rows[1]).toEqual([
      '2026-04-01T12:00:00.250Z', 'Ada Lovelace', 'ada@example.com', '1 Main St; Flat 2; London, Greater London N1 UK', "'+44 020-7946-0000", '12/10/1815',
      '9:05:00 AM', 'Home, Garden', 'M', 'Fast: Strongly Agree; Kind: Disagree', `${HOSTILE_HTML}\nsecond line`, `'${FORMULA}`, "'-2+3", 'newsletter', "'@SUM(1+1)",
      "'=evil()", 'no', id,
    ]);
    // No cell a spreadsheet would run: every one starting with = + - @ is quoted with an apostrophe.
    for (const cell of rows.flat()) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('leaves unanswered cells empty, adds the fields older submissions answered, and filters by spam', async () => {
    const form = await createForm({ name: 'Changing', fields: [{ id: 'a', type: 'text', title: 'A' }] });
    await insertSubmissions(form.id, [
      { answers: { a: 'old', gone: 'was here' }, fields: [{ id: 'a', type: 'text', title: 'Old A' }, { id: 'gone', type: 'text', title: 'Gone' }], created_at: '2026-01-01T00:00:00Z' },
      { answers: {}, created_at: '2026-01-02T00:00:00Z', is_spam: true, spam_reason: 'bot' },
    ]);
    const { rows } = await csvOf(`${FORMS}/${form.id}/submissions/export.csv`);
    expect(rows.map((row) => row.slice(0, 5))).toEqual([
      ['Submitted (UTC)', 'A', 'Gone', 'Page', 'Spam'],
      ['2026-01-02T00:00:00.000Z', '', '', '/contact', 'yes'],
      ['2026-01-01T00:00:00.000Z', 'old', 'was here', '/contact', 'no'],
    ]);
    expect((await csvOf(`${FORMS}/${form.id}/submissions/export.csv?spam=false`)).rows.map((row) => row[0])).toEqual(['Submitted (UTC)', '2026-01-01T00:00:00.000Z']);
    expect((await csvOf(`${FORMS}/${form.id}/submissions/export.csv?spam=true`)).rows.map((row) => row.slice(0, 3))).toEqual([['Submitted (UTC)', 'A', 'Page'], ['2026-01-02T00:00:00.000Z', '', '/contact']]);
  });

  it('streams every submission once over several batches, newest first; a deleted form still exports', async () => {
    const form = await createForm({ name: 'Many', fields: [{ id: 'n', type: 'number', title: 'N' }] });
    const seeds = Array.from({ length: 1203 }, (_, index) => ({ answers: { n: String(index) }, created_at: `2026-02-01T00:00:${String(Math.floor(index / 100)).padStart(2, '0')}.${String(index % 100).padStart(3, '0')}Z` }));
    await insertSubmissions(form.id, seeds);
    await admin.delete(`${FORMS}/${form.id}`);
    const { rows } = await csvOf(`${FORMS}/${form.id}/submissions/export.csv`);
    const numbers = rows.slice(1).map((row) => Number(row[1]));
    expect(numbers).toEqual(Array.from({ length: 1203 }, (_, index) => 1202 - index));
  });

  it('refuses bad filters as JSON before the first byte', async () => {
    const form = await createForm();
    const answer = await reporting.get(`${FORMS}/${form.id}/submissions/export.csv?spam=1`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: OWNER_FORM_MESSAGES.spam, errors: { spam: OWNER_FORM_MESSAGES.spam } });
  });
});

describe('who may', () => {
  it('lets readers read and export, writers change; refuses the others with 401/403', async () => {
    const form = await createForm();
    const [submissionId] = await insertSubmissions(form.id, [{}]);
    const reads = [FORMS, `${FORMS}/${form.id}`, `${FORMS}/${form.id}/submissions`, `${FORMS}/${form.id}/submissions/export.csv`, `${FORMS}/${form.id}/submissions/${submissionId}`];
    for (const url of reads) {
      expect((await reporting.get(url)).statusCode, url).toBe(200);
      expect((await editor.get(url)).statusCode, url).toBe(200);
      const refused = await storeManager.get(url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ message: OWNER_MESSAGES.notAllowed });
      const anonymous = new TestVisitor(server.app);
      expect((await anonymous.get(url)).json()).toEqual({ message: OWNER_MESSAGES.notSignedIn });
    }
    await expectRefused(() => reporting.post(FORMS, { definition: CONTACT }), 403, { message: OWNER_MESSAGES.notAllowed });
    await expectRefused(() => reporting.put(`${FORMS}/${form.id}/sections/build`, { name: 'No' }), 403, { message: OWNER_MESSAGES.notAllowed });
    await expectRefused(() => reporting.put(`${FORMS}/${form.id}/submissions/${submissionId}/spam`, { isSpam: true }), 403, { message: OWNER_MESSAGES.notAllowed });
    await expectRefused(() => reporting.delete(`${FORMS}/${form.id}/submissions/${submissionId}`), 403, { message: OWNER_MESSAGES.notAllowed });
    await expectRefused(() => storeManager.delete(`${FORMS}/${form.id}`), 403, { message: OWNER_MESSAGES.notAllowed });
    // A change without the owner's XSRF token is refused even for an admin.
    const forged = await admin.request({ method: 'DELETE', url: `${FORMS}/${form.id}`, headers: { 'x-siteuser-xsrf-token': '' } });
    expect(forged.statusCode).toBe(403);
    expect((await editor.delete(`${FORMS}/${form.id}`)).statusCode).toBe(200);
  });

  it('answers a body that is not JSON with 4xx and writes nothing', async () => {
    await expectRefused(() => admin.request({ method: 'POST', url: FORMS, payload: '{"definition":', headers: { 'content-type': 'application/json' } }), 400, { message: HTTP_MESSAGES.invalidJson });
  });
});
