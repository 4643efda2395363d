/**
 * The field kinds of a form (platform §3, the editor's form field types), each kind's definition shape and
 * the shape of the value a submission carries for it (storefront §3, Form submission payload).
 */
import { FORM_FIELD_TYPES, LIKERT_LABELS, type FormFieldType } from '@vitrine/format/enumerations';
import { isRecord } from './guards';

/** Every field kind, in the editor's order. */
export const FIELD_KINDS: readonly FieldKind[] = FORM_FIELD_TYPES;
export type FieldKind = FormFieldType;

/** Kinds answered with one line of text (an `<input>`). */
export const SINGLE_LINE_KINDS = ['text', 'email', 'currency', 'number', 'website', 'password', 'twitter'] as const;
export type SingleLineKind = (typeof SINGLE_LINE_KINDS)[number];

/** Kinds answered with a list of sub-field values, in `FIELD_PARTS` order. */
export const MULTI_PART_KINDS = ['date', 'time', 'name', 'address', 'phone'] as const;
export type MultiPartKind = (typeof MULTI_PART_KINDS)[number];

/** Kinds whose answers are picked from the field's `options`. */
export const CHOICE_KINDS = ['radio', 'checkbox', 'select'] as const;
export type ChoiceKind = (typeof CHOICE_KINDS)[number];

/**
 * The sub-fields of each multi-part kind, in the order the payload lists their values. The names are the
 * keys the form summary reads (platform §3: `values.Line1`, `values.Month`, …).
 * Phone carries 4 values: a form that hides the country code sends 3 and shaping pads a leading ''.
 */
export const FIELD_PARTS = {
  date: ['Month', 'Day', 'Year'],
  time: ['Hour', 'Minute', 'Second', 'Ampm'],
  name: ['First', 'Last'],
  address: ['Line1', 'Line2', 'City', 'State', 'Zip', 'Country'],
  phone: ['Country', 'Areacode', 'Prefix', 'Line'],
} as const satisfies Record<MultiPartKind, readonly string[]>;
export type FieldPart<K extends MultiPartKind> = (typeof FIELD_PARTS)[K][number];

/**
 * The parts a required multi-part field needs filled (ours; the spec only says required multi-part fields are
 * checked): an address needs all but its second line, a phone all but its country code, a time its hour and
 * AM/PM (minutes and seconds read as 00).
 */
export const REQUIRED_PARTS = {
  date: ['Month', 'Day', 'Year'],
  time: ['Hour', 'Ampm'],
  name: ['First', 'Last'],
  address: ['Line1', 'City', 'State', 'Zip', 'Country'],
  phone: ['Areacode', 'Prefix', 'Line'],
} as const satisfies { [K in MultiPartKind]: readonly FieldPart<K>[] };

/** The labels the widget shows on each part (ours: the spec names no sub-field labels). */
export const FIELD_PART_LABELS = {
  date: { Month: 'Month', Day: 'Day', Year: 'Year' },
  time: { Hour: 'Hour', Minute: 'Minute', Second: 'Second', Ampm: 'AM/PM' },
  name: { First: 'First Name', Last: 'Last Name' },
  address: { Line1: 'Address 1', Line2: 'Address 2', City: 'City', State: 'State/Province', Zip: 'Zip/Postal Code', Country: 'Country' },
  phone: { Country: 'Country Code', Areacode: 'Area Code', Prefix: 'Prefix', Line: 'Line' },
} as const satisfies { [K in MultiPartKind]: Record<FieldPart<K>, string> };

/** The time field's AM/PM choices (the `Ampm` part). */
export const TIME_PERIODS = ['AM', 'PM'] as const;

/** A likert field's answer scale: each question is answered with one of these ('-2' strongly disagree … '2'). */
export const LIKERT_ANSWERS = ['-2', '-1', '0', '1', '2'] as const;
export type LikertAnswer = (typeof LIKERT_ANSWERS)[number];
/** The scale's English labels, from `@vitrine/format`. */
export { LIKERT_LABELS };

