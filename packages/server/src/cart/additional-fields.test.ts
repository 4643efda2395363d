// databases: one — the cart rules and answers; the cart's locks are proven by store.test.ts and cart-api.test.ts on both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_RULE_MESSAGES, FORM_MESSAGES } from '@vitrine/forms';
import { demoProductId, openTestServer, setStock, snapshotDomainTables, TestVisitor, type TestServer } from '../testing';

/*
 * A product's additional-fields form is checked on the server with @vitrine/forms (validateFormSubmission, the
 * async widget's mode), on every call that carries answers: add an entry, edit an entry's answers, express
 * checkout. A refusal is a 400 with errors keyed by field id, and writes nothing.
 */

const ENTRIES = '/api/commerce/shopping-cart/entries';
const PEN = demoProductId('engraved-pen');
const LAMP = demoProductId('vintage-lamp');

/** Every value-carrying kind, required where it can be, for the lamp. */
const EVERY_KIND_FORM = {
  id: 'every-kind',
  name: 'Every kind',
  fields: [
    { id: 'text', type: 'text', title: 'Text', required: true },
    { id: 'note', type: 'textarea', title: 'Note', maxLength: 10 },
    { id: 'email', type: 'email', title: 'Email', required: true },
    { id: 'amount', type: 'currency', title: 'Amount' },
    { id: 'count', type: 'number', title: 'Count' },
    { id: 'site', type: 'website', title: 'Site' },
    { id: 'secret', type: 'password', title: 'Secret' },
    { id: 'handle', type: 'twitter', title: 'Handle' },
    { id: 'date', type: 'date', title: 'Date', required: true },
    { id: 'time', type: 'time', title: 'Time', required: true },
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'address', type: 'address', title: 'Address', required: true },
    { id: 'phone', type: 'phone', title: 'Phone', required: true },
    { id: 'heading', type: 'section', title: 'About you' },
    { id: 'size', type: 'radio', title: 'Size', required: true, options: ['S', 'M'] },
    { id: 'extras', type: 'checkbox', title: 'Extras', required: true, options: ['Box', 'Card'] },
    { id: 'colour', type: 'select', title: 'Colour', required: true, options: ['Red', 'Blue'] },
    { id: 'mood', type: 'likert', title: 'Mood', options: ['Happy?'] },
    { id: 'source', type: 'hidden', title: '', key: 'source', value: 'shop' },
  ],
};

/** Answers in the shared shapes (storefront §3, @vitrine/forms' shapeFormValues). */
const GOOD_ANSWERS = {
  text: '<b>Hi</b>',
  note: 'short',
  email: 'ada@example.com',
  amount: '12.50',
  count: '3',
  site: 'example.com',
  secret: 's3cret',
  handle: '@ada',
  date: ['12', '10', '1815'],
  time: ['9', '30', '', 'AM'],
  name: ['Ada', 'Lovelace'],
  address: ['1 Main St', '', 'London', 'Greater London', 'N1', 'UK'],
  phone: ['555', '123', '4567'],
  size: 'M',
  extras: ['Card'],
  colour: 'Blue',
  mood: { 'Happy?': '2' },
  source: 'newsletter',
};

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
  await server.database.db
    .updateTable('products')
    .set({ additional_fields_form_id: EVERY_KIND_FORM.id, additional_fields_form: JSON.stringify(EVERY_KIND_FORM) })
    .where('id', '=', LAMP)
    .execute();
  await setStock(server.database.db, 'LAMP', 1000);
});
afterAll(async () => {
  await server?.close();
});

async function shopper(): Promise<TestVisitor> {
  const visitor = new TestVisitor(server.app);
  await visitor.visit('/shop');
  return visitor;
}

const pen = (answers: unknown) => ({ itemId: PEN, sku: 'PEN', quantity: 1, additionalFields: typeof answers === 'string' ? answers : JSON.stringify(answers) });
const lamp = (answers: unknown) => ({ itemId: LAMP, sku: 'LAMP', quantity: 1, additionalFields: JSON.stringify(answers) });

async function expectRefusedWithNothingWritten(send: () => Promise<{ statusCode: number; json(): unknown }>, body: unknown) {
  const before = await snapshotDomainTables(server.database.db);
  const answer = await send();
  expect(answer.statusCode).toBe(400);
  expect(answer.json()).toEqual(body);
  expect(await snapshotDomainTables(server.database.db)).toEqual(before);
}

