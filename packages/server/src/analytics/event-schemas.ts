import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { ANALYTICS_COMMON_EVENT_SCHEMA, ANALYTICS_EVENT_SCHEMAS, ANALYTICS_MESSAGES } from '@vitrine/contracts';
import { EVENT_SCHEMA_NAMES, isEventSchemaName, type EventSchemaName } from '@vitrine/tracking';

/**
 * The event content schemas (@vitrine/contracts' analytics-events/, one JSON Schema per event schema name),
 * compiled once per process with their own Ajv: every error reported, nothing coerced or removed (content keeps
 * unknown fields as sent).
 */
const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, coerceTypes: false, removeAdditional: false, useDefaults: false, strictNumbers: true });
ajv.addSchema(ANALYTICS_COMMON_EVENT_SCHEMA);
const validators = new Map<EventSchemaName, ValidateFunction>(EVENT_SCHEMA_NAMES.map((name) => [name, ajv.compile(ANALYTICS_EVENT_SCHEMAS[name])]));

export type ContentCheck = { valid: true } | { valid: false; message: string; errors: Record<string, string> };

/** A field's path in the content, dotted ('product.variants.0.sku'), from Ajv's JSON pointer. */
function fieldOf(error: ErrorObject): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  return path.join('.') || '(content)';
}

/** Ajv's failure in words, naming the field. */
function describe(error: ErrorObject, field: string): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${field} is required.`;
    case 'type':
      return `${field} must be ${String(params.type).replace(',', ' or ')}.`;
    case 'enum':
      return `${field} must be one of ${(params.allowedValues as unknown[]).join(', ')}.`;
    case 'pattern':
      return field.endsWith('event_id') ? `${field} must be a UUID.` : `${field} is not in the expected form.`;
    case 'maxLength':
      return `${field} must be at most ${String(params.limit)} characters.`;
    case 'minLength':
      return `${field} must be at least ${String(params.limit)} characters.`;
    case 'minimum':
    case 'maximum':
      return `${field} must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}.`;
    case 'maxItems':
      return `${field} must hold at most ${String(params.limit)} items.`;
    case 'anyOf':
      return `${field} is not in any of the expected forms.`;
    default:
      return `${field} is not valid.`;
  }
}

/** Checks content against its event schema: valid, or `{ message, errors }` keyed by field path (the first error of each field). */
export function checkEventContent(schemaName: EventSchemaName, content: unknown): ContentCheck {
  const validate = validators.get(schemaName)!;
  if (validate(content)) return { valid: true };
  const errors: Record<string, string> = {};
  for (const error of validate.errors ?? []) {
    // anyOf's own summary comes after the branches' errors: keep the more precise one when there is one.
    const field = fieldOf(error);
    if (!(field in errors)) errors[field] = describe(error, field);
  }
  return { valid: false, message: ANALYTICS_MESSAGES.contentInvalid, errors };
}

export { isEventSchemaName };
