/**
 * The JSON-Schema subset a block's settings are described in. Plain `as const` objects (no TypeBox: this
 * package ships to the owner app's browser bundle). The editor builds each block's form from these, and
 * checkBlockSettings validates against them, so the server and the browser answer the same messages.
 */

/** Which editor control a setting uses when its plain type does not say enough. */
export type SettingEditor =
  | 'rich-text'
  | 'markdown'
  | 'code'
  | 'multiline'
  | 'image'
  | 'url'
  | 'form'
  | 'newsletter-form'
  | 'product'
  | 'collection'
  | 'dataset'
  | 'color';

export interface SettingSchema {
  readonly type: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  /** The form label, also the subject of every message about this setting. */
  readonly title: string;
  readonly description?: string;
  readonly default: unknown;
  /** A number or object setting that may also be null (e.g. a map's latitude before one is chosen). */
  readonly nullable?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly enum?: readonly (string | number)[];
  /** The label shown for each enum value, in the same order. */
  readonly 'x-enumLabels'?: readonly string[];
  readonly items?: SettingSchema;
  readonly properties?: { readonly [key: string]: SettingSchema };
  readonly required?: readonly string[];
  readonly maxItems?: number;
  readonly 'x-editor'?: SettingEditor;
  /** Show this setting only while every named sibling setting holds one of the listed values. */
  readonly 'x-showWhen'?: { readonly [otherKey: string]: readonly (string | number | boolean)[] };
}

export interface BlockSchema {
  readonly type: 'object';
  readonly properties: { readonly [key: string]: SettingSchema };
  readonly required: readonly string[];
  readonly additionalProperties: false;
}

export interface BlockDefinition {
  /** The block-type code (BLOCK_TYPES). */
  readonly type: number;
  /** The enumeration's name (BLOCK_TYPES key). */
  readonly name: string;
  /** What the editor's block picker shows. */
  readonly label: string;
  readonly description: string;
  /** True when the public page needs browser JavaScript for this block (its island is loaded only then). */
  readonly interactive: boolean;
  readonly schema: BlockSchema;
}

/** A block schema whose every property is required (defaults fill what is missing). */
export function blockSchema(properties: { readonly [key: string]: SettingSchema }): BlockSchema {
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}
