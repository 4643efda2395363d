import { blockDefinition } from './definitions';
import { parseChartDataset } from './chart-dataset';
import { EDITOR_MESSAGES, displayValue, formatEditorMessage, isBlank } from './messages';
import type { BlockSchema, SettingSchema } from './schema';
import { checkUrl } from './url';

export type SettingErrors = Record<string, string>;

export interface SettingsCheck {
  /** The settings with defaults filled for what is missing or refused, unknown keys dropped. */
  settings: Record<string, unknown>;
  /** Message by setting path ('autoplay-duration', 'images.3.link', 'focalPoint.x'); empty when valid. */
  errors: SettingErrors;
}

const COLOR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A fresh copy of a block type's default settings ({} for a type we do not edit). */
export function defaultSettings(code: number): Record<string, unknown> {
  const definition = blockDefinition(code);
  return definition ? (defaultsOf(definition.schema) as Record<string, unknown>) : {};
}

/**
 * Check a block's settings against its schema: type, range, options, length, links, colours, datasets.
 * The same function runs in the editor and on the server, so both answer the same messages. A block type
 * we do not edit has no schema: its settings come back unchanged (checkPageBody bounds their size).
 */
export function checkBlockSettings(code: number, settings: unknown): SettingsCheck {
  const definition = blockDefinition(code);
  if (!definition) return { settings: isPlainObject(settings) ? settings : {}, errors: {} };
  const errors: SettingErrors = {};
  if (!isPlainObject(settings)) {
    return { settings: defaultSettings(code), errors: { '': 'The block settings must be an object.' } };
  }
  const checked = checkObject(definition.schema, settings, '', errors);
  return { settings: checked, errors };
}

function checkObject(schema: BlockSchema | SettingSchema, value: Record<string, unknown>, path: string, errors: SettingErrors): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const childPath = path === '' ? key : `${path}.${key}`;
    const present = Object.prototype.hasOwnProperty.call(value, key) && value[key] !== undefined;
    // A missing setting takes its default, checked like a given value: a list entry without its required
    // image answers 'Image is required.' rather than passing empty.
    result[key] = checkValue(property, present ? value[key] : copy(property.default), childPath, errors);
  }
  return result;
}

function checkValue(schema: SettingSchema, value: unknown, path: string, errors: SettingErrors): unknown {
  const refuse = (message: string): unknown => {
    errors[path] = message;
    return copy(schema.default);
  };
  if (value === null) return schema.nullable ? null : refuse(typeMessage(schema));
  switch (schema.type) {
    case 'boolean':
      return typeof value === 'boolean' ? value : refuse(typeMessage(schema));
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return refuse(typeMessage(schema));
      if (schema.type === 'integer' && !Number.isInteger(value)) return refuse(typeMessage(schema));
      if ((schema.minimum !== undefined && value < schema.minimum) || (schema.maximum !== undefined && value > schema.maximum)) return refuse(typeMessage(schema));
      if (schema.enum && !schema.enum.includes(value)) return refuse(formatEditorMessage(EDITOR_MESSAGES.notAnOption, { val: displayValue(value) }));
      return value;
    }
    case 'string': {
      if (typeof value !== 'string') return refuse(typeMessage(schema));
      if (schema.enum) {
        return schema.enum.includes(value) ? value : refuse(formatEditorMessage(EDITOR_MESSAGES.notAnOption, { val: displayValue(value) }));
      }
      if (value.includes('\u0000')) return refuse(`${schema.title} must not contain NUL characters.`);
      const length = value.length;
      if (schema.maxLength !== undefined && length > schema.maxLength) return refuse(`${schema.title} must be at most ${schema.maxLength} characters.`);
      if (schema.minLength !== undefined && (length < schema.minLength || (schema.minLength > 0 && isBlank(value)))) {
        return refuse(schema.minLength <= 1 ? `${schema.title} is required.` : `${schema.title} must be at least ${schema.minLength} characters.`);
      }
      return checkEditorFormat(schema, value, refuse);
    }
    case 'array': {
      if (!Array.isArray(value)) return refuse(`${schema.title} must be a list.`);
      if (schema.maxItems !== undefined && value.length > schema.maxItems) return refuse(`${schema.title} can hold at most ${schema.maxItems} items.`);
      const itemSchema = schema.items;
      if (!itemSchema) return [];
      return value.map((item, index) => checkValue(itemSchema, item, `${path}.${index}`, errors));
    }
    case 'object':
      if (!isPlainObject(value)) return refuse(`${schema.title} is not in the expected shape.`);
      return checkObject(schema, value, path, errors);
  }
}

/** Formats a plain string cannot say: links, colours, datasets. An empty optional value passes. */
function checkEditorFormat(schema: SettingSchema, value: string, refuse: (message: string) => unknown): unknown {
  if (value === '') return value;
  switch (schema['x-editor']) {
    case 'url': {
      const check = checkUrl(value);
      return check.valid ? check.url : refuse(check.message);
    }
    case 'color':
      return COLOR.test(value) ? value : refuse(`${schema.title} must be 3 or 6 hex digits, like #1a6 or #11aa66.`);
    case 'dataset': {
      const parsed = parseChartDataset(value);
      return 'message' in parsed ? refuse(parsed.message) : value;
    }
    default:
      return value;
  }
}

function typeMessage(schema: SettingSchema): string {
  const { title, minimum, maximum } = schema;
  switch (schema.type) {
    case 'boolean':
      return `${title} must be on or off.`;
    case 'integer':
    case 'number': {
      const kind = schema.type === 'integer' ? 'a whole number' : 'a number';
      if (minimum !== undefined && maximum !== undefined) return `${title} must be ${kind} from ${minimum} to ${maximum}.`;
      if (minimum !== undefined) return `${title} must be ${kind} of at least ${minimum}.`;
      if (maximum !== undefined) return `${title} must be ${kind} of at most ${maximum}.`;
      return `${title} must be ${kind}.`;
    }
    case 'string':
      return `${title} must be text.`;
    case 'array':
      return `${title} must be a list.`;
    case 'object':
      return `${title} is not in the expected shape.`;
  }
}

function defaultsOf(schema: BlockSchema | SettingSchema): unknown {
  if (schema.type === 'object' && schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties).map(([key, property]) => [key, defaultsOf(property)]));
  }
  return copy((schema as SettingSchema).default);
}

/** Defaults are shared constants: hand out copies so a caller's edits never reach them. */
function copy<T>(value: T): T {
  return value === null || typeof value !== 'object' ? value : (JSON.parse(JSON.stringify(value)) as T);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
