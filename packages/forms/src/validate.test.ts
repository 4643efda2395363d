import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from './fields';
import { shapeFormValues } from './shape';
import {
  isAmountAnswer,
  isDateAnswer,
  isNumberAnswer,
  isTimeAnswer,
  isWebsiteAnswer,
  requiredMessage,
  validateFieldValue,
  validateFormSubmission,
  validateFormValues,
} from './validate';

const REQUIRED_SITE = 'This field is required.';
const REQUIRED_ASYNC = 'Required';
const EMAIL = 'Email is not valid. Email addresses should follow the format user@domain.com.';
const LIMIT = 'You have exceeded the character limit.';
const WHOLE_FORM = 'One or more fields is invalid, please check your entries.';
const PARSE = 'Could not parse the form fields, please check your entries.';

const field = <F extends FieldDefinition>(definition: F) => definition;
const text = field({ id: 'text-1', type: 'text', title: 'Text', required: true });
const email = field({ id: 'email-1', type: 'email', title: 'Email', required: true });
const optionalEmail = field({ id: 'email-2', type: 'email', title: 'Other email' });
const textarea = field({ id: 'message-1', type: 'textarea', title: 'Message', maxLength: 10 });
const checkbox = field({ id: 'checkbox-1', type: 'checkbox', title: 'Topics', required: true, options: ['News', 'Offers'] });
const radio = field({ id: 'radio-1', type: 'radio', title: 'Size', required: true, options: ['S', 'M'] });
const select = field({ id: 'select-1', type: 'select', title: 'Colour', required: true, options: ['Red', 'Blue'] });
const name = field({ id: 'name-1', type: 'name', title: 'Name', required: true });
const address = field({ id: 'address-1', type: 'address', title: 'Address', required: true });
const date = field({ id: 'date-1', type: 'date', title: 'Date', required: true });
const time = field({ id: 'time-1', type: 'time', title: 'Time', required: true });
const phone = field({ id: 'phone-1', type: 'phone', title: 'Phone', required: true });
// A likert marked required in old data is still never required (storefront §5).
const likert = { id: 'likert-1', type: 'likert', title: 'Views', required: true, options: ['Stuff is good', 'Things are nice'] } as FieldDefinition;
const section = field({ id: 'section-1', type: 'section', title: 'About you' });
const hidden = field({ id: 'hidden-1', type: 'hidden', title: '', key: 'SQF_SOURCE', value: 'website' });
const number = field({ id: 'number-1', type: 'number', title: 'Guests' });
const currency = field({ id: 'currency-1', type: 'currency', title: 'Budget' });
const website = field({ id: 'website-1', type: 'website', title: 'Site' });
const twitter = field({ id: 'twitter-1', type: 'twitter', title: 'Twitter' });
const password = field({ id: 'password-1', type: 'password', title: 'Password' });

const ALL: FieldDefinition[] = [text, email, optionalEmail, textarea, checkbox, radio, select, name, address, date, time, phone, likert, section, hidden, number, currency, website, twitter, password];

const GOOD = {
  'text-1': 'Hello',
  'email-1': 'ada@example.com',
  'email-2': '',
  'message-1': 'Short',
  'checkbox-1': ['News'],
  'radio-1': 'M',
  'select-1': 'Blue',
  'name-1': ['Ada', 'Lovelace'],
  'address-1': ['1 Main St', '', 'Springfield', 'IL', '62701', 'US'],
  'date-1': ['2', '29', '2024'],
  'time-1': ['9', '', '', 'AM'],
  'phone-1': ['', '646', '123', '0000'],
  'likert-1': { 'Stuff is good': '1' },
  'hidden-1': 'newsletter',
  'number-1': '12',
  'currency-1': '1,234.50',
  'website-1': 'example.com/about',
  'twitter-1': '@vitrine_shop',
  'password-1': 'secret words',
};