interface FieldBase<K extends FieldKind> {
  /** The field element's id: the payload's key for this field. 1–64 letters, digits, '-' or '_'. */
  id: string;
  type: K;
  /** The label (a section's heading). */
  title: string;
  description?: string;
  /** Platform §3's `required` marker. Never true on a section, a hidden field or a likert. */
  required?: boolean;
}

/** text, email, currency, number, website, password, twitter. */
export interface SingleLineFieldDefinition extends FieldBase<SingleLineKind> {
  placeholder?: string;
}

export interface TextareaFieldDefinition extends FieldBase<'textarea'> {
  placeholder?: string;
  /** The character limit; absent (or not a positive whole number, in old data) means no limit and no counter. */
  maxLength?: number;
}

/** date, time, name, address. */
export interface PartsFieldDefinition extends FieldBase<'date' | 'time' | 'name' | 'address'> {}

export interface PhoneFieldDefinition extends FieldBase<'phone'> {
  /** Whether the country-code part is shown (when it is not, the payload's first value is ''). */
  showCountryCode?: boolean;
}

/** A heading between fields: it carries no value and is skipped by shaping and validation. */
export interface SectionFieldDefinition extends FieldBase<'section'> {
  underline?: boolean;
}

/** radio, checkbox, select: answered from `options`. */
export interface ChoiceFieldDefinition extends FieldBase<ChoiceKind> {
  options: string[];
}

/** A likert field: `options` are its questions (statements), each answered on `LIKERT_ANSWERS`. */
export interface LikertFieldDefinition extends FieldBase<'likert'> {
  options: string[];
}

/**
 * A hidden field: `key` names the URL query parameter whose value it submits (storefront §3), `value` is what it
 * submits without one. Its `title` is for the owner's views and may be empty.
 */
export interface HiddenFieldDefinition extends FieldBase<'hidden'> {
  key: string;
  value: string;
}

export type FieldDefinition =
  | SingleLineFieldDefinition
  | TextareaFieldDefinition
  | PartsFieldDefinition
  | PhoneFieldDefinition
  | SectionFieldDefinition
  | ChoiceFieldDefinition
  | LikertFieldDefinition
  | HiddenFieldDefinition;

/** The definition shape of one kind: `FieldDefinitionOf<'phone'>` is `PhoneFieldDefinition`, `FieldDefinitionOf<'email'>` a single-line one. */
export type FieldDefinitionOf<K extends FieldKind> = DefinitionFor<FieldDefinition, K>;
type DefinitionFor<D, K> = D extends { type: infer T } ? (K extends T ? Omit<D, 'type'> & { type: K } : never) : never;

/** Storefront §3: the value a submission carries for each kind (sections carry none and are left out). */
export interface SubmittedValueByKind {
  text: string;
  textarea: string;
  email: string;
  currency: string;
  number: string;
  website: string;
  password: string;
  twitter: string;
  /** Sub-field values in `FIELD_PARTS` order. */
  date: string[];
  time: string[];
  name: string[];
  address: string[];
  /** Always 4 values: country code ('' when not shown), area code, prefix, line. */
  phone: string[];
  /** The checked values, in the order the options list them. */
  checkbox: string[];
  /** The first checked value ('' when none is). */
  radio: string;
  /** The chosen value ('' when none is). */
  select: string;
  /** Question → chosen answer, for the answered questions only. */
  likert: Record<string, string>;
  /** The URL query parameter named by the field's `key`, else the field's own `value`. */
  hidden: string;
}
export type SubmittedValueOf<K extends Exclude<FieldKind, 'section'>> = SubmittedValueByKind[K];
export type SubmittedValue = SubmittedValueByKind[keyof SubmittedValueByKind];

/** The `form` of a submission, parsed: values keyed by field id. */
export type FormValues = Record<string, SubmittedValue>;

