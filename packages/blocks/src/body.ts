import type { BlockTypeCode } from './block-types';

/**
 * A page's (or a post's) body: an ordered list of sections; a section holds one to four columns, each an ordered
 * list of blocks. Stored as JSON (site_pages.body / site_items.body) with its schema version. Bodies stored before
 * columns existed (a section with a flat `blocks` list) are read as one single-column section (readPageBody), so no
 * stored page breaks and no data migration is needed; a save writes the sectioned shape.
 */
export const PAGE_BODY_SCHEMA_VERSION = 1;

export interface Block {
  /** Unique within the body; the rendered block's element id is `block-{id}`. */
  id: string;
  /** A code of BLOCK_TYPES (1–71). Codes we do not render are kept and render nothing. */
  type: BlockTypeCode | number;
  /** The block's settings, shaped by its schema (blockDefinition(type).schema). */
  settings: Record<string, unknown>;
}

/**
 * A section's colour theme (issue 33): the theme's site styles define each one's background, text, heading, link,
 * button and border colours; the section renders with `data-colour-theme`. Light is the page's own colours, so a
 * section without one (or with 'light') looks like the page.
 */
export const SECTION_COLOUR_THEMES = ['light', 'dark', 'accent'] as const;
export type SectionColourTheme = (typeof SECTION_COLOUR_THEMES)[number];

/** The kinds of section a body holds. 'content' is the page's own; the header and footer may become sections later. */
export const SECTION_TYPES = ['content'] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

/** The space above and below a section's content; medium is the default and is left out when stored. */
export const SECTION_SPACINGS = ['none', 'small', 'medium', 'large'] as const;
export type SectionSpacing = (typeof SECTION_SPACINGS)[number];

/** A section holds one to four columns (they stack on phones). */
export const SECTION_COLUMN_RANGE = { min: 1, max: 4 } as const;

/**
 * A picture or a video behind the section's content. The colour theme still sets the text's colours over it (a
 * dark theme over a photo reads as white text on a dimmed picture).
 */
export type SectionBackground =
  | { kind: 'image'; url: string; alt: string }
  | { kind: 'video'; url: string; posterUrl: string };

export const SECTION_BACKGROUND_KINDS = ['image', 'video'] as const;

export interface Column {
  id: string;
  blocks: Block[];
}

export interface Section {
  id: string;
  type: SectionType;
  /** Left out for the page's own colours (light). */
  colourTheme?: SectionColourTheme;
  /** Left out for none (the colour theme's background colour only). */
  background?: SectionBackground;
  /** Left out for medium. */
  spacing?: SectionSpacing;
  columns: Column[];
}

export interface PageBody {
  schemaVersion: typeof PAGE_BODY_SCHEMA_VERSION;
  sections: Section[];
}

/** A section as stored before columns existed: one flat list of blocks. */
export interface LegacySection {
  id: string;
  blocks: Block[];
  colourTheme?: SectionColourTheme;
}

export function emptyPageBody(): PageBody {
  return { schemaVersion: PAGE_BODY_SCHEMA_VERSION, sections: [singleColumnSection('section-1', [])] };
}

/** A plain content section of one column holding `blocks`; its column's id is `{id}-column-1`. */
export function singleColumnSection(id: string, blocks: Block[]): Section {
  return { id, type: 'content', columns: [{ id: `${id}-column-1`, blocks }] };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored section in today's shape: one written before columns existed ({id, blocks, colourTheme}) becomes a
 * single-column content section with the same id, colour theme and blocks; a sectioned one is returned as it is.
 * Pure and tolerant (it never throws): checkPageBody validates, this only reads.
 */
export function readSection(value: unknown): Section {
  if (!isObject(value)) return singleColumnSection('', []);
  if (Array.isArray(value.columns)) return value as unknown as Section;
  const blocks = Array.isArray(value.blocks) ? (value.blocks as Block[]) : [];
  const section = singleColumnSection(String(value.id ?? ''), blocks);
  const colourTheme = value.colourTheme;
  return typeof colourTheme === 'string' && colourTheme !== 'light' ? { ...section, colourTheme: colourTheme as SectionColourTheme } : section;
}

/**
 * A stored body in today's shape (readSection on each section); anything else reads as the empty body. A body
 * already in today's shape is returned itself (the editor compares bodies by identity to know what is saved).
 */
export function readPageBody(value: unknown): PageBody {
  if (!isObject(value) || !Array.isArray(value.sections)) return emptyPageBody();
  if (value.sections.every((section) => isObject(section) && Array.isArray(section.columns))) return value as unknown as PageBody;
  return { schemaVersion: PAGE_BODY_SCHEMA_VERSION, sections: value.sections.map(readSection) };
}

/** Every block of a section, in reading order (column by column). */
export function sectionBlocks(section: Section | LegacySection): Block[] {
  return readSection(section).columns.flatMap((column) => (Array.isArray(column.blocks) ? column.blocks : []));
}

/** Every block of a body, in reading order; a body stored before columns existed reads the same. */
export function blocksOf(body: PageBody | { sections: ReadonlyArray<Section | LegacySection> }): Block[] {
  return (Array.isArray(body?.sections) ? body.sections : []).flatMap((section) => sectionBlocks(section));
}
