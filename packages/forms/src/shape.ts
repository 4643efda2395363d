/**
 * Payload shaping, storefront §3: from a DOM-free description of what the visitor entered (the widget reads its
 * inputs into it, nothing more) to the submission's `form` values and envelope.
 */
import { ContentSource } from '@vitrine/format/enumerations';
import {
  FIELD_PARTS,
  type FieldDefinition,
  type FormValues,
  type SubmittedValue,
} from './fields';
import { isRecord, ownValue } from './guards';

/** One radio or checkbox input: its value and whether it is checked, in the order the inputs appear. */
export interface EnteredChoice {
  value: string;
  checked: boolean;
}

/**
 * What the visitor entered in one field, as the widget reads it:
 * - text, textarea, email, currency, number, website, password, twitter, select: the input's value (a string);
 * - date, time, name, address, phone: the part inputs' values in `FIELD_PARTS` order (a phone without its
 *   country-code input gives 3);
 * - radio, checkbox: every input as an `EnteredChoice`, or just the checked values in input order;
 * - likert: question → the checked answer's value (unanswered: absent, null or '');
 * - hidden, section: nothing (a hidden field's value comes from the URL and the definition).
 */
export type EnteredValue =
  | string
  | readonly string[]
  | readonly EnteredChoice[]
  | Readonly<Record<string, string | null | undefined>>;

/** What the visitor entered, keyed by field id. */
export type EnteredForm = Readonly<Record<string, EnteredValue | undefined>>;

/** Anything with URLSearchParams' `get`. */
export interface QueryLookup {
  get(name: string): string | null;
}

/** The page's query parameters: a search string ('?a=1&b=2' or 'a=1'), or a lookup such as URLSearchParams. */
export type QueryParameters = string | QueryLookup;

export interface ShapeOptions {
  /** Where hidden fields look for a parameter named by their `key` (the page's `location.search`). */
  query?: QueryParameters;
}

/**
 * The submission's field values, keyed by field id, exactly as storefront §3 shapes them:
 * address, date, name, time → list of part values (missing trailing parts as ''); phone → 4 values (a leading ''
 * added when 3 are entered);
 * checkbox → the checked values; radio → the first checked value ('' when none); select → the chosen value;
 * likert → question → answer for the answered questions only; hidden → the URL query parameter named by the
 * field's key when present, else the field's own value; any other field → its value; sections are skipped.
 * Anything entered in an unexpected shape reads as empty: shaping never throws.
 */
export function shapeFormValues(fields: readonly FieldDefinition[], entered: EnteredForm, options: ShapeOptions = {}): FormValues {
  const query = readQuery(options.query);
  const entries: [string, SubmittedValue][] = [];
  for (const field of fields) {
    const value = shapeFieldValue(field, ownValue(entered, field.id), query);
    if (value !== undefined) entries.push([field.id, value]);
  }
  // Object.fromEntries defines own properties, so no field id can reach the prototype.
  return Object.fromEntries(entries);
}

/** One field's submitted value from what was entered in it (undefined for a section). */
export function shapeFieldValue(field: FieldDefinition, entered: unknown, query?: QueryParameters): SubmittedValue | undefined {
  switch (field.type) {
    case 'section':
      return undefined;
    case 'hidden': {
      const fromUrl = field.key === '' ? null : readQuery(query).get(field.key);
      return fromUrl ?? field.value;
    }
    case 'date':
    case 'time':
    case 'name':
    case 'address':
    case 'phone': {
      const parts = stringList(entered);
      // §3: a phone without its country-code input gives 3 values, padded with a leading ''.
      const padded = field.type === 'phone' && parts.length === 3 ? ['', ...parts] : parts;
      // Ours: parts never read (an input missing from the page) are '' at the end, so the list always has its kind's length.
      while (padded.length < FIELD_PARTS[field.type].length) padded.push('');
      return padded;
    }
    case 'checkbox':
      return checkedValues(entered);
    case 'radio':
      return checkedValues(entered)[0] ?? '';
    case 'likert':
      return likertAnswers(field.options, entered);
    case 'select':
      return typeof entered === 'string' ? entered : Array.isArray(entered) && typeof entered[0] === 'string' ? entered[0] : '';
    default:
      return typeof entered === 'string' ? entered : '';
  }
}

