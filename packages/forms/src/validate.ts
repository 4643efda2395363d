/**
 * Per-field validation of storefront §5, one function for the browser (before sending) and the server (on what
 * arrives, trusting nothing). Two layers:
 * - structure, always checked: the values are an object, every key is a field of the form, every value has
 *   its kind's shape, sizes are bounded, answers are among the field's options, nothing unstorable;
 * - rules, which a submission may switch off (`skipRules`): required, the owner's character limit, the email
 *   rule, and the sanity of number, currency, website, twitter, phone, date and time answers.
 */
import { isBlank } from '@vitrine/format';
import { isValidEmail } from './email';
import {
  FIELD_PARTS,
  LIKERT_ANSWERS,
  REQUIRED_PARTS,
  TIME_PERIODS,
  carriesValue,
  emptyValueOf,
  type FieldDefinition,
  type FormValues,
  type MultiPartKind,
  type SubmittedValue,
} from './fields';
import { characterCount, hasUnstorableCharacters, isRecord, ownValue } from './guards';
import { readMaxLength } from './counter';
import { FIELD_RULE_MESSAGES, FORM_MESSAGES } from './messages';
import { FORM_LIMITS } from './limits';

/**
 * Who validates: a site form ('site': a required field left empty reads 'This field is required.', an email
 * field's emptiness reads as the email message, as §5 says) or the async form widget ('async': 'Required').
 */
export type ValidationMode = 'site' | 'async';

export interface ValidateOptions {
  /** Default 'site'. */
  mode?: ValidationMode;
  /** Storefront §5: "validation can be disabled per submission". Structure is still checked. */
  skipRules?: boolean;
}

export interface FormValidationSuccess {
  valid: true;
  /** The values normalised: every value-carrying field present (an absent one as its empty value), a phone as 4 parts. */
  values: FormValues;
}

export interface FormValidationFailure {
  valid: false;
  /** The whole-form message ('One or more fields is invalid, please check your entries.') when fields failed, else the general reason. */
  message: string;
  /** Field id → message; empty when the payload could not be read at all. */
  errors: Record<string, string>;
}

export type FormValidation = FormValidationSuccess | FormValidationFailure;

/** The message for an empty required field. */
export function requiredMessage(mode: ValidationMode = 'site'): string {
  return mode === 'async' ? FORM_MESSAGES.required : FIELD_RULE_MESSAGES.requiredOnSiteForm;
}

/**
 * The server's entry: `form` as it arrives in a SaveFormSubmission body (a JSON string). Not a string, or not
 * JSON: 'Could not parse the form fields, please check your entries.'; longer than `FORM_LIMITS.formJsonLength`:
 * 'You have exceeded the character limit.'. Never throws.
 */
export function validateFormSubmission(fields: readonly FieldDefinition[], form: unknown, options: ValidateOptions = {}): FormValidation {
  if (typeof form !== 'string') return failure(FORM_MESSAGES.parseFailed);
  if (form.length > FORM_LIMITS.formJsonLength) return failure(FORM_MESSAGES.characterLimit);
  let parsed: unknown;
  try {
    parsed = JSON.parse(form);
  } catch {
    return failure(FORM_MESSAGES.parseFailed);
  }
  return validateFormValues(fields, parsed, options);
}

/**
 * Every field of the form checked against `values` (the shaped values in the browser, the parsed `form` on the
 * server). Errors are keyed by field id; a key naming no value-carrying field of the form is 'Unknown field.'.
 */
export function validateFormValues(fields: readonly FieldDefinition[], values: unknown, options: ValidateOptions = {}): FormValidation {
  if (!isRecord(values)) return failure(FORM_MESSAGES.parseFailed);
  const errors: [string, string][] = [];
  const known = new Set(fields.filter((field) => carriesValue(field.type)).map((field) => field.id));
  let unknownReported = 0;
  for (const key of Object.keys(values)) {
    if (known.has(key)) continue;
    if (unknownReported < FORM_LIMITS.unknownFieldsReported) errors.push([key, FIELD_RULE_MESSAGES.unknownField]);
    unknownReported += 1;
  }
  const normalised: [string, SubmittedValue][] = [];
  for (const field of fields) {
    if (!carriesValue(field.type)) continue;
    const result = checkField(field, ownValue(values, field.id), options);
    if ('error' in result) errors.push([field.id, result.error]);
    else normalised.push([field.id, result.value]);
  }
  if (errors.length > 0) return { valid: false, message: FORM_MESSAGES.invalidForm, errors: Object.fromEntries(errors) };
  return { valid: true, values: Object.fromEntries(normalised) };
}

/** One field's error message, or undefined when its value passes (sections always pass). */
export function validateFieldValue(field: FieldDefinition, value: unknown, options: ValidateOptions = {}): string | undefined {
  if (!carriesValue(field.type)) return undefined;
  const result = checkField(field, value, options);
  return 'error' in result ? result.error : undefined;
}

