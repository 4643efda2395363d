import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from './fields';
import { buildSubmissionEnvelope, shapeFieldValue, shapeFormValues } from './shape';

const FIELDS: FieldDefinition[] = [
  { id: 'name-1', type: 'name', title: 'Name', required: true },
  { id: 'email-1', type: 'email', title: 'Email', required: true },
  { id: 'heading-1', type: 'section', title: 'About you' },
  { id: 'address-1', type: 'address', title: 'Address' },
  { id: 'date-1', type: 'date', title: 'Date' },
  { id: 'time-1', type: 'time', title: 'Time' },
  { id: 'phone-1', type: 'phone', title: 'Phone' },
  { id: 'phone-2', type: 'phone', title: 'Phone with country', showCountryCode: true },
  { id: 'checkbox-1', type: 'checkbox', title: 'Topics', options: ['News', 'Offers', 'Events'] },
  { id: 'radio-1', type: 'radio', title: 'Size', options: ['S', 'M', 'L'] },
  { id: 'select-1', type: 'select', title: 'Colour', options: ['Red', 'Blue'] },
  { id: 'likert-1', type: 'likert', title: 'Views', options: ['Stuff is good', 'Things are nice', 'Service was quick'] },
  { id: 'hidden-1', type: 'hidden', title: '', key: 'SQF_SOURCE', value: 'website' },
  { id: 'hidden-2', type: 'hidden', title: '', key: 'SQF_CAMPAIGN', value: 'none' },
  { id: 'message-1', type: 'textarea', title: 'Message', maxLength: 500 },
];

