/**
 * A form definition as the owner saves it, checked like a schema: every property known, typed and bounded,
 * with one clear message per bad property, grouped by the five form-builder sections of platform §3
 * (build, storage, advanced, captcha, disclaimer). What passes comes back normalised (defaults filled, names,
 * titles, options and keys trimmed).
 */
import { FormBuilderSection, isBlank } from '@vitrine/format';
import {
  canBeRequired,
  isChoiceKind,
  isFieldKind,
  isSingleLineKind,
  type FieldDefinition,
  type FieldKind,
} from './fields';
import { characterCount, hasUnstorableCharacters, isRecord } from './guards';
import { FORM_LIMITS } from './limits';

/** Where submissions go (platform §3's storage section): kept in the site's submissions, or kept and emailed to the owner. */
export const STORAGE_CHOICES = ['keep', 'keep-and-email'] as const;
export type StorageChoice = (typeof STORAGE_CHOICES)[number];

export interface CaptchaSettings {
  /** Whether the form shows the challenge (the website's captcha site key must exist too). */
  enabled: boolean;
}

/** A form as stored: storefront §3's Form (its id is the server's) plus the storage choice. */
export interface FormDefinition {
  name: string;
  fields: FieldDefinition[];
  /** Plain text shown after a successful submission (blank: `DEFAULT_SUBMISSION_MESSAGE`). */
  submissionMessage: string;
  /** The owner's post-submit HTML, inserted after success (sanitised by whoever inserts it). */
  submissionHTML: string;
  /** '' for none; else a same-site path ('/thanks') or an http(s) URL. */
  successRedirect: string;
  /** Plain text shown under the form. */
  disclaimerMessage: string;
  captcha: CaptchaSettings;
  storage: StorageChoice;
}

export type FormBuilderSectionName = 'build' | 'storage' | 'advanced' | 'captcha' | 'disclaimer';

/** Platform §3: the form builder's sections 1 to 5, and the properties each one edits. */
export const FORM_BUILDER_SECTIONS: readonly { number: FormBuilderSection; name: FormBuilderSectionName; properties: readonly (keyof FormDefinition)[] }[] = [
  { number: FormBuilderSection.BUILD, name: 'build', properties: ['name', 'fields'] },
  { number: FormBuilderSection.STORAGE, name: 'storage', properties: ['storage'] },
  { number: FormBuilderSection.ADVANCED, name: 'advanced', properties: ['submissionMessage', 'submissionHTML', 'successRedirect'] },
  { number: FormBuilderSection.CAPTCHA, name: 'captcha', properties: ['captcha'] },
  { number: FormBuilderSection.DISCLAIMER, name: 'disclaimer', properties: ['disclaimerMessage'] },
];

/** The definition's messages: two are platform §5's editor messages, the rest ours. */
export const DEFINITION_MESSAGES = {
  notObject: 'The form must be an object.',
  unknownProperty: 'Unknown field.',
  notText: 'Must be text.',
  notBoolean: 'Must be true or false.',
  notList: 'Must be a list.',
  notObjectProperty: 'Must be an object.',
  unstorableCharacters: 'This text contains characters that cannot be stored.',
  tooLong: (max: number) => `Use at most ${max} characters.`,
  nameRequired: 'Give the form a name.',
  tooManyFields: (max: number) => `A form holds at most ${max} fields.`,
  fieldNotObject: 'Each field must be an object.',
  idInvalid: `A field id is 1 to ${FORM_LIMITS.fieldIdLength} letters, digits, hyphens or underscores.`,
  idDuplicate: 'Another field already has this id.',
  titleRequired: 'Give the field a title.',
  cannotBeRequired: 'This kind of field cannot be required.',
  optionsRequired: 'Add at least one option.',
  questionsRequired: 'Add at least one question.',
  tooManyOptions: (max: number) => `Use at most ${max} options.`,
  optionBlank: 'An option cannot be blank.',
  optionDuplicate: 'Each option must be different.',
  maxLength: `The character limit is a whole number from 1 to ${FORM_LIMITS.textareaLength}.`,
  hiddenKey: `A hidden field's key is 1 to ${FORM_LIMITS.hiddenKeyLength} letters, digits, hyphens, underscores or dots.`,
  hiddenKeyDuplicate: 'Another hidden field already uses this key.',
  /** Platform §5: "{val} is not one of the expected options". */
  notExpectedOption: (value: unknown) => `${describe(value)} is not one of the expected options`,
  /** Platform §5: "{val} is not a valid page URL". */
  invalidPageUrl: (value: unknown) => `${describe(value)} is not a valid page URL`,
} as const;