const kindSet = new Set<string>(FORM_FIELD_TYPES);
export function isFieldKind(value: unknown): value is FieldKind {
  return typeof value === 'string' && kindSet.has(value);
}
export function isSingleLineKind(kind: FieldKind): kind is SingleLineKind {
  return (SINGLE_LINE_KINDS as readonly string[]).includes(kind);
}
export function isMultiPartKind(kind: FieldKind): kind is MultiPartKind {
  return (MULTI_PART_KINDS as readonly string[]).includes(kind);
}
export function isChoiceKind(kind: FieldKind): kind is ChoiceKind {
  return (CHOICE_KINDS as readonly string[]).includes(kind);
}

/** Whether a field of this kind carries a value in the payload (every kind but section). */
export function carriesValue(kind: FieldKind): kind is Exclude<FieldKind, 'section'> {
  return kind !== 'section';
}

/** Whether the `required` marker means anything for this kind: not for sections, hidden fields or likerts (storefront §5). */
export function canBeRequired(kind: FieldKind): boolean {
  return kind !== 'section' && kind !== 'hidden' && kind !== 'likert';
}

/** The value of an unanswered field of this kind, as the payload carries it. */
export function emptyValueOf(field: FieldDefinition): SubmittedValue | undefined {
  switch (field.type) {
    case 'section':
      return undefined;
    case 'hidden':
      return field.value;
    case 'phone':
      return ['', '', '', ''];
    case 'date':
    case 'time':
    case 'name':
    case 'address':
      return FIELD_PARTS[field.type].map(() => '');
    case 'checkbox':
      return [];
    case 'likert':
      return {};
    default:
      return '';
  }
}

/**
 * The fields of a stored form, read leniently for display: entries without a string id or a known kind are
 * dropped, and misshapen properties are left out, so old or hand-edited data cannot break a page. Saving a
 * form goes through `validateFormDefinition` instead, which refuses what this drops.
 */
export function readFieldDefinitions(raw: unknown): FieldDefinition[] {
  const list = Array.isArray(raw) ? raw : isRecord(raw) && Array.isArray(raw.fields) ? raw.fields : [];
  const fields: FieldDefinition[] = [];
  for (const entry of list) {
    if (!isRecord(entry) || typeof entry.id !== 'string' || entry.id === '' || !isFieldKind(entry.type)) continue;
    const base = {
      id: entry.id,
      title: typeof entry.title === 'string' ? entry.title : '',
      ...(typeof entry.description === 'string' ? { description: entry.description } : {}),
      ...(entry.required === true && canBeRequired(entry.type) ? { required: true } : {}),
    };
    const placeholder = typeof entry.placeholder === 'string' ? { placeholder: entry.placeholder } : {};
    const options = Array.isArray(entry.options) ? entry.options.filter((option): option is string => typeof option === 'string') : [];
    const type = entry.type;
    switch (type) {
      case 'textarea': {
        const maxLength = Number(entry.maxLength);
        fields.push({ ...base, type, ...placeholder, ...(Number.isInteger(maxLength) && maxLength > 0 ? { maxLength } : {}) });
        break;
      }
      case 'phone':
        fields.push({ ...base, type, ...(typeof entry.showCountryCode === 'boolean' ? { showCountryCode: entry.showCountryCode } : {}) });
        break;
      case 'section':
        fields.push({ ...base, type, ...(typeof entry.underline === 'boolean' ? { underline: entry.underline } : {}) });
        break;
      case 'radio':
      case 'checkbox':
      case 'select':
      case 'likert':
        fields.push({ ...base, type, options });
        break;
      case 'hidden':
        fields.push({ ...base, type, key: typeof entry.key === 'string' ? entry.key : '', value: typeof entry.value === 'string' ? entry.value : '' });
        break;
      case 'date':
      case 'time':
      case 'name':
      case 'address':
        fields.push({ ...base, type });
        break;
      default:
        fields.push({ ...base, type, ...placeholder });
    }
  }
  return fields;
}
