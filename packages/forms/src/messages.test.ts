import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_COMPACT_BELOW_PX,
  CAPTCHA_MESSAGES,
  DEFAULT_SUBMISSION_MESSAGE,
  EMAIL_NOT_VALID,
  FIELD_RULE_MESSAGES,
  FORM_MESSAGES,
  captchaSize,
  problemLines,
  submissionFailure,
} from './messages';

describe('the site form strings of storefront §5 and §8, exactly', () => {
  it.each([
    ['required', 'Required'],
    ['characterLimit', 'You have exceeded the character limit.'],
    ['emailNotValid', 'Email is not valid. Email addresses should follow the format user@domain.com.'],
    ['invalidForm', 'One or more fields is invalid, please check your entries.'],
    ['processingError', 'Error processing form submission. Please reload and try again.'],
    ['unknownError', 'Unknown error, please try again later.'],
    ['captchaIncomplete', 'Complete CAPTCHA before submitting.'],
    ['submissionKeyFailed', 'Could not get a form submission key, please try again later.'],
    ['parseFailed', 'Could not parse the form fields, please check your entries.'],
    ['problemAbove', 'Your form has encountered a problem. Please scroll down to review.'],
    ['problemBelow', 'Your form has encountered a problem. Please scroll up to review.'],
    ['unauthorized', 'Unable to submit form. Please try again later.'],
    ['notConfigured', 'This form has not been configured yet.'],
    ['rateLimited', 'Unable to submit form. Submission rate limit exceeded. Please try again later.'],
    ['sendFailed', 'Unable to send form. Please try again later.'],
    ['submitting', 'Submitting…'],
    ['saving', 'Saving…'],
  ] as const)('%s: %s', (name, text) => {
    expect(FORM_MESSAGES[name]).toBe(text);
  });

  it('the email message begins with the spec sentence and adds the local-part, at-sign, domain hint', () => {
    expect(EMAIL_NOT_VALID).toBe('Email is not valid.');
    expect(FORM_MESSAGES.emailNotValid.startsWith('Email is not valid. ')).toBe(true);
    expect(FORM_MESSAGES.emailNotValid).toMatch(/user@domain\.com/);
  });

  it('has no string twice', () => {
    const all = [...Object.values(FORM_MESSAGES), ...Object.values(FIELD_RULE_MESSAGES), ...Object.values(CAPTCHA_MESSAGES)];
    expect(new Set(all).size).toBe(all.length);
  });

  it('our own wording where the spec is silent', () => {
    expect(FIELD_RULE_MESSAGES.requiredOnSiteForm).toBe('This field is required.');
    expect(DEFAULT_SUBMISSION_MESSAGE).toBe('Thank you!');
  });
});

describe('platform §8 and §4: the captcha', () => {
  it('keeps the three error strings', () => {
    expect(CAPTCHA_MESSAGES).toEqual({
      renderFailed: 'Error rendering captcha into node',
      notSetUp: 'ReCaptcha has not been set up!',
      documentDestroyed: 'Document was destroyed',
    });
  });

  it('is compact under 320 px', () => {
    expect(CAPTCHA_COMPACT_BELOW_PX).toBe(320);
    expect(captchaSize(319)).toBe('compact');
    expect(captchaSize(0)).toBe('compact');
    expect(captchaSize(320)).toBe('normal');
    expect(captchaSize(Number.NaN)).toBe('normal');
  });
});

describe('storefront §8: error lines and the status mapping', () => {
  it('non-newsletter forms show a line at the top and the bottom; newsletter forms neither', () => {
    expect(problemLines(false)).toEqual({
      above: 'Your form has encountered a problem. Please scroll down to review.',
      below: 'Your form has encountered a problem. Please scroll up to review.',
    });
    expect(problemLines(true)).toBeNull();
  });

  it.each([
    [401, 'Unable to submit form. Please try again later.'],
    [404, 'This form has not been configured yet.'],
    [429, 'Unable to submit form. Submission rate limit exceeded. Please try again later.'],
    [500, 'Unable to send form. Please try again later.'],
  ])('%i reads %s whatever the body says', (status, message) => {
    expect(submissionFailure(status, { message: 'server words', errors: { a: 'b' } })).toEqual({ kind: 'general', message });
  });

  it('a 400 with an errors map puts each message on its field', () => {
    expect(submissionFailure(400, { message: 'One or more fields is invalid, please check your entries.', errors: { 'email-1': 'Required', x: 3 } })).toEqual({
      kind: 'fields',
      errors: { 'email-1': 'Required' },
    });
  });

  it("otherwise the server's text, else the unknown error", () => {
    expect(submissionFailure(400, { message: 'Could not parse the form fields, please check your entries.', errors: {} })).toEqual({
      kind: 'general',
      message: 'Could not parse the form fields, please check your entries.',
    });
    expect(submissionFailure(403, { error: 'Forbidden here' })).toEqual({ kind: 'general', message: 'Forbidden here' });
    expect(submissionFailure(502, '<html>Bad gateway</html>')).toEqual({ kind: 'general', message: 'Unknown error, please try again later.' });
    expect(submissionFailure(400, null)).toEqual({ kind: 'general', message: 'Unknown error, please try again later.' });
    expect(submissionFailure(409, { message: '  ' })).toEqual({ kind: 'general', message: 'Unknown error, please try again later.' });
  });
});
