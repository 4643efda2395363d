/**
 * A block's settings form, generated from its JSON Schema (@vitrine/blocks' definitions with their editor
 * hints): which control each property gets, pure, so the mapping is tested without drawing anything.
 *   string → text (maxLength); 'multiline' → textarea; 'rich-text' → the small rich-text editor;
 *   'markdown' / 'code' / 'dataset' → a monospace textarea (dataset: checked live); number / integer → number
 *   (with a range slider for 'slider'); boolean → checkbox; enum → select ('x-enumLabels'); 'image', 'url',
 *   'form', 'newsletter-form', 'product', 'collection' → their pickers; arrays of objects → a list editor.
 * 'x-showWhen' hides a setting the chosen design does not use.
 */
export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  'x-editor'?: string;
  'x-enumLabels'?: string[];
  'x-showWhen'?: unknown;
  [keyword: string]: unknown;
}

export type FieldControl =
  | 'text'
  | 'textarea'
  | 'rich-text'
  | 'code'
  | 'dataset'
  | 'number'
  | 'slider'
  | 'checkbox'
  | 'select'
  | 'image'
  | 'url'
  | 'form'
  | 'newsletter-form'
  | 'product'
  | 'collection'
  | 'color'
  | 'group'
  | 'list'
  | 'strings'
  | 'unsupported';

export interface FieldOption {
  value: string;
  label: string;
  /** The setting's value (a number for a numeric enum): the select's value is its string. */
  raw: unknown;
}

export interface FieldSpec {
  key: string;
  label: string;
  description?: string;
  control: FieldControl;
  maxLength?: number;
  min?: number;
  max?: number;
  step?: number | 'any';
  maxItems?: number;
  options?: FieldOption[];
  /** A list editor's fields for each of its entries; a group's fields. */
  itemFields?: FieldSpec[];
  itemLabel?: string;
  /** A list editor's new entry. */
  itemDefault?: Record<string, unknown>;
  showWhen?: unknown;
  schema: JsonSchema;
}

const EDITOR_CONTROLS: Record<string, FieldControl> = {
  multiline: 'textarea',
  textarea: 'textarea',
  'rich-text': 'rich-text',
  richtext: 'rich-text',
  html: 'code',
  markdown: 'code',
  code: 'code',
  dataset: 'dataset',
  slider: 'slider',
  image: 'image',
  url: 'url',
  link: 'url',
  form: 'form',
  'newsletter-form': 'newsletter-form',
  newsletter: 'newsletter-form',
  product: 'product',
  collection: 'collection',
  color: 'color',
};

/** 'buttonText' → 'Button text'. */
export function labelOfKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  if (schema.type) return schema.type;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeOf).find((type) => type && type !== 'null');
  return undefined;
}

function enumOf(schema: JsonSchema): unknown[] | undefined {
  if (schema.enum) return schema.enum;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.every((variant) => 'const' in variant)) return variants.map((variant) => variant.const);
  return undefined;
}

export function fieldOf(key: string, schema: JsonSchema): FieldSpec {
  const base = { key, label: schema.title ?? labelOfKey(key), description: schema.description, showWhen: schema['x-showWhen'], schema };
  const hint = schema['x-editor'];
  const hinted = hint ? EDITOR_CONTROLS[hint] : undefined;
  const type = typeOf(schema);
  const values = enumOf(schema);
  if (values) {
    const labels = schema['x-enumLabels'] ?? (schema.anyOf ?? schema.oneOf)?.map((variant) => variant.title ?? String(variant.const));
    return { ...base, control: 'select', options: values.map((value, index) => ({ value: String(value), label: labels?.[index] ?? String(value), raw: value })) };
  }
  if (hinted === 'slider' || ((type === 'number' || type === 'integer') && !hinted)) {
    return { ...base, control: hinted === 'slider' ? 'slider' : 'number', min: schema.minimum, max: schema.maximum, step: type === 'integer' ? 1 : (schema.multipleOf ?? 'any') };
  }
  if (hinted) return { ...base, control: hinted, maxLength: schema.maxLength };
  if (type === 'boolean') return { ...base, control: 'checkbox' };
  if (type === 'object' && schema.properties) return { ...base, control: 'group', itemFields: fieldsOf(schema) };
  if (type === 'string') return { ...base, control: schema.format === 'uri' ? 'url' : 'text', maxLength: schema.maxLength };
  if (type === 'array' && schema.items) {
    const itemType = typeOf(schema.items);
    if (itemType === 'object') {
      const itemFields = fieldsOf(schema.items);
      const itemDefault = schema.items.default && typeof schema.items.default === 'object' ? (schema.items.default as Record<string, unknown>) : emptyEntry(itemFields);
      return { ...base, control: 'list', maxItems: schema.maxItems, itemFields, itemLabel: schema.items.title ?? 'Item', itemDefault };
    }
    if (itemType === 'string') return { ...base, control: 'strings', maxItems: schema.maxItems, maxLength: schema.items.maxLength };
  }
  return { ...base, control: 'unsupported' };
}

/** The form's fields in the schema's order. */
export function fieldsOf(schema: JsonSchema): FieldSpec[] {
  return Object.entries(schema.properties ?? {}).map(([key, property]) => fieldOf(key, property));
}

/** Whether a field applies: 'x-showWhen' names sibling settings and the values under which it shows (all must match). */
export function isShown(field: FieldSpec, settings: Record<string, unknown>): boolean {
  const rule = field.showWhen;
  if (!rule || typeof rule !== 'object') return true;
  return Object.entries(rule as Record<string, unknown>).every(([setting, expected]) => (Array.isArray(expected) ? expected.includes(settings[setting]) : settings[setting] === expected));
}

/** A new entry of a list editor: each field's default, or empty of its kind. */
export function emptyEntry(fields: FieldSpec[]): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.schema.default !== undefined) entry[field.key] = structuredClone(field.schema.default);
    else if (field.control === 'checkbox') entry[field.key] = false;
    else if (field.control === 'number' || field.control === 'slider') entry[field.key] = field.min ?? 0;
    else if (field.control === 'select') entry[field.key] = field.options?.[0]?.raw ?? '';
    else if (field.control === 'image') entry[field.key] = null;
    else if (field.control === 'list' || field.control === 'strings') entry[field.key] = [];
    else entry[field.key] = '';
  }
  return entry;
}

/** The error of one field from errors keyed by path ('settings.height', 'height', 'items.0.title'). */
export function errorAt(errors: Record<string, string>, path: string): string | undefined {
  return errors[path] ?? errors[`settings.${path}`] ?? errors[`/${path.replace(/\./g, '/')}`];
}
