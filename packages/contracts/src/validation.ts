import type { RouteContract, ValidationContext } from './contract';
import type { ErrorBody } from './errors';
import { MESSAGE_KEYWORD, type FieldMessage } from './fields';
import { FIELD_MESSAGES, HTTP_MESSAGES, invalidFieldMessage } from './messages';

/**
 * The Ajv options the server's validator must use (Fastify: `ajv: { customOptions: ajvOptions }`).
 * Fastify's defaults coerce types, fill defaults and strip unknown properties, so a body's `"5"`
 * would silently become 5 and an unknown field would vanish: here nothing is changed and every
 * failure is reported, so each bad field gets its own message.
 */
export interface ContractAjvOptions {
  coerceTypes: false;
  allErrors: true;
  removeAdditional: false;
  useDefaults: false;
  /** Infinity (JSON's `1e400`) is not a number. */
  strictNumbers: true;
  /** The message annotation, known to Ajv so strict mode accepts it. */
  keywords: string[];
}

export const ajvOptions: ContractAjvOptions = {
  coerceTypes: false,
  allErrors: true,
  removeAdditional: false,
  useDefaults: false,
  strictNumbers: true,
  keywords: [MESSAGE_KEYWORD],
};

/**
 * The part of an Ajv `ErrorObject` (and of Fastify's `FastifySchemaValidationError`) the formatter
 * reads. Ajv's own `message` ('must be string') is for developers and is not passed on.
 */
export interface ValidationIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

interface ObjectSchemaLike {
  properties?: Record<string, Record<string, unknown> | undefined>;
}

/** '/a~1b/0' → 'a/b' (JSON Pointer, RFC 6901). */
function firstPointerSegment(instancePath: string): string | undefined {
  if (instancePath === '') return undefined;
  const segment = instancePath.split('/')[1] ?? '';
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function messageFor(annotation: unknown, keywords: readonly string[], field: string): string {
  if (typeof annotation === 'string') return annotation;
  if (annotation && typeof annotation === 'object') {
    const byKeyword = annotation as Exclude<FieldMessage, string>;
    for (const keyword of keywords) {
      const specific = byKeyword[keyword];
      if (keyword !== 'default' && typeof specific === 'string') return specific;
    }
    if (typeof byKeyword.default === 'string') return byKeyword.default;
  }
  return invalidFieldMessage(field);
}

/**
 * Turns a validator's failures into the API's error body: `{ message, errors }` keyed by field.
 *
 * - A field is the first path segment under the body, query or params; a missing field is named by
 *   `required`'s `missingProperty`; an unknown body field by `additionalProperties`' property, with
 *   'Unknown field.'.
 * - Each field's message is its schema's `x-message` annotation (see `FieldMessage`), so the spec's
 *   wording ('Quantity must be a number.') lives in the contract.
 * - `message` is the first bad field's message in the order the schema lists its fields (unknown
 *   fields last), so clients that show only `message` show the spec's text.
 * - A body that is not an object: 'The request body must be a JSON object.', without `errors`.
 */
export function formatValidationErrors(
  issues: readonly ValidationIssue[],
  context: ValidationContext,
  contract?: Pick<RouteContract, 'schema'>,
): ErrorBody {
  const schema = (contract?.schema as Partial<Record<ValidationContext, unknown>> | undefined)?.[context] as ObjectSchemaLike | undefined;
  const properties = schema?.properties ?? {};
  const keywordsByField = new Map<string, string[]>();
  const unknownFields: string[] = [];
  let rootFailed = false;

  for (const issue of issues) {
    let field = firstPointerSegment(issue.instancePath);
    if (field === undefined) {
      if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
        field = issue.params.missingProperty;
      } else if (issue.keyword === 'additionalProperties' && typeof issue.params.additionalProperty === 'string') {
        if (!unknownFields.includes(issue.params.additionalProperty)) unknownFields.push(issue.params.additionalProperty);
        continue;
      } else {
        rootFailed = true;
        continue;
      }
    }
    const keywords = keywordsByField.get(field) ?? [];
    keywords.push(issue.keyword);
    keywordsByField.set(field, keywords);
  }

  if (rootFailed) return { message: context === 'body' ? HTTP_MESSAGES.bodyNotObject : HTTP_MESSAGES.invalidRequest };

  const order = Object.keys(properties);
  const rank = (field: string) => {
    const index = order.indexOf(field);
    return index === -1 ? order.length : index;
  };
  const fields = [...keywordsByField.keys()].sort((a, b) => rank(a) - rank(b));
  // Object.fromEntries defines own properties, so even a field named '__proto__' stays a field.
  const entries: [string, string][] = fields.map((field) => {
    const annotation = Object.hasOwn(properties, field) ? properties[field]?.[MESSAGE_KEYWORD] : undefined;
    return [field, messageFor(annotation, keywordsByField.get(field)!, field)];
  });
  for (const field of unknownFields) {
    if (!keywordsByField.has(field)) entries.push([field, FIELD_MESSAGES.unknownField]);
  }
  if (entries.length === 0) return { message: HTTP_MESSAGES.invalidRequest };
  return { message: entries[0][1], errors: Object.fromEntries(entries) };
}
