import { blockDefinition, blockTypeName, checkBlockSettings, checkPageBody, checkUrl, CONTENT_LIMITS, defaultSettings, EDITABLE_BLOCKS, parseChartDataset, type PageBody } from '@vitrine/blocks';
import type { JsonSchema } from './schema-form';

/**
 * The blocks the editor offers, from @vitrine/blocks: their labels, descriptions, settings schemas, defaults
 * and checks are the package's (the server runs the same checks), nothing here re-states them.
 */
export interface EditorBlock {
  type: number;
  label: string;
  description: string;
  schema: JsonSchema;
}

export const EDITOR_BLOCKS: readonly EditorBlock[] = EDITABLE_BLOCKS.map((definition) => ({
  type: definition.type,
  label: definition.label,
  description: definition.description,
  schema: definition.schema as unknown as JsonSchema,
}));

export function blockOf(type: number): EditorBlock | undefined {
  return EDITOR_BLOCKS.find((block) => block.type === type);
}

/** 'Text', 'Button': the definition's label, or the enumeration's name for a type the editor does not edit. */
export function labelOfType(type: number): string {
  const definition = blockDefinition(type);
  if (definition) return definition.label;
  const name = blockTypeName(type) ?? `Block ${type}`;
  return name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, ' ');
}

export const defaultsOf = (type: number): Record<string, unknown> => defaultSettings(type);

/** Errors keyed by the setting's path ('height', 'images.3.link'); {} when the settings pass. */
export const settingsErrors = (type: number, settings: Record<string, unknown>): Record<string, string> => checkBlockSettings(type, settings).errors;

/** Errors keyed by the path in the body ('sections.0.blocks.2.settings.height'); {} when it passes. */
export const bodyErrors = (body: PageBody): Record<string, string> => checkPageBody(body).errors;

/** The blocks a page may hold (platform §9). */
export const MAX_BLOCKS = CONTENT_LIMITS.blocksPerLayout;

/** A URL's message, or null when it is fine (or empty: an optional link). */
export function urlMessage(value: string): string | null {
  if (value.trim() === '') return null;
  const check = checkUrl(value);
  return check.valid ? null : check.message;
}

/** A chart dataset's message, or null when it parses. */
export function datasetMessage(text: string): string | null {
  const result = parseChartDataset(text);
  return 'message' in result ? result.message : null;
}

/** A one-line summary of a block for its card: its text, label, link or chosen thing, shortened. */
export function summaryOf(type: number, settings: Record<string, unknown>): string {
  const name = blockTypeName(type);
  const pick = (...keys: string[]) => keys.map((key) => settings[key]).find((value) => typeof value === 'string' && value.trim() !== '') as string | undefined;
  let text: string | undefined;
  if (name === 'gallery' && Array.isArray(settings.images)) text = `${settings.images.length} ${settings.images.length === 1 ? 'image' : 'images'}`;
  else if (name === 'accordion' && Array.isArray(settings.items)) text = `${settings.items.length} sections`;
  else text = pick('html', 'markdown', 'text', 'quote', 'label', 'title', 'caption', 'heading', 'url', 'link', 'code', 'address', 'imageId');
  if (!text) return '';
  const plain = text.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
  return plain.length > 80 ? `${plain.slice(0, 79)}…` : plain;
}
