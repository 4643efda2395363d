/**
 * Every string a site form shows, worded once: the widget shows them, the server answers with them, the form
 * template's `localizedStrings` lists them. Spec strings are quoted exactly; the ones marked "ours" are
 * decisions where the spec is silent (see the README).
 */

/** The first sentence of the email message (storefront §5); checkout and accounts answer it alone. */
export const EMAIL_NOT_VALID = 'Email is not valid.';

/** Storefront §5: the email message "adds a hint that addresses follow the usual local-part, at-sign, domain form". */
export const EMAIL_FORMAT_HINT = 'Email addresses should follow the format user@domain.com.';

/** Storefront §5 (per field) and §8 (site form messages). */
export const FORM_MESSAGES = {
  // §5, per field on submit
  /** The async form widget's message for an empty required field. */
  required: 'Required',
  characterLimit: 'You have exceeded the character limit.',
  emailNotValid: `${EMAIL_NOT_VALID} ${EMAIL_FORMAT_HINT}`,
  /** The whole-form failure. */
  invalidForm: 'One or more fields is invalid, please check your entries.',

  // §8, site form messages
  processingError: 'Error processing form submission. Please reload and try again.',
  unknownError: 'Unknown error, please try again later.',
  captchaIncomplete: 'Complete CAPTCHA before submitting.',
  submissionKeyFailed: 'Could not get a form submission key, please try again later.',
  parseFailed: 'Could not parse the form fields, please check your entries.',
  /** The error line at the top of a non-newsletter form. */
  problemAbove: 'Your form has encountered a problem. Please scroll down to review.',
  /** The error line at the bottom of a non-newsletter form. */
  problemBelow: 'Your form has encountered a problem. Please scroll up to review.',
  unauthorized: 'Unable to submit form. Please try again later.',
  notConfigured: 'This form has not been configured yet.',
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  sendFailed: 'Unable to send form. Please try again later.',

  // §4, the locked button
  submitting: 'Submitting…',
  /** The async form widget while it saves an edit. */
  saving: 'Saving…',
} as const;

/**
 * Field messages where the spec is silent (ours). A site form's required message differs from the async
 * widget's 'Required' because the spec names 'Required' for the async widget only.
 */
export const FIELD_RULE_MESSAGES = {
  /** A required field left empty on a site form (the async widget says 'Required'). */
  requiredOnSiteForm: 'This field is required.',
  number: 'Enter a number.',
  currency: 'Enter an amount, such as 12.50.',
  website: 'Enter a web address, such as example.com.',
  twitter: 'Enter a Twitter handle, such as @example.',
  phone: 'Enter a phone number using digits.',
  date: 'Enter a valid date.',
  time: 'Enter a valid time.',
  /** An answer for a field id the form does not have (only a hand-made request sends one). */
  unknownField: 'Unknown field.',
  /** A value of the wrong JSON shape for its field kind (a list for a text field, …). */
  wrongShape: 'This answer is not in the expected form.',
  /** A choice, checkbox, select or likert answer the form does not offer. */
  unknownOption: 'Choose one of the listed options.',
  /** U+0000 or a lone surrogate: the database cannot store it. */
  unstorableCharacters: 'This answer contains characters that cannot be stored.',
} as const;

/** Ours: the text shown after a successful submission when the owner left the submission message empty. */
export const DEFAULT_SUBMISSION_MESSAGE = 'Thank you!';

/**
 * Storefront §8: the error lines of a failed submission. Non-newsletter forms show one line at the top and
 * one at the bottom; a newsletter form shows neither (its errors stand alone).
 */
export function problemLines(isNewsletter: boolean): { above: string; below: string } | null {
  return isNewsletter ? null : { above: FORM_MESSAGES.problemAbove, below: FORM_MESSAGES.problemBelow };
}

/** What a failed submission shows: messages on fields, or one general message at the top. */
export type SubmissionFailure =
  | { kind: 'fields'; errors: Record<string, string> }
  | { kind: 'general'; message: string };

/** Storefront §8's status mapping (the statuses with fixed wording). */
export const SUBMISSION_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  401: FORM_MESSAGES.unauthorized,
  404: FORM_MESSAGES.notConfigured,
  429: FORM_MESSAGES.rateLimited,
  500: FORM_MESSAGES.sendFailed,
};

/**
 * Storefront §8: how the widget reads a failed `SaveFormSubmission` (or `forms/validate`) answer.
 * 401, 404, 429 and 500 have fixed wording; a 400 with an errors map (field id → message) puts each message
 * on its field; otherwise the server's error text (`message`, else `error`) is shown, else the unknown error.
 * `body` is the parsed JSON answer, or anything else when it did not parse (a proxy's HTML page).
 */
export function submissionFailure(status: number, body: unknown): SubmissionFailure {
  const fixed = SUBMISSION_STATUS_MESSAGES[status];
  if (fixed !== undefined) return { kind: 'general', message: fixed };
  const record = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  if (status === 400 && record) {
    const errors = stringEntries(record.errors);
    if (errors.length > 0) return { kind: 'fields', errors: Object.fromEntries(errors) };
  }
  const text = [record?.message, record?.error].find((candidate): candidate is string => typeof candidate === 'string' && candidate.trim() !== '');
  return { kind: 'general', message: text ?? FORM_MESSAGES.unknownError };
}

function stringEntries(value: unknown): [string, string][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
}
