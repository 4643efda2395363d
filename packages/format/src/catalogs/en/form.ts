import { EN_EMAIL } from './email';

/** Storefront §4, §5 and §8: site form messages. */
export const EN_FORM = {
  required: 'Required',
  characterLimit: 'You have exceeded the character limit.',
  emailNotValid: `${EN_EMAIL.notValid} ${EN_EMAIL.formatHint}`,
  invalidForm: 'One or more fields is invalid, please check your entries.',
  processingError: 'Error processing form submission. Please reload and try again.',
  unknownError: 'Unknown error, please try again later.',
  captchaIncomplete: 'Complete CAPTCHA before submitting.',
  submissionKeyFailed: 'Could not get a form submission key, please try again later.',
  parseFailed: 'Could not parse the form fields, please check your entries.',
  problemAbove: 'Your form has encountered a problem. Please scroll down to review.',
  problemBelow: 'Your form has encountered a problem. Please scroll up to review.',
  unauthorized: 'Unable to submit form. Please try again later.',
  notConfigured: 'This form has not been configured yet.',
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  sendFailed: 'Unable to send form. Please try again later.',
  submitting: 'Submitting…',
  saving: 'Saving…',
} as const;
