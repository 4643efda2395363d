import { BLOCK_TYPE_RANGE } from './block-types';
import { PAGE_BODY_SCHEMA_VERSION, SECTION_COLOUR_THEMES, type Block, type PageBody, type Section, type SectionColourTheme } from './body';
import { checkBlockSettings, isPlainObject, type SettingErrors } from './check-settings';
import { blockDefinition } from './definitions';
import { CONTENT_LIMITS } from './messages';

export interface PageBodyCheck {
  /** The checked body (settings with defaults filled, unknown keys dropped) when there are no errors. */
  body?: PageBody;
  /** Message by path inside the body ('sections.0.blocks.2.settings.height'); empty when valid. */
  errors: SettingErrors;
}

const ID = /^[A-Za-z0-9_-]+$/;

/**
 * Check a page's (or an item's) body: the shape, at most 60 blocks (platform §9), unique ids, and every
 * editable block's settings. Codes 1–71 we do not edit are kept as they are (they render nothing), bounded
 * in size; codes outside 1–71 are refused.
 */
export function checkPageBody(value: unknown): PageBodyCheck {
  const errors: SettingErrors = {};
  if (!isPlainObject(value)) return { errors: { '': 'The page body must be an object.' } };
  if (value.schemaVersion !== PAGE_BODY_SCHEMA_VERSION) errors.schemaVersion = `The page body's schema version must be ${PAGE_BODY_SCHEMA_VERSION}.`;
  const sectionsValue = value.sections;
  if (!Array.isArray(sectionsValue)) return { errors: { ...errors, sections: 'The page body must have a list of sections.' } };
  if (sectionsValue.length > CONTENT_LIMITS.sectionsPerLayout) {
    return { errors: { ...errors, sections: `A page holds at most ${CONTENT_LIMITS.sectionsPerLayout} sections.` } };
  }
  const blockCount = sectionsValue.reduce<number>((count, section) => count + (isPlainObject(section) && Array.isArray(section.blocks) ? section.blocks.length : 0), 0);
  if (blockCount > CONTENT_LIMITS.blocksPerLayout) {
    return { errors: { ...errors, sections: `A page holds at most ${CONTENT_LIMITS.blocksPerLayout} blocks.` } };
  }
  const seenIds = new Set<string>();
  const checkId = (id: unknown, path: string, what: string): string => {
    if (typeof id !== 'string' || id.length === 0 || id.length > CONTENT_LIMITS.idLength || !ID.test(id)) {
      errors[path] = `The ${what} id must be 1 to ${CONTENT_LIMITS.idLength} letters, digits, dashes or underscores.`;
      return '';
    }
    if (seenIds.has(id)) errors[path] = `The ${what} id ${id} is used twice.`;
    seenIds.add(id);
    return id;
  };
  const sections: Section[] = sectionsValue.map((sectionValue, sectionIndex) => {
    const sectionPath = `sections.${sectionIndex}`;
    if (!isPlainObject(sectionValue)) {
      errors[sectionPath] = 'A section must be an object.';
      return { id: '', blocks: [] };
    }
    const id = checkId(sectionValue.id, `${sectionPath}.id`, 'section');
    if (!Array.isArray(sectionValue.blocks)) {
      errors[`${sectionPath}.blocks`] = 'A section must have a list of blocks.';
      return { id, blocks: [] };
    }
    const blocks = sectionValue.blocks.map((blockValue, blockIndex) => checkBlock(blockValue, `${sectionPath}.blocks.${blockIndex}`, errors, checkId));
    const colourTheme = sectionValue.colourTheme;
    if (colourTheme === undefined || colourTheme === 'light') return { id, blocks };
    if (typeof colourTheme !== 'string' || !(SECTION_COLOUR_THEMES as readonly string[]).includes(colourTheme)) {
      errors[`${sectionPath}.colourTheme`] = `The section colour theme must be one of ${SECTION_COLOUR_THEMES.join(', ')}.`;
      return { id, blocks };
    }
    return { id, blocks, colourTheme: colourTheme as SectionColourTheme };
  });
  if (Object.keys(errors).length > 0) return { errors };
  return { body: { schemaVersion: PAGE_BODY_SCHEMA_VERSION, sections }, errors };
}

function checkBlock(value: unknown, path: string, errors: SettingErrors, checkId: (id: unknown, path: string, what: string) => string): Block {
  if (!isPlainObject(value)) {
    errors[path] = 'A block must be an object.';
    return { id: '', type: 0, settings: {} };
  }
  const id = checkId(value.id, `${path}.id`, 'block');
  const type = value.type;
  if (typeof type !== 'number' || !Number.isInteger(type) || type < BLOCK_TYPE_RANGE.min || type > BLOCK_TYPE_RANGE.max) {
    errors[`${path}.type`] = `The block type must be a whole number from ${BLOCK_TYPE_RANGE.min} to ${BLOCK_TYPE_RANGE.max}.`;
    return { id, type: 0, settings: {} };
  }
  const settingsValue = value.settings === undefined ? {} : value.settings;
  if (!isPlainObject(settingsValue)) {
    errors[`${path}.settings`] = 'The block settings must be an object.';
    return { id, type, settings: {} };
  }
  if (!blockDefinition(type)) {
    const sizeProblem = keptSettingsProblem(settingsValue);
    if (sizeProblem) errors[`${path}.settings`] = sizeProblem;
    return { id, type, settings: settingsValue };
  }
  const checked = checkBlockSettings(type, settingsValue);
  for (const [settingPath, message] of Object.entries(checked.errors)) {
    errors[settingPath === '' ? `${path}.settings` : `${path}.settings.${settingPath}`] = message;
  }
  return { id, type, settings: checked.settings };
}

/**
 * Settings of a block type we keep but do not edit are stored as given: bound their size and depth, walking
 * without recursion so a hostile nesting cannot exhaust the stack.
 */
function keptSettingsProblem(settings: Record<string, unknown>): string | undefined {
  const tooBig = `The block settings must be at most ${CONTENT_LIMITS.keptSettingsBytes} bytes.`;
  let size = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value: settings, depth: 1 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'The block settings must not contain NUL characters.';
      size += value.length + 2;
    } else if (value === null || typeof value === 'number' || typeof value === 'boolean') size += 5;
    else if (typeof value === 'object') {
      if (depth > CONTENT_LIMITS.keptSettingsDepth) return `The block settings nest at most ${CONTENT_LIMITS.keptSettingsDepth} levels deep.`;
      const entries = Array.isArray(value) ? value.map((item) => ['', item] as const) : Object.entries(value as Record<string, unknown>);
      for (const [key, child] of entries) {
        size += key.length + 3;
        stack.push({ value: child, depth: depth + 1 });
      }
    } else return 'The block settings must be plain data.';
    if (size > CONTENT_LIMITS.keptSettingsBytes) return tooBig;
  }
  return undefined;
}