function stringList(entered: unknown): string[] {
  if (typeof entered === 'string') return [entered];
  if (!Array.isArray(entered)) return [];
  return entered.map((part: unknown) => (typeof part === 'string' ? part : ''));
}

function checkedValues(entered: unknown): string[] {
  if (typeof entered === 'string') return entered === '' ? [] : [entered];
  if (!Array.isArray(entered)) return [];
  const checked: string[] = [];
  for (const input of entered as unknown[]) {
    if (typeof input === 'string') checked.push(input);
    else if (isRecord(input) && input.checked === true && typeof input.value === 'string') checked.push(input.value);
  }
  return checked;
}

function likertAnswers(questions: readonly string[], entered: unknown): Record<string, string> {
  if (!isRecord(entered)) return {};
  const answered: [string, string][] = [];
  for (const question of questions) {
    const answer = ownValue(entered, question);
    if (typeof answer === 'string' && answer !== '') answered.push([question, answer]);
  }
  return Object.fromEntries(answered);
}

function readQuery(query: QueryParameters | undefined): QueryLookup {
  if (query === undefined) return { get: () => null };
  if (typeof query === 'string') return new URLSearchParams(query);
  return query;
}

/** Storefront §3: 'i' when the form sits on an item's page, 'c' on a collection's (or a page's). */
export type SubmissionContentSource = ContentSource;
export { ContentSource };

/** The page a form is submitted from (storefront §3's page fields). */
export interface SubmissionPage {
  title: string;
  id: string;
  contentSource: SubmissionContentSource;
  path: string;
  /** The page's permission type, as the page context gives it. */
  permissionTypeValue: number;
}

/**
 * Which intra-page event a submission comes from (storefront §7 names "intra-page event fields" for
 * SaveFormSubmission without listing them; ours): the page block holding the form, and the event it fires.
 */
export const INTRA_PAGE_EVENT_TYPES = ['form-submit', 'newsletter-subscribe'] as const;
export type IntraPageEventType = (typeof INTRA_PAGE_EVENT_TYPES)[number];
export interface IntraPageEvent {
  blockId: string;
  type: IntraPageEventType;
}

/** The body of `POST /api/form/SaveFormSubmission`. */
export interface SubmissionEnvelope {
  /** The single-use key from `POST /api/form/FormSubmissionKey` (`data.key`). */
  key: string;
  /** Which form is submitted (the spec's list leaves it out; the key is not bound to a form). */
  formId: string;
  /** `FormValues` as a JSON string. */
  form: string;
  /** The solved challenge; present only when the form shows one. */
  captchaKey?: string;
  pageTitle: string;
  pageId: string;
  contentSource: SubmissionContentSource;
  pagePath: string;
  pagePermissionTypeValue: number;
  intraPageEventBlockId?: string;
  intraPageEventType?: IntraPageEventType;
  /**
   * The honeypot: an input people never see (visually hidden, out of the tab order, autocomplete off) that
   * form-filling bots fill in. Sent as typed; non-empty marks the submission as spam.
   */
  honeypot?: string;
}

/** The honeypot input's name: plausible enough that a bot fills it. */
export const HONEYPOT_FIELD_NAME = 'company_website';

export interface SubmissionEnvelopeInput {
  key: string;
  formId: string;
  /** What the honeypot input holds ('' for people). */
  honeypot?: string;
  values: FormValues;
  /** The challenge's solution; null or undefined when the form has no challenge. */
  captchaKey?: string | null;
  page: SubmissionPage;
  event?: IntraPageEvent;
}

/** Storefront §3 and §7: the SaveFormSubmission body; `captchaKey` only when a challenge exists. */
export function buildSubmissionEnvelope(input: SubmissionEnvelopeInput): SubmissionEnvelope {
  return {
    key: input.key,
    formId: input.formId,
    form: JSON.stringify(input.values),
    ...(typeof input.captchaKey === 'string' ? { captchaKey: input.captchaKey } : {}),
    pageTitle: input.page.title,
    pageId: input.page.id,
    contentSource: input.page.contentSource,
    pagePath: input.page.path,
    pagePermissionTypeValue: input.page.permissionTypeValue,
    ...(input.event ? { intraPageEventBlockId: input.event.blockId, intraPageEventType: input.event.type } : {}),
    ...(input.honeypot ? { honeypot: input.honeypot } : {}),
  };
}