type Checked = { value: SubmittedValue } | { error: string };

function checkField(field: FieldDefinition, raw: unknown, options: ValidateOptions): Checked {
  const mode = options.mode ?? 'site';
  const rules = options.skipRules !== true;
  const value = raw === undefined ? emptyValueOf(field) : raw;
  switch (field.type) {
    case 'section':
      return { error: FIELD_RULE_MESSAGES.unknownField };
    case 'checkbox':
      return checkCheckbox(field.options, field.required === true && rules, value, mode);
    case 'likert':
      return checkLikert(field.options, value);
    case 'date':
    case 'time':
    case 'name':
    case 'address':
    case 'phone':
      return checkParts(field.type, field.required === true && rules, rules, value, mode);
    default:
      break;
  }
  const limit = field.type === 'textarea' ? FORM_LIMITS.textareaLength : FORM_LIMITS.singleLineLength;
  const text = checkText(value, limit);
  if ('error' in text) return text;
  const answer = text.value;
  if (field.type === 'hidden') return text;
  if ((field.type === 'radio' || field.type === 'select') && answer !== '' && !field.options.includes(answer)) {
    return { error: FIELD_RULE_MESSAGES.unknownOption };
  }
  if (!rules) return text;
  const blank = isBlank(answer);
  if (field.type === 'email') {
    if (blank && field.required === true && mode === 'async') return { error: FORM_MESSAGES.required };
    // §5: "invalid when non-empty (or required) and not a valid email".
    if ((!blank || field.required === true) && !isValidEmail(answer.trim())) return { error: FORM_MESSAGES.emailNotValid };
    return text;
  }
  if (blank) return field.required === true ? { error: requiredMessage(mode) } : text;
  switch (field.type) {
    case 'textarea': {
      const max = readMaxLength(field.maxLength);
      return max > 0 && characterCount(answer) > max ? { error: FORM_MESSAGES.characterLimit } : text;
    }
    case 'number':
      return isNumberAnswer(answer.trim()) ? text : { error: FIELD_RULE_MESSAGES.number };
    case 'currency':
      return isAmountAnswer(answer.trim()) ? text : { error: FIELD_RULE_MESSAGES.currency };
    case 'website':
      return isWebsiteAnswer(answer.trim()) ? text : { error: FIELD_RULE_MESSAGES.website };
    case 'twitter':
      return TWITTER_HANDLE.test(answer.trim()) ? text : { error: FIELD_RULE_MESSAGES.twitter };
    default:
      return text;
  }
}

function checkText(value: unknown, limit: number): { value: string } | { error: string } {
  if (typeof value !== 'string') return { error: FIELD_RULE_MESSAGES.wrongShape };
  if (hasUnstorableCharacters(value)) return { error: FIELD_RULE_MESSAGES.unstorableCharacters };
  if (characterCount(value) > limit) return { error: FORM_MESSAGES.characterLimit };
  return { value };
}

function checkCheckbox(options: readonly string[], required: boolean, value: unknown, mode: ValidationMode): Checked {
  if (!Array.isArray(value) || value.length > options.length) return { error: FIELD_RULE_MESSAGES.wrongShape };
  const seen = new Set<string>();
  for (const item of value as unknown[]) {
    if (typeof item !== 'string' || seen.has(item)) return { error: FIELD_RULE_MESSAGES.wrongShape };
    if (!options.includes(item)) return { error: FIELD_RULE_MESSAGES.unknownOption };
    seen.add(item);
  }
  if (required && value.length === 0) return { error: requiredMessage(mode) };
  return { value: [...(value as string[])] };
}

/** Storefront §5: a likert is never required; each answered question must be one of its questions, answered on the scale. */
function checkLikert(questions: readonly string[], value: unknown): Checked {
  if (!isRecord(value)) return { error: FIELD_RULE_MESSAGES.wrongShape };
  const answers: [string, string][] = [];
  for (const [question, answer] of Object.entries(value)) {
    if (typeof answer !== 'string') return { error: FIELD_RULE_MESSAGES.wrongShape };
    if (!questions.includes(question) || !(LIKERT_ANSWERS as readonly string[]).includes(answer)) return { error: FIELD_RULE_MESSAGES.unknownOption };
    answers.push([question, answer]);
  }
  return { value: Object.fromEntries(answers) };
}

