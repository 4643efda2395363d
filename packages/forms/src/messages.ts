/**
 * Every string a site form shows, worded once: the widget shows them, the server answers with them, the form
 * template's `localizedStrings` lists them. Spec strings are quoted exactly; the ones marked "ours" are
 * decisions where the spec is silent (see the README).
 */
import type { Catalog } from '@vitrine/format/catalogs';
import { EN_EMAIL, EN_FIELD_RULES, EN_FORM, EN_FORM_SUBMISSION } from '@vitrine/format/catalogs/en';

/** The first sentence of the email message (storefront §5); checkout and accounts answer it alone. */
export const EMAIL_NOT_VALID = EN_EMAIL.notValid;

/** Storefront §5: the email message "adds a hint that addresses follow the usual local-part, at-sign, domain form". */
export const EMAIL_FORMAT_HINT = EN_EMAIL.formatHint;

/** Storefront §5 (per field) and §8 (site form messages). */
export const FORM_MESSAGES = EN_FORM;

/**
 * Field messages where the spec is silent (ours). A site form's required message differs from the async
 * widget's 'Required' because the spec names 'Required' for the async widget only.
 */
export const FIELD_RULE_MESSAGES = EN_FIELD_RULES;

/** Ours: the text shown after a successful submission when the owner left the submission message empty. */
export const DEFAULT_SUBMISSION_MESSAGE = EN_FORM_SUBMISSION.defaultMessage;

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

/** A form's messages in one language: the catalog domains a site form reads. */
export type FormMessageCatalog = Pick<Catalog, 'form' | 'fieldRules'>;

let englishKeys: Map<string, readonly ['form' | 'fieldRules', string]> | null = null;

/**
 * A form message in another language: validation works in English (the constants above), and what it answers is
 * looked up by its English words. Anything else (the owner's own text, a server message already translated)
 * is returned as it is. The site form island and the forms routes use it with the visitor's catalog.
 */
export function localizeFormMessage(message: string, catalog: Partial<FormMessageCatalog>): string {
  if (!englishKeys) {
    englishKeys = new Map();
    for (const domain of ['form', 'fieldRules'] as const) {
      for (const [key, english] of Object.entries(domain === 'form' ? EN_FORM : EN_FIELD_RULES)) if (!englishKeys.has(english)) englishKeys.set(english, [domain, key]);
    }
  }
  const found = englishKeys.get(message);
  if (!found) return message;
  const translated = (catalog[found[0]] as Record<string, string> | undefined)?.[found[1]];
  return translated ?? message;
}

/** Every message of a field-errors map (field id → message) in the catalog's language. */
export function localizeFormErrors(errors: Record<string, string>, catalog: Partial<FormMessageCatalog>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, localizeFormMessage(message, catalog)]));
}
