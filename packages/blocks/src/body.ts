import type { BlockTypeCode } from './block-types';

/**
 * A page's (or a post's) body: an ordered list of sections, each an ordered list of blocks. Stored as JSON
 * (site_pages.body / site_items.body) with its schema version, so a later shape can be migrated on read.
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

export interface Section {
  id: string;
  blocks: Block[];
  /** Left out for the page's own colours (light). */
  colourTheme?: SectionColourTheme;
}

export interface PageBody {
  schemaVersion: typeof PAGE_BODY_SCHEMA_VERSION;
  sections: Section[];
}

export function emptyPageBody(): PageBody {
  return { schemaVersion: PAGE_BODY_SCHEMA_VERSION, sections: [{ id: 'section-1', blocks: [] }] };
}

/** Every block of a body, in reading order. */
export function blocksOf(body: PageBody): Block[] {
  return body.sections.flatMap((section) => section.blocks);
}