describe('payload shaping, storefront §3', () => {
  const values = shapeFormValues(
    FIELDS,
    {
      'name-1': ['Ada', 'Lovelace'],
      'email-1': 'ada@example.com',
      'heading-1': 'ignored',
      'address-1': ['1 Main St', '', 'Springfield', 'IL', '62701', 'US'],
      'date-1': ['11', '23', '2010'],
      'time-1': ['9', '15', '31', 'AM'],
      'phone-1': ['646', '123', '0000'],
      'phone-2': ['1', '646', '123', '0000'],
      'checkbox-1': [
        { value: 'News', checked: true },
        { value: 'Offers', checked: false },
        { value: 'Events', checked: true },
      ],
      'radio-1': [
        { value: 'S', checked: false },
        { value: 'M', checked: true },
        { value: 'L', checked: true },
      ],
      'select-1': 'Blue',
      'likert-1': { 'Stuff is good': '1', 'Things are nice': '', 'Service was quick': null, 'Not a question': '2' },
      'message-1': 'Hello',
    },
    { query: '?SQF_SOURCE=newsletter&other=1' },
  );

  it('keys values by field id and skips sections', () => {
    expect(Object.keys(values)).toEqual([
      'name-1', 'email-1', 'address-1', 'date-1', 'time-1', 'phone-1', 'phone-2', 'checkbox-1', 'radio-1', 'select-1',
      'likert-1', 'hidden-1', 'hidden-2', 'message-1',
    ]);
  });

  it('address, date, name, time: the list of part values', () => {
    expect(values['name-1']).toEqual(['Ada', 'Lovelace']);
    expect(values['address-1']).toEqual(['1 Main St', '', 'Springfield', 'IL', '62701', 'US']);
    expect(values['date-1']).toEqual(['11', '23', '2010']);
    expect(values['time-1']).toEqual(['9', '15', '31', 'AM']);
  });

  it('phone: 3 values padded with a leading empty value; 4 kept', () => {
    expect(values['phone-1']).toEqual(['', '646', '123', '0000']);
    expect(values['phone-2']).toEqual(['1', '646', '123', '0000']);
  });

  it('checkbox: the checked values; radio: the first checked; select: the chosen', () => {
    expect(values['checkbox-1']).toEqual(['News', 'Events']);
    expect(values['radio-1']).toBe('M');
    expect(values['select-1']).toBe('Blue');
  });

  it('likert: answered questions only', () => {
    expect(values['likert-1']).toEqual({ 'Stuff is good': '1' });
  });

  it("hidden: the URL query parameter named by its key, else its own value", () => {
    expect(values['hidden-1']).toBe('newsletter');
    expect(values['hidden-2']).toBe('none');
  });

  it('any other field: its value', () => {
    expect(values['email-1']).toBe('ada@example.com');
    expect(values['message-1']).toBe('Hello');
  });

  it('reads checked values given as a plain list, and a URLSearchParams-like query', () => {
    const checkbox = FIELDS[8];
    const radio = FIELDS[9];
    expect(shapeFieldValue(checkbox, ['Offers', 'News'])).toEqual(['Offers', 'News']);
    expect(shapeFieldValue(radio, ['L'])).toBe('L');
    expect(shapeFieldValue(FIELDS[12], undefined, new URLSearchParams('SQF_SOURCE=ad'))).toBe('ad');
    expect(shapeFieldValue(FIELDS[12], undefined, 'SQF_SOURCE=')).toBe('');
  });

  it('reads nothing entered, or a wrong shape, as the empty value and never throws', () => {
    const empty = shapeFormValues(FIELDS, { 'name-1': 'Ada' as never, 'email-1': ['x'] as never, 'checkbox-1': 'News', 'likert-1': ['1'] as never });
    expect(empty).toMatchObject({
      'name-1': ['Ada', ''],
      'email-1': '',
      'address-1': ['', '', '', '', '', ''],
      'date-1': ['', '', ''],
      'phone-1': ['', '', '', ''],
      'checkbox-1': ['News'],
      'radio-1': '',
      'select-1': '',
      'likert-1': {},
      'hidden-1': 'website',
    });
  });

  it('never reaches the prototype through a field id or question', () => {
    const proto: FieldDefinition[] = [{ id: '__proto__', type: 'text', title: 'x' }, { id: 'l', type: 'likert', title: 'l', options: ['__proto__'] }];
    const shaped = shapeFormValues(proto, JSON.parse('{"__proto__":"x","l":{"__proto__":"1"}}'));
    expect(Object.hasOwn(shaped, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(shaped)).toBe(Object.prototype);
    expect(JSON.stringify(shaped)).toBe('{"__proto__":"x","l":{"__proto__":"1"}}');
  });
});

describe('the SaveFormSubmission envelope', () => {
  const page = { title: 'Contact', id: 'page-1', contentSource: 'c' as const, path: '/contact', permissionTypeValue: 1 };

  it('carries key, form as a JSON string and the page fields; captchaKey only with a challenge', () => {
    const envelope = buildSubmissionEnvelope({ key: 'k-1', formId: 'form-1', values: { 'email-1': 'ada@example.com' }, page });
    expect(envelope).toEqual({
      key: 'k-1',
      formId: 'form-1',
      form: '{"email-1":"ada@example.com"}',
      pageTitle: 'Contact',
      pageId: 'page-1',
      contentSource: 'c',
      pagePath: '/contact',
      pagePermissionTypeValue: 1,
    });
    expect('captchaKey' in envelope).toBe(false);
    expect(buildSubmissionEnvelope({ key: 'k', formId: 'f', values: {}, page, captchaKey: null })).not.toHaveProperty('captchaKey');
    // People leave the honeypot empty: it is not sent.
    expect(buildSubmissionEnvelope({ key: 'k', formId: 'f', values: {}, page, honeypot: '' })).not.toHaveProperty('honeypot');
    expect(buildSubmissionEnvelope({ key: 'k', formId: 'f', values: {}, page, honeypot: 'http://spam' }).honeypot).toBe('http://spam');
  });

  it('adds the captcha solution and the intra-page event fields when given', () => {
    const envelope = buildSubmissionEnvelope({
      key: 'k-2',
      formId: 'form-2',
      values: {},
      captchaKey: 'solution',
      page: { ...page, contentSource: 'i' },
      event: { blockId: 'block-7', type: 'newsletter-subscribe' },
    });
    expect(envelope).toMatchObject({
      captchaKey: 'solution',
      contentSource: 'i',
      intraPageEventBlockId: 'block-7',
      intraPageEventType: 'newsletter-subscribe',
    });
    expect(JSON.parse(envelope.form)).toEqual({});
  });
});
