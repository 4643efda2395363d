import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from './fields';
import { NO_ANSWER_FALLBACK, SUMMARY_FIELD_TYPES, noAnswerText, summarizeField, summaryAnswer, summaryFieldsOf, summaryText } from './summary';

describe('the form summary of platform §3', () => {
  it('knows the summary field types', () => {
    expect(SUMMARY_FIELD_TYPES).toEqual(['address', 'checkbox', 'date', 'likert', 'name', 'phone', 'time']);
  });

  // The answers of the reference engine's summary-form-field cases, as text.
  it.each([
    [{ type: 'address', rawTitle: 'Address', values: { Line1: '123 Main St', Line2: 'Apt #1', City: 'New York', State: 'New York', Zip: '10013', Country: 'US' } }, ['123 Main St', 'Apt #1', 'New York, New York 10013 US']],
    [{ type: 'address', rawTitle: 'Address', values: { Line1: '123 Main St', City: 'New York', State: 'New York', Zip: '10013', Country: 'US' } }, ['123 Main St', 'New York, New York 10013 US']],
    [{ type: 'checkbox', rawTitle: 'Checkbox', value: 'Static Value' }, ['Static Value']],
    [{ type: 'checkbox', rawTitle: 'Checkbox', values: ['One', 'Two', 'Three'] }, ['One, Two, Three']],
    [{ type: 'date', rawTitle: 'Date', values: { Month: '11', Day: '23', Year: '2010' } }, ['11/23/2010']],
    [{ type: 'unknown', rawTitle: 'Unknown', value: 'Static Text' }, ['Static Text']],
    [{ type: 'name', rawTitle: 'Name', values: { First: 'John', Last: 'Doe' } }, ['John Doe']],
    [{ type: 'phone', rawTitle: 'Phone', values: { Country: '1', Areacode: '646', Prefix: '123', Line: '0000' } }, ['+1 646-123-0000']],
    [{ type: 'phone', rawTitle: 'Phone', values: { Areacode: '646', Prefix: '123', Line: '0000' } }, ['646-123-0000']],
    [{ type: 'time', rawTitle: 'Time', values: { Hour: 9, Minute: 15, Second: 31, Ampm: 'am' } }, ['9:15:31 am']],
    [{ type: 'time', rawTitle: 'Time', values: { Hour: 4, Ampm: 'pm' } }, ['4:00:00 pm']],
    [{ type: 'time', rawTitle: 'Time', values: { Minute: '30', Ampm: 'am' } }, ['00:30:00 am']],
  ])('%j', (field, lines) => {
    const summary = summarizeField(field);
    expect(summary.title).toBe(field.rawTitle);
    expect(summary.lines.map((line) => line.text)).toEqual(lines);
    expect(summary.answered).toBe(true);
  });

  it('likert: one line per question with the scale label', () => {
    const field = { type: 'likert', rawTitle: 'Views', values: { 'Stuff is good': '1', 'Things are nice': '2' } };
    expect(summarizeField(field).lines).toEqual([
      { label: 'Stuff is good', text: 'Agree' },
      { label: 'Things are nice', text: 'Strongly Agree' },
    ]);
    expect(summaryText(field)).toBe('Views:\n  Stuff is good: Agree\n  Things are nice: Strongly Agree');
    expect(summaryAnswer(field)).toBe('Stuff is good: Agree; Things are nice: Strongly Agree');
    expect(summarizeField(field, { strings: { likertLabels: { '1': "D'accord" } } }).lines[0].text).toBe("D'accord");
  });

  it('reads as text, one line or several', () => {
    expect(summaryText({ type: 'name', rawTitle: 'Name', values: { First: 'John', Last: 'Doe' } })).toBe('Name: John Doe');
    expect(summaryText({ type: 'address', rawTitle: 'Address', values: { Line1: '1 Main St', City: 'Springfield', Country: 'US' } })).toBe('Address:\n  1 Main St\n  Springfield US');
  });
});