describe('storefront §5, per field on submit', () => {
  it('a good submission passes and comes back normalised', () => {
    const result = validateFormValues(ALL, GOOD);
    expect(result).toEqual({ valid: true, values: GOOD });
  });

  it("a required field left empty: 'This field is required.' on a site form, 'Required' in the async widget", () => {
    const empty = { ...GOOD, 'text-1': '  ', 'checkbox-1': [], 'radio-1': '', 'select-1': '', 'name-1': ['Ada', ''], 'address-1': ['1 Main St', 'Flat 2', '', 'IL', '62701', 'US'], 'date-1': ['', '', ''], 'time-1': ['', '30', '', ''], 'phone-1': ['1', '', '', ''] };
    const expected = ['text-1', 'checkbox-1', 'radio-1', 'select-1', 'name-1', 'address-1', 'date-1', 'time-1', 'phone-1'];
    const site = validateFormValues(ALL, empty);
    expect(site).toEqual({ valid: false, message: WHOLE_FORM, errors: Object.fromEntries(expected.map((id) => [id, REQUIRED_SITE])) });
    const asynchronous = validateFormValues(ALL, empty, { mode: 'async' });
    expect(asynchronous).toEqual({ valid: false, message: WHOLE_FORM, errors: Object.fromEntries(expected.map((id) => [id, REQUIRED_ASYNC])) });
    expect(requiredMessage('async')).toBe('Required');
    expect(requiredMessage()).toBe(REQUIRED_SITE);
  });

  it('zero-width characters alone are empty', () => {
    expect(validateFieldValue(text, '\u200b\u00a0')).toBe(REQUIRED_SITE);
  });

  it('an absent answer reads as empty', () => {
    const result = validateFormValues(ALL, {});
    expect(result.valid).toBe(false);
    if (result.valid) return;
    expect(Object.keys(result.errors)).toEqual(['text-1', 'email-1', 'checkbox-1', 'radio-1', 'select-1', 'name-1', 'address-1', 'date-1', 'time-1', 'phone-1']);
  });

  it('an optional field left empty passes', () => {
    const optional: FieldDefinition[] = ALL.map((definition) => ({ ...definition, required: false }) as FieldDefinition);
    expect(validateFormValues(optional, {}).valid).toBe(true);
  });

  it('likert fields have no required check; sections are skipped', () => {
    expect(validateFieldValue(likert, {})).toBeUndefined();
    expect(validateFieldValue(likert, undefined)).toBeUndefined();
    expect(validateFieldValue(section, 'anything')).toBeUndefined();
  });

  describe('the email rule', () => {
    it('a non-empty invalid email gets the message with its hint', () => {
      expect(validateFieldValue(optionalEmail, 'ada@example')).toBe(EMAIL);
      expect(validateFieldValue(optionalEmail, 'ada@example', { mode: 'async' })).toBe(EMAIL);
      expect(validateFieldValue(email, 'not an email')).toBe(EMAIL);
    });

    it('a required empty email is invalid as an email on a site form, Required in the async widget', () => {
      expect(validateFieldValue(email, '')).toBe(EMAIL);
      expect(validateFieldValue(email, '', { mode: 'async' })).toBe(REQUIRED_ASYNC);
    });

    it('an optional empty email passes; surrounding spaces are ignored', () => {
      expect(validateFieldValue(optionalEmail, '')).toBeUndefined();
      expect(validateFieldValue(optionalEmail, ' ada@example.com ')).toBeUndefined();
    });

    it('is 3 to 256 characters', () => {
      expect(validateFieldValue(optionalEmail, `${'a'.repeat(245)}@example.com`)).toBe(EMAIL);
    });
  });

  describe('the character limit', () => {
    it("a long-text field over its maximum: 'You have exceeded the character limit.'", () => {
      expect(validateFieldValue(textarea, '0123456789')).toBeUndefined();
      expect(validateFieldValue(textarea, '0123456789!')).toBe(LIMIT);
      expect(validateFieldValue({ ...textarea, required: false }, '')).toBeUndefined();
    });

    it('counts characters, not UTF-16 units', () => {
      expect(validateFieldValue(textarea, '👍'.repeat(10))).toBeUndefined();
    });

    it('a maximum that is not a positive number means no limit (as no counter)', () => {
      const oldData = { ...textarea, maxLength: 'abc' } as unknown as FieldDefinition;
      expect(validateFieldValue(oldData, 'x'.repeat(500))).toBeUndefined();
      expect(validateFieldValue({ ...textarea, maxLength: -1 }, 'x'.repeat(500))).toBeUndefined();
    });

    it('every answer has a hard limit, whatever the owner set and even with rules off', () => {
      expect(validateFieldValue(textarea, 'x'.repeat(10_001), { skipRules: true })).toBe(LIMIT);
      expect(validateFieldValue({ ...textarea, maxLength: undefined }, 'x'.repeat(10_000))).toBeUndefined();
      expect(validateFieldValue(text, 'x'.repeat(2_001), { skipRules: true })).toBe(LIMIT);
      expect(validateFieldValue(hidden, 'x'.repeat(2_001))).toBe(LIMIT);
      expect(validateFieldValue(name, ['x'.repeat(201), ''])).toBe(LIMIT);
    });
  });

  describe('sanity rules (ours)', () => {
    it.each([
      ['number', '12', undefined, number],
      ['number', '-3.5', undefined, number],
      ['number', '2,5', undefined, number],
      ['number', '1e3', 'Enter a number.', number],
      ['number', 'twelve', 'Enter a number.', number],
      ['currency', '12.50', undefined, currency],
      ['currency', '1.234,56', undefined, currency],
      ['currency', '-5', 'Enter an amount, such as 12.50.', currency],
      ['currency', '12.3456', 'Enter an amount, such as 12.50.', currency],
      ['currency', '$12', 'Enter an amount, such as 12.50.', currency],
      ['website', 'https://example.com/a?b=1', undefined, website],
      ['website', 'www.example.co.uk', undefined, website],
      ['website', 'javascript:alert(1)', 'Enter a web address, such as example.com.', website],
      ['website', 'ftp://example.com', 'Enter a web address, such as example.com.', website],
      ['website', 'localhost', 'Enter a web address, such as example.com.', website],
      ['website', 'exa mple.com', 'Enter a web address, such as example.com.', website],
      ['twitter', 'vitrine', undefined, twitter],
      ['twitter', '@this_is_too_long_a_handle', 'Enter a Twitter handle, such as @example.', twitter],
      ['password', 'anything at all', undefined, password],
      ['date', ['2', '30', '2024'], 'Enter a valid date.', date],
      ['date', ['2', '29', '2023'], 'Enter a valid date.', date],
      ['date', ['13', '1', '2024'], 'Enter a valid date.', date],
      ['date', ['12', '31', '24'], 'Enter a valid date.', date],
      ['date', ['12', '31', '2024'], undefined, date],
      ['time', ['13', '00', '', 'PM'], 'Enter a valid time.', time],
      ['time', ['10', '60', '', 'am'], 'Enter a valid time.', time],
      ['time', ['12', '5', '9', 'pm'], undefined, time],
      ['time', ['10', '', '', 'XM'], 'Enter a valid time.', time],
      ['phone', ['+44', '(20)', '7946', '0958'], undefined, phone],
      ['phone', ['', '646', 'abc', '0000'], 'Enter a phone number using digits.', phone],
    ] as const)('%s %j → %s', (_, value, message, definition) => {
      expect(validateFieldValue(definition, value)).toBe(message);
    });

    it('are skipped with the rules, as required and email are', () => {
      const bad = { ...GOOD, 'text-1': '', 'email-1': 'nope', 'number-1': 'x', 'date-1': ['99', '99', '1'], 'message-1': 'far too long text' };
      expect(validateFormValues(ALL, bad, { skipRules: true })).toEqual({ valid: true, values: bad });
    });

    it('are exported for the widget', () => {
      expect(isNumberAnswer('1')).toBe(true);
      expect(isAmountAnswer('1 234,56')).toBe(true);
      expect(isAmountAnswer('1234567890123456')).toBe(false);
      expect(isWebsiteAnswer('http://user:pw@example.com')).toBe(false);
      expect(isDateAnswer('2', '29', '2000')).toBe(true);
      expect(isDateAnswer('2', '29', '1900')).toBe(false);
      expect(isTimeAnswer('23', '59', '59', '')).toBe(true);
      expect(isTimeAnswer('24', '', '', '')).toBe(false);
    });
  });
});