function describe(value: unknown): string {
  if (typeof value === 'string') return value.length > 60 ? `${value.slice(0, 57)}...` : value;
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

export type DefinitionErrors = Record<string, string>;

export type FormDefinitionResult<D> =
  | { valid: true; definition: D }
  | {
      valid: false;
      /** The first error, in section order. */
      message: string;
      /** Property path → message: 'name', 'fields.2.options.1', 'successRedirect'. */
      errors: DefinitionErrors;
      /** The same errors, grouped by form-builder section. */
      sections: Partial<Record<FormBuilderSectionName, DefinitionErrors>>;
    };

/** A whole definition (create, or replace): `name` and `fields` are required, the rest default. */
export function validateFormDefinition(input: unknown): FormDefinitionResult<FormDefinition> {
  return check(input, false) as FormDefinitionResult<FormDefinition>;
}

/** A change to a definition: only the properties present are checked and returned (an empty change is valid). */
export function validateFormDefinitionUpdate(input: unknown): FormDefinitionResult<Partial<FormDefinition>> {
  return check(input, true);
}

/** One field, for an edit of a single field: errors keyed by property ('title', 'options.0'). */
export function validateFieldDefinition(input: unknown): { valid: true; field: FieldDefinition } | { valid: false; message: string; errors: DefinitionErrors } {
  const errors = new Map<string, string>();
  const field = checkField(input, '', errors);
  if (field && errors.size === 0) return { valid: true, field };
  const entries = [...errors];
  return { valid: false, message: entries[0][1], errors: Object.fromEntries(entries) };
}

/** A success redirect the form may follow: a same-site path ('/thanks', not '//host') or an http(s) URL. */
export function isSafeSuccessRedirect(target: string): boolean {
  if (target.length === 0 || target.length > FORM_LIMITS.successRedirectLength || /[\s\u0000-\u001f\u007f\\]/.test(target)) return false;
  if (target.startsWith('/')) return !target.startsWith('//');
  if (!/^https?:\/\//i.test(target)) return false;
  try {
    const url = new URL(target);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const DEFAULTS: Omit<FormDefinition, 'name' | 'fields'> = {
  submissionMessage: '',
  submissionHTML: '',
  successRedirect: '',
  disclaimerMessage: '',
  captcha: { enabled: false },
  storage: 'keep',
};

const FIELD_ID = new RegExp(`^[A-Za-z0-9_-]{1,${FORM_LIMITS.fieldIdLength}}$`);
const HIDDEN_KEY = new RegExp(`^[A-Za-z0-9_.-]{1,${FORM_LIMITS.hiddenKeyLength}}$`);

const COMMON_FIELD_PROPERTIES = ['id', 'type', 'title', 'description', 'required'];
function fieldProperties(kind: FieldKind): string[] {
  if (isSingleLineKind(kind)) return [...COMMON_FIELD_PROPERTIES, 'placeholder'];
  if (kind === 'textarea') return [...COMMON_FIELD_PROPERTIES, 'placeholder', 'maxLength'];
  if (kind === 'phone') return [...COMMON_FIELD_PROPERTIES, 'showCountryCode'];
  if (kind === 'section') return [...COMMON_FIELD_PROPERTIES, 'underline'];
  if (isChoiceKind(kind) || kind === 'likert') return [...COMMON_FIELD_PROPERTIES, 'options'];
  if (kind === 'hidden') return [...COMMON_FIELD_PROPERTIES, 'key', 'value'];
  return COMMON_FIELD_PROPERTIES;
}

function check(input: unknown, partial: boolean): FormDefinitionResult<Partial<FormDefinition>> {
  const errors = new Map<string, string>();
  if (!isRecord(input)) return grouped(new Map([['', DEFINITION_MESSAGES.notObject]]));
  const known = new Set(FORM_BUILDER_SECTIONS.flatMap((section) => section.properties as readonly string[]));
  for (const key of Object.keys(input)) if (!known.has(key)) errors.set(key, DEFINITION_MESSAGES.unknownProperty);
  const has = (key: string) => Object.hasOwn(input, key) && input[key] !== undefined;
  const out: Partial<FormDefinition> = partial ? {} : { ...DEFAULTS, captcha: { ...DEFAULTS.captcha } };

  if (has('name') || !partial) {
    const name = input.name === undefined ? '' : text(input.name, 'name', FORM_LIMITS.nameLength, errors);
    if (name !== undefined) {
      if (isBlank(name)) errors.set('name', DEFINITION_MESSAGES.nameRequired);
      else out.name = name.trim();
    }
  }
  if (has('fields') || !partial) {
    const fields = checkFields(input.fields, errors);
    if (fields) out.fields = fields;
  }
  if (has('storage')) {
    if ((STORAGE_CHOICES as readonly unknown[]).includes(input.storage)) out.storage = input.storage as StorageChoice;
    else errors.set('storage', DEFINITION_MESSAGES.notExpectedOption(input.storage));
  }
  for (const [key, max] of [
    ['submissionMessage', FORM_LIMITS.submissionMessageLength],
    ['submissionHTML', FORM_LIMITS.submissionHtmlLength],
    ['disclaimerMessage', FORM_LIMITS.disclaimerLength],
  ] as const) {
    if (!has(key)) continue;
    const value = text(input[key], key, max, errors);
    if (value !== undefined) out[key] = value;
  }
  if (has('successRedirect')) {
    const target = text(input.successRedirect, 'successRedirect', FORM_LIMITS.successRedirectLength, errors);
    if (target !== undefined) {
      const trimmed = target.trim();
      if (trimmed === '' || isSafeSuccessRedirect(trimmed)) out.successRedirect = trimmed;
      else errors.set('successRedirect', DEFINITION_MESSAGES.invalidPageUrl(trimmed));
    }
  }
  if (has('captcha')) {
    const captcha = input.captcha;
    if (!isRecord(captcha)) errors.set('captcha', DEFINITION_MESSAGES.notObjectProperty);
    else {
      for (const key of Object.keys(captcha)) if (key !== 'enabled') errors.set(`captcha.${key}`, DEFINITION_MESSAGES.unknownProperty);
      if (typeof captcha.enabled === 'boolean') out.captcha = { enabled: captcha.enabled };
      else errors.set('captcha.enabled', DEFINITION_MESSAGES.notBoolean);
    }
  }
  return errors.size > 0 ? grouped(errors) : { valid: true, definition: out };
}

function checkFields(raw: unknown, errors: Map<string, string>): FieldDefinition[] | undefined {
  if (!Array.isArray(raw)) {
    errors.set('fields', DEFINITION_MESSAGES.notList);
    return undefined;
  }
  if (raw.length > FORM_LIMITS.fieldsPerForm) {
    errors.set('fields', DEFINITION_MESSAGES.tooManyFields(FORM_LIMITS.fieldsPerForm));
    return undefined;
  }
  const fields: FieldDefinition[] = [];
  const ids = new Set<string>();
  const hiddenKeys = new Set<string>();
  (raw as unknown[]).forEach((entry, index) => {
    const field = checkField(entry, `fields.${index}.`, errors);
    if (!field) return;
    if (FIELD_ID.test(field.id)) {
      if (ids.has(field.id)) errors.set(`fields.${index}.id`, DEFINITION_MESSAGES.idDuplicate);
      ids.add(field.id);
    }
    if (field.type === 'hidden' && HIDDEN_KEY.test(field.key)) {
      if (hiddenKeys.has(field.key)) errors.set(`fields.${index}.key`, DEFINITION_MESSAGES.hiddenKeyDuplicate);
      hiddenKeys.add(field.key);
    }
    fields.push(field);
  });
  return fields;
}

/** One field checked; errors go to `errors` under `prefix` + property. Returns the field when it could be read. */
function checkField(raw: unknown, prefix: string, errors: Map<string, string>): FieldDefinition | undefined {
  const at = (property: string) => `${prefix}${property}`;
  if (!isRecord(raw)) {
    errors.set(prefix === '' ? '' : prefix.slice(0, -1), DEFINITION_MESSAGES.fieldNotObject);
    return undefined;
  }
  if (!isFieldKind(raw.type)) {
    errors.set(at('type'), DEFINITION_MESSAGES.notExpectedOption(raw.type));
    return undefined;
  }
  const kind = raw.type;
  const allowed = fieldProperties(kind);
  for (const key of Object.keys(raw)) if (!allowed.includes(key)) errors.set(at(key), DEFINITION_MESSAGES.unknownProperty);

  const id = raw.id;
  if (typeof id !== 'string' || !FIELD_ID.test(id)) errors.set(at('id'), DEFINITION_MESSAGES.idInvalid);

  const title = text(raw.title ?? '', at('title'), FORM_LIMITS.titleLength, errors);
  const titleOptional = kind === 'section' || kind === 'hidden';
  if (title !== undefined && !titleOptional && isBlank(title)) errors.set(at('title'), DEFINITION_MESSAGES.titleRequired);

  const description = raw.description === undefined ? undefined : text(raw.description, at('description'), FORM_LIMITS.descriptionLength, errors);

  let required = false;
  if (raw.required !== undefined) {
    if (typeof raw.required !== 'boolean') errors.set(at('required'), DEFINITION_MESSAGES.notBoolean);
    else if (raw.required && !canBeRequired(kind)) errors.set(at('required'), DEFINITION_MESSAGES.cannotBeRequired);
    else required = raw.required;
  }

  const base = {
    id: typeof id === 'string' ? id : '',
    title: (title ?? '').trim(),
    ...(description !== undefined && description !== '' ? { description } : {}),
    ...(required ? { required: true } : {}),
  };
  const placeholder = () => {
    if (raw.placeholder === undefined) return {};
    const value = text(raw.placeholder, at('placeholder'), FORM_LIMITS.placeholderLength, errors);
    return value === undefined || value === '' ? {} : { placeholder: value };
  };
  const flag = (property: string) => {
    if (raw[property] === undefined) return {};
    if (typeof raw[property] === 'boolean') return { [property]: raw[property] as boolean };
    errors.set(at(property), DEFINITION_MESSAGES.notBoolean);
    return {};
  };

  let field: FieldDefinition;
  switch (kind) {
    case 'textarea': {
      let limit = {};
      if (raw.maxLength !== undefined && raw.maxLength !== null) {
        const max = raw.maxLength;
        if (typeof max === 'number' && Number.isInteger(max) && max >= 1 && max <= FORM_LIMITS.textareaLength) limit = { maxLength: max };
        else errors.set(at('maxLength'), DEFINITION_MESSAGES.maxLength);
      }
      field = { ...base, type: kind, ...placeholder(), ...limit };
      break;
    }
    case 'phone':
      field = { ...base, type: kind, ...flag('showCountryCode') };
      break;
    case 'section':
      field = { ...base, type: kind, ...flag('underline') };
      break;
    case 'radio':
    case 'checkbox':
    case 'select':
    case 'likert':
      field = { ...base, type: kind, options: checkOptions(raw.options, kind === 'likert', at('options'), errors) };
      break;
    case 'hidden': {
      const key = text(raw.key, at('key'), FORM_LIMITS.hiddenKeyLength, errors)?.trim();
      if (key !== undefined && !HIDDEN_KEY.test(key)) errors.set(at('key'), DEFINITION_MESSAGES.hiddenKey);
      const value = raw.value === undefined ? '' : text(raw.value, at('value'), FORM_LIMITS.hiddenValueLength, errors);
      field = { ...base, type: kind, key: key ?? '', value: value ?? '' };
      break;
    }
    case 'date':
    case 'time':
    case 'name':
    case 'address':
      field = { ...base, type: kind };
      break;
    default:
      field = { ...base, type: kind, ...placeholder() };
  }
  return field;
}

function checkOptions(raw: unknown, likert: boolean, path: string, errors: Map<string, string>): string[] {
  if (!Array.isArray(raw)) {
    errors.set(path, raw === undefined ? (likert ? DEFINITION_MESSAGES.questionsRequired : DEFINITION_MESSAGES.optionsRequired) : DEFINITION_MESSAGES.notList);
    return [];
  }
  const max = likert ? FORM_LIMITS.likertQuestions : FORM_LIMITS.optionsPerField;
  if (raw.length === 0) errors.set(path, likert ? DEFINITION_MESSAGES.questionsRequired : DEFINITION_MESSAGES.optionsRequired);
  if (raw.length > max) {
    errors.set(path, DEFINITION_MESSAGES.tooManyOptions(max));
    return [];
  }
  const options: string[] = [];
  (raw as unknown[]).forEach((entry, index) => {
    const option = text(entry, `${path}.${index}`, FORM_LIMITS.optionLength, errors)?.trim();
    if (option === undefined) return;
    if (option === '' || isBlank(option)) errors.set(`${path}.${index}`, DEFINITION_MESSAGES.optionBlank);
    else if (options.includes(option)) errors.set(`${path}.${index}`, DEFINITION_MESSAGES.optionDuplicate);
    options.push(option);
  });
  return options;
}

/** A string property: text, bounded, storable. Returns it, or undefined after recording the error. */
function text(value: unknown, path: string, max: number, errors: Map<string, string>): string | undefined {
  if (typeof value !== 'string') {
    errors.set(path, DEFINITION_MESSAGES.notText);
    return undefined;
  }
  if (hasUnstorableCharacters(value)) {
    errors.set(path, DEFINITION_MESSAGES.unstorableCharacters);
    return undefined;
  }
  if (characterCount(value) > max) {
    errors.set(path, DEFINITION_MESSAGES.tooLong(max));
    return undefined;
  }
  return value;
}

const SECTION_OF_PROPERTY = new Map<string, FormBuilderSectionName>(
  FORM_BUILDER_SECTIONS.flatMap((section) => section.properties.map((property) => [property as string, section.name] as const)),
);
const SECTION_ORDER: readonly FormBuilderSectionName[] = FORM_BUILDER_SECTIONS.map((section) => section.name);

function grouped(errors: Map<string, string>): FormDefinitionResult<never> {
  // An unknown top-level property, or the body itself, is reported under 'build' (the section that opens first).
  const sectionOf = (path: string) => SECTION_OF_PROPERTY.get(path.split('.')[0]) ?? 'build';
  const entries = [...errors].sort(([a], [b]) => SECTION_ORDER.indexOf(sectionOf(a)) - SECTION_ORDER.indexOf(sectionOf(b)));
  // Object.fromEntries defines own properties: a path such as '__proto__' stays an error.
  const sections = Object.fromEntries(
    SECTION_ORDER.map((name) => [name, Object.fromEntries(entries.filter(([path]) => sectionOf(path) === name))] as const).filter(
      ([, sectionErrors]) => Object.keys(sectionErrors).length > 0,
    ),
  ) as Partial<Record<FormBuilderSectionName, DefinitionErrors>>;
  return { valid: false, message: entries[0][1], errors: Object.fromEntries(entries), sections };
}