describe('the no-answer text: localized, N/A only as the last fallback', () => {
  const missing = { type: 'checkbox', rawTitle: 'Checkbox' };

  it("the site's own text first", () => {
    expect(summarizeField(missing, { locale: 'fr-FR', strings: { noAnswer: 'Rien' } })).toEqual({ title: 'Checkbox', lines: [{ text: 'Rien' }], answered: false });
  });

  it("then the locale's language", () => {
    expect(noAnswerText({ locale: 'en-US' })).toBe('No answer');
    expect(noAnswerText({ locale: 'fr_CA' })).toBe('Aucune réponse');
    expect(noAnswerText({ locale: 'de', strings: { noAnswer: '  ' } })).toBe('Keine Antwort');
    expect(summaryText(missing, { locale: 'es-MX' })).toBe('Checkbox: Sin respuesta');
  });

  it("then 'N/A'", () => {
    expect(NO_ANSWER_FALLBACK).toBe('N/A');
    expect(noAnswerText()).toBe('N/A');
    expect(noAnswerText({ locale: 'ja-JP' })).toBe('N/A');
    expect(noAnswerText({ locale: 'constructor' })).toBe('N/A');
    expect(summaryText({ type: 'unknown', rawTitle: 'Unknown' })).toBe('Unknown: N/A');
  });

  it.each([
    [{ type: 'checkbox', rawTitle: 'C', values: [] }],
    [{ type: 'name', rawTitle: 'N', values: { First: '', Last: ' ' } }],
    [{ type: 'address', rawTitle: 'A', values: {} }],
    [{ type: 'date', rawTitle: 'D', values: { Month: '', Day: '', Year: '' } }],
    [{ type: 'phone', rawTitle: 'P', values: { Country: '1' } }],
    [{ type: 'time', rawTitle: 'T', values: { Ampm: 'am' } }],
    [{ type: 'likert', rawTitle: 'L', values: {} }],
    [{ type: 'text', rawTitle: 'X', value: '' }],
    [{ type: 'text', rawTitle: 'X', value: null }],
    [{ type: 'text', rawTitle: 'X', value: { nested: true } }],
  ])('an empty answer is no answer: %j', (field) => {
    expect(summarizeField(field, { locale: 'en' })).toEqual({ title: field.rawTitle, lines: [{ text: 'No answer' }], answered: false });
  });
});

describe('summaryFieldsOf: a submission as summary fields', () => {
  const fields: FieldDefinition[] = [
    { id: 'name-1', type: 'name', title: 'Name' },
    { id: 'heading', type: 'section', title: 'More' },
    { id: 'phone-1', type: 'phone', title: 'Phone' },
    { id: 'topics', type: 'checkbox', title: 'Topics', options: ['A', 'B'] },
    { id: 'views', type: 'likert', title: 'Views', options: ['Q'] },
    { id: 'src', type: 'hidden', title: '', key: 'SQF_SOURCE', value: 'web' },
    { id: 'note', type: 'textarea', title: 'Note' },
  ];

  it('names the parts, skips sections, titles a hidden field by its key', () => {
    const summary = summaryFieldsOf(fields, {
      'name-1': ['Ada', 'Lovelace'],
      'phone-1': ['', '646', '123', '0000'],
      topics: ['A'],
      views: { Q: '-2' },
      src: 'newsletter',
      note: '<b>hi</b>',
    });
    expect(summary).toEqual([
      { type: 'name', rawTitle: 'Name', values: { First: 'Ada', Last: 'Lovelace' } },
      { type: 'phone', rawTitle: 'Phone', values: { Country: '', Areacode: '646', Prefix: '123', Line: '0000' } },
      { type: 'checkbox', rawTitle: 'Topics', values: ['A'] },
      { type: 'likert', rawTitle: 'Views', values: { Q: '-2' } },
      { type: 'hidden', rawTitle: 'SQF_SOURCE', value: 'newsletter' },
      { type: 'textarea', rawTitle: 'Note', value: '<b>hi</b>' },
    ]);
    expect(summary.map((field) => summaryAnswer(field))).toEqual(['Ada Lovelace', '646-123-0000', 'A', 'Q: Strongly Disagree', 'newsletter', '<b>hi</b>']);
  });

  it('reads missing answers as no answer', () => {
    expect(summaryFieldsOf(fields, {}).map((field) => summaryAnswer(field, { locale: 'en' }))).toEqual(Array(6).fill('No answer'));
  });
});