describe('adding a product with an additional-fields form', () => {
  it('refuses missing required answers with "Required" keyed by field id, and writes nothing', async () => {
    const visitor = await shopper();
    for (const additionalFields of [undefined, null, '', 'null', '{}']) {
      await expectRefusedWithNothingWritten(() => visitor.post(ENTRIES, { itemId: PEN, sku: 'PEN', quantity: 1, ...(additionalFields === undefined ? {} : { additionalFields }) }), {
        message: FORM_MESSAGES.invalidForm,
        errors: { 'text-engraving': FORM_MESSAGES.required },
      });
    }
    await expectRefusedWithNothingWritten(() => visitor.post(ENTRIES, pen({ 'text-engraving': '   ', 'select-font': '' })), {
      message: FORM_MESSAGES.invalidForm,
      errors: { 'text-engraving': FORM_MESSAGES.required },
    });
  });

  it('refuses an option the form does not offer, an unknown field, a wrong shape, and answers that are not an object', async () => {
    const visitor = await shopper();
    await expectRefusedWithNothingWritten(() => visitor.post(ENTRIES, pen({ 'text-engraving': 'AB', 'select-font': 'Comic Sans' })), {
      message: FORM_MESSAGES.invalidForm,
      errors: { 'select-font': FIELD_RULE_MESSAGES.unknownOption },
    });
    await expectRefusedWithNothingWritten(() => visitor.post(ENTRIES, pen({ 'text-engraving': 'AB', price: '0' })), {
      message: FORM_MESSAGES.invalidForm,
      errors: { price: FIELD_RULE_MESSAGES.unknownField },
    });
    await expectRefusedWithNothingWritten(() => visitor.post(ENTRIES, pen({ 'text-engraving': ['A', 'B'] })), {
      message: FORM_MESSAGES.invalidForm,
      errors: { 'text-engraving': FIELD_RULE_MESSAGES.wrongShape },
    });
    await expectRefusedWithNothingWritten(() => visitor.post(ENTRIES, pen('["AB"]')), {
      message: FORM_MESSAGES.parseFailed,
      errors: { additionalFields: FORM_MESSAGES.parseFailed },
    });
    await expectRefusedWithNothingWritten(() => visitor.post(ENTRIES, pen({ 'text-engraving': 'x'.repeat(2001) })), {
      message: FORM_MESSAGES.invalidForm,
      errors: { 'text-engraving': FORM_MESSAGES.characterLimit },
    });
  });

  it('keeps accepted answers exactly as sent, hostile text included', async () => {
    const visitor = await shopper();
    const sent = JSON.stringify({ 'text-engraving': '<script>alert(1)</script> =1+1', 'select-font': 'Script' });
    const answer = await visitor.post(ENTRIES, pen(sent));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().newlyAdded.additionalFields).toBe(sent);
  });

  it('still reports stock before the answers (the modal opens only once the product can be added)', async () => {
    const visitor = await shopper();
    await setStock(server.database.db, 'PEN', 0);
    try {
      const answer = await visitor.post(ENTRIES, { itemId: PEN, sku: 'PEN', quantity: 1 });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('Sorry, we do not have enough of that item available.');
    } finally {
      await setStock(server.database.db, 'PEN', 30);
    }
  });

  it('leaves products without a form as they were: any JSON object of answers is kept', async () => {
    const visitor = await shopper();
    const answer = await visitor.post(ENTRIES, { itemId: demoProductId('sticker-pack'), quantity: 1, additionalFields: '{"anything":[1,2]}' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().newlyAdded.additionalFields).toBe('{"anything":[1,2]}');
  });
});

