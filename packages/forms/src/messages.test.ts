import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SUBMISSION_MESSAGE,
  EMAIL_NOT_VALID,
  FIELD_RULE_MESSAGES,
  FORM_MESSAGES,
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
    const all = [...Object.values(FORM_MESSAGES), ...Object.values(FIELD_RULE_MESSAGES)];
    expect(new Set(all).size).toBe(all.length);
  });

  it('our own wording where the spec is silent', () => {
    expect(FIELD_RULE_MESSAGES.requiredOnSiteForm).toBe('This field is required.');
    expect(DEFAULT_SUBMISSION_MESSAGE).toBe('Thank you!');
  });
});
