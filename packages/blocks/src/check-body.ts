import { BLOCK_TYPE_RANGE } from './block-types';
import {
  PAGE_BODY_SCHEMA_VERSION,
  SECTION_BACKGROUND_KINDS,
  SECTION_COLOUR_THEMES,
  SECTION_COLUMN_RANGE,
  SECTION_SPACINGS,
  SECTION_TYPES,
  singleColumnSection,
  type Block,
  type PageBody,
  type Section,
  type SectionBackground,
  type SectionColourTheme,
  type SectionSpacing,
  type SectionType,
} from './body';
import { checkBlockSettings, isPlainObject, type SettingErrors } from './check-settings';
import { blockDefinition } from './definitions';
import { CONTENT_LIMITS } from './messages';
import { checkUrl } from './url';

export interface PageBodyCheck {
  /** The checked body (settings with defaults filled, unknown keys dropped) when there are no errors. */
  body?: PageBody;
  /** Message by path inside the body ('sections.0.blocks.2.settings.height'); empty when valid. */
  errors: SettingErrors;
}

const ID = /^[A-Za-z0-9_-]+$/;

/**
 * Check a page's (or an item's) body: the shape (sections of 1–4 columns; a section stored before columns existed
 * is read as one column), at most 60 blocks across every column (platform §9), unique ids, and every
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
  const blockCount = sectionsValue.reduce<number>((count, section) => count + storedBlockCount(section), 0);
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
  const sections: Section[] = sectionsValue.map((sectionValue, sectionIndex) => checkSection(sectionValue, `sections.${sectionIndex}`, errors, checkId));
  if (Object.keys(errors).length > 0) return { errors };
  return { body: { schemaVersion: PAGE_BODY_SCHEMA_VERSION, sections }, errors };
}

type CheckId = (id: unknown, path: string, what: string) => string;

/** The blocks a stored section holds, in either shape (for the limit, before anything else is checked). */
function storedBlockCount(section: unknown): number {
  if (!isPlainObject(section)) return 0;
  if (Array.isArray(section.columns)) {
    return section.columns.reduce<number>((count, column) => count + (isPlainObject(column) && Array.isArray(column.blocks) ? column.blocks.length : 0), 0);
  }
  return Array.isArray(section.blocks) ? section.blocks.length : 0;
}

/**
 * One section, in today's shape ({id, type, colourTheme, background, spacing, columns}) or as stored before columns
 * existed ({id, blocks, colourTheme}: checked as one column, errors keyed by the path sent). Either way the checked
 * section is in today's shape, defaults left out.
 */
function checkSection(value: unknown, path: string, errors: SettingErrors, checkId: CheckId): Section {
  if (!isPlainObject(value)) {
    errors[path] = 'A section must be an object.';
    return singleColumnSection('', []);
  }
  const id = checkId(value.id, `${path}.id`, 'section');
  const section: Section = { id, type: 'content', columns: [] };
  if (value.type !== undefined) {
    if (typeof value.type !== 'string' || !(SECTION_TYPES as readonly string[]).includes(value.type)) {
      errors[`${path}.type`] = `The section type must be one of ${SECTION_TYPES.join(', ')}.`;
    } else section.type = value.type as SectionType;
  }
  const colourTheme = value.colourTheme;
  if (colourTheme !== undefined && colourTheme !== 'light') {
    if (typeof colourTheme !== 'string' || !(SECTION_COLOUR_THEMES as readonly string[]).includes(colourTheme)) {
      errors[`${path}.colourTheme`] = `The section colour theme must be one of ${SECTION_COLOUR_THEMES.join(', ')}.`;
    } else section.colourTheme = colourTheme as SectionColourTheme;
  }
  if (value.spacing !== undefined && value.spacing !== 'medium') {
    if (typeof value.spacing !== 'string' || !(SECTION_SPACINGS as readonly string[]).includes(value.spacing)) {
      errors[`${path}.spacing`] = `The section spacing must be one of ${SECTION_SPACINGS.join(', ')}.`;
    } else section.spacing = value.spacing as SectionSpacing;
  }
  if (value.background !== undefined && value.background !== null) {
    const background = checkBackground(value.background, `${path}.background`, errors);
    if (background) section.background = background;
  }
  if (!Array.isArray(value.columns)) {
    if (!Array.isArray(value.blocks)) {
      errors[`${path}.columns`] = 'A section must have a list of columns.';
      return section;
    }
    const blocks = value.blocks.map((blockValue, blockIndex) => checkBlock(blockValue, `${path}.blocks.${blockIndex}`, errors, checkId));
    return { ...section, columns: [{ id: `${id}-column-1`, blocks }] };
  }
  const { min, max } = SECTION_COLUMN_RANGE;
  if (value.columns.length < min || value.columns.length > max) {
    errors[`${path}.columns`] = `A section has ${min} to ${max} columns.`;
    return section;
  }
  const columns = value.columns.map((columnValue, columnIndex) => {
    const columnPath = `${path}.columns.${columnIndex}`;
    if (!isPlainObject(columnValue)) {
      errors[columnPath] = 'A column must be an object.';
      return { id: '', blocks: [] };
    }
    const columnId = checkId(columnValue.id, `${columnPath}.id`, 'column');
    if (!Array.isArray(columnValue.blocks)) {
      errors[`${columnPath}.blocks`] = 'A column must have a list of blocks.';
      return { id: columnId, blocks: [] };
    }
    return { id: columnId, blocks: columnValue.blocks.map((blockValue, blockIndex) => checkBlock(blockValue, `${columnPath}.blocks.${blockIndex}`, errors, checkId)) };
  });
  return { ...section, columns };
}

const BACKGROUND_ALT_LENGTH = 300;

/** A section's picture or video: an address this site or the web serves (the link rules), and the picture's alt text. */
function checkBackground(value: unknown, path: string, errors: SettingErrors): SectionBackground | undefined {
  if (!isPlainObject(value) || !(SECTION_BACKGROUND_KINDS as readonly unknown[]).includes(value.kind)) {
    errors[`${path}.kind`] = `The section background must be one of ${SECTION_BACKGROUND_KINDS.join(', ')}.`;
    return undefined;
  }
  const address = (key: string, required: boolean): string | undefined => {
    const given = value[key];
    if (given === undefined || given === '') {
      if (required) errors[`${path}.${key}`] = 'The section background needs an address.';
      return '';
    }
    const checked = typeof given === 'string' ? checkUrl(given) : undefined;
    // The link rules, less what cannot be a picture or a video: mailto:, tel: and #anchors.
    if (!checked || !checked.valid || /^(mailto:|tel:|#)/i.test(checked.url)) {
      errors[`${path}.${key}`] = 'The section background must be an http(s) address or a path of this site.';
      return undefined;
    }
    return checked.url;
  };
  const url = address('url', true);
  if (value.kind === 'video') {
    const posterUrl = address('posterUrl', false);
    return url !== undefined && posterUrl !== undefined ? { kind: 'video', url, posterUrl } : undefined;
  }
  const alt = value.alt ?? '';
  if (typeof alt !== 'string' || alt.length > BACKGROUND_ALT_LENGTH) {
    errors[`${path}.alt`] = `The background picture's alt text must be at most ${BACKGROUND_ALT_LENGTH} characters.`;
    return undefined;
  }
  return url !== undefined ? { kind: 'image', url, alt } : undefined;
}

function checkBlock(value: unknown, path: string, errors: SettingErrors, checkId: CheckId): Block {
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