function checkParts(kind: MultiPartKind, required: boolean, rules: boolean, value: unknown, mode: ValidationMode): Checked {
  const names: readonly string[] = FIELD_PARTS[kind];
  if (!Array.isArray(value)) return { error: FIELD_RULE_MESSAGES.wrongShape };
  let parts = value as unknown[];
  if (parts.length === 0) parts = names.map(() => '');
  else if (kind === 'phone' && parts.length === 3) parts = ['', ...parts];
  if (parts.length !== names.length) return { error: FIELD_RULE_MESSAGES.wrongShape };
  for (const part of parts) {
    if (typeof part !== 'string') return { error: FIELD_RULE_MESSAGES.wrongShape };
    if (hasUnstorableCharacters(part)) return { error: FIELD_RULE_MESSAGES.unstorableCharacters };
    if (characterCount(part) > FORM_LIMITS.partLength) return { error: FORM_MESSAGES.characterLimit };
  }
  const strings = parts as string[];
  const byName = (name: string) => strings[names.indexOf(name)] ?? '';
  if (required && (REQUIRED_PARTS[kind] as readonly string[]).some((name) => isBlank(byName(name)))) return { error: requiredMessage(mode) };
  if (rules && strings.some((part) => !isBlank(part))) {
    if (kind === 'date' && !isDateAnswer(byName('Month'), byName('Day'), byName('Year'))) return { error: FIELD_RULE_MESSAGES.date };
    if (kind === 'time' && !isTimeAnswer(byName('Hour'), byName('Minute'), byName('Second'), byName('Ampm'))) return { error: FIELD_RULE_MESSAGES.time };
    if (kind === 'phone' && !strings.every((part) => isBlank(part) || PHONE_PART.test(part.trim()))) return { error: FIELD_RULE_MESSAGES.phone };
  }
  return { value: [...strings] };
}

function failure(message: string): FormValidationFailure {
  return { valid: false, message, errors: {} };
}

// The sanity rules (ours: the spec names none). Each reads the trimmed answer.

/** A number: optional sign, digits, and an optional fraction after '.' or ','. '1e3', '0x10' and '1,000' are not. */
export function isNumberAnswer(text: string): boolean {
  return /^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/.test(text);
}

/**
 * An amount of money, not negative, at most 2 decimals and 15 whole digits (storefront §9's integer places):
 * '12', '12.5', '12,50', '1,234.56', '1.234,56', '1 234,56'.
 */
export function isAmountAnswer(text: string): boolean {
  const match =
    /^(\d+)(?:[.,]\d{1,2})?$/.exec(text) ??
    /^(\d{1,3}(?:,\d{3})+)(?:\.\d{1,2})?$/.exec(text) ??
    /^(\d{1,3}(?:[. ]\d{3})+)(?:,\d{1,2})?$/.exec(text);
  return match !== null && match[1].replace(/\D/g, '').length <= 15;
}

/** A web address: http(s) or no scheme, a host with a dot and a top-level name of letters ('example.com/a?b'). */
export function isWebsiteAnswer(text: string): boolean {
  if (/\s/.test(text)) return false;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text);
  if (hasScheme && !/^https?:\/\//i.test(text)) return false;
  let url: URL;
  try {
    url = new URL(hasScheme ? text : `http://${text}`);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  const labels = url.hostname.split('.');
  const topLevel = labels[labels.length - 1];
  return labels.length >= 2 && labels.every((label) => label !== '') && /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(topLevel);
}

/** A Twitter handle: an optional '@' and 1–15 letters, digits or underscores. */
export const TWITTER_HANDLE = /^@?[A-Za-z0-9_]{1,15}$/;

/** A phone part: digits with the usual separators (space . - ( ) and a leading +), at least one digit. */
const PHONE_PART = /^\+?[0-9 ().-]*[0-9][0-9 ().-]*$/;

const WHOLE = /^\d{1,4}$/;

/** Month 1–12, a day that month has (leap years counted), a 4-digit year. */
export function isDateAnswer(month: string, day: string, year: string): boolean {
  const [m, d, y] = [month.trim(), day.trim(), year.trim()];
  if (!WHOLE.test(m) || !WHOLE.test(d) || !/^\d{4}$/.test(y)) return false;
  const [monthNumber, dayNumber, yearNumber] = [Number(m), Number(d), Number(y)];
  if (monthNumber < 1 || monthNumber > 12 || dayNumber < 1 || yearNumber < 1) return false;
  const leap = (yearNumber % 4 === 0 && yearNumber % 100 !== 0) || yearNumber % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][monthNumber - 1];
  return dayNumber <= days;
}

/**
 * An hour (1–12 with AM/PM, 0–23 without), and minutes and seconds each empty (read as 00) or 0–59. AM/PM is
 * matched without regard to case.
 */
export function isTimeAnswer(hour: string, minute: string, second: string, period: string): boolean {
  const [h, m, s, p] = [hour.trim(), minute.trim(), second.trim(), period.trim().toUpperCase()];
  if (p !== '' && !(TIME_PERIODS as readonly string[]).includes(p)) return false;
  if (!/^\d{1,2}$/.test(h)) return false;
  const hourNumber = Number(h);
  if (p === '' ? hourNumber > 23 : hourNumber < 1 || hourNumber > 12) return false;
  return [m, s].every((part) => part === '' || (/^\d{1,2}$/.test(part) && Number(part) <= 59));
}