describe('every field kind, in the shared value shapes', () => {
  it('accepts multi-part lists, the 3-part phone, checkbox lists, the chosen radio and select, answered likert questions and hidden values', async () => {
    const visitor = await shopper();
    const answer = await visitor.post(ENTRIES, lamp(GOOD_ANSWERS));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().newlyAdded.additionalFields).toBe(JSON.stringify(GOOD_ANSWERS));
  });

  it('answers "Required" for each required kind left empty, and no error for the likert (never required)', async () => {
    const visitor = await shopper();
    const empty = {
      ...GOOD_ANSWERS,
      text: '',
      email: '',
      date: ['', '', ''],
      time: ['', '', '', ''],
      name: ['Ada', ''],
      address: ['', '', '', '', '', ''],
      phone: ['', '', '', ''],
      size: '',
      extras: [],
      colour: '',
      mood: {},
    };
    await expectRefusedWithNothingWritten(() => visitor.post(ENTRIES, lamp(empty)), {
      message: FORM_MESSAGES.invalidForm,
      errors: Object.fromEntries(['text', 'email', 'date', 'time', 'name', 'address', 'phone', 'size', 'extras', 'colour'].map((id) => [id, FORM_MESSAGES.required])),
    });
  });

  it("checks each kind's rules: the character limit, email, number, amount, website, twitter, date, time, phone, likert scale", async () => {
    const visitor = await shopper();
    const bad = {
      ...GOOD_ANSWERS,
      note: 'more than ten characters',
      email: 'ada@',
      amount: '-3',
      count: '1e3',
      site: 'javascript:alert(1)',
      handle: 'no spaces please',
      date: ['2', '30', '2024'],
      time: ['13', '00', '00', 'PM'],
      phone: ['555', 'abc', '4567'],
      mood: { 'Happy?': '3' },
    };
    await expectRefusedWithNothingWritten(() => visitor.post(ENTRIES, lamp(bad)), {
      message: FORM_MESSAGES.invalidForm,
      errors: {
        note: FORM_MESSAGES.characterLimit,
        email: FORM_MESSAGES.emailNotValid,
        amount: FIELD_RULE_MESSAGES.currency,
        count: FIELD_RULE_MESSAGES.number,
        site: FIELD_RULE_MESSAGES.website,
        handle: FIELD_RULE_MESSAGES.twitter,
        date: FIELD_RULE_MESSAGES.date,
        time: FIELD_RULE_MESSAGES.time,
        phone: FIELD_RULE_MESSAGES.phone,
        mood: FIELD_RULE_MESSAGES.unknownOption,
      },
    });
  });

  it('refuses the old single-string answers of multi-part kinds: the browser sends the shared lists', async () => {
    const visitor = await shopper();
    await expectRefusedWithNothingWritten(() => visitor.post(ENTRIES, lamp({ ...GOOD_ANSWERS, name: 'Ada Lovelace', mood: '' })), {
      message: FORM_MESSAGES.invalidForm,
      errors: { name: FIELD_RULE_MESSAGES.wrongShape, mood: FIELD_RULE_MESSAGES.wrongShape },
    });
  });
});

describe("editing an entry's answers and express checkout", () => {
  it('checks the new answers with the same rules and leaves the entry as it was when refused', async () => {
    const visitor = await shopper();
    const first = JSON.stringify({ 'text-engraving': 'First', 'select-font': 'Serif' });
    const { newlyAdded } = (await visitor.post(ENTRIES, pen(first))).json();
    const url = `${ENTRIES}/${newlyAdded.id}/additionalFields`;
    await expectRefusedWithNothingWritten(() => visitor.put(url, { itemId: PEN, sku: 'PEN', additionalFields: JSON.stringify({ 'text-engraving': '' }) }), {
      message: FORM_MESSAGES.invalidForm,
      errors: { 'text-engraving': FORM_MESSAGES.required },
    });
    await expectRefusedWithNothingWritten(() => visitor.put(url, { itemId: PEN, sku: 'PEN', additionalFields: '' }), {
      message: FORM_MESSAGES.invalidForm,
      errors: { 'text-engraving': FORM_MESSAGES.required },
    });
    const next = JSON.stringify({ 'text-engraving': 'Second' });
    const edited = await visitor.put(url, { itemId: PEN, sku: 'PEN', additionalFields: next });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().updatedEntry.additionalFields).toBe(next);
  });

  it('refuses express checkout with bad answers, and takes good ones', async () => {
    const visitor = await shopper();
    await expectRefusedWithNothingWritten(() => visitor.post('/api/commerce/express-checkout', pen({ 'select-font': 'Serif' })), {
      message: FORM_MESSAGES.invalidForm,
      errors: { 'text-engraving': FORM_MESSAGES.required },
    });
    const accepted = await visitor.post('/api/commerce/express-checkout', pen({ 'text-engraving': 'Yo' }));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().cartToken).toEqual(expect.any(String));
  });
});