describe('on the server: a submitted payload, trusting nothing', () => {
  it('the same module answers the same for what the browser shaped', () => {
    const entered = { 'text-1': 'Hello', 'email-1': 'ada@example', 'phone-1': ['646', '123', '0000'] };
    const shaped = shapeFormValues(ALL, entered);
    const browser = validateFormValues(ALL, shaped);
    const server = validateFormSubmission(ALL, JSON.stringify(shaped));
    expect(server).toEqual(browser);
    expect(server.valid).toBe(false);
    if (!server.valid) expect(server.errors['email-1']).toBe(EMAIL);
  });

  it('pads a phone of 3 values and fills absent answers', () => {
    const result = validateFormSubmission([phone, hidden, likert], JSON.stringify({ 'phone-1': ['646', '123', '0000'] }));
    expect(result).toEqual({ valid: true, values: { 'phone-1': ['', '646', '123', '0000'], 'hidden-1': 'website', 'likert-1': {} } });
  });

  it.each([
    ['not a string', 42],
    ['not JSON', '{"text-1":'],
    ['a list', '["Hello"]'],
    ['null', 'null'],
    ['a string', '"Hello"'],
  ])('%s: the parse failure, without field errors', (_, form) => {
    expect(validateFormSubmission(ALL, form)).toEqual({ valid: false, message: PARSE, errors: {} });
  });

  it('an oversized form: the character limit, without parsing', () => {
    expect(validateFormSubmission(ALL, `{"text-1":"${'x'.repeat(60_000)}"}`)).toEqual({ valid: false, message: LIMIT, errors: {} });
  });

  it('unknown field ids are errors, sections included, at most 20 of them listed', () => {
    const extra = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`extra-${index}`, 'x']));
    const result = validateFormValues(ALL, { ...GOOD, 'section-1': 'x', __proto__: 'x', ...extra });
    expect(result.valid).toBe(false);
    if (result.valid) return;
    expect(result.errors['section-1']).toBe('Unknown field.');
    expect(Object.keys(result.errors)).toHaveLength(20);
    const parsed = validateFormSubmission(ALL, JSON.stringify(GOOD).replace('{', '{"__proto__":"x",'));
    expect(parsed).toEqual({ valid: false, message: WHOLE_FORM, errors: JSON.parse('{"__proto__":"Unknown field."}') });
  });

  it.each([
    ['text as a list', 'text-1', ['Hello']],
    ['text as a number', 'text-1', 5],
    ['a checkbox as a string', 'checkbox-1', 'News'],
    ['a checkbox listing one twice', 'checkbox-1', ['News', 'News']],
    ['a checkbox with a number', 'checkbox-1', [1]],
    ['a name of 3 parts', 'name-1', ['a', 'b', 'c']],
    ['an address as an object', 'address-1', { Line1: 'x' }],
    ['a date with a number part', 'date-1', [2, 29, 2024]],
    ['a likert as a list', 'likert-1', ['1']],
    ['a likert answer as a number', 'likert-1', { 'Stuff is good': 1 }],
    ['a hidden value as null', 'hidden-1', null],
  ])('%s: not in the expected form', (_, id, value) => {
    const result = validateFormValues(ALL, { ...GOOD, [id]: value });
    expect(result).toEqual({ valid: false, message: WHOLE_FORM, errors: { [id]: 'This answer is not in the expected form.' } });
  });

  it.each([
    ['a radio choice not offered', 'radio-1', 'XL'],
    ['a select choice not offered', 'select-1', 'Green'],
    ['a checkbox choice not offered', 'checkbox-1', ['News', 'Spam']],
    ['a likert question not asked', 'likert-1', { 'Other question': '1' }],
    ['a likert answer off the scale', 'likert-1', { 'Stuff is good': '3' }],
  ])('%s: not one of the options, even with rules off', (_, id, value) => {
    const result = validateFormValues(ALL, { ...GOOD, [id]: value }, { skipRules: true });
    expect(result).toEqual({ valid: false, message: WHOLE_FORM, errors: { [id]: 'Choose one of the listed options.' } });
  });

  it('NUL and lone surrogates cannot be stored', () => {
    const message = 'This answer contains characters that cannot be stored.';
    expect(validateFieldValue(text, 'a\u0000b')).toBe(message);
    expect(validateFieldValue(text, 'a\ud800b')).toBe(message);
    expect(validateFieldValue(name, ['\udc00', 'x'])).toBe(message);
    expect(validateFieldValue(text, '👍')).toBeUndefined();
  });

  it('hostile markup is only text: kept verbatim', () => {
    const markup = '<script>alert(1)</script><img src=x onerror=alert(1)>';
    const result = validateFormValues([{ ...text, required: false }], { 'text-1': markup });
    expect(result).toEqual({ valid: true, values: { 'text-1': markup } });
  });
});
